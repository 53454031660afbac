package dev.caldera.kernel.action;

import dev.caldera.kernel.cluster.JobPhase;
import dev.caldera.kernel.cluster.JobState;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.cluster.TaskTable;
import dev.caldera.kernel.framework.FitReason;
import dev.caldera.kernel.select.NodeSelector;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.statement.Statement;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * The backfill action: places best-effort tasks (no request but a pod slot) on the best node that passes
 * the predicates, job by job in session order, without a gang transaction of their own: a job's
 * placements are bound as soon as the job is ready (Volcano's Session.Allocate dispatch).
 * <p>
 * Threading: scheduling thread. No allocation per task.
 */
public final class BackfillAction implements Action {
    private final NodeSelector selector;
    private final Statement statement;

    public BackfillAction(NodeSelector selector, Statement statement) {
        this.selector = selector;
        this.statement = statement;
    }

    @Override
    public String name() {
        return "backfill";
    }

    @Override
    public void execute(Session s) {
        for (int i = 0; i < s.jobCount(); i++) {
            int job = s.job(i);
            if (s.jobState().phase(job) == JobPhase.PENDING || s.plugins().jobValid(job) != null
                    || s.count(job, JobState.PENDING_BEST_EFFORT) == 0) {
                continue;
            }
            backfillJob(s, job);
        }
    }

    private void backfillJob(Session s, int job) {
        statement.begin();
        IntArrayList tasks = s.jobTable().tasks(job);
        for (int i = 0; i < tasks.size(); i++) {
            int task = tasks.getInt(i);
            if (s.status(task) != TaskStatus.PENDING || !s.bestEffort(task)
                    || s.taskTable().has(task, TaskTable.SCHEDULING_GATED)) {
                continue;
            }
            // Volcano's backfill runs PrePredicate per task too; it is where the inter-pod filters take their counts
            if (s.plugins().prePredicate(task) != FitReason.OK) {
                continue;
            }
            int node = selector.select(task);
            if (node < 0 || !selector.fitsIdle()) {
                s.conditions().fitFailed(job, selector.errors());
                continue;
            }
            statement.allocate(task, node);
            if (s.plugins().jobReady(job)) {
                statement.commit();
            }
        }
    }
}
