package dev.caldera.kernel.action;

import dev.caldera.kernel.cluster.JobPhase;
import dev.caldera.kernel.order.HeapPool;
import dev.caldera.kernel.session.Session;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntHeapPriorityQueue;


/**
 * The enqueue action: queues in QueueOrder take turns admitting their Pending jobs in JobOrder. A job
 * without minResources, or one every JobEnqueueable voter permits, becomes Inqueue and the plugins are
 * told (JobEnqueued) so they count what it reserves. The queue's state is the plugins' business (proportion
 * rejects the jobs of a queue that is not Open), as in current Volcano's actions/enqueue/enqueue.go: without
 * such a plugin, or for a job without minResources, a closed queue's job is enqueued like any other.
 * <p>
 * Threading: scheduling thread. Heaps are pooled across cycles.
 */
public final class EnqueueAction implements Action {
    private final Int2ObjectOpenHashMap<IntHeapPriorityQueue> jobsByQueue = new Int2ObjectOpenHashMap<>();
    private Session session;
    private IntHeapPriorityQueue queues;
    private HeapPool jobHeaps;

    @Override
    public String name() {
        return "enqueue";
    }

    @Override
    public void execute(Session s) {
        open(s);
        while (!queues.isEmpty()) {
            int queue = queues.dequeueInt();
            IntHeapPriorityQueue jobs = jobsByQueue.get(queue);
            if (jobs.isEmpty()) {
                continue;
            }
            int job = jobs.dequeueInt();
            if (s.jobTable().minResources(job) == null || s.plugins().jobEnqueueable(job)) {
                s.plugins().jobEnqueued(job);
                s.admit(job);
            }
            queues.enqueue(queue);
        }
    }

    private void open(Session s) {
        if (session != s) {
            session = s;
            queues = new IntHeapPriorityQueue(s::compareQueues);
            jobHeaps = new HeapPool(s::compareJobs);
        }
        queues.clear();
        jobsByQueue.clear();
        jobHeaps.releaseAll();
        for (int i = 0; i < s.jobCount(); i++) {
            int job = s.job(i);
            int queue = s.jobTable().queue(job);
            if (s.jobState().phase(job) != JobPhase.PENDING) {
                continue;
            }
            IntHeapPriorityQueue jobs = jobsByQueue.get(queue);
            if (jobs == null) {
                jobs = jobHeaps.take();
                jobsByQueue.put(queue, jobs);
                queues.enqueue(queue);
            }
            jobs.enqueue(job);
        }
    }
}
