package dev.caldera.kernel.plugin.deviceshare;

import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.framework.Dimensions;

/**
 * What the placement policies read, gathered in one place for a session: the devices ({@link GpuNodes}),
 * the classes' GPU requests ({@link GpuClasses}), the workload mix, whole and FGD's typical part
 * ({@link MixTable}s), the node name digests and the seed of the tie-break. Reads only; the plugin writes it at open and in its events.
 * <p>
 * Threading: read concurrently by filter workers. No allocation.
 */
final class GpuState {
    final GpuNodes nodes = new GpuNodes();
    final GpuClasses classes = new GpuClasses();
    /** FGD's typical shapes of the workload (the most frequent, covering {@code deviceshare.Popularity}). */
    final MixTable typical = new MixTable();
    /** Every shape of the workload, for the fill measure. */
    final MixTable workload = new MixTable();
    /** Each node's fragment against {@link #typical} and against {@link #workload} as it is, per session. */
    final NodeFragments typicalNow = new NodeFragments();
    final NodeFragments workloadNow = new NodeFragments();
    /** Each node's FGD counts against {@link #typical} as it is. */
    final NodeFgdCounts typicalCounts = new NodeFgdCounts();
    /** Each node's fill counts against {@link #workload} as it is. */
    final NodeCounts workloadCounts = new NodeCounts();
    long[] nameHash = new long[0];
    /** Each node's place in the seeded shuffle of the nodes, in [0, 1). */
    double[] nodeOrder = new double[0];
    long seed;
    TieBreak.Mode ties = TieBreak.Mode.SHUFFLED;
    SessionView session;
    /** While a task's devices are chosen, its node and cpu (already taken in the session) are credited back. */
    int creditNode = -1;
    long creditCpu;

    int classOf(int task) {
        return session.tasks().taskClass(task);
    }

    long cpuLeft(int node) {
        long idle = session.idle(Dimensions.CPU, node);
        return node == creditNode ? idle + creditCpu : idle;
    }

    /** {@link Fragmentation#of} the node with {@code cpuLeft}, measured once per node state. */
    double typicalFragment(int node, long cpuLeft) {
        long key = NodeFragments.key(this, node, cpuLeft);
        if (typicalNow.has(node, key)) {
            return typicalNow.get(node);
        }
        double f = Fragmentation.asIs(nodes, typical, node, cpuLeft, typicalCounts(node));
        typicalNow.put(node, key, f);
        return f;
    }

    /** The fill fragment ({@link FillFragmentation}) of the node with {@code cpuLeft}, measured once per node state. */
    double workloadFragment(int node, long cpuLeft) {
        long key = NodeFragments.key(this, node, cpuLeft);
        if (workloadNow.has(node, key)) {
            return workloadNow.get(node);
        }
        double f = FillFragmentation.asIs(nodes, workload, node, cpuLeft, workloadCounts(node));
        workloadNow.put(node, key, f);
        return f;
    }

    /**
     * The node's {@link Fragmentation#counts} against {@link #typical} as it is, counted once per state of its
     * devices ({@link #devicesHash}).
     */
    Fragmentation.Counts typicalCounts(int node) {
        return typicalCounts.get(nodes, typical, node, devicesHash(node));
    }

    /**
     * The node's {@link FillFragmentation#counts} against {@link #workload} as it is, counted once per state of its
     * devices ({@link #devicesHash}).
     */
    FillFragmentation.Counts workloadCounts(int node) {
        return workloadCounts.get(nodes, workload, node, devicesHash(node));
    }

    /**
     * A digest (never 0) of what the device counts read of a node: its devices' capacity and free units, not its
     * cpu, memory or holders, which {@link #stateHash} adds. A placement's cpu and memory move the node's state but
     * not its devices' counts, so the choice of a task's devices (its cpu and memory already taken) and the scores
     * after a cpu-only placement find the counts kept: on the chained openb replay the counts were made 66,305
     * times in 141,886 asks keyed by the node state.
     */
    long devicesHash(int node) {
        // the pass h = capacity x 31 + devices, then h = h x 1,000,003 + free per device, kept by the devices
        return TieBreak.mix(nodes.devicesDigest[node]) | 1;
    }

    long cpuAllocatable(int node) {
        return session.nodes().allocatable(Dimensions.CPU, node);
    }

    /** GPU units the class takes on the node: its share, or whole devices times their capacity. */
    long gpuUnits(int cls, int node) {
        int whole = classes.whole[cls];
        return whole > 0 ? whole * nodes.capacity[node] : classes.share[cls];
    }

    /** True when the class's GPU request fits the node's devices now (a class asking none always fits). O(1). */
    boolean fits(int cls, int node) {
        long share = classes.share[cls];
        if (share > 0) {
            return nodes.mostFree[node] >= share;
        }
        int whole = classes.whole[cls];
        return whole == 0 || nodes.idleCount[node] >= whole;
    }

    /**
     * A digest of the node's current usage (cpu, memory, every device's free units and holders) and GPU model (its
     * name: a model's index depends on the order models were seen, and the random policy's choices must not): the
     * pass {@code h = cpu idle x 31 + memory idle}, {@code h = h x 1,000,003 + modelDigest x 7919 + capacity}, then
     * {@code h = h x 1,000,003 + free + holders} per device, finalized. O(1): the devices' part of the pass is kept
     * with the devices ({@link GpuNodes#usageDigest}).
     */
    long stateHash(int node) {
        long h = session.idle(Dimensions.CPU, node) * 31
                + session.idle(Dimensions.MEMORY, node);
        return TieBreak.mix(h * nodes.usageScale[node] + nodes.usageDigest[node]);
    }

    /**
     * {@link #stateHash} without the memory idle: what fgdfill's choice of a share's device reads of the node (the
     * devices in their order, as the choice names one), its kept choices found under it ({@link FillPolicy#choose}).
     */
    long scoreStateHash(int node) {
        return scoreStateHash(node, session.idle(Dimensions.CPU, node));
    }

    /**
     * What the policies that read only a node's state ({@link GpuPolicy#readsNodeStateOnly}) read of it, as
     * {@link #scoreStateHash} but with the node's devices as a multiset ({@link GpuNodes#devicesSet}): their
     * scores do not depend on the devices' order. Their kept scores ({@link StateScores}) are found under it, so a
     * node whose devices hold what a scored node's hold, in another order, finds that score: on the chained openb
     * replay (fgdfill), 12,353 of the 50,646 scores computed under the ordered digest were another's in this one,
     * against 3,595 by the ordered digest itself (unbounded sets, counter build). O(1).
     */
    long sharedStateHash(int node) {
        long h = TieBreak.mix(session.idle(Dimensions.CPU, node) * 0x9E3779B97F4A7C15L + nodes.capacity[node]);
        h = TieBreak.mix(h + nodes.modelDigest(node));
        return TieBreak.mix(h + nodes.devicesSet[node]);
    }

    /** {@link #scoreStateHash} with {@code cpuLeft} in place of the node's cpu idle. */
    long scoreStateHash(int node, long cpuLeft) {
        return TieBreak.mix(cpuLeft * 31 * nodes.usageScale[node] + nodes.usageDigest[node]);
    }

    /** The tie-break of the class on the node in [0, 1) (0 when ties go by rank, the kernel's own order). */
    double jitter(int cls, int node, long nodeState) {
        return switch (ties) {
            case SHUFFLED -> nodeOrder[node];
            case RANDOM -> TieBreak.uniform(seed, classes.hash[cls], nameHash[node], nodeState);
            case RANK -> 0;
        };
    }

    /**
     * A seeded uniform value in [0, 1) for the class on the node in its current state; different {@code salt}s
     * give independent values (a node pick and a device pick must not follow each other).
     */
    double uniform(int cls, int node, int salt) {
        return TieBreak.uniform(seed + salt * 0x632be59bd9b4e019L, classes.hash[cls], nameHash[node], stateHash(node));
    }
}
