package dev.caldera.kernel.select;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.testing.Clusters;
import dev.caldera.kernel.testing.PluginSessions;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.lifecycle.AfterContainer;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

import static dev.caldera.kernel.testing.PluginSessions.plugin;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link NodeGroups#replayed} names, in order, exactly the changes since a sequence whose {@link NodeGroups#repeats}
 * is before it (what a catch-up from there replays), however far back the sequence is within the ring: in the
 * same block of changes, blocks before, or so far that the ring has wrapped (over 32,768 changes, in some runs).
 * Nodes alike in pairs, changed at random (a task placed and taken off again), a few often and the rest seldom.
 */
class ReplayedChangesProperties {
    private static final int RING = 1 << 15;
    /** Checks, over all tries, of windows longer than a block (64 changes), and of windows after the ring wrapped. */
    private static final AtomicLong ACROSS_BLOCKS = new AtomicLong();
    private static final AtomicLong WRAPPED = new AtomicLong();

    @AfterContainer
    static void windowsSpannedBlocksAndTheRingWrapped() {
        assertThat(ACROSS_BLOCKS.get()).as("windows over more than a block").isPositive();
        assertThat(WRAPPED.get()).as("windows after the ring wrapped").isPositive();
    }

    @Property(tries = 12)
    void replayedChangesAreTheOnesThatRepeatNothingSinceTheStart(
            @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        ClusterCache cache = PluginSessions.cache();
        int nodes = 4 + r.nextInt(60);
        for (int n = 0; n < nodes; n++) {
            PluginSessions.node(cache, "node-" + n, n % 2 == 0 ? 4000L : 8000L, 16 * Clusters.GI);
        }
        PluginSessions.pending(cache, "task", ResourceList.of("cpu", 100L, "memory", Clusters.GI),
                PlacementSpec.NONE);
        Session s = PluginSessions.open(cache, plugin("predicates"));
        int task = PluginSessions.task(cache, "task");
        NodePositions positions = new NodePositions();
        positions.rebuild(s);
        NodeGroups groups = new NodeGroups();
        groups.regroup(s, positions, true);
        int hot = 1 + r.nextInt(Math.min(nodes, 6));
        int operations = seed % 3 == 0 ? 20_000 : 1_500;
        List<Long> marks = new ArrayList<>();
        long[] out = new long[RING];
        for (int i = 0; i < operations; i++) {
            int node = r.nextInt(4) == 0 ? r.nextInt(nodes) : r.nextInt(hot);
            s.allocate(task, PluginSessions.node(cache, "node-" + node));
            s.unplace(task);
            groups.sync(s.journal(), true);
            marks.add(groups.changeSequence());
            if (r.nextInt(40) == 0) {
                long since = marks.get(r.nextInt(marks.size()));
                since = r.nextBoolean() ? since : Math.max(0, since - r.nextInt(200));
                if (groups.covers(since)) {
                    if (groups.changeSequence() - since > 64) {
                        ACROSS_BLOCKS.incrementAndGet();
                    }
                    if (groups.changeSequence() > RING) {
                        WRAPPED.incrementAndGet();
                    }
                    assertThat(replayed(groups, since, out)).as("since %d of %d", since, groups.changeSequence())
                            .isEqualTo(scanned(groups, since));
                }
            }
        }
    }

    private static List<Long> replayed(NodeGroups groups, long since, long[] out) {
        int count = groups.replayed(since, out);
        List<Long> seqs = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            seqs.add(out[i]);
        }
        return seqs;
    }

    /** Every change since {@code since}, read one by one as catch-ups read them before. */
    private static List<Long> scanned(NodeGroups groups, long since) {
        List<Long> seqs = new ArrayList<>();
        for (long s = since; s < groups.changeSequence(); s++) {
            if (groups.repeats(s) < since) {
                seqs.add(s);
            }
        }
        return seqs;
    }
}
