package dev.caldera.kernel.plugin.priority;

import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.framework.Extensions;
import dev.caldera.kernel.framework.Plugin;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.framework.Vote;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * Volcano's {@code priority} plugin: higher-priority jobs and tasks first; a victim must have lower
 * priority than its preemptor (job priority across jobs, task priority inside one job); a job starves
 * while some of its tasks are neither ready nor pipelined.
 */
public final class PriorityPlugin implements Plugin {
    public static final String NAME = "priority";

    private SessionView session;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void register(Extensions ext) {
        ext.taskOrder(this::compareTasks);
        ext.jobOrder(this::compareJobs);
        ext.preemptable(this::victims);
        ext.jobStarving(this::starving);
    }

    @Override
    public void open(SessionView s) {
        session = s;
    }

    private int compareTasks(int a, int b) {
        return Integer.compare(session.tasks().priority(b), session.tasks().priority(a));
    }

    private int compareJobs(int a, int b) {
        return Integer.compare(session.jobs().priority(b), session.jobs().priority(a));
    }

    private int victims(int preemptor, IntArrayList candidates, IntArrayList victims) {
        int job = session.jobOf(preemptor);
        for (int i = 0; i < candidates.size(); i++) {
            int v = candidates.getInt(i);
            int vJob = session.jobOf(v);
            boolean lower = vJob != job
                    ? session.jobs().priority(vJob) < session.jobs().priority(job)
                    : session.tasks().priority(v) < session.tasks().priority(preemptor);
            if (lower) {
                victims.add(v);
            }
        }
        return Vote.PERMIT;
    }

    private boolean starving(int job) {
        int placed = session.readyCount(job) + session.count(job, TaskStatus.PIPELINED);
        return placed < session.jobs().taskCount(job);
    }
}
