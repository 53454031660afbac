package dev.caldera.kernel.action;

import dev.caldera.kernel.session.Session;
import it.unimi.dsi.fastutil.ints.IntComparator;

/**
 * The order in which one preemptor's victims on a node are evicted, as current Volcano's
 * {@code BuildVictimsPriorityQueue} (framework/session_plugins.go) pops them; negative when victim {@code a}
 * goes first:
 * <ol>
 *   <li>victims of one job: reverse TaskOrder (the task that would be scheduled last goes first);</li>
 *   <li>victims of different queues: VictimQueueOrder for the preemptor's queue where a plugin has one, else
 *       reverse QueueOrder (with its fallbacks: creation time, then name);</li>
 *   <li>victims of one queue and different jobs: reverse JobOrder of the plugins (no fallback), and on a tie
 *       reverse TaskOrder.</li>
 * </ol>
 * This is a lexicographic order over (queue, job, task), so sorting by it gives Volcano's pop order.
 * <p>
 * Threading: scheduling thread. Set the preemptor with {@link #of(int)} before sorting; no allocation.
 */
final class VictimOrder implements IntComparator {
    private final Session session;
    private int preemptorQueue;

    VictimOrder(Session session) {
        this.session = session;
    }

    /** This comparator, for the victims of {@code preemptor}. */
    VictimOrder of(int preemptor) {
        preemptorQueue = session.queueOf(preemptor);
        return this;
    }

    @Override
    public int compare(int a, int b) {
        Session s = session;
        int jobA = s.jobOf(a);
        int jobB = s.jobOf(b);
        if (jobA == jobB) {
            return s.compareTasks(b, a);
        }
        int queueA = s.jobTable().queue(jobA);
        int queueB = s.jobTable().queue(jobB);
        if (queueA != queueB) {
            int c = s.plugins().compareVictimQueues(queueA, queueB, preemptorQueue);
            return c != 0 ? c : s.compareQueues(queueB, queueA);
        }
        int c = s.plugins().compareJobs(jobB, jobA);
        return c != 0 ? c : s.compareTasks(b, a);
    }
}
