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

    private SessionImage(Session s) {
        int nodes = s.nodes.rows;
        usage = new long[][][] {rows(s.usage.idle, nodes), rows(s.usage.used, nodes), rows(s.usage.releasing, nodes),
            rows(s.usage.pipelined, nodes)};
        int tasks = s.tasks.rows;
        status = Arrays.copyOf(s.taskState.status, tasks);
        node = Arrays.copyOf(s.taskState.node, tasks);
        int jobs = s.jobs.rows;
        phase = Arrays.copyOf(s.jobState.phase, jobs);
        counts = Arrays.copyOf(s.jobState.count, jobs * JobState.STRIDE);
        jobRequests = new long[][][] {rows(s.jobState.requests.allocated, jobs),
            rows(s.jobState.requests.pipelined, jobs), rows(s.jobState.requests.pending, jobs)};
        var u = s.topology.usage;
        hyperNodeSums = s.topology.tracking() ? u.snapshot() : new long[0][][];
        allocatedHyperNodes = allocatedHyperNodes(s, jobs);
        roleCounts = new int[jobs][];
        for (int j = 0; j < jobs; j++) {
            roleCounts[j] = s.jobState.roleCount[j] == null ? null : s.jobState.roleCount[j].clone();
        }
    }

    public static SessionImage of(Session s) {
        return new SessionImage(s);
    }

    private static int[][] allocatedHyperNodes(Session s, int jobs) {
        int[][] out = new int[jobs][];
        for (int j = 0; j < jobs; j++) {
            var sub = s.topology.subJobs(j);
            int count = sub == null ? 0 : sub.count();
            out[j] = new int[s.topology.handled(j) ? 1 + count : 0];
            for (int k = 0; k < out[j].length; k++) {
                out[j][k] = k == 0 ? s.topology.allocated(j) : sub.allocated(k - 1);
            }
        }
        return out;
    }

    private static long[][] rows(long[][] column, int rows) {
        long[][] out = new long[column.length][];
        for (int d = 0; d < column.length; d++) {
            out[d] = Arrays.copyOf(column[d], rows);
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
                && Arrays.deepEquals(allocatedHyperNodes, other.allocatedHyperNodes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(status);
    }

    @Override
    public String toString() {
        return "SessionImage{status=" + Arrays.toString(status) + ", node=" + Arrays.toString(node)
                + ", idle=" + Arrays.deepToString(usage[0]) + "}";
    }
}
