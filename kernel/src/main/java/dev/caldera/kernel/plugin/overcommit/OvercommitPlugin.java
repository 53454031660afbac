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
 * O((nodes + jobs) x dims) at every open, on purpose: two sequential passes over the node usage and the jobs'
 * minResources cost less than recounting the changed rows only, which reads each changed node's and job's kept
 * vectors at random (measured 2026-11-28 at 10,000 nodes with 1% of the pods changed: about 1.3% of the open and
 * apply against 4.7%; see perf-results/README.md, issue 14).
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
    public void open(SessionView s) {
        session = s;
        dimensions.refresh(s.dims());
        dims = dimensions.dims();
        size(dimensions.stride());
        for (int d : dims) {
            long total = s.totalAllocatable(d);
            limit[d] = (long) Math.floor(total * factor);
            used[d] = usedOn(s, d);
        }
        for (int i = 0; i < s.jobCount(); i++) {
            reserve(s, s.job(i));
        }
    }

    private void size(int stride) {
        if (limit.length != stride) {
            limit = new long[stride];
            used = new long[stride];
            inqueue = new long[stride];
        }
        Arrays.fill(inqueue, 0);
    }

    /** Sum of Volcano's NodeInfo.Used (allocated and releasing tasks, not pipelined) over live nodes. */
    private static long usedOn(SessionView s, int d) {
        if (d >= s.dims().count()) {
            return 0;
        }
        long sum = 0;
        for (int i = 0; i < s.nodeCount(); i++) {
            sum += s.used(d, s.node(i));
        }
        return sum;
    }

    private void reserve(SessionView s, int job) {
        if (!s.jobs().hasMinResources(job)) {
            return;
        }
        if (s.phase(job) == JobPhase.INQUEUE) {
            reservations.addMinLessGated(s, job, dims, inqueue, 0);
        } else if (Reservations.reserves(s, job)) {
            reservations.addReserve(s, job, dims, inqueue, 0);
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
