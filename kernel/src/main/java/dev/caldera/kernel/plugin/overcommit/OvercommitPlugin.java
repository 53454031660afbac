package dev.caldera.kernel.plugin.overcommit;

import dev.caldera.kernel.cluster.JobPhase;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.framework.Jobs;
import dev.caldera.kernel.framework.Extensions;
import dev.caldera.kernel.framework.Plugin;
import dev.caldera.kernel.framework.Reservations;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.framework.Vote;
import dev.caldera.kernel.framework.Dimensions;
import dev.caldera.kernel.framework.VolcanoDimensions;

import java.util.Arrays;

/**
 * Current Volcano's {@code overcommit} plugin ({@code pkg/scheduler/plugins/overcommit/overcommit.go}): a
 * Pending job may become Inqueue while what admitted jobs still reserve, plus its own minResources, stays within
 * the cluster's allocatable times {@code overcommit-factor} (default 1.2) minus what tasks on nodes use, on every
 * resource the job's minResources asks for ({@code pods} aside, as Volcano's
 * {@code LessEqualWithDimensionAndResourcesName} skips it).
 * <p>
 * At open, "what admitted jobs still reserve" is, for every Inqueue PodGroup with minResources, its minResources
 * less its gated pods' requests, and for every Running PodGroup with minResources and at least minMember tasks in
 * AllocatedStatus, the part of minResources not allocated ({@link Reservations}); each admitted job then adds
 * its minResources less its gated pods' requests (JobEnqueued). Used is Volcano's NodeInfo.Used: allocated and
 * releasing tasks, not pipelined ones.
 * <p>
 * Exactness: Volcano rejects when {@code need > total x factor - used} in float64; Caldera rejects when
 * {@code need + used > limit} in longs with {@code limit} the largest integer not above {@code total x factor}
 * (the same double product), which is the same decision for integer quantities.
 * <p>
 * Threading: scheduling thread. JobEnqueueable and JobEnqueued are O(dims), no allocation. Open is
 * O((nodes + jobs) x dims), or O((changed nodes + changed jobs) x dims) when the session opened incrementally.
 */
public final class OvercommitPlugin implements Plugin {
    public static final String NAME = "overcommit";
    public static final String FACTOR = "overcommit-factor";
    public static final double DEFAULT_FACTOR = 1.2;

    private final double factor;
    private final VolcanoDimensions dimensions = new VolcanoDimensions();
    private final Reservations reservations = new Reservations();
    private long[] limit = new long[0];
    private long[] used = new long[0];
    private long[] inqueue = new long[0];
    private int[] dims = new int[0];
    private SessionView session;
    /**
     * Kept across sessions so that an incremental open recounts only the changed nodes and jobs: what each live
     * node adds to {@link #used} and each job of the session to {@link #inqueue} at open ({@code row * stride + d}),
     * whether it is counted, and the sums. Events inside a session change {@link #inqueue}, never these.
     */
    private int stride;
    private long[] nodeUsed = new long[0];
    private boolean[] nodeCounted = new boolean[0];
    private long[] usedSum = new long[0];
    private long[] jobReserved = new long[0];
    private boolean[] jobCounted = new boolean[0];
    private long[] reservedSum = new long[0];

    public OvercommitPlugin(Arguments arguments) {
        this.factor = parseFactor(arguments);
    }

    /**
     * As current Volcano ({@code plugins/overcommit/overcommit.go}, {@code OnSessionOpen}): the factor is read
     * with {@code GetFloat64} (a value of another type is ignored), and a factor below 1 is replaced by the
     * default 1.2 with a warning.
     */
    static double parseFactor(Arguments arguments) {
        double f = arguments.getDouble(FACTOR, DEFAULT_FACTOR);
        if (f < 1.0) {
            arguments.warn(FACTOR, f + " is below 1, which Volcano does not allow; the default " + DEFAULT_FACTOR
                    + " is used, as Volcano does");
            return DEFAULT_FACTOR;
        }
        return f;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void register(Extensions ext) {
        ext.jobEnqueueable(this::enqueueable);
        ext.jobEnqueued(this::enqueued);
    }

    @Override
    /**
     * Used and inqueue as Volcano's open computes them: over every live node and every job of the session, or, when
     * this session opened incrementally (its last open was this plugin's too), over the changed ones only (the node
     * set is then the one of the last open; sums of longs, so the same totals).
     */
    public void open(SessionView s) {
        boolean sameSession = s == session && !s.openedWhole();
        session = s;
        dimensions.refresh(s.dims());
        dims = dimensions.dims();
        int st = dimensions.stride();
        if (limit.length != st) {
            limit = new long[st];
            used = new long[st];
            inqueue = new long[st];
        }
        if (sameSession && stride == st && nodeCounted.length >= s.nodes().capacity()
                && jobCounted.length >= s.jobs().capacity()) {
            for (int i = 0; i < s.changedNodeCount(); i++) {
                int node = s.changedNode(i);
                if (node < nodeCounted.length && nodeCounted[node]) { // the live nodes are those of the last open
                    move(nodeUsed, node, usedSum, -1);
                    countNode(s, node);
                }
            }
            for (int i = 0; i < s.changedJobCount(); i++) {
                int job = s.changedJob(i);
                if (jobCounted[job]) {
                    move(jobReserved, job, reservedSum, -1);
                    jobCounted[job] = false;
                }
                if (s.inSession(job)) {
                    countJob(s, job);
                }
            }
        } else {
            recount(s, st);
        }
        for (int d : dims) {
            long total = s.totalAllocatable(d);
            limit[d] = (long) Math.floor(total * factor);
        }
        System.arraycopy(usedSum, 0, used, 0, st);
        System.arraycopy(reservedSum, 0, inqueue, 0, st);
    }

    private void recount(SessionView s, int st) {
        stride = st;
        if (nodeCounted.length < s.nodes().capacity() || nodeUsed.length != nodeCounted.length * st) {
            int cap = Math.max(s.nodes().capacity(), nodeCounted.length);
            nodeCounted = new boolean[cap];
            nodeUsed = new long[cap * st];
        }
        if (jobCounted.length < s.jobs().capacity() || jobReserved.length != jobCounted.length * st) {
            int cap = Math.max(s.jobs().capacity(), jobCounted.length);
            jobCounted = new boolean[cap];
            jobReserved = new long[cap * st];
        }
        Arrays.fill(nodeCounted, false);
        Arrays.fill(jobCounted, false);
        usedSum = usedSum.length == st ? usedSum : new long[st];
        reservedSum = reservedSum.length == st ? reservedSum : new long[st];
        Arrays.fill(usedSum, 0);
        Arrays.fill(reservedSum, 0);
        for (int i = 0; i < s.nodeCount(); i++) {
            countNode(s, s.node(i));
        }
        for (int i = 0; i < s.jobCount(); i++) {
            countJob(s, s.job(i));
        }
    }

    /** Volcano's NodeInfo.Used of a live node (allocated and releasing tasks, not pipelined), into the sums. */
    private void countNode(SessionView s, int node) {
        int b = node * stride;
        Arrays.fill(nodeUsed, b, b + stride, 0);
        for (int d : dims) {
            if (d < s.dims().count()) {
                nodeUsed[b + d] = s.used(d, node);
            }
        }
        nodeCounted[node] = true;
        move(nodeUsed, node, usedSum, 1);
    }

    /** What a job of the session reserves at open, into the sums. */
    private void countJob(SessionView s, int job) {
        int b = job * stride;
        Arrays.fill(jobReserved, b, b + stride, 0);
        jobCounted[job] = true;
        if (!s.jobs().hasMinResources(job)) {
            return;
        }
        if (s.phase(job) == JobPhase.INQUEUE) {
            reservations.addMinLessGated(s, job, dims, jobReserved, b);
        } else if (Reservations.reserves(s, job)) {
            reservations.addReserve(s, job, dims, jobReserved, b);
        }
        move(jobReserved, job, reservedSum, 1);
    }

    /** Adds ({@code sign} 1) or takes out (-1) row {@code row}'s vector of {@code rows} to or from {@code sum}. */
    private void move(long[] rows, int row, long[] sum, int sign) {
        int b = row * stride;
        for (int d = 0; d < stride; d++) {
            sum[d] += sign * rows[b + d];
        }
    }

    /** Every resource the job's minResources asks for, pods aside. */
    int enqueueable(int job) {
        Jobs jobs = session.jobs();
        if (!jobs.hasMinResources(job)) {
            return Vote.PERMIT;
        }
        for (int d : dims) {
            long m = jobs.minResource(job, d);
            if (m > 0 && !VolcanoDimensions.ignored(d) && inqueue[d] + m + used[d] > limit[d]) {
                return Vote.REJECT;
            }
        }
        return Vote.PERMIT;
    }

    void enqueued(int job) {
        if (session.jobs().hasMinResources(job)) {
            reservations.addMinLessGated(session, job, dims, inqueue, 0);
        }
    }

    /** What tasks on live nodes use, by dimension, as counted at open (tests and reports). */
    public long used(int dim) {
        return used[dim];
    }

    /** What admitted jobs reserve, by dimension (tests and reports). */
    public long inqueue(int dim) {
        return inqueue[dim];
    }

    public double factor() {
        return factor;
    }
}
