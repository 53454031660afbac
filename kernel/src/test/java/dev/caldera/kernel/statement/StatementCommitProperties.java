package dev.caldera.kernel.statement;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.testing.RandomClusters;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Committing allocations hands them to the bind sink without moving anything on their nodes: an Allocated task
 * and a Binding one take the same, so the nodes' usage stays, and the node journal (what the selectors catch up
 * on) gets no record for them.
 */
class StatementCommitProperties {

    @Property(tries = 150)
    void committingAllocationsLeavesUsageAndJournalAlone(@ForAll @LongRange(min = 0, max = 1_000_000) long seed,
                                                        @ForAll @IntRange(min = 1, max = 30) int allocations) {
        ClusterCache cache = new ClusterCache();
        RandomClusters.fill(cache, seed, 8, 12);
        cache.applyChanges();
        Session session = new Session(cache, StatementDiscardProperties.chain());
        session.open();
        Statement statement = new Statement(session);
        statement.begin();
        List<Integer> placed = allocateSome(session, statement, new SplittableRandom(seed), allocations);
        long[] usage = usage(session);
        long journal = session.journal().sequence();
        int binding = countBinding(session);

        assertThat(statement.commit()).isZero();

        assertThat(usage(session)).isEqualTo(usage);
        assertThat(session.journal().sequence()).isEqualTo(journal);
        assertThat(countBinding(session)).isEqualTo(binding + placed.size());
        for (int task : placed) {
            assertThat(session.taskState().status(task)).isEqualTo(TaskStatus.BINDING);
            assertThat(cache.taskState().status(task)).isEqualTo(TaskStatus.BINDING);
        }
    }

    /** Allocates up to {@code n} pending tasks without a nomination to random nodes; returns them. */
    private static List<Integer> allocateSome(Session s, Statement st, SplittableRandom r, int n) {
        List<Integer> out = new ArrayList<>();
        for (int t = 0; t < s.taskTable().rows() && out.size() < n; t++) {
            if (s.taskTable().live(t) && s.taskState().status(t) == TaskStatus.PENDING
                    && s.cache().nominations().nodeOf(t) < 0) {
                st.allocate(t, s.liveNodes()[r.nextInt(s.nodeCount())]);
                out.add(t);
            }
        }
        return out;
    }

    /** Every node's idle, used, releasing and pipelined, every dimension, in one array. */
    private static long[] usage(Session s) {
        int dims = s.usage().dims();
        int nodes = s.nodeTable().rows();
        long[] out = new long[4 * dims * nodes];
        int i = 0;
        for (int n = 0; n < nodes; n++) {
            for (int d = 0; d < dims; d++) {
                out[i++] = s.usage().idle(d, n);
                out[i++] = s.usage().used(d, n);
                out[i++] = s.usage().releasing(d, n);
                out[i++] = s.usage().pipelined(d, n);
            }
        }
        return out;
    }

    private static int countBinding(Session s) {
        int count = 0;
        for (int j = 0; j < s.jobTable().rows(); j++) {
            count += s.count(j, TaskStatus.BINDING);
        }
        return count;
    }
}
