package dev.caldera.kernel.topology;

import dev.caldera.kernel.topology.HyperNodeSpec;
import dev.caldera.kernel.topology.NetworkTopologySpec;
import dev.caldera.kernel.topology.SubGroupPolicySpec;
import dev.caldera.kernel.cluster.NodeTable;
import dev.caldera.kernel.cluster.Symbols;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.ToIntFunction;

/**
 * The cache's share of network topology: the HyperNode specs by name, the {@link HyperNodeTree} built from them
 * (rebuilt at the end of {@code applyChanges} when a HyperNode changed, or a node came, went or changed labels),
 * and per job row the PodGroup's {@code networkTopology} and {@code subGroupPolicy} and the HyperNode its tasks
 * were allocated to, which is kept from cycle to cycle (Volcano's {@code JobInfo.AllocatedHyperNode}).
 * <p>
 * Each distinct problem found while building is reported once, to the log (WARN) unless a {@link #problemSink} is
 * set; the tree lists the current ones.
 * Threading: scheduling thread only (changes arrive through the cache's queue).
 */
public final class TopologyCache {
    private static final Logger LOG = LoggerFactory.getLogger(TopologyCache.class);
    private static final List<SubGroupPolicySpec> NO_POLICIES = List.of();

    private final Map<String, HyperNodeSpec> specs = new TreeMap<>();
    private boolean dirty = true;
    private HyperNodeTree tree;
    private long version;
    private List<String> reported = List.of();
    private Consumer<String> problemSink = problem -> LOG.warn("{}", problem);

    private JobEntry[] jobs = new JobEntry[0];
    /** The job rows with an entry in {@link #jobs} (every job with topology fields is one). */
    private final java.util.BitSet withEntry = new java.util.BitSet();

    public void upsert(HyperNodeSpec spec) {
        HyperNodeSpec old = specs.put(spec.name(), spec);
        dirty |= !spec.equals(old);
    }

    public void remove(String name) {
        dirty |= specs.remove(name) != null;
    }

    /** A node was added or removed, or its labels changed: members may resolve differently. */
    public void nodesChanged() {
        dirty = true;
    }

    public int hyperNodeCount() {
        return specs.size();
    }

    /** Rebuilds the tree if anything it depends on changed since the last build. */
    public void refresh(NodeTable nodes, int[] liveNodes, Symbols symbols, ToIntFunction<String> nodeRow) {
        if (!dirty && tree != null) {
            return;
        }
        tree = TreeBuilder.build(specs.values(), nodes, liveNodes, symbols, nodeRow);
        version++;
        dirty = false;
        if (!tree.problems().equals(reported)) {
            for (String problem : tree.problems()) {
                if (!reported.contains(problem)) {
                    problemSink.accept(problem);
                }
            }
            reported = tree.problems();
        }
    }

    /** Where new problems go instead of the log (a command line prints them as its own warnings). */
    public void problemSink(Consumer<String> sink) {
        problemSink = sink;
    }

    /** The current tree (valid after the first {@link #refresh}). */
    public HyperNodeTree tree() {
        return tree;
    }

    /** Increases with every rebuild. */
    public long version() {
        return version;
    }

    // ---------------------------------------------------------------- jobs

    public void ensureJobs(int capacity) {
        if (jobs.length < capacity) {
            jobs = Arrays.copyOf(jobs, Math.max(capacity, jobs.length * 2));
        }
    }

    /** The PodGroup's topology fields; allocated HyperNodes already kept stay. */
    public void job(int row, NetworkTopologySpec topology, List<SubGroupPolicySpec> policies) {
        ensureJobs(row + 1);
        if (topology == null && policies.isEmpty() && jobs[row] == null) {
            return;
        }
        JobEntry e = entry(row);
        e.topology = topology;
        e.policies = policies;
    }

    /** The job row is free again. */
    public void clearJob(int row) {
        if (row < jobs.length) {
            jobs[row] = null;
            withEntry.clear(row);
        }
    }

    /**
     * The first job row at or after {@code from} that may have topology fields or allocated HyperNodes (a row for
     * which {@link #networkTopology}, {@link #subGroupPolicy} or {@link #allocatedHyperNode} may answer other than
     * null, empty, null), or -1: every other row has none. Row order.
     */
    public int nextJobWithTopology(int from) {
        return withEntry.nextSetBit(from);
    }

    public NetworkTopologySpec networkTopology(int job) {
        return job < jobs.length && jobs[job] != null ? jobs[job].topology : null;
    }

    public List<SubGroupPolicySpec> subGroupPolicy(int job) {
        return job < jobs.length && jobs[job] != null ? jobs[job].policies : NO_POLICIES;
    }

    /** The name of the HyperNode the job's tasks were allocated to, or null. */
    public String allocatedHyperNode(int job) {
        return job < jobs.length && jobs[job] != null ? jobs[job].allocated : null;
    }

    /** The name of the HyperNode a sub-job's tasks were allocated to, or null. */
    public String subJobAllocatedHyperNode(int job, String subJob) {
        return job < jobs.length && jobs[job] != null ? jobs[job].subAllocated.get(subJob) : null;
    }

    /** Keeps the job's allocated HyperNode (null forgets it). */
    public void keepAllocated(int job, String hyperNode) {
        if (hyperNode == null && networkTopology(job) == null && (job >= jobs.length || jobs[job] == null)) {
            return;
        }
        entry(job).allocated = hyperNode;
    }

    /** Keeps a sub-job's allocated HyperNode (null forgets it). */
    public void keepAllocated(int job, String subJob, String hyperNode) {
        if (hyperNode == null) {
            if (job < jobs.length && jobs[job] != null) {
                jobs[job].subAllocated.remove(subJob);
            }
            return;
        }
        entry(job).subAllocated.put(subJob, hyperNode);
    }

    private JobEntry entry(int row) {
        ensureJobs(row + 1);
        JobEntry e = jobs[row];
        if (e == null) {
            e = new JobEntry();
            jobs[row] = e;
            withEntry.set(row);
        }
        return e;
    }

    /** What the cache keeps per job row that has topology. */
    private static final class JobEntry {
        NetworkTopologySpec topology;
        List<SubGroupPolicySpec> policies = NO_POLICIES;
        String allocated;
        final Map<String, String> subAllocated = new TreeMap<>();
    }
}
