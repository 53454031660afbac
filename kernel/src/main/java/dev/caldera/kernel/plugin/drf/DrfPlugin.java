package dev.caldera.kernel.plugin.drf;

import dev.caldera.kernel.cluster.JobRequests;
import dev.caldera.kernel.conf.PluginFlag;
import dev.caldera.kernel.plugin.AllocateListener;
import dev.caldera.kernel.plugin.Extensions;
import dev.caldera.kernel.plugin.Plugin;
import dev.caldera.kernel.plugin.ShareDimensions;
import dev.caldera.kernel.plugin.VolcanoDimensions;
import dev.caldera.kernel.plugin.Vote;
import dev.caldera.kernel.session.Session;
import it.unimi.dsi.fastutil.ints.IntArrayList;

import java.util.Arrays;

/**
 * Volcano v1.7's {@code drf} plugin: dominant resource fairness between jobs and between namespaces.
 * <ul>
 *   <li>JobOrder: lower dominant share first (share = max over dimensions of allocated / cluster total).</li>
 *   <li>NamespaceOrder: lower weighted namespace share first. Namespace weights come from ResourceQuota
 *       objects in Volcano, which Caldera does not read, so every weight is 1 (Volcano's default).</li>
 *   <li>Preemptable: see {@link #victims}.</li>
 * </ul>
 * Namespace accounting is on unless {@code enableNamespaceOrder: false}: v1.7 fills unset flags with true
 * before the plugin reads them.
 * <p>
 * With {@code enableHierarchy: true} (hierarchical DRF, current Volcano) the plugin also orders queues and
 * chooses reclaim victims by the {@link HdrfTree} built from the queues' {@code volcano.sh/hierarchy}
 * annotations:
 * <ul>
 *   <li>QueueOrder: walking both queues' paths from the root, an unsaturated node before a saturated one, else
 *       the lower share / weight; equal nodes pass the comparison one level down.</li>
 *   <li>Reclaimable: with the reclaimer's request added to its job, a candidate is a victim when, with the
 *       candidate's request taken from its job, the reclaimer's queue would still come first. Candidates are
 *       judged one at a time against that state (victims do not accumulate), as in Volcano.</li>
 * </ul>
 * <p>
 * Threading: scheduling thread only. Events and orders are O(dims), no allocation; Preemptable is
 * O(candidates x dims) with reused scratch.
 */
public final class DrfPlugin implements Plugin {
    public static final String NAME = "drf";
    /** Volcano's shareDelta: shares closer than this count as equal when choosing victims. */
    static final double SHARE_DELTA = 0.000001;

    private final ShareDimensions dimensions = new ShareDimensions();
    private final DominantShares jobShares = new DominantShares();
    private final DominantShares namespaceShares = new DominantShares();
    private final IntArrayList namespacesUsed = new IntArrayList();
    private final VictimScratch scratch = new VictimScratch();
    private final VolcanoDimensions hierarchyDimensions = new VolcanoDimensions();
    private final HdrfTree tree = new HdrfTree();
    private boolean hierarchy;
    private boolean namespaceOrder;
    private int[] dims = new int[0];
    private long[] total = new long[0];
    private Session session;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void register(Extensions ext) {
        hierarchy = ext.enabled(PluginFlag.HIERARCHY);
        if (hierarchy) {
            ext.queueOrder(this::compareQueues);
            ext.reclaimable(this::hierarchicalVictims);
        }
        namespaceOrder = ext.enabled(PluginFlag.NAMESPACE_ORDER);
        ext.jobOrder(this::compareJobs);
        ext.namespaceOrder(this::compareNamespaces);
        ext.preemptable(this::victims);
        ext.allocateListener(new Listener());
    }

    @Override
    public void open(Session s) {
        session = s;
        dimensions.refresh(s.dims);
        dims = dimensions.dims();
        total = s.totalAllocatable;
        jobShares.size(s.jobs.capacity, dimensions.stride());
        namespaceShares.size(s.symbols.size(), dimensions.stride());
        clearNamespaces();
        for (int i = 0; i < s.jobList.size(); i++) {
            addJob(s, s.jobList.getInt(i));
        }
        if (hierarchy) {
            hierarchyDimensions.refresh(s.dims);
            tree.build(s, hierarchyDimensions.dims(), hierarchyDimensions.stride());
        }
    }

    /** The hierarchical DRF tree of the last session (tests). */
    HdrfTree hierarchyTree() {
        return tree;
    }

    /** Problems with the queues' hierarchy annotations found in the last session (hierarchy only). */
    public java.util.List<String> hierarchyProblems() {
        return hierarchy ? java.util.List.copyOf(tree.problems()) : java.util.List.of();
    }

    private void clearNamespaces() {
        for (int i = 0; i < namespacesUsed.size(); i++) {
            int ns = namespacesUsed.getInt(i);
            if (ns < namespaceShares.share.length) {
                namespaceShares.clear(ns);
            }
        }
        namespacesUsed.clear();
    }

    /** Allocated = tasks in Volcano's AllocatedStatus (plus Pipelined, which no task is at open). */
    private void addJob(Session s, int job) {
        jobShares.clear(job);
        JobRequests r = s.jobState.requests;
        jobShares.accumulateColumn(job, r.allocated, dims);
        jobShares.accumulateColumn(job, r.pipelined, dims);
        jobShares.refresh(job, dims, total);
        if (namespaceOrder) {
            int ns = s.jobs.namespace[job];
            if (!namespacesUsed.contains(ns)) {
                namespacesUsed.add(ns);
            }
            int b = job * jobShares.stride;
            for (int d : dims) {
                namespaceShares.allocated[ns * namespaceShares.stride + d] += jobShares.allocated[b + d];
            }
            namespaceShares.share[ns] = DominantShares.shareOf(namespaceShares.allocated,
                    ns * namespaceShares.stride, dims, total);
        }
    }

    // ------------------------------------------------------------------ extension points

    int compareJobs(int a, int b) {
        return compare(jobShares.share[a], jobShares.share[b]);
    }

    /** Weighted share = share / weight, with every namespace weight 1. */
    int compareNamespaces(int a, int b) {
        return compare(namespaceShares.share[a], namespaceShares.share[b]);
    }

    int compareQueues(int a, int b) {
        double c = tree.compareQueues(a, b);
        return c < 0 ? -1 : c > 0 ? 1 : 0;
    }

    /** Volcano's hierarchical reclaimFn; see the class comment. */
    int hierarchicalVictims(int reclaimer, IntArrayList candidates, IntArrayList victims) {
        Session s = session;
        int job = s.jobOf(reclaimer);
        if (!tree.hasLeaf(job)) {
            return Vote.PERMIT;
        }
        int queue = s.queueOf(reclaimer);
        tree.move(job, s.request(reclaimer), 1);
        for (int i = 0; i < candidates.size(); i++) {
            int v = candidates.getInt(i);
            int victimJob = s.jobOf(v);
            if (!tree.hasLeaf(victimJob)) {
                continue;
            }
            tree.move(victimJob, s.request(v), -1);
            double c = tree.compareQueues(queue, s.queueOf(v));
            tree.move(victimJob, s.request(v), 1);
            if (c < 0) {
                victims.add(v);
            }
        }
        tree.move(job, s.request(reclaimer), -1);
        return Vote.PERMIT;
    }

    private static int compare(double a, double b) {
        return a == b ? 0 : a < b ? -1 : 1;
    }

    /**
     * Volcano's drf preemptable rule. With namespace order on, candidates of another namespace are first
     * judged by namespace share: a victim when the preemptor's namespace share (with the preemptor's
     * request added) is below the victim namespace's share after the victim leaves; rejected when it is
     * above by more than {@link #SHARE_DELTA}; otherwise left to the job rule. Job rule: a victim when
     * the preemptor job's share with its request added is below, or within {@link #SHARE_DELTA} of, the
     * victim job's share after the victim leaves. Departures accumulate per namespace and per job across
     * the candidate list, whether or not the candidate was taken, as in v1.7.
     */
    int victims(int preemptor, IntArrayList candidates, IntArrayList victims) {
        scratch.begin(session, jobShares.stride);
        long[] want = session.request(preemptor);
        double nsShare = namespaceOrder ? shareWith(namespaceShares, session.tasks.namespace[preemptor], want) : 0;
        double jobShare = shareWith(jobShares, session.jobOf(preemptor), want);
        for (int i = 0; i < candidates.size(); i++) {
            int v = candidates.getInt(i);
            int verdict = namespaceOrder ? namespaceVerdict(preemptor, v, nsShare) : Vote.ABSTAIN;
            if (verdict == Vote.ABSTAIN) {
                double after = scratch.jobShareWithout(jobShares, session.jobOf(v), session.request(v), dims, total);
                verdict = jobShare < after || Math.abs(jobShare - after) <= SHARE_DELTA ? Vote.PERMIT : Vote.REJECT;
            }
            if (verdict == Vote.PERMIT) {
                victims.add(v);
            }
        }
        return Vote.PERMIT;
    }

    private int namespaceVerdict(int preemptor, int v, double nsShare) {
        int ns = session.tasks.namespace[v];
        if (ns == session.tasks.namespace[preemptor]) {
            return Vote.ABSTAIN;
        }
        double after = scratch.namespaceShareWithout(namespaceShares, ns, session.request(v), dims, total);
        if (nsShare < after) {
            return Vote.PERMIT;
        }
        return nsShare - after > SHARE_DELTA ? Vote.REJECT : Vote.ABSTAIN;
    }

    private double shareWith(DominantShares owners, int owner, long[] want) {
        long[] tmp = scratch.vector(owners.stride);
        System.arraycopy(owners.allocated, owner * owners.stride, tmp, 0, owners.stride);
        for (int d : dims) {
            tmp[d] += ShareDimensions.at(want, d);
        }
        return DominantShares.shareOf(tmp, 0, dims, total);
    }

    // ------------------------------------------------------------------ views for tests and reports

    public double jobShare(int job) {
        return jobShares.share[job];
    }

    public long jobAllocated(int job, int dim) {
        return jobShares.allocated[job * jobShares.stride + dim];
    }

    /** By namespace symbol; 0 when namespace order is off. */
    public double namespaceShare(int namespace) {
        return namespace < namespaceShares.share.length ? namespaceShares.share[namespace] : 0;
    }

    public long namespaceAllocated(int namespace, int dim) {
        return namespaceShares.allocated[namespace * namespaceShares.stride + dim];
    }

    /** Keeps job and namespace allocations and shares exact across statement operations and undos. */
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
            long[] req = session.request(task);
            jobShares.add(session.jobOf(task), req, sign, dims, total);
            if (namespaceOrder) {
                namespaceShares.add(session.tasks.namespace[task], req, sign, dims, total);
            }
            if (hierarchy) {
                tree.move(session.jobOf(task), req, sign);
            }
        }
    }

    /** Per-call copies of job and namespace allocations for {@link #victims}, stamped instead of cleared. */
    private static final class VictimScratch {
        private long[] jobAlloc = new long[0];
        private int[] jobStamp = new int[0];
        private long[] nsAlloc = new long[0];
        private int[] nsStamp = new int[0];
        private long[] tmp = new long[0];
        private int call;

        /** Starts a call; new arrays hold stamp 0 and calls count from 1, so no copy is ever stale. */
        void begin(Session s, int stride) {
            int jobs = s.jobs.capacity;
            int namespaces = s.symbols.size();
            if (jobStamp.length < jobs || jobAlloc.length != jobStamp.length * stride) {
                jobStamp = new int[jobs];
                jobAlloc = new long[jobs * stride];
            }
            if (nsStamp.length < namespaces || nsAlloc.length != nsStamp.length * stride) {
                nsStamp = new int[namespaces];
                nsAlloc = new long[namespaces * stride];
            }
            if (call == Integer.MAX_VALUE) {
                Arrays.fill(jobStamp, 0);
                Arrays.fill(nsStamp, 0);
                call = 0;
            }
            call++;
        }

        long[] vector(int stride) {
            if (tmp.length < stride) {
                tmp = new long[stride];
            }
            return tmp;
        }

        double jobShareWithout(DominantShares jobs, int job, long[] req, int[] dims, long[] total) {
            return without(jobs, job, req, dims, total, jobAlloc, jobStamp);
        }

        double namespaceShareWithout(DominantShares namespaces, int ns, long[] req, int[] dims, long[] total) {
            return without(namespaces, ns, req, dims, total, nsAlloc, nsStamp);
        }

        private double without(DominantShares owners, int owner, long[] req, int[] dims, long[] total,
                               long[] copy, int[] stamp) {
            int b = owner * owners.stride;
            if (stamp[owner] != call) {
                stamp[owner] = call;
                System.arraycopy(owners.allocated, b, copy, b, owners.stride);
            }
            for (int d : dims) {
                copy[b + d] -= ShareDimensions.at(req, d);
            }
            return DominantShares.shareOf(copy, b, dims, total);
        }
    }
}
