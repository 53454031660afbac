package dev.caldera.kernel.plugin.proportion;

import java.util.Arrays;

/**
 * What each job adds to its queue's allocated, request, inqueue and elastic when a session opens, and those
 * per-queue sums, kept from session to session so that an incremental open recounts only the changed jobs: a job
 * is retired (its last counted vectors leave its last queue's sums) and counted again. A job's four vectors lie
 * together in {@link #vectors} (job-major: from {@code job * 4 * stride}, allocated, request, inqueue, elastic, each
 * {@code stride} long, so that recounting a job touches one or two cache lines); the queue sums are
 * {@code long[queue * stride + dim]}. Events inside a session
 * change the plugin's {@link QueueAttributes}, never these sums (a job an event touched is a changed job at the
 * next open).
 * <p>
 * Threading: scheduling thread. Cost O(dims) per job counted or retired; arrays grow with the job and queue rows.
 */
final class JobSums {
    private static final int VECTORS = 4;
    int stride;
    /** Per job: allocated, request, inqueue and elastic ({@link #begin} gives the base, then the offsets below). */
    long[] vectors = new long[0];
    /** The queue each job was counted in, or -1. */
    private int[] queueOf = new int[0];
    private int[] jobsIn = new int[0];
    private long[] queueAllocated = new long[0];
    private long[] queueRequest = new long[0];
    private long[] queueInqueue = new long[0];
    private long[] queueElastic = new long[0];

    /** True when the arrays hold {@code jobRows} jobs and {@code queueRows} queues of {@code dims} dimensions. */
    boolean fits(int jobRows, int queueRows, int dims) {
        return dims == stride && queueOf.length >= jobRows && jobsIn.length >= queueRows;
    }

    /** Sized for the rows and dimensions, every job uncounted and every sum zero. */
    void reset(int jobRows, int queueRows, int dims) {
        stride = dims;
        if (queueOf.length < jobRows || vectors.length != queueOf.length * VECTORS * dims) {
            int cap = Math.max(jobRows, queueOf.length);
            queueOf = new int[cap];
            vectors = new long[cap * VECTORS * dims];
        }
        if (jobsIn.length < queueRows || queueAllocated.length != jobsIn.length * dims) {
            int cap = Math.max(queueRows, jobsIn.length);
            jobsIn = new int[cap];
            queueAllocated = new long[cap * dims];
            queueRequest = new long[cap * dims];
            queueInqueue = new long[cap * dims];
            queueElastic = new long[cap * dims];
        }
        Arrays.fill(queueOf, -1);
        Arrays.fill(jobsIn, 0);
        Arrays.fill(queueAllocated, 0);
        Arrays.fill(queueRequest, 0);
        Arrays.fill(queueInqueue, 0);
        Arrays.fill(queueElastic, 0);
    }

    /**
     * Starts counting {@code job} in {@code queue} (it must be retired): zeroes its vectors, returns their base in
     * {@link #vectors} (allocated there, request at {@link #request}, inqueue at {@link #inqueue}, elastic at
     * {@link #elastic}).
     */
    int begin(int job, int queue) {
        queueOf[job] = queue;
        int b = job * VECTORS * stride;
        Arrays.fill(vectors, b, b + VECTORS * stride, 0);
        return b;
    }

    /** Where the request vector of the job whose base is {@code b} starts. */
    int request(int b) {
        return b + stride;
    }

    int inqueue(int b) {
        return b + 2 * stride;
    }

    int elastic(int b) {
        return b + 3 * stride;
    }

    /** Adds the job's vectors, filled since {@link #begin}, to its queue's sums. */
    void end(int job) {
        move(job, 1);
        jobsIn[queueOf[job]]++;
    }

    /** Takes the job's last counted vectors out of its queue's sums (nothing when it is not counted). */
    void retire(int job) {
        if (queueOf[job] < 0) {
            return;
        }
        move(job, -1);
        jobsIn[queueOf[job]]--;
        queueOf[job] = -1;
    }

    private void move(int job, int sign) {
        int j = job * VECTORS * stride;
        int q = queueOf[job] * stride;
        for (int d = 0; d < stride; d++) {
            queueAllocated[q + d] += sign * vectors[j + d];
            queueRequest[q + d] += sign * vectors[j + stride + d];
            queueInqueue[q + d] += sign * vectors[j + 2 * stride + d];
            queueElastic[q + d] += sign * vectors[j + 3 * stride + d];
        }
    }

    /** Jobs counted in {@code queue}. */
    int jobsIn(int queue) {
        return jobsIn[queue];
    }

    /** Copies the queue's sums into the session's attributes (same stride). */
    void sumsInto(int queue, QueueAttributes attrs) {
        int q = queue * stride;
        int b = attrs.base(queue);
        System.arraycopy(queueAllocated, q, attrs.allocated, b, stride);
        System.arraycopy(queueRequest, q, attrs.request, b, stride);
        System.arraycopy(queueInqueue, q, attrs.inqueue, b, stride);
        System.arraycopy(queueElastic, q, attrs.elastic, b, stride);
    }
}
