package dev.caldera.kernel.action;

import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.cluster.TaskTable;
import dev.caldera.kernel.order.HeapPool;
import dev.caldera.kernel.session.Session;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntHeapPriorityQueue;


/**
 * Pooled heaps for the eviction actions: jobs per queue in JobOrder and pending tasks per job in
 * TaskOrder, plus the queues that have jobs. Cleared and refilled every cycle without allocating once warm.
 */
final class JobHeaps {
    private final Int2ObjectOpenHashMap<IntHeapPriorityQueue> jobsByQueue = new Int2ObjectOpenHashMap<>();
    private final Int2ObjectOpenHashMap<IntHeapPriorityQueue> tasksByJob = new Int2ObjectOpenHashMap<>();
    final IntArrayList queues = new IntArrayList();
    private Session session;
    private HeapPool jobHeaps;
    private HeapPool taskHeaps;

    void clear(Session s) {
        if (session != s) {
            session = s;
            jobHeaps = new HeapPool(s::compareJobs);
            taskHeaps = new HeapPool(s::compareTasks);
        }
        jobsByQueue.clear();
        tasksByJob.clear();
        jobHeaps.releaseAll();
        taskHeaps.releaseAll();
        queues.clear();
    }

    void addJob(int queue, int job) {
        IntHeapPriorityQueue heap = jobsByQueue.get(queue);
        if (heap == null) {
            heap = jobHeaps.take();
            jobsByQueue.put(queue, heap);
            queues.add(queue);
        }
        heap.enqueue(job);
    }

    IntHeapPriorityQueue jobs(int queue) {
        return jobsByQueue.get(queue);
    }

    /**
     * The job's pending tasks that are not scheduling-gated, in TaskOrder (best-effort ones and those with
     * preemptionPolicy Never included, as in Volcano; the actions decide whether each may take room).
     */
    IntHeapPriorityQueue refillTasks(int job) {
        IntHeapPriorityQueue heap = tasksByJob.get(job);
        if (heap == null) {
            heap = taskHeaps.take();
            tasksByJob.put(job, heap);
        }
        heap.clear();
        IntArrayList tasks = session.jobTable().tasks(job);
        for (int i = 0; i < tasks.size(); i++) {
            int t = tasks.getInt(i);
            if (session.status(t) == TaskStatus.PENDING && !session.taskTable().has(t, TaskTable.SCHEDULING_GATED)) {
                heap.enqueue(t);
            }
        }
        return heap;
    }

    IntHeapPriorityQueue tasks(int job) {
        return tasksByJob.get(job);
    }
}
