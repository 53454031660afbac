package dev.caldera.k8s.simulate;

import dev.caldera.k8s.convert.Fabric8Fields;
import dev.caldera.k8s.convert.PodGroupConverter;
import dev.caldera.k8s.manifest.Location;
import dev.caldera.k8s.manifest.Sourced;
import io.fabric8.volcano.api.model.batch.v1alpha1.Job;
import dev.caldera.kernel.topology.HyperNodeSpec;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.PriorityClassSpec;
import dev.caldera.kernel.cache.QueueSpec;
import dev.caldera.kernel.cache.TaskSpec;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Puts a {@link SimulatedCluster} together from converted objects in input order, as Kubernetes keys them:
 * a later object with the same key replaces the earlier one with a warning (pods by namespace/name, whatever
 * their uids); skipped kinds are counted for one warning per kind; every quantity total is checked to stay
 * exact ({@link ClusterTotals}).
 * <p>
 * Threading: one thread.
 */
public final class ClusterBuilder {
    /** Volcano installs the queue {@code default} (weight 1, reclaimable); dumps without it still have it. */
    private static final QueueSpec DEFAULT_QUEUE = QueueSpec.open("default", 1);
    /** Every Kubernetes cluster has these two, whether or not a dump lists them. */
    private static final List<PriorityClassSpec> BUILT_IN_CLASSES = List.of(
            new PriorityClassSpec("system-cluster-critical", 2_000_000_000, false),
            new PriorityClassSpec("system-node-critical", 2_000_001_000, false));

    private final SimulatedCluster c = new SimulatedCluster();
    private final Consumer<String> warnings;
    private final Map<String, JobSpec> shadows = new LinkedHashMap<>();
    /** Pod uid by namespace/name, to catch two pods of one name. */
    private final Map<String, String> podUids = new LinkedHashMap<>();
    private final Map<String, Skipped> skipped = new LinkedHashMap<>();
    private final ClusterTotals totals = new ClusterTotals();
    private final ClusterIngest ingest;
    /** Volcano Jobs to expand once everything else is known, and what their expansion must not duplicate. */
    private final List<Sourced<Job>> vcJobs = new java.util.ArrayList<>();
    private final java.util.Set<String> controlledJobs = new java.util.HashSet<>();
    /**
     * The keys of the pods read that {@link #podUids} does not hold (other schedulers' pending pods, pods whose uid a
     * later pod took): with its keys, every pod key read. The set of all of them is made only when there are Volcano
     * Jobs to expand ({@link #podKeys}), rather than a second set of every pod's key for every input.
     */
    private final java.util.Set<String> otherPodKeys = new java.util.HashSet<>();
    /** Every pod key read, while the Volcano Jobs are expanded; null before. */
    private java.util.Set<String> podKeys;
    private final java.util.Set<String> groupKeys = new java.util.HashSet<>();

    /** {@code ingest}: converts the pods made for Volcano Jobs (null: the input has no Jobs to expand). */
    public ClusterBuilder(Consumer<String> warnings, ClusterIngest ingest) {
        this.warnings = warnings;
        this.ingest = ingest;
    }

    public ClusterBuilder(Consumer<String> warnings) {
        this(warnings, null);
    }

    public void priorityClass(PriorityClassSpec pc, Location at) {
        put(c.priorityClasses, pc.name(), pc, "PriorityClass", at);
    }

    public void queue(QueueSpec q, Location at) {
        totals.queue(q, at);
        put(c.queues, q.name(), q, "Queue", at);
    }

    public void node(NodeSpec n, Location at) {
        totals.node(n, at);
        put(c.nodes, n.name(), n, "Node", at);
    }

    public void podGroup(JobSpec j, Location at) {
        podGroup(j, null, at);
    }

    /** A PodGroup; {@code controllingJob}: the Volcano Job ({@code ns/name}) that owns it, or null. */
    public void podGroup(JobSpec j, String controllingJob, Location at) {
        totals.job(j, at);
        groupKeys.add(j.key());
        if (controllingJob != null) {
            controlledJobs.add(controllingJob);
        }
        put(c.jobs, j.key(), j, "PodGroup", at);
    }

    /** A Volcano Job, expanded at {@link #build} as its controller would ({@link VcJobs}). */
    public void vcJob(Job job, Location at) {
        vcJobs.add(new Sourced<>(job, at));
    }

    public void hyperNode(HyperNodeSpec h, Location at) {
        put(c.hyperNodes, h.name(), h, "HyperNode", at);
    }

    /**
     * A pod (null {@code shadow} when it names its PodGroup or is not ours; {@code unmodelled}: the kinds of
     * fields it sets that the kernel does not model).
     */
    public void pod(TaskSpec task, JobSpec shadow, boolean ours, boolean onNode, List<String> unmodelled,
                    Location at) {
        String key = task.key();
        if (podKeys != null) {
            podKeys.add(key);
        }
        if (!ours && !onNode) {
            otherPodKeys.add(key);
            c.otherSchedulersPending++;
            return;
        }
        for (String field : unmodelled) {
            c.unmodelled.computeIfAbsent(field, k -> new java.util.TreeSet<>()).add(task.key());
        }
        if (shadow != null) {
            shadows.putIfAbsent(shadow.key(), shadow);
        }
        String previousUid = podUids.put(key, task.uid());
        if (previousUid != null) {
            c.tasksByUid.remove(previousUid);
            warnings.accept(at + ": Pod " + key + " appears more than once" + (previousUid.equals(task.uid()) ? ""
                    : " (uids " + previousUid + " and " + task.uid() + ")") + "; the last one is used");
        }
        totals.task(task, at);
        TaskSpec sameUid = c.tasksByUid.put(task.uid(), task);
        if (sameUid != null && !sameUid.key().equals(key)) {
            podUids.remove(sameUid.key());
            otherPodKeys.add(sameUid.key());
            warnings.accept(at + ": Pod " + key + " has the uid of Pod " + sameUid.key() + "; the last one is used");
        }
    }

    /** An object of a kind that is not read. */
    public void skipped(String kind, String apiVersion, String why, Location at) {
        skipped.computeIfAbsent(kind + " (" + apiVersion + ")", k -> new Skipped(at, why)).count++;
    }

    /** The cluster, with the defaults every cluster has, after the warnings about unresolved references. */
    public SimulatedCluster build() {
        expandVcJobs();
        skipped.forEach((what, s) -> warnings.accept(s.first + ": skipping " + s.count + " " + what
                + (s.count == 1 ? " object" : " objects") + ": " + s.why));
        BUILT_IN_CLASSES.forEach(pc -> c.priorityClasses.putIfAbsent(pc.name(), pc));
        c.queues.putIfAbsent(DEFAULT_QUEUE.name(), DEFAULT_QUEUE);
        shadows.forEach(c.jobs::putIfAbsent);
        new InputChecks(c, warnings).run();
        return c;
    }

    private void expandVcJobs() {
        if (vcJobs.isEmpty()) {
            return;
        }
        podKeys = new java.util.HashSet<>(podUids.keySet());
        podKeys.addAll(otherPodKeys);
        Map<String, Integer> priorities = new LinkedHashMap<>();
        c.priorityClasses.forEach((name, pc) -> priorities.put(name, pc.value()));
        VcJobs.expand(vcJobs, groupKeys, podKeys, controlledJobs, priorities,
                (g, at) -> podGroup(ClusterIngest.at(at, () -> PodGroupConverter.of(g)), at),
                (p, at) -> ingest.pod(Fabric8Fields.pod(p), at).accept(this));
    }

    private <S> void put(Map<String, S> into, String key, S spec, String kind, Location at) {
        if (into.put(key, spec) != null) {
            warnings.accept(at + ": " + kind + " " + key + " appears more than once; the last one is used");
        }
    }

    private static final class Skipped {
        final Location first;
        final String why;
        int count;

        Skipped(Location first, String why) {
            this.first = first;
            this.why = why;
        }
    }
}
