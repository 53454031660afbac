package dev.caldera.kernel.plugin.overcommit;

import dev.caldera.kernel.cluster.JobPhase;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.plugin.Extensions;
import dev.caldera.kernel.plugin.JobReservation;
import dev.caldera.kernel.plugin.Plugin;
import dev.caldera.kernel.plugin.ShareDimensions;
import dev.caldera.kernel.plugin.Vote;
import dev.caldera.kernel.resource.ResourceDimensions;
import dev.caldera.kernel.session.Session;

import java.util.Arrays;

/**
 * Volcano v1.7's {@code overcommit} plugin: a Pending job may become Inqueue while what admitted jobs
 * still need, plus its own minResources, fits the cluster's allocatable times {@code overcommit-factor}
 * (default 1.2) minus what tasks on nodes use.
 * <p>
 * At open, "what admitted jobs still need" is the minResources of every Inqueue PodGroup plus, for Running
 * PodGroups with minResources whose running pod count reached minMember, the part of minResources not
 * yet allocated (see {@link JobReservation#addRunningReserve}); each admitted job then adds its
 * minResources (JobEnqueued). v1.7 reads the running pod count from PodGroup status, written by the
 * previous cycle; Caldera counts the job's Running tasks in the snapshot, which is the same number once
 * the scheduler has run a cycle.
 * <p>
 * Exactness: Volcano compares {@code need <= total x factor - used} in floats with a 0.1 tolerance;
 * Caldera compares {@code need + used <= limit} in longs with {@code limit} the largest integer below
 * {@code total x factor + 0.1} (computed with the same double product), which is the same decision.
 * <p>
 * Threading: scheduling thread. JobEnqueueable and JobEnqueued are O(dims), no allocation.
 */
public final class OvercommitPlugin implements Plugin {
    public static final String NAME = "overcommit";
    public static final String FACTOR = "overcommit-factor";
    public static final double DEFAULT_FACTOR = 1.2;

    private final double factor;
    private final ShareDimensions dimensions = new ShareDimensions();
    private long[] limit = new long[0];
    private long[] used = new long[0];
    private long[] inqueue = new long[0];
    private long[] jobAllocated = new long[0];
    private int[] dims = new int[0];
    private Session session;

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
    public void open(Session s) {
        session = s;
        dimensions.refresh(s.dims);
        dims = dimensions.dims();
        size(dimensions.stride());
        for (int d : dims) {
            long total = d < s.totalAllocatable.length ? s.totalAllocatable[d] : 0;
            limit[d] = (long) Math.ceil(total * factor + 0.1) - 1;
            used[d] = usedOn(s, d);
        }
        for (int i = 0; i < s.jobList.size(); i++) {
            reserve(s, s.jobList.getInt(i));
        }
    }

    private void size(int stride) {
        if (limit.length != stride) {
            limit = new long[stride];
            used = new long[stride];
            inqueue = new long[stride];
            jobAllocated = new long[stride];
        }
        Arrays.fill(inqueue, 0);
    }

    /** Sum of Volcano's NodeInfo.Used (allocated and releasing tasks, not pipelined) over live nodes. */
    private static long usedOn(Session s, int d) {
        if (d >= s.usage.dims()) {
            return 0;
        }
        long[] column = s.usage.used[d];
        long sum = 0;
        for (int i = 0; i < s.nodeCount; i++) {
            sum += column[s.nodeList[i]];
        }
        return sum;
    }

    private void reserve(Session s, int job) {
        long[] min = s.jobs.minResources[job];
        if (min == null) {
            return;
        }
        byte phase = s.jobState.phase[job];
        if (phase == JobPhase.INQUEUE) {
            JobReservation.add(min, dims, inqueue, 0);
        } else if (phase == JobPhase.RUNNING && s.count(job, TaskStatus.RUNNING) >= s.jobs.minMember[job]) {
            Arrays.fill(jobAllocated, 0);
            JobReservation.addAllocated(s, job, dims, jobAllocated, 0);
            JobReservation.addRunningReserve(min, jobAllocated, 0, dims, inqueue, 0);
        }
    }

    /** cpu and memory always; a scalar only when the job or the admitted jobs need some of it. */
    int enqueueable(int job) {
        long[] min = session.jobs.minResources[job];
        if (min == null) {
            return Vote.PERMIT;
        }
        for (int d : dims) {
            long need = inqueue[d] + ShareDimensions.at(min, d);
            boolean checked = d <= ResourceDimensions.MEMORY || need != 0;
            if (checked && need + used[d] > limit[d]) {
                return Vote.REJECT;
            }
        }
        return Vote.PERMIT;
    }

    void enqueued(int job) {
        long[] min = session.jobs.minResources[job];
        if (min != null) {
            JobReservation.add(min, dims, inqueue, 0);
        }
    }

    /** What admitted jobs reserve, by dimension (tests and reports). */
    public long inqueue(int dim) {
        return inqueue[dim];
    }

    public double factor() {
        return factor;
    }
}
