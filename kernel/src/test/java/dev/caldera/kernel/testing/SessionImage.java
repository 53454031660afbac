package dev.caldera.kernel.testing;

import dev.caldera.kernel.cluster.JobState;
import dev.caldera.kernel.session.Session;

import java.util.Arrays;

/** A deep copy of every mutable array of a session, comparable with equals (for exact-restore properties). */
public final class SessionImage {
    private final long[][][] usage;
    private final byte[] status;
    private final int[] node;
    private final byte[] phase;
    private final int[] counts;
    private final int[][] roleCounts;
    private final long[][][] jobRequests;
    private final long[][][] hyperNodeSums;
    /** Per job: its allocated HyperNode, then each sub-job's (empty for jobs the topology path does not handle). */
    private final int[][] allocatedHyperNodes;
    /** Per task row: its sub-job in the topology state, or -1. */
    private final int[] subJobOf;

    private SessionImage(Session s) {
        int nodes = s.nodeTable().rows();
        int dims = s.usage().dims();
        usage = new long[][][] {rows(dims, nodes, (d, n) -> s.usage().idle(d, n)),
            rows(dims, nodes, (d, n) -> s.usage().used(d, n)), rows(dims, nodes, (d, n) -> s.usage().releasing(d, n)),
            rows(dims, nodes, (d, n) -> s.usage().pipelined(d, n))};
        int tasks = s.taskTable().rows();
        status = new byte[tasks];
        node = new int[tasks];
        for (int t = 0; t < tasks; t++) {
            status[t] = s.taskState().status(t);
            node[t] = s.taskState().node(t);
        }
        int jobs = s.jobTable().rows();
        phase = new byte[jobs];
        for (int j = 0; j < jobs; j++) {
            phase[j] = s.jobState().phase(j);
        }
        counts = new int[jobs * JobState.STRIDE];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = s.jobState().count(i);
        }
        int jobDims = s.jobState().requests().dims();
        jobRequests = new long[][][] {rows(jobDims, jobs, (d, j) -> s.jobState().requests().allocated(d, j)),
            rows(jobDims, jobs, (d, j) -> s.jobState().requests().pipelined(d, j)),
            rows(jobDims, jobs, (d, j) -> s.jobState().requests().pending(d, j))};
        var u = s.topologyState().usage();
        hyperNodeSums = s.topologyState().tracking() ? u.snapshot() : new long[0][][];
        allocatedHyperNodes = allocatedHyperNodes(s, jobs);
        subJobOf = new int[tasks];
        for (int t = 0; t < tasks; t++) {
            subJobOf[t] = s.topologyState().subJobOf(t);
        }
        roleCounts = new int[jobs][];
        for (int j = 0; j < jobs; j++) {
            roleCounts[j] = s.jobState().roleCount(j) == null ? null : s.jobState().roleCount(j).clone();
        }
    }

    public static SessionImage of(Session s) {
        return new SessionImage(s);
    }

    private static int[][] allocatedHyperNodes(Session s, int jobs) {
        int[][] out = new int[jobs][];
        for (int j = 0; j < jobs; j++) {
            var sub = s.topologyState().subJobs(j);
            int count = sub == null ? 0 : sub.count();
            out[j] = new int[s.topologyState().handled(j) ? 1 + count : 0];
            for (int k = 0; k < out[j].length; k++) {
                out[j][k] = k == 0 ? s.topologyState().allocated(j) : sub.allocated(k - 1);
            }
        }
        return out;
    }

    /** A {@code [dim][row]} column read through its accessor. */
    private interface Cell {
        long at(int d, int row);
    }

    private static long[][] rows(int dims, int rows, Cell cell) {
        long[][] out = new long[dims][rows];
        for (int d = 0; d < dims; d++) {
            for (int r = 0; r < rows; r++) {
                out[d][r] = cell.at(d, r);
            }
        }
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SessionImage other
                && Arrays.deepEquals(usage, other.usage)
                && Arrays.equals(status, other.status)
                && Arrays.equals(node, other.node)
                && Arrays.equals(phase, other.phase)
                && Arrays.equals(counts, other.counts)
                && Arrays.deepEquals(roleCounts, other.roleCounts)
                && Arrays.deepEquals(jobRequests, other.jobRequests)
                && Arrays.deepEquals(hyperNodeSums, other.hyperNodeSums)
                && Arrays.deepEquals(allocatedHyperNodes, other.allocatedHyperNodes)
                && Arrays.equals(subJobOf, other.subJobOf);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(status);
    }

    @Override
    public String toString() {
        return "SessionImage{status=" + Arrays.toString(status) + ", node=" + Arrays.toString(node)
                + ", idle=" + Arrays.deepToString(usage[0]) + ", subJobOf=" + Arrays.toString(subJobOf) + "}";
    }
}
