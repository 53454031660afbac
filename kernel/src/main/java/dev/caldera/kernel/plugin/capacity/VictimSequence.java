package dev.caldera.kernel.plugin.capacity;

import dev.caldera.kernel.framework.SessionView;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntArrays;
import it.unimi.dsi.fastutil.ints.IntComparator;

/**
 * Candidates in the order Volcano's {@code BuildVictimsPriorityQueue} pops them, which the capacity plugin's
 * reclaim walk follows (its running allocations depend on the order): one job's tasks in reverse TaskOrder;
 * different queues by VictimQueueOrder for the reclaimer's queue, else reverse QueueOrder; one queue's jobs in
 * reverse JobOrder, then reverse TaskOrder. The eviction actions sort their victims the same way.
 * <p>
 * Threading: scheduling thread; the list is reused, no allocation after warm-up.
 */
final class VictimSequence implements IntComparator {
    private final IntArrayList sorted = new IntArrayList();
    private SessionView session;
    private int reclaimerQueue;

    /** {@code candidates} sorted for {@code reclaimer} (a reused list; valid until the next call). */
    IntArrayList of(SessionView s, int reclaimer, IntArrayList candidates) {
        session = s;
        reclaimerQueue = s.queueOf(reclaimer);
        sorted.clear();
        sorted.addAll(candidates);
        IntArrays.quickSort(sorted.elements(), 0, sorted.size(), this);
        return sorted;
    }

    @Override
    public int compare(int a, int b) {
        SessionView s = session;
        int jobA = s.jobOf(a);
        int jobB = s.jobOf(b);
        if (jobA == jobB) {
            return s.compareTasks(b, a);
        }
        int queueA = s.jobs().queue(jobA);
        int queueB = s.jobs().queue(jobB);
        if (queueA != queueB) {
            int c = s.plugins().compareVictimQueues(queueA, queueB, reclaimerQueue);
            return c != 0 ? c : s.compareQueues(queueB, queueA);
        }
        int c = s.plugins().compareJobs(jobB, jobA);
        return c != 0 ? c : s.compareTasks(b, a);
    }
}
