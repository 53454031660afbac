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

    @Override
    public Consumer<ClusterBuilder> pod(PodFields pod, Location at) {
        TaskSpec task = at(at, () -> pods.task(pod));
        boolean ours = pods.isOurs(pod);
        boolean onNode = PodConverter.isOnNode(pod);
        JobSpec shadow = ours && !PodConverter.hasGroup(pod) ? at(at, () -> pods.shadowGroup(pod)) : null;
        List<String> unmodelled = ours ? UnmodelledFields.of(pod) : List.of();
        return b -> b.pod(task, shadow, ours, onNode, unmodelled, at);
    }

    @Override
    public Consumer<ClusterBuilder> node(NodeFields node, Location at) {
        NodeSpec spec = at(at, () -> NodeConverter.of(node));
        return b -> b.node(spec, at);
    }

    @Override
    public Consumer<ClusterBuilder> podGroup(PodGroupFields group, Location at) {
        JobSpec spec = at(at, () -> PodGroupConverter.of(group));
        String controller = PodGroupConverter.controllingJob(group.meta);
        return b -> b.podGroup(spec, controller, at);
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
            throw new ManifestException(location + ": " + e.getMessage(), e);
        }
    }
}
