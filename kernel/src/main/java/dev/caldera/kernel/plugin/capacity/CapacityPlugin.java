package dev.caldera.kernel.plugin.capacity;

import dev.caldera.kernel.cluster.QueueState;
import dev.caldera.kernel.conf.PluginFlag;
import dev.caldera.kernel.framework.Jobs;
import dev.caldera.kernel.framework.AllocateListener;
import dev.caldera.kernel.framework.Extensions;
import dev.caldera.kernel.framework.Plugin;
import dev.caldera.kernel.framework.QueueShare;
import dev.caldera.kernel.framework.QueueShareSource;
import dev.caldera.kernel.framework.Request;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.framework.Vote;
import dev.caldera.kernel.framework.VolcanoDimensions;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

/**
 * Current Volcano's {@code capacity} plugin (plugins/capacity/capacity.go): every queue deserves an amount
 * per resource ({@code spec.deserved}), may borrow idle resources up to its realCapability, and lends what
 * it does not use until reclaim takes it back, down to deserved and never below {@code spec.guarantee}.
 * With {@code enableHierarchy: true} queues form a tree ({@code spec.parent}, an implicit {@code root}).
 * <ul>
 *   <li>QueueOrder: higher {@code spec.priority} first, then lower share (max of allocated / deserved; 1 for
 *       a queue that deserves nothing), a queue with deserved before one without on a tie. In a hierarchy
 *       leaves come before inner queues, and two leaves are ordered by their ancestors where their paths from
 *       the root part (so allocate walks the tree with queue order at each level).</li>
 *   <li>VictimQueueOrder (hierarchy): victims of queues closer in the tree to the reclaimer's go first.</li>
 *   <li>Allocatable: the queue is Open, a leaf (hierarchy), and allocated + request stays within
 *       realCapability on every requested resource, for the queue and every ancestor.</li>
 *   <li>Preemptive: the queue is Open, allocated + request stays within realCapability, and some requested
 *       resource stays within deserved (or, with {@code ancestorReclaimLevel}, within an ancestor's).</li>
 *   <li>Reclaimable: {@link ReclaimVictims}.</li>
 *   <li>JobEnqueueable: the queue is Open and a leaf, and minResources + allocated + inqueue - elastic stays
 *       within realCapability on the resources minResources names, for the queue and every ancestor;
 *       JobEnqueued reserves the job's minResources (less gated pods) in the queue and its ancestors.</li>
 *   <li>No Overused: allocate never skips a capacity queue; Allocatable bounds it.</li>
 * </ul>
 * Allocated is kept by allocate/deallocate events for the queue and, in a hierarchy, its ancestors; as in
 * Volcano, only the queue's own share is refreshed by events, the ancestors' shares stay as they opened. An
 * invalid hierarchy (unknown parent, cycle, a job in a queue with children) makes every extension point
 * refuse for the session, as Volcano does; {@link #problem()} says why.
 * <p>
 * Not modelled: dynamic resource allocation (DRA) quotas and the QueueAllocationGate reservations.
 * <p>
 * Threading: scheduling thread only. Events and per-task checks are O(depth x dims), no allocation; open is
 * O(queues x dims + jobs x depth x dims).
 */
public final class CapacityPlugin implements Plugin, QueueShareSource {
    public static final String NAME = "capacity";
    static final String ANCESTOR_RECLAIM_LEVEL = "ancestorReclaimLevel";
    private static final Logger LOG = LoggerFactory.getLogger(CapacityPlugin.class);

    private final VolcanoDimensions dimensions = new VolcanoDimensions();
    private final QueueAttrs attrs = new QueueAttrs();
    private final QueueTree tree = new QueueTree();
    private final JobTotals totals = new JobTotals();
    private final FlatQueues flat = new FlatQueues();
    private final TreeQueues hierarchical = new TreeQueues();
    private final ReclaimVictims reclaim = new ReclaimVictims();
    private boolean hierarchy;
    private int ancestorReclaimLevel;
    private boolean ready;
    private String problem;
    private long[] scratch = new long[0];
    private long[] minScratch = new long[0];
    private int[] dims = new int[0];
    private SessionView session;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void register(Extensions ext) {
        hierarchy = ext.enabled(PluginFlag.HIERARCHY);
        ancestorReclaimLevel = ext.arguments().getInt(ANCESTOR_RECLAIM_LEVEL, 0);
        if (ancestorReclaimLevel < 0) {
            LOG.warn("capacity: {} should be non-negative, got {}; using 0", ANCESTOR_RECLAIM_LEVEL,
                    ancestorReclaimLevel);
            ancestorReclaimLevel = 0;
        }
        ext.queueOrder(this::compareQueues);
        if (hierarchy) {
            ext.victimQueueOrder(this::compareVictimQueues);
        }
        ext.allocatable(this::allocatable);
        ext.preemptive(this::preemptive);
        ext.reclaimable(this::victims);
        ext.jobEnqueueable(this::enqueueable);
        ext.jobEnqueued(this::enqueued);
        ext.allocateListener(new Listener());
    }

    @Override
    public void open(SessionView s) {
        session = s;
        dimensions.refresh(s.dims());
        dims = dimensions.dims();
        attrs.reset(s.queues().rows(), dimensions.stride());
        if (scratch.length != attrs.stride) {
            scratch = new long[attrs.stride];
        }
        if (hierarchy) {
            ready = hierarchical.build(s, attrs, tree, totals, dims);
            problem = hierarchical.problem();
            hierarchical.warnings().forEach(w -> LOG.warn("capacity: {}", w));
        } else {
            flat.build(s, attrs, totals, dims);
            ready = true;
            problem = null;
        }
        if (!ready) {
            LOG.warn("capacity: the queue hierarchy is invalid, nothing is scheduled this cycle: {}", problem);
        }
    }

    /** Why the last session refused everything (an invalid hierarchy), or null. */
    public String problem() {
        return problem;
    }

    /** What the last session's hierarchy check only reported (Volcano logs these). */
    public List<String> hierarchyWarnings() {
        return hierarchy ? List.copyOf(hierarchical.warnings()) : List.of();
    }

    // ------------------------------------------------------------------ orders

    int compareQueues(int a, int b) {
        if (!ready) {
            return 0;
        }
        int pa = session.queues().priority(a);
        int pb = session.queues().priority(b);
        if (pa != pb) {
            return pa > pb ? -1 : 1;
        }
        if (!hierarchy) {
            return compareShares(a, b);
        }
        boolean leafA = tree.isLeaf(a);
        boolean leafB = tree.isLeaf(b);
        if (leafA != leafB) {
            return leafA ? -1 : 1;
        }
        if (!leafA) {
            return compareShares(a, b);
        }
        int level = tree.commonLevel(a, b);
        int sideA = level + 1 < tree.depth[a] ? tree.ancestorAt(a, level + 1) : a;
        int sideB = level + 1 < tree.depth[b] ? tree.ancestorAt(b, level + 1) : b;
        return compareShares(sideA, sideB);
    }

    /** Volcano's compareShareWithDeserved: lower share first; on a tie a queue with deserved first. */
    private int compareShares(int a, int b) {
        double sa = attrs.share[a];
        double sb = attrs.share[b];
        if (sa != sb) {
            return sa < sb ? -1 : 1;
        }
        boolean da = !Limits.isEmpty(attrs.deserved, attrs.base(a), dims);
        boolean db = !Limits.isEmpty(attrs.deserved, attrs.base(b), dims);
        return da == db ? 0 : da ? -1 : 1;
    }

    int compareVictimQueues(int a, int b, int preemptorQueue) {
        if (!ready) {
            return 0;
        }
        int la = tree.commonLevel(a, preemptorQueue);
        int lb = tree.commonLevel(b, preemptorQueue);
        return la == lb ? 0 : la > lb ? -1 : 1;
    }

    // ------------------------------------------------------------------ queue checks

    boolean allocatable(int queue, int task) {
        if (session.queues().state(queue) != QueueState.OPEN || !ready || hierarchy && !tree.isLeaf(queue)) {
            return false;
        }
        Request req = session.requestOf(task);
        if (!Limits.fitsOnRequested(attrs.allocated, attrs.base(queue), req, attrs.realCapability,
                attrs.base(queue), dims)) {
            return false;
        }
        for (int k = hierarchy ? tree.depth[queue] - 1 : -1; k >= 0; k--) {
            int anc = attrs.base(tree.ancestorAt(queue, k));
            if (!Limits.fitsOnRequested(attrs.allocated, anc, req, attrs.realCapability, anc, dims)) {
                return false;
            }
        }
        return true;
    }

    boolean preemptive(int queue, int task) {
        if (!ready || session.queues().state(queue) != QueueState.OPEN) {
            return false;
        }
        Request req = session.requestOf(task);
        int b = attrs.base(queue);
        if (!Limits.fitsOnRequested(attrs.allocated, b, req, attrs.realCapability, b, dims)) {
            return false;
        }
        if (Limits.someRequestedWithin(attrs.allocated, b, attrs.deserved, b, req, dims)) {
            return true;
        }
        for (int level = 1; hierarchy && level <= ancestorReclaimLevel; level++) {
            int anc = tree.ancestorAbove(queue, level);
            if (anc >= 0 && anc != tree.root && Limits.someRequestedWithin(attrs.allocated, attrs.base(anc),
                    attrs.deserved, attrs.base(anc), req, dims)) {
                return true;
            }
        }
        return false;
    }

    int victims(int reclaimer, IntArrayList candidates, IntArrayList victims) {
        if (!ready || !attrs.present[session.queueOf(reclaimer)]) {
            return Vote.REJECT;
        }
        reclaim.choose(session, attrs, hierarchy ? tree : null, ancestorReclaimLevel, reclaimer, candidates, victims,
                dims);
        return Vote.PERMIT;
    }

    int enqueueable(int job) {
        int queue = session.jobs().queue(job);
        if (!ready || hierarchy && !tree.isLeaf(queue) || session.queues().state(queue) != QueueState.OPEN) {
            return Vote.REJECT;
        }
        if (!session.jobs().hasMinResources(job)) {
            return Vote.PERMIT;
        }
        long[] min = minResources(job);
        if (!withinForEnqueue(queue, min)) {
            return Vote.REJECT;
        }
        for (int k = hierarchy ? tree.depth[queue] - 1 : -1; k >= 0; k--) {
            if (!withinForEnqueue(tree.ancestorAt(queue, k), min)) {
                return Vote.REJECT;
            }
        }
        return Vote.PERMIT;
    }

    /** The job's minResources over {@link #dims} into {@link #minScratch} (0 elsewhere). */
    private long[] minResources(int job) {
        if (minScratch.length < session.dims().count()) {
            minScratch = new long[session.dims().count()];
        }
        java.util.Arrays.fill(minScratch, 0);
        for (int d : dims) {
            minScratch[d] = session.jobs().minResource(job, d);
        }
        return minScratch;
    }

    /** minResources + allocated + inqueue - elastic within realCapability on the resources minResources names. */
    private boolean withinForEnqueue(int queue, long[] min) {
        int b = attrs.base(queue);
        for (int d : dims) {
            scratch[d] = Limits.add(Limits.add(Limits.at(min, d), attrs.allocated[b + d]), attrs.inqueue[b + d])
                    - attrs.elastic[b + d];
        }
        return Limits.withinOnRequested(scratch, 0, attrs.realCapability, b, min, dims);
    }

    void enqueued(int job) {
        if (!session.jobs().hasMinResources(job)) {
            return;
        }
        int queue = session.jobs().queue(job);
        if (!attrs.present[queue]) {
            return;
        }
        long[] amount = totals.enqueued(session, job, dims);
        addTo(attrs.inqueue, attrs.base(queue), amount, 1);
        for (int k = hierarchy && ready ? tree.depth[queue] - 1 : -1; k >= 0; k--) {
            addTo(attrs.inqueue, attrs.base(tree.ancestorAt(queue, k)), amount, 1);
        }
    }

    private void addTo(long[] vector, int b, long[] amount, int sign) {
        for (int d : dims) {
            vector[b + d] += sign * Limits.at(amount, d);
        }
    }

    private void addTo(long[] vector, int b, Request amount, int sign) {
        for (int d : dims) {
            vector[b + d] += sign * Limits.at(amount, d);
        }
    }

    // ------------------------------------------------------------------ reports

    @Override
    public List<QueueShare> queueShares() {
        return CapacityReport.of(session, attrs, hierarchy && ready ? tree : null, dims);
    }

    /** Keeps each queue's allocated total (and its ancestors') and share exact across operations and undos. */
    private final class Listener implements AllocateListener {
        @Override
        public void allocated(int task) {
            move(task, 1);
        }

        @Override
        public void deallocated(int task) {
            move(task, -1);
        }

        private void move(int task, int sign) {
            int queue = session.queueOf(task);
            if (!attrs.present[queue]) {
                return;
            }
            Request req = session.requestOf(task);
            addTo(attrs.allocated, attrs.base(queue), req, sign);
            attrs.updateShare(queue, dims);
            for (int k = hierarchy && ready ? tree.depth[queue] - 1 : -1; k >= 0; k--) {
                addTo(attrs.allocated, attrs.base(tree.ancestorAt(queue, k)), req, sign);
            }
        }
    }
}
