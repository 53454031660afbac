package dev.caldera.kernel.action.topology;

import dev.caldera.kernel.cluster.JobState;
import dev.caldera.kernel.cluster.Symbols;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.framework.FitErrors;
import dev.caldera.kernel.framework.FitReason;
import dev.caldera.kernel.select.RangeSelector;
import dev.caldera.kernel.select.ResourceFit;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.statement.Statement;
import dev.caldera.kernel.topology.HyperNodeTree;
import dev.caldera.kernel.session.SubJobs;
import dev.caldera.kernel.session.TopologySession;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * Places a sub-job's pending tasks on the nodes of one HyperNode, in TaskOrder, into a statement: Volcano's
 * {@code allocateResourcesForTasks} (actions/allocate/allocate.go). A task its queue may not take is skipped; a
 * task of a role that already fit nowhere (in this placement) is skipped; a task that fits nowhere ends the
 * placement unless the job could still become ready ({@code NeedContinueAllocating}); a task nominated to a node
 * of the HyperNode goes there first if it fits. For a sub-job with network topology, the HyperNode its tasks
 * have reached so far (lowest common ancestor of their leaves) is what the node scorer sees. The placement stops
 * as soon as the sub-job is ready; it succeeds when the sub-job is ready or pipelined, otherwise the statement
 * is discarded.
 * <p>
 * Threading: scheduling thread. Allocation: none once warm.
 */
final class FlatPlacement {
    private final Session session;
    private final RangeSelector selector;
    private final IntArrayList failedRoles = new IntArrayList();
    private final FitErrors lastErrors = new FitErrors();
    private final int[] one = new int[1];
    /** The symbol of the empty role, which (like none) is no role: Volcano caches fit failures by role name. */
    private int noRole;

    /** Where the worksheet cursor ended, how many tasks were placed and the HyperNode reached, after {@link #run}. */
    int cursor;
    int placed;
    int reached;
    boolean failedAny;

    FlatPlacement(Session session) {
        this.session = session;
        this.selector = new RangeSelector(session);
    }

    /**
     * Places tasks {@code ws.tasks[sub][from..]} of {@code job} on HyperNode {@code h}'s nodes into {@code stmt}
     * (begun by the caller). True when the sub-job ended ready or pipelined; otherwise the statement is
     * discarded.
     */
    boolean run(int job, int sub, Worksheet ws, int from, int h, Statement stmt) {
        Session s = session;
        TopologySession topo = s.topologyState();
        HyperNodeTree tree = topo.tree();
        SubJobs subJobs = topo.subJobs(job);
        boolean aware = subJobs.withTopology(sub);
        int queue = s.jobTable().queue(job);
        int[] list = ws.tasks[sub];
        reached = subJobs.allocated(sub);
        placed = 0;
        failedAny = false;
        failedRoles.clear();
        selector.reset();
        noRole = s.symbolTable().find("");
        int i = from;
        while (i < list.length) {
            int task = list[i++];
            if (!s.plugins().allocatable(queue, task)) {
                s.conditions().queueLimited(job);
                continue;
            }
            int role = s.taskTable().role(task);
            boolean hasRole = role != Symbols.NONE && role != noRole;
            if (hasRole && failedRoles.contains(role)) {
                continue;
            }
            int node = place(task, h, tree, aware);
            if (node < 0) {
                failedAny = true;
                if (hasRole && !failedRoles.contains(role)) {
                    failedRoles.add(role);
                }
                if (needContinue(job, subJobs, sub)) {
                    continue;
                }
                break;
            }
            placed++;
            if (selector.fitsIdle()) {
                stmt.allocate(task, node);
            } else {
                stmt.pipeline(task, node);
            }
            if (aware && tree.leafOf(node) >= 0) {
                reached = tree.lca(tree.leafOf(node), reached);
            }
            if (SubJobStates.ready(s, job, subJobs, sub)) {
                break;
            }
        }
        cursor = i;
        if (SubJobStates.ready(s, job, subJobs, sub) || SubJobStates.pipelined(s, job, subJobs, sub)) {
            return true;
        }
        stmt.discard();
        return false;
    }

    /** The node for {@code task} within {@code h}, or -1; sets {@link RangeSelector#fitsIdle()}. */
    private int place(int task, int h, HyperNodeTree tree, boolean aware) {
        Session s = session;
        int code = s.plugins().prePredicate(task);
        if (code != FitReason.OK) {
            lastErrors.clear(s.dims().count());
            lastErrors.nodes(tree.size(h));
            lastErrors.add(code, tree.size(h));
            return -1;
        }
        if (aware) {
            s.topologyState().scoring(task, reached);
        }
        int node = nominated(task, h, tree);
        if (node < 0) {
            node = selector.select(task, tree.memberArray(), tree.memberStart(h), tree.memberEnd(h));
            if (node < 0) {
                lastErrors.copyFrom(selector.errors());
            }
        }
        s.topologyState().scoring(-1, -1);
        return node;
    }

    /** A task nominated (by an earlier preemption) to a node of {@code h} that still fits goes there first. */
    private int nominated(int task, int h, HyperNodeTree tree) {
        Session s = session;
        int node = s.cache().nominations().nodeOf(task);
        if (node < 0 || !s.nodeTable().live(node) || !tree.contains(h, node)) {
            return -1;
        }
        long[] request = s.request(task);
        if (ResourceFit.shortOfFutureIdle(s, task, request, node) != 0 || s.plugins().predicate(task, node) != 0) {
            return -1;
        }
        // a one-node candidate list: the selector classifies idle or future fit and picks it
        one[0] = node;
        return selector.select(task, one, 0, 1);
    }

    /** Why the last task that fit nowhere did not fit. */
    FitErrors lastErrors() {
        return lastErrors;
    }

    /**
     * Volcano's {@code JobInfo.NeedContinueAllocating}: never when every task is needed (job or sub-job);
     * always for jobs with sub-groups; else, when minMember is below the roles' minimums summed, only if the
     * ready tasks plus the pending tasks of roles that have not failed reach minMember; otherwise only if no
     * failed role with a minimum is short of it.
     */
    private boolean needContinue(int job, SubJobs subJobs, int sub) {
        Session s = session;
        IntArrayList all = s.jobTable().tasks(job);
        if (s.jobTable().minMember(job) == all.size() || subJobs.minAvailable(sub) >= subJobs.tasks(sub).size()) {
            return false;
        }
        if (!subJobs.policies().isEmpty()) {
            return true;
        }
        int[] mins = s.jobTable().roleMin(job);
        int total = 0;
        for (int m : mins) {
            total += m;
        }
        if (s.jobTable().minMember(job) < total) {
            return s.readyCount(job) + pendingOfLiveRoles(job, all) >= s.jobTable().minMember(job);
        }
        for (int r = 0; r < failedRoles.size(); r++) {
            int slot = s.jobTable().roleSlot(job, failedRoles.getInt(r));
            if (slot >= 0 && mins[slot] > 0 && allocatedOfRole(job, slot) < mins[slot]) {
                return false;
            }
        }
        return true;
    }

    private int pendingOfLiveRoles(int job, IntArrayList all) {
        Session s = session;
        int left = 0;
        for (int i = 0; i < all.size(); i++) {
            int t = all.getInt(i);
            int role = s.taskTable().role(t);
            if (s.status(t) == TaskStatus.PENDING && (role == Symbols.NONE || role == noRole
                    || !failedRoles.contains(role))) {
                left++;
            }
        }
        return left;
    }

    /** Tasks of the role slot in an allocated status or succeeded (Volcano's getJobAllocatedRoles). */
    private int allocatedOfRole(int job, int slot) {
        int[] c = session.jobState().roleCount(job);
        int base = slot * JobState.STRIDE;
        return c[base + TaskStatus.ALLOCATED] + c[base + TaskStatus.BINDING] + c[base + TaskStatus.BOUND]
                + c[base + TaskStatus.RUNNING] + c[base + TaskStatus.SUCCEEDED];
    }
}
