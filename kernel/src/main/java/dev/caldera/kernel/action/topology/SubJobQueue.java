package dev.caldera.kernel.action.topology;

import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.session.SubJobs;
import it.unimi.dsi.fastutil.ints.IntHeapPriorityQueue;

/**
 * The order a job's sub-jobs are placed in within one attempt (Volcano's worksheet queue of sub-jobs): those
 * needed to reach a policy's minSubGroups first, then sub-jobs that are not ready before ready ones (the gang
 * plugin's SubJobOrderFn), then the first matched label value as a number, then the sub-job key.
 * <p>
 * Threading: scheduling thread. The heap is reused.
 */
final class SubJobQueue {
    private final Session session;
    private final IntHeapPriorityQueue heap;
    private int job;
    private SubJobs subJobs;
    private Worksheet worksheet;

    SubJobQueue(Session session) {
        this.session = session;
        this.heap = new IntHeapPriorityQueue(this::compare);
    }

    void fill(int forJob, SubJobs sj, Worksheet ws, int[] cursors) {
        job = forJob;
        subJobs = sj;
        worksheet = ws;
        heap.clear();
        for (int k = 0; k < sj.count(); k++) {
            if (cursors[k] < ws.tasks[k].length) {
                heap.enqueue(k);
            }
        }
    }

    boolean isEmpty() {
        return heap.isEmpty();
    }

    int pop() {
        return heap.dequeueInt();
    }

    void push(int k) {
        heap.enqueue(k);
    }

    private int compare(int a, int b) {
        boolean ra = worksheet.required[a];
        boolean rb = worksheet.required[b];
        if (ra != rb) {
            return ra ? -1 : 1;
        }
        int c = SubJobStates.gangOrder(session, job, subJobs, a, b);
        if (c != 0) {
            return c;
        }
        c = Integer.compare(subJobs.matchIndex(a), subJobs.matchIndex(b));
        return c != 0 ? c : subJobs.key(a).compareTo(subJobs.key(b));
    }
}
