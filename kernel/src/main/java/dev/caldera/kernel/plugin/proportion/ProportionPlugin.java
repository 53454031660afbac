package dev.caldera.kernel.plugin.proportion;

import dev.caldera.kernel.cluster.JobRequests;
import dev.caldera.kernel.cluster.JobPhase;
import dev.caldera.kernel.plugin.Extensions;
import dev.caldera.kernel.plugin.JobReservation;
import dev.caldera.kernel.plugin.Plugin;
import dev.caldera.kernel.plugin.QueueShare;
import dev.caldera.kernel.plugin.QueueShareSource;
import dev.caldera.kernel.plugin.ShareDimensions;
import dev.caldera.kernel.plugin.Vote;
import dev.caldera.kernel.session.Session;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * Volcano v1.7's {@code proportion} plugin: each queue's deserved share of the cluster by weight
 * ({@link DeservedShares}), and the rules built on it.
 * <ul>
 *   <li>QueueOrder: lower share (max over dimensions of allocated / deserved) first. v1.7 has no queue
 *       priority here.</li>
 *   <li>Overused: deserved &lt;= allocated in every dimension.</li>
 *   <li>Allocatable: allocated + request &lt;= deserved in every dimension the task requests.</li>
 *   <li>JobEnqueueable: minResources + allocated + inqueue - elastic &lt;= realCapability; on a permit the
 *       job's minResources join the queue's inqueue at once (v1.7 does this inside the vote, not in a
 *       JobEnqueued hook, so a later plugin's reject does not undo it).</li>
 *   <li>Reclaimable (current Volcano): a victim is offered while its queue's (running) allocation is above
 *       deserved in some dimension; v1.7 also skipped a queue holding less than the reclaimer's request.</li>
 *   <li>Preemptive (not in v1.7; current Volcano): a queue may reclaim for a task while allocated + request
 *       &lt;= deserved on the dimensions the task requests.</li>
 *   <li>Queue state (current Volcano, {@code queueAllocatable} and the JobEnqueueable function): a queue whose
 *       state is not Open is neither Allocatable nor Preemptive, and its jobs are not enqueueable.</li>
 * </ul>
 * Allocated is kept exact by allocate/deallocate events; request, inqueue, elastic and deserved are
 * computed once per session, as in Volcano.
 * <p>
 * Threading: scheduling thread only (no predicate or scorer here). Events and checks are O(dims) with
 * no allocation; open is O(tasks + rounds x queues x dims).
 */
public final class ProportionPlugin implements Plugin, QueueShareSource {
    public static final String NAME = "proportion";

    private final QueueAttributes attrs = new QueueAttributes();
    private final DeservedShares shares = new DeservedShares();
    private final ShareDimensions dimensions = new ShareDimensions();
    private long[] totalGuarantee = new long[0];
    private long[] jobAllocated = new long[0];
    private long[] reclaimScratch = new long[0];
    private int[] reclaimStamp = new int[0];
    private int reclaimCall;
    private int[] dims = new int[0];
    private Session session;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void register(Extensions ext) {
        ext.queueOrder(this::compareQueues);
        ext.overused(this::overused);
        ext.allocatable(this::allocatable);
        ext.preemptive(this::allocatable);
        ext.jobEnqueueable(this::enqueueable);
        ext.reclaimable(this::victims);
        ext.allocateListener(new Listener());
    }

    @Override
    public void open(Session s) {
        session = s;
        dimensions.refresh(s.dims);
        dims = dimensions.dims();
        int stride = dimensions.stride();
        attrs.reset(s.queues.rows, stride);
        sumGuarantees(s, stride);
        for (int i = 0; i < s.jobList.size(); i++) {
            addJob(s, s.jobList.getInt(i));
        }
        shares.compute(attrs, s.totalAllocatable, dims);
    }

    // ------------------------------------------------------------------ open

    private void sumGuarantees(Session s, int stride) {
        if (totalGuarantee.length != stride) {
            totalGuarantee = new long[stride];
            jobAllocated = new long[stride];
        }
        java.util.Arrays.fill(totalGuarantee, 0);
        for (int q = 0; q < s.queues.rows; q++) {
            if (s.queues.live[q] && s.queues.guarantee[q] != null) {
                JobReservation.add(s.queues.guarantee[q], dims, totalGuarantee, 0);
            }
        }
    }

    private void addJob(Session s, int job) {
        int q = s.jobs.queue[job];
        if (!attrs.present[q]) {
            QueueLimits.init(attrs, q, s, totalGuarantee, dims);
        }
        int b = attrs.base(q);
        java.util.Arrays.fill(jobAllocated, 0);
        int allocatedTasks = addTasks(s, job, b);
        long[] min = s.jobs.minResources[job];
        byte phase = s.jobState.phase[job];
        if (phase == JobPhase.INQUEUE) {
            JobReservation.add(min, dims, attrs.inqueue, b);
        }
        if (phase == JobPhase.RUNNING && min != null && allocatedTasks >= s.jobs.minMember[job]) {
            JobReservation.addRunningReserve(min, jobAllocated, 0, dims, attrs.inqueue, b);
        }
        JobReservation.addElastic(min, jobAllocated, 0, dims, attrs.elastic, b);
    }

    /**
     * The job's task totals. Queue allocated: tasks holding resources (Volcano's AllocatedStatus, plus
     * Pipelined so that open agrees with the events; no task is Pipelined when a session opens). Queue
     * request: those plus Pending tasks. The job's own allocated ({@code jobAllocated}): AllocatedStatus
     * only; returns how many tasks that is.
     */
    private int addTasks(Session s, int job, int b) {
        JobRequests r = s.jobState.requests;
        int allocatedTasks = JobReservation.addAllocated(s, job, dims, jobAllocated, 0);
        JobReservation.addColumn(r.allocated, job, dims, attrs.allocated, b);
        JobReservation.addColumn(r.pipelined, job, dims, attrs.allocated, b);
        JobReservation.addColumn(r.allocated, job, dims, attrs.request, b);
        JobReservation.addColumn(r.pipelined, job, dims, attrs.request, b);
        JobReservation.addColumn(r.pending, job, dims, attrs.request, b);
        return allocatedTasks;
    }

    // ------------------------------------------------------------------ extension points

    int compareQueues(int a, int b) {
        double sa = attrs.share[a];
        double sb = attrs.share[b];
        return sa == sb ? 0 : sa < sb ? -1 : 1;
    }

    boolean overused(int queue) {
        int b = attrs.base(queue);
        for (int d : dims) {
            if (attrs.deserved[b + d] > attrs.allocated[b + d]) {
                return false;
            }
        }
        return true;
    }

    boolean allocatable(int queue, int task) {
        if (!session.queueOpen(queue)) {
            return false;
        }
        long[] req = session.request(task);
        int b = attrs.base(queue);
        for (int d : dims) {
            long r = ShareDimensions.at(req, d);
            if (r > 0 && attrs.allocated[b + d] + r > attrs.deserved[b + d]) {
                return false;
            }
        }
        return true;
    }

    int enqueueable(int job) {
        if (!session.queueOpen(session.jobs.queue[job])) {
            return Vote.REJECT;
        }
        long[] min = session.jobs.minResources[job];
        if (min == null) {
            return Vote.PERMIT;
        }
        int b = attrs.base(session.jobs.queue[job]);
        for (int d : dims) {
            long need = ShareDimensions.at(min, d) + attrs.allocated[b + d] + attrs.inqueue[b + d]
                    - attrs.elastic[b + d];
            boolean checked = d <= dev.caldera.kernel.resource.ResourceDimensions.MEMORY || need != 0;
            if (checked && need > attrs.realCapability[b + d]) {
                return Vote.REJECT;
            }
        }
        JobReservation.add(min, dims, attrs.inqueue, b);
        return Vote.PERMIT;
    }

    /**
     * Walks the candidates in order with a per-queue copy of allocated: while the copy exceeds the queue's
     * deserved somewhere, the candidate is a victim and its request leaves the copy (current Volcano's
     * ReclaimableFn; v1.7 also skipped a candidate whose queue's copy was below the reclaimer's request).
     */
    int victims(int reclaimer, IntArrayList candidates, IntArrayList victims) {
        beginReclaim();
        for (int i = 0; i < candidates.size(); i++) {
            int v = candidates.getInt(i);
            int q = session.queueOf(v);
            int b = scratchOf(q);
            if (aboveDeserved(b, attrs.base(q))) {
                long[] req = session.request(v);
                for (int d : dims) {
                    reclaimScratch[b + d] -= ShareDimensions.at(req, d);
                }
                victims.add(v);
            }
        }
        return Vote.PERMIT;
    }

    private void beginReclaim() {
        int need = attrs.present.length;
        if (reclaimStamp.length < need || reclaimScratch.length != attrs.allocated.length) {
            reclaimStamp = new int[need];
            reclaimScratch = new long[attrs.allocated.length];
            reclaimCall = 0;
        }
        reclaimCall++;
    }

    private int scratchOf(int queue) {
        int b = attrs.base(queue);
        if (reclaimStamp[queue] != reclaimCall) {
            reclaimStamp[queue] = reclaimCall;
            System.arraycopy(attrs.allocated, b, reclaimScratch, b, attrs.stride);
        }
        return b;
    }

    private boolean aboveDeserved(int b, int attrBase) {
        for (int d : dims) {
            if (reclaimScratch[b + d] > attrs.deserved[attrBase + d]) {
                return true;
            }
        }
        return false;
    }

    // ------------------------------------------------------------------ views for tests and reports

    /** Report rows for the queues with a job in the last session (report time only; allocates). */
    @Override
    public java.util.List<QueueShare> queueShares() {
        java.util.List<QueueShare> out = new java.util.ArrayList<>();
        for (int q = 0; session != null && q < attrs.rows; q++) {
            if (attrs.present[q]) {
                int b = attrs.base(q);
                out.add(new QueueShare(session.queues.name[q], null, list(attrs.deserved, b, false),
                        list(attrs.allocated, b, false), list(attrs.realCapability, b, true), attrs.share[q],
                        dev.caldera.kernel.resource.ResourceList.EMPTY, dev.caldera.kernel.resource.ResourceList.EMPTY));
            }
        }
        return out;
    }

    /** cpu and memory, then non-zero dimensions; a bound leaves out what is unlimited. */
    private dev.caldera.kernel.resource.ResourceList list(long[] v, int b, boolean bound) {
        java.util.Map<String, Long> m = new java.util.LinkedHashMap<>();
        for (int d : dims) {
            long x = v[b + d];
            boolean shown = d <= dev.caldera.kernel.resource.ResourceDimensions.MEMORY || x != 0;
            if (shown && !(bound && x == QueueAttributes.UNLIMITED)) {
                m.put(session.dims.name(d), x);
            }
        }
        return dev.caldera.kernel.resource.ResourceList.of(m);
    }

    /** The queue's allocated amount of {@code dim} in this session. */
    public long allocated(int queue, int dim) {
        return attrs.allocated[attrs.base(queue) + dim];
    }

    public long deserved(int queue, int dim) {
        return attrs.deserved[attrs.base(queue) + dim];
    }

    public long request(int queue, int dim) {
        return attrs.request[attrs.base(queue) + dim];
    }

    public long inqueue(int queue, int dim) {
        return attrs.inqueue[attrs.base(queue) + dim];
    }

    public long elastic(int queue, int dim) {
        return attrs.elastic[attrs.base(queue) + dim];
    }

    /** {@link QueueAttributes#UNLIMITED} where nothing bounds the queue. */
    public long realCapability(int queue, int dim) {
        return attrs.realCapability[attrs.base(queue) + dim];
    }

    public double share(int queue) {
        return attrs.share[queue];
    }

    /** Keeps each queue's allocated total and share exact across statement operations and undos. */
    private final class Listener implements dev.caldera.kernel.plugin.AllocateListener {
        @Override
        public void allocated(int task) {
            move(task, 1);
        }

        @Override
        public void deallocated(int task) {
            move(task, -1);
        }

        private void move(int task, int sign) {
            int q = session.queueOf(task);
            int b = attrs.base(q);
            long[] req = session.request(task);
            for (int d : dims) {
                attrs.allocated[b + d] += sign * ShareDimensions.at(req, d);
            }
            attrs.updateShare(q, dims);
        }
    }
}
