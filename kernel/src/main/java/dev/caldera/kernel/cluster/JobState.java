package dev.caldera.kernel.cluster;

import dev.caldera.kernel.util.RowMarks;

import java.util.Arrays;

/**
 * The mutable part of every job: its PodGroup phase, how many of its tasks are in each status and what they
 * request by status ({@link JobRequests}), kept up to date on every status change so gang checks are
 * O(statuses) and fair-share totals O(dims), never a walk over tasks.
 * <p>
 * Counters are flattened job-major: {@code count[job * STRIDE + status]}, plus one extra bucket
 * {@link #PENDING_BEST_EFFORT} for pending tasks that request nothing. Jobs with minTaskMember keep the
 * same buckets per role slot in {@code roleCount[job][slot * STRIDE + bucket]}.
 * <p>
 * Every row written is marked in {@link #changed}.
 * <p>
 * Threading: NOT thread safe. {@link #copyFrom} reuses this instance's arrays (no allocation once sized).
 */
public final class JobState {
    /** Rows written since the owner last cleared the marks. */
    private final RowMarks changed = new RowMarks();
    public static final int PENDING_BEST_EFFORT = TaskStatus.COUNT;
    public static final int STRIDE = TaskStatus.COUNT + 1;

    private int capacity;
    private byte[] phase = new byte[0];
    private int[] count = new int[0];
    private int[][] roleCount = new int[0][];
    private final JobRequests requests = new JobRequests();

    public void ensureRows(int needed) {
        if (needed <= capacity) {
            return;
        }
        int cap = Columns.grow(capacity, needed);
        phase = Arrays.copyOf(phase, cap);
        count = Arrays.copyOf(count, cap * STRIDE);
        roleCount = Arrays.copyOf(roleCount, cap);
        requests.ensureRows(cap);
        capacity = cap;
    }

    public int count(int job, int bucket) {
        return count[job * STRIDE + bucket];
    }

    /**
     * Moves one task of {@code job} (role slot, best-effort flag, request vector) from {@code from} to
     * {@code to}.
     */
    public void move(int job, int slot, boolean bestEffort, long[] request, byte from, byte to) {
        remove(job, slot, bestEffort, request, from);
        add(job, slot, bestEffort, request, to);
    }

    public void add(int job, int slot, boolean bestEffort, long[] request, byte status) {
        changed.mark(job);
        bump(job, slot, status, 1);
        if (bestEffort && status == TaskStatus.PENDING) {
            bump(job, slot, PENDING_BEST_EFFORT, 1);
        }
        requests.add(job, request, status, 1);
    }

    public void remove(int job, int slot, boolean bestEffort, long[] request, byte status) {
        changed.mark(job);
        bump(job, slot, status, -1);
        if (bestEffort && status == TaskStatus.PENDING) {
            bump(job, slot, PENDING_BEST_EFFORT, -1);
        }
        requests.add(job, request, status, -1);
    }

    private void bump(int job, int slot, int bucket, int delta) {
        count[job * STRIDE + bucket] += delta;
        if (slot >= 0) {
            roleCount[job][slot * STRIDE + bucket] += delta;
        }
    }

    /** Clears the counters and requests of a job and sizes its role counters for {@code roles} slots. */
    public void reset(int job, int roles) {
        changed.mark(job);
        Arrays.fill(count, job * STRIDE, (job + 1) * STRIDE, 0);
        requests.clear(job);
        roleCount[job] = roles == 0 ? null : new int[roles * STRIDE];
    }

    /** Copies rows {@code [0, rows)} of {@code from}, growing this instance if needed; marks every row. */
    public void copyFrom(JobState from, int rows) {
        changed.markAll();
        ensureRows(from.capacity);
        System.arraycopy(from.phase, 0, phase, 0, rows);
        System.arraycopy(from.count, 0, count, 0, rows * STRIDE);
        requests.copyFrom(from.requests, rows);
        for (int j = 0; j < rows; j++) {
            copyRoles(from, j);
        }
    }

    /**
     * Copies the rows of {@code from} listed in {@code marks} (those below {@code rows}); the request columns must
     * have as many dimensions as {@code from}'s. See {@link NodeUsage#copyRows}.
     */
    public void copyRows(JobState from, RowMarks marks, int rows) {
        ensureRows(from.capacity);
        for (int i = 0; i < marks.size(); i++) {
            int j = marks.row(i);
            if (j < rows) {
                phase[j] = from.phase[j];
                System.arraycopy(from.count, j * STRIDE, count, j * STRIDE, STRIDE);
                requests.copyRow(from.requests, j);
                copyRoles(from, j);
            }
        }
    }

    private void copyRoles(JobState from, int j) {
        int[] src = from.roleCount[j];
        if (src == null) {
            roleCount[j] = null;
        } else {
            int[] dst = roleCount[j];
            if (dst == null || dst.length != src.length) {
                dst = new int[src.length];
                roleCount[j] = dst;
            }
            System.arraycopy(src, 0, dst, 0, src.length);
        }
    }

    public byte phase(int job) {
        return phase[job];
    }

    public void phase(int job, byte value) {
        changed.mark(job);
        phase[job] = value;
    }

    public int count(int i) {
        return count[i];
    }

    public int[] roleCount(int job) {
        return roleCount[job];
    }

    public int roleCount(int job, int k) {
        return roleCount[job][k];
    }

    /** Rows written since the marks were last cleared (every writer of this table marks the row). */
    public RowMarks changed() {
        return changed;
    }

    /** The per-job request sums by status. */
    public JobRequests requests() {
        return requests;
    }
}
