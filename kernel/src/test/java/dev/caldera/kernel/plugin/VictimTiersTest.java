package dev.caldera.kernel.plugin;

import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.framework.Evictable;
import dev.caldera.kernel.framework.Extensions;
import dev.caldera.kernel.framework.Plugin;
import dev.caldera.kernel.framework.PluginChain;
import dev.caldera.kernel.framework.Vote;
import dev.caldera.kernel.testing.PluginTables;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How the Preemptable and Reclaimable answers of the plugins combine across tiers, written from current
 * Volcano's {@code Session.Preemptable} and {@code Session.Reclaimable} (pkg/scheduler/framework/
 * session_plugins.go): intersection inside a tier; a plugin answering with no victim, or an intersection
 * that becomes empty, leaves the tier undecided and the next tier is asked; abstaining plugins are skipped.
 * Each test plugin answers a fixed list of candidate ids (or abstains) and records that it was asked.
 */
class VictimTiersTest {
    private static final IntArrayList CANDIDATES = IntArrayList.of(1, 2, 3, 4);
    private final List<String> asked = new ArrayList<>();

    /** A plugin named {@code name} answering {@code victims}, or abstaining when {@code victims} is null. */
    private record Answer(String name, int[] victims) {
    }

    private static Answer answers(String name, int... victims) {
        return new Answer(name, victims);
    }

    private static Answer abstains(String name) {
        return new Answer(name, null);
    }

    @SafeVarargs
    private IntArrayList preemptable(List<Answer>... tiers) {
        return decide(false, tiers);
    }

    @SafeVarargs
    private IntArrayList decide(boolean reclaim, List<Answer>... tiers) {
        List<List<PluginOption>> conf = new ArrayList<>();
        List<Answer> all = new ArrayList<>();
        for (List<Answer> tier : tiers) {
            conf.add(tier.stream().map(a -> PluginOption.of(a.name())).toList());
            all.addAll(tier);
        }
        PluginChain chain = PluginTables.chain(conf, option -> plugin(all.stream()
                .filter(a -> a.name().equals(option.name())).findFirst().orElseThrow(), reclaim));
        IntArrayList victims = new IntArrayList();
        if (reclaim) {
            chain.reclaimable(0, CANDIDATES, victims);
        } else {
            chain.preemptable(0, CANDIDATES, victims);
        }
        return victims;
    }

    private Plugin plugin(Answer answer, boolean reclaim) {
        Evictable f = (preemptor, candidates, victims) -> {
            asked.add(answer.name());
            if (answer.victims() == null) {
                return Vote.ABSTAIN;
            }
            Arrays.stream(answer.victims()).forEach(victims::add);
            return Vote.PERMIT;
        };
        return new Plugin() {
            @Override
            public String name() {
                return answer.name();
            }

            @Override
            public void register(Extensions ext) {
                if (reclaim) {
                    ext.reclaimable(f);
                } else {
                    ext.preemptable(f);
                }
            }
        };
    }

    @Test
    void emptyTierAnswerDefersToNextTier() {
        IntArrayList victims = preemptable(List.of(answers("priority")), List.of(answers("drf", 3)));
        assertThat(victims.toIntArray()).containsExactly(3);
    }

    @Test
    void emptyTierAnswerDefersToNextTierForReclaimToo() {
        IntArrayList victims = decide(true, List.of(answers("conformance")), List.of(answers("proportion", 2, 4)));
        assertThat(victims.toIntArray()).containsExactly(2, 4);
    }

    @Test
    void emptyIntersectionDefersToNextTier() {
        IntArrayList victims = preemptable(List.of(answers("priority", 1, 2), answers("gang", 3)),
                List.of(answers("drf", 4)));
        assertThat(victims.toIntArray()).containsExactly(4);
    }

    @Test
    void pluginsOfATierAreIntersectedInTheFirstAnswersOrder() {
        IntArrayList victims = preemptable(List.of(answers("priority", 4, 2, 1), answers("gang", 1, 2, 3)),
                List.of(answers("drf", 3)));
        assertThat(victims.toIntArray()).containsExactly(2, 1);
    }

    @Test
    void aPluginWithNoVictimEndsItsTierUnasked() {
        IntArrayList victims = preemptable(List.of(answers("priority"), answers("gang", 1)));
        assertThat(victims.isEmpty()).isTrue();
        assertThat(asked).containsExactly("priority");
    }

    /** Volcano's empty intersection is a nil list, which the next answering plugin of the tier replaces. */
    @Test
    void emptyIntersectionRestartsWithTheNextAnsweringPluginOfTheTier() {
        IntArrayList victims = preemptable(List.of(answers("priority", 1), answers("gang", 2),
                answers("conformance", 1, 2, 3)), List.of(answers("drf", 4)));
        assertThat(victims.toIntArray()).containsExactly(1, 2, 3);
        assertThat(asked).containsExactly("priority", "gang", "conformance");
    }

    @Test
    void abstainingPluginsAreSkipped() {
        IntArrayList victims = preemptable(List.of(abstains("priority"), answers("gang", 2, 3)),
                List.of(answers("drf", 4)));
        assertThat(victims.toIntArray()).containsExactly(2, 3);
    }

    @Test
    void aTierWhosePluginsAllAbstainIsSkipped() {
        IntArrayList victims = preemptable(List.of(abstains("priority")), List.of(answers("drf", 1)));
        assertThat(victims.toIntArray()).containsExactly(1);
    }

    @Test
    void theFirstTierWithVictimsDecidesAndLaterTiersAreNotAsked() {
        IntArrayList victims = preemptable(List.of(answers("priority", 1, 2)), List.of(answers("drf", 3)));
        assertThat(victims.toIntArray()).containsExactly(1, 2);
        assertThat(asked).containsExactly("priority");
    }

    @Test
    void noTierWithVictimsMeansNoVictim() {
        IntArrayList victims = preemptable(List.of(answers("priority")), List.of(answers("drf")),
                List.of(abstains("gang")));
        assertThat(victims.isEmpty()).isTrue();
        assertThat(asked).containsExactly("priority", "drf", "gang");
    }

    @Test
    void aDisabledPreemptableFlagTakesThePluginOutOfTheDecision() {
        List<List<PluginOption>> conf = List.of(List.of(new PluginOption("priority",
                Map.of(dev.caldera.kernel.conf.PluginFlag.PREEMPTABLE, false), dev.caldera.kernel.conf.Arguments.NONE)),
                List.of(PluginOption.of("drf")));
        List<Answer> all = List.of(answers("priority"), answers("drf", 2));
        PluginChain chain = PluginTables.chain(conf, option -> plugin(all.stream()
                .filter(a -> a.name().equals(option.name())).findFirst().orElseThrow(), false));
        IntArrayList victims = new IntArrayList();
        chain.preemptable(0, CANDIDATES, victims);
        assertThat(victims.toIntArray()).containsExactly(2);
        assertThat(asked).containsExactly("drf");
    }
}
