package dev.caldera.kernel.plugin.proportion;

import dev.caldera.kernel.framework.Jobs;
import dev.caldera.kernel.framework.Extensions;
import dev.caldera.kernel.framework.JobReservation;
import dev.caldera.kernel.framework.Plugin;
import dev.caldera.kernel.framework.QueueShare;
import dev.caldera.kernel.framework.QueueShareSource;
import dev.caldera.kernel.framework.Request;
import dev.caldera.kernel.framework.Reservations;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.framework.Vote;
import dev.caldera.kernel.framework.Dimensions;
import dev.caldera.kernel.framework.VolcanoDimensions;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * Current Volcano's {@code proportion} plugin ({@code pkg/scheduler/plugins/proportion/proportion.go}): each
 * queue's deserved share of the cluster by weight ({@link DeservedShares}), and the rules built on it. Vectors
 * cover the resources current Volcano's {@code api.Resource} holds ({@link VolcanoDimensions}: cpu, memory,
 * {@code pods} - one per task -, ephemeral-storage and the scalar resources).
 * <ul>
 *   <li>QueueOrder: higher {@code spec.priority} first, then lower share (max over the resources with a positive
 *       deserved of allocated / deserved, pods included).</li>
 *   <li>Overused: deserved &lt;= allocated on every resource (pods included).</li>
 *   <li>Allocatable and Preemptive ({@code queueAllocatable}): the queue is Open and allocated + request &lt;=
 *       deserved on every resource the task requests, pods aside.</li>
 *   <li>JobEnqueueable: the queue is Open; a job without minResources is admitted; else minResources +
 *       allocated + inqueue - elastic &lt;= realCapability on every resource minResources asks for, pods aside.
 *       JobEnqueued then adds the job's minResources (less its gated pods) to the queue's inqueue.</li>
 *   <li>Reclaimable: a victim is offered while its queue's running copy of allocated is above deserved in some
 *       resource; each victim leaves the copy.</li>
 * </ul>
 * realCapability = (cluster total - every queue's guarantee, where positive) + the queue's guarantee, bounded
 * by {@code spec.capability} where it sets a resource (an unset or zero cpu or memory bounds nothing). Inqueue is
 * what Inqueue PodGroups, and Running ones with minMember tasks allocated, still reserve of their minResources
 * ({@link Reservations}). Allocated is kept exact by allocate/deallocate events; request, inqueue, elastic and
 * deserved are computed once per session, as in Volcano.
 * <p>
 * Threading: scheduling thread only (no predicate or scorer here). Events and checks are O(dims) with
 * no allocation; open is O(jobs x dims + rounds x queues x dims), or O(changed jobs x dims + rounds x queues x dims)
 * when the session opened incrementally.
 */
public final class ProportionPlugin implements Plugin, QueueShareSource {
    public static final String NAME = "proportion";

    private final QueueAttributes attrs = new QueueAttributes();
    private final DeservedShares shares = new DeservedShares();
    private final VolcanoDimensions dimensions = new VolcanoDimensions();
    private final Reservations reservations = new Reservations();
    /** What each job of the session adds to its queue at open, kept across sessions (see {@link JobSums}). */
    private final JobSums jobs = new JobSums();
    private long[] totalGuarantee = new long[0];
    /** The session's total allocatable, copied at open. */
    private long[] total = new long[0];
    private long[] reclaimScratch = new long[0];
    private int[] reclaimStamp = new int[0];
    private int reclaimCall;
    private int[] dims = new int[0];
    private SessionView session;

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
        ext.jobEnqueued(this::enqueued);
        ext.reclaimable(this::victims);
        ext.allocateListener(new Listener());
    }

    @Override
    public void open(SessionView s) {
        boolean sameSession = s == session && !s.openedWhole();
        session = s;
        dimensions.refresh(s.dims());
        dims = dimensions.dims();
        int stride = dimensions.stride();
        attrs.reset(s.queues().rows(), stride);
        sumGuarantees(s, stride);
        if (sameSession && jobs.fits(s.jobs().capacity(), s.queues().rows(), stride)) {
            for (int i = 0; i < s.changedJobCount(); i++) {
                int job = s.changedJob(i);
                jobs.retire(job);
                if (s.inSession(job)) {
                    countJob(s, job);
                }
            }
        } else {
            jobs.reset(s.jobs().capacity(), s.queues().rows(), stride);
            for (int i = 0; i < s.jobCount(); i++) {
                countJob(s, s.job(i));
            }
        }
        for (int q = 0; q < attrs.rows; q++) {
            if (jobs.jobsIn(q) > 0) {
                QueueLimits.init(attrs, q, s, totalGuarantee, dims);
                jobs.sumsInto(q, attrs);
            }
        }
        total = JobReservation.totalAllocatable(s, total);
        shares.compute(attrs, total, dims);
    }

    // ------------------------------------------------------------------ open

    private void sumGuarantees(SessionView s, int stride) {
        if (totalGuarantee.length != stride) {
            totalGuarantee = new long[stride];
        }
        java.util.Arrays.fill(totalGuarantee, 0);
        for (int q = 0; q < s.queues().rows(); q++) {
            if (s.queues().live(q) && s.queues().hasGuarantee(q)) {
                for (int d : dims) {
                    totalGuarantee[d] += s.queues().guarantee(q, d);
                }
            }
        }
    }

    /**
     * What the job adds to its queue at open ({@link JobSums}): allocated = its tasks in AllocatedStatus (plus
     * Pipelined, so that open agrees with the events; no task is Pipelined when a session opens), request = those
     * plus its Pending tasks, inqueue = what it reserves, elastic = its allocated beyond minResources.
     */
    private void countJob(SessionView s, int job) {
        int q = s.jobs().queue(job);
        int b = jobs.begin(job, q);
        long[] v = jobs.vectors;
        JobReservation.addAllocatedRequest(s, job, dims, v, b);
        JobReservation.addPipelinedRequest(s, job, dims, v, b);
        JobReservation.addAllocatedRequest(s, job, dims, v, jobs.request(b));
        JobReservation.addPipelinedRequest(s, job, dims, v, jobs.request(b));
        JobReservation.addPendingRequest(s, job, dims, v, jobs.request(b));
        if (Reservations.reserves(s, job)) {
            reservations.addReserve(s, job, dims, v, jobs.inqueue(b));
        }
        reservations.addElastic(s, job, dims, v, jobs.elastic(b));
        jobs.end(job);
    }

    // ------------------------------------------------------------------ extension points

    int compareQueues(int a, int b) {
        int pa = session.queues().priority(a);
        int pb = session.queues().priority(b);
        if (pa != pb) {
            return pa > pb ? -1 : 1;
        }
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
        Request req = session.requestOf(task);
        int b = attrs.base(queue);
        for (int d : dims) {
            long r = req.at(d);
            if (r > 0 && !VolcanoDimensions.ignored(d) && attrs.allocated[b + d] + r > attrs.deserved[b + d]) {
                return false;
            }
        }
        return true;
    }

    int enqueueable(int job) {
        if (!session.queueOpen(session.jobs().queue(job))) {
            return Vote.REJECT;
        }
        Jobs jobs = session.jobs();
        if (!jobs.hasMinResources(job)) {
            return Vote.PERMIT;
        }
        int b = attrs.base(jobs.queue(job));
        for (int d : dims) {
            long m = jobs.minResource(job, d);
            if (m <= 0 || VolcanoDimensions.ignored(d)) {
                continue;
            }
            long need = m + attrs.allocated[b + d] + attrs.inqueue[b + d] - attrs.elastic[b + d];
            if (need > attrs.realCapability[b + d]) {
                return Vote.REJECT;
            }
        }
        return Vote.PERMIT;
    }

    /** JobEnqueued: the admitted job's minResources, less its gated pods' requests, join the queue's inqueue. */
    void enqueued(int job) {
        if (session.jobs().hasMinResources(job)) {
            reservations.addMinLessGated(session, job, dims, attrs.inqueue, attrs.base(session.jobs().queue(job)));
        }
    }

    /**
     * Walks the candidates in order with a per-queue copy of allocated: while the copy exceeds the queue's
     * deserved somewhere, the candidate is a victim and its request leaves the copy (current Volcano's
     * ReclaimableFn).
     */
    int victims(int reclaimer, IntArrayList candidates, IntArrayList victims) {
        beginReclaim();
        for (int i = 0; i < candidates.size(); i++) {
            int v = candidates.getInt(i);
            int q = session.queueOf(v);
            int b = scratchOf(q);
            if (aboveDeserved(b, attrs.base(q))) {
                Request req = session.requestOf(v);
                for (int d : dims) {
                    reclaimScratch[b + d] -= req.at(d);
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
                out.add(new QueueShare(session.queues().name(q), null, list(attrs.deserved, b, false),
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
            boolean shown = d <= Dimensions.MEMORY || x != 0;
            if (shown && !(bound && x == QueueAttributes.UNLIMITED)) {
                m.put(session.dims().name(d), x);
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
    private final class Listener implements dev.caldera.kernel.framework.AllocateListener {
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
            Request req = session.requestOf(task);
            for (int d : dims) {
                attrs.allocated[b + d] += sign * req.at(d);
            }
            attrs.updateShare(q, dims);
        }
    }
}
