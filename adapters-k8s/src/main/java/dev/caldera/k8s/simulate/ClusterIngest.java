package dev.caldera.k8s.simulate;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.caldera.k8s.convert.ConversionException;
import dev.caldera.k8s.convert.HyperNodeConverter;
import dev.caldera.k8s.convert.NodeConverter;
import dev.caldera.k8s.convert.PodConverter;
import dev.caldera.k8s.convert.PodGroupConverter;
import dev.caldera.k8s.convert.PriorityClassConverter;
import dev.caldera.k8s.convert.QueueConverter;
import dev.caldera.k8s.convert.UnmodelledFields;
import dev.caldera.k8s.convert.fields.NodeFields;
import dev.caldera.k8s.convert.fields.PodFields;
import dev.caldera.k8s.convert.fields.PodGroupFields;
import dev.caldera.k8s.convert.fields.PriorityClassFields;
import dev.caldera.k8s.convert.fields.QueueFields;
import dev.caldera.k8s.manifest.Location;
import dev.caldera.k8s.manifest.ManifestException;
import dev.caldera.k8s.manifest.read.Fabric8Values;
import dev.caldera.k8s.manifest.read.ManifestKinds;
import dev.caldera.k8s.manifest.read.ObjectHandler;
import dev.caldera.k8s.model.HyperNode;
import io.fabric8.volcano.api.model.batch.v1alpha1.Job;
import dev.caldera.kernel.topology.HyperNodeSpec;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.TaskSpec;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The simulator's side of the streaming reader: each object converted by the shared rules (on the reader's
 * thread) into what to add to the {@link ClusterBuilder} (on the caller's thread, in input order). A conversion
 * error becomes a {@link ManifestException} with the object's file and line.
 * <p>
 * Rare kinds registered in {@code ManifestKinds.TREES} arrive in {@link #tree}: decode and convert them there.
 * <p>
 * Threading: stateless apart from the immutable pod converter; any thread.
 */
public final class ClusterIngest implements ObjectHandler<Consumer<ClusterBuilder>> {
    private final PodConverter pods;

    public ClusterIngest(PodConverter pods) {
        this.pods = pods;
    }

    /*
     * The bulk kinds (pods, nodes, PodGroups) convert in try blocks and hand over named classes rather than
     * through lambdas that capture: under C1 (bin/caldera) a capturing lambda is made through a method handle,
     * Unsafe.allocateInstance included, not by a plain allocation; 20-22 samples of the reading threads per cold run
     * of the 5,000-node dump, for three such lambdas per pod.
     */
    @Override
    public Consumer<ClusterBuilder> pod(PodFields pod, Location at) {
        TaskSpec task;
        try {
            task = pods.task(pod);
        } catch (ConversionException | IllegalArgumentException e) {
            throw located(at, e);
        }
        boolean ours = pods.isOurs(pod);
        boolean onNode = PodConverter.isOnNode(pod);
        JobSpec shadow = null;
        if (ours && !PodConverter.hasGroup(pod)) {
            try {
                shadow = pods.shadowGroup(pod);
            } catch (ConversionException | IllegalArgumentException e) {
                throw located(at, e);
            }
        }
        List<String> unmodelled = ours ? UnmodelledFields.of(pod) : List.of();
        return new AddPod(task, shadow, ours, onNode, unmodelled, at);
    }

    @Override
    public Consumer<ClusterBuilder> node(NodeFields node, Location at) {
        try {
            return new AddNode(NodeConverter.of(node), at);
        } catch (ConversionException | IllegalArgumentException e) {
            throw located(at, e);
        }
    }

    @Override
    public Consumer<ClusterBuilder> podGroup(PodGroupFields group, Location at) {
        JobSpec spec;
        try {
            spec = PodGroupConverter.of(group);
        } catch (ConversionException | IllegalArgumentException e) {
            throw located(at, e);
        }
        return new AddPodGroup(spec, PodGroupConverter.controllingJob(group.meta), at);
    }

    @Override
    public Consumer<ClusterBuilder> queue(QueueFields queue, Location at) {
        var spec = at(at, () -> QueueConverter.of(queue));
        return b -> b.queue(spec, at);
    }

    @Override
    public Consumer<ClusterBuilder> priorityClass(PriorityClassFields pc, Location at) {
        var spec = at(at, () -> PriorityClassConverter.of(pc));
        return b -> b.priorityClass(spec, at);
    }

    /** Rare kinds, read whole: HyperNodes (Volcano's topology.volcano.sh), decoded into our model class. */
    @Override
    public Consumer<ClusterBuilder> tree(String kind, String apiVersion, ObjectNode object, Location at) {
        if (kind.equals("Job")) {
            Job job = Fabric8Values.decode(object, Job.class, "Job", at);
            return b -> b.vcJob(job, at);
        }
        if (kind.equals(HyperNode.KIND)) {
            HyperNode decoded = Fabric8Values.decode(object, HyperNode.class, "HyperNode", at);
            HyperNodeSpec spec = at(at, () -> HyperNodeConverter.of(decoded));
            return b -> b.hyperNode(spec, at);
        }
        return other(kind, apiVersion, "caldera simulate reads " + ManifestKinds.SUPPORTED, at);
    }

    @Override
    public Consumer<ClusterBuilder> other(String kind, String apiVersion, String why, Location at) {
        return b -> b.skipped(kind, apiVersion, why, at);
    }

    /** Runs a conversion; its error gets the object's location. */
    static <S> S at(Location location, Supplier<S> conversion) {
        try {
            return conversion.get();
        } catch (ConversionException | IllegalArgumentException e) {
            throw located(location, e);
        }
    }

    /** A conversion's error with the object's location. */
    private static ManifestException located(Location location, RuntimeException e) {
        return new ManifestException(location + ": " + e.getMessage(), e);
    }

    private record AddPod(TaskSpec task, JobSpec shadow, boolean ours, boolean onNode, List<String> unmodelled,
            Location at) implements Consumer<ClusterBuilder> {
        @Override
        public void accept(ClusterBuilder b) {
            b.pod(task, shadow, ours, onNode, unmodelled, at);
        }
    }

    private record AddNode(NodeSpec spec, Location at) implements Consumer<ClusterBuilder> {
        @Override
        public void accept(ClusterBuilder b) {
            b.node(spec, at);
        }
    }

    private record AddPodGroup(JobSpec spec, String controller, Location at) implements Consumer<ClusterBuilder> {
        @Override
        public void accept(ClusterBuilder b) {
            b.podGroup(spec, controller, at);
        }
    }
}
