package dev.caldera.kernel.statement;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.conf.Tier;
import dev.caldera.kernel.framework.PluginChain;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.session.Decisions;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.testing.PluginImage;
import dev.caldera.kernel.testing.RandomClusters;
import dev.caldera.kernel.testing.SessionImage;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Any random sequence of Allocate, Pipeline and Evict followed by Discard leaves the session exactly as before:
 * every state array of the session ({@link SessionImage}) and everything every plugin holds ({@link PluginImage},
 * all the plugins the kernel has, so each one's event bookkeeping is checked).
 */
class StatementDiscardProperties {

    @Property(tries = 200)
    void discardRestoresEverySessionArrayExactly(@ForAll @LongRange(min = 0, max = 1_000_000) long seed,
                                                 @ForAll @IntRange(min = 1, max = 60) int operations) {
        ClusterCache cache = new ClusterCache();
        RandomClusters.fill(cache, seed, 8, 12);
        cache.applyChanges();
        Session session = new Session(cache, chain());
        session.open();
        SessionImage before = SessionImage.of(session);
        PluginImage pluginsBefore = PluginImage.of(session.plugins().plugins());

        Statement statement = new Statement(session);
        statement.begin();
        applyRandomOperations(session, statement, new SplittableRandom(seed ^ operations), operations);
        statement.discard();

        assertThat(SessionImage.of(session)).isEqualTo(before);
        assertThat(pluginsBefore.changesIn(PluginImage.of(session.plugins().plugins()))).isEmpty();
    }

    /**
     * Preempt and reclaim try a node inside the job's statement and undo only that node's operations
     * (Volcano's per-node statement, discarded when the preemptor does not fit there).
     */
    @Property(tries = 150)
    void rollbackToAMarkRestoresTheStateAtTheMark(@ForAll @LongRange(min = 0, max = 1_000_000) long seed,
                                                  @ForAll @IntRange(min = 0, max = 30) int first,
                                                  @ForAll @IntRange(min = 1, max = 30) int second) {
        ClusterCache cache = new ClusterCache();
        RandomClusters.fill(cache, seed, 8, 12);
        cache.applyChanges();
        Session session = new Session(cache, chain());
        session.open();
        Statement statement = new Statement(session);
        statement.begin();
        SplittableRandom r = new SplittableRandom(seed ^ first);
        applyRandomOperations(session, statement, r, first);
        SessionImage atMark = SessionImage.of(session);
        PluginImage pluginsAtMark = PluginImage.of(session.plugins().plugins());
        long mark = statement.mark();
        int kept = statement.size();
        applyRandomOperations(session, statement, r, second);
        statement.rollback(mark);

        assertThat(SessionImage.of(session)).isEqualTo(atMark);
        assertThat(pluginsAtMark.changesIn(PluginImage.of(session.plugins().plugins()))).isEmpty();
        assertThat(statement.size()).isEqualTo(kept);
    }

    @Property(tries = 100)
    void savedOperationsReplayToTheSameState(@ForAll @LongRange(min = 0, max = 1_000_000) long seed,
                                             @ForAll @IntRange(min = 1, max = 40) int operations) {
        ClusterCache cache = new ClusterCache();
        RandomClusters.fill(cache, seed, 6, 10);
        cache.applyChanges();
        Session session = new Session(cache, chain());
        session.open();
        Statement statement = new Statement(session);
        statement.begin();
        applyRandomOperations(session, statement, new SplittableRandom(seed), operations);
        SessionImage after = SessionImage.of(session);
        PluginImage pluginsAfter = PluginImage.of(session.plugins().plugins());
        SavedOperations saved = new SavedOperations();
        statement.save(saved);
        statement.discard();

        statement.begin();
        statement.recover(saved);

        assertThat(SessionImage.of(session)).isEqualTo(after);
        assertThat(pluginsAfter.changesIn(PluginImage.of(session.plugins().plugins()))).isEmpty();
    }

    /** Every plugin the kernel has, so their event bookkeeping is restored too. */
    static PluginChain chain() {
        List<PluginOption> plugins = new java.util.ArrayList<>();
        for (String name : PluginRegistry.defaults().names()) {
            plugins.add(PluginOption.of(name));
        }
        return PluginChain.build(List.of(new Tier(plugins)), PluginRegistry.defaults());
    }

    static void applyRandomOperations(Session s, Statement st, SplittableRandom r, int operations) {
        for (int i = 0; i < operations; i++) {
            List<Integer> pending = live(s, TaskStatus.PENDING);
            List<Integer> running = live(s, TaskStatus.RUNNING);
            int node = s.liveNodes()[r.nextInt(s.nodeCount())];
            int kind = r.nextInt(3);
            if (kind == 0 && !pending.isEmpty()) {
                st.allocate(pending.get(r.nextInt(pending.size())), node);
            } else if (kind == 1 && !pending.isEmpty()) {
                st.pipeline(pending.get(r.nextInt(pending.size())), node);
            } else if (!running.isEmpty()) {
                st.evict(running.get(r.nextInt(running.size())), Decisions.PREEMPT);
            }
        }
    }

    private static List<Integer> live(Session s, byte status) {
        List<Integer> out = new java.util.ArrayList<>();
        for (int t = 0; t < s.taskTable().rows(); t++) {
            if (s.taskTable().live(t) && s.taskState().status(t) == status) {
                out.add(t);
            }
        }
        return out;
    }
}
