package dev.caldera.kernel.conf;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The configurations Volcano actually ran in the conformance cases, and Volcano's built-in default. */
class RealConfsTest {
    /** Volcano's default configuration text (framework/util.go, unchanged from v1.7 to today). */
    private static final String VOLCANO_DEFAULT = """
            actions: "enqueue, allocate, backfill"
            tiers:
            - plugins:
              - name: priority
              - name: gang
              - name: conformance
            - plugins:
              - name: overcommit
              - name: drf
              - name: predicates
              - name: proportion
              - name: nodeorder
            """;

    static Stream<Path> realConfs() throws IOException {
        try (Stream<Path> dirs = Files.list(ConformanceCases.dir())) {
            List<Path> confs = dirs.map(d -> d.resolve("scheduler.conf")).filter(Files::isRegularFile)
                    .sorted().toList();
            assertThat(confs).as("scheduler.conf files under " + ConformanceCases.dir()).isNotEmpty();
            return confs.stream();
        }
    }

    @ParameterizedTest
    @MethodSource("realConfs")
    void everyRealConfParsesWithoutWarnings(Path conf) {
        List<String> warnings = new ArrayList<>();
        SchedulerConf parsed = ConfParser.load(conf, warnings::add);
        assertThat(parsed.actions()).isNotEmpty();
        assertThat(parsed.tiers()).isNotEmpty().allSatisfy(t -> assertThat(t.plugins()).isNotEmpty());
        assertThat(warnings).isEmpty();
    }

    @Test
    void volcanoDefaultIsWhatVolcanosDefaultTextParsesTo() {
        SchedulerConf parsed = ConfParser.parse(VOLCANO_DEFAULT, "volcano default", w -> { });
        assertThat(SchedulerConf.volcanoDefault()).isEqualTo(parsed);
        // Volcano's default text has no configurations: allocate's predicate error cache is on by its own default
        assertThat(parsed.actionArguments()).isEmpty();
    }

    @Test
    void theDefaultScenarioRunsVolcanosDefault() {
        assertThat(load("gen-001-default")).isEqualTo(SchedulerConf.volcanoDefault());
    }

    @Test
    void helmConfsSwitchOffPreemptableForGangAndDrfOnly() {
        SchedulerConf conf = load("gen-006-preempt-reclaim-helm");
        assertThat(conf.actions()).containsExactly("enqueue", "allocate", "preempt", "reclaim", "backfill");
        assertThat(conf.tiers().get(0).plugins().get(1).enabled(PluginFlag.PREEMPTABLE)).isFalse();
        assertThat(conf.tiers().get(0).plugins().get(0).enabled(PluginFlag.PREEMPTABLE)).isTrue();
        assertThat(conf.tiers().get(1).plugins().get(5).name()).isEqualTo("binpack");
    }

    @Test
    void fullySpelledFlagsAreHonouredOneByOne() {
        PluginOption gang = load("alloc-one-job-two-pods-one-node").tiers().get(0).plugins().get(0);
        assertThat(gang.name()).isEqualTo("gang");
        assertThat(gang.enabled(PluginFlag.JOB_ORDER)).isTrue();
        assertThat(gang.enabled(PluginFlag.JOB_STARVING)).isTrue();
        assertThat(gang.enabled(PluginFlag.TASK_ORDER)).isFalse();
        // not in this Volcano-written file, so enabled by default
        assertThat(gang.enabled(PluginFlag.OVERUSED)).isTrue();
    }

    @Test
    void pluginArgumentsKeepTheirTypes() {
        Arguments binpack = load("binpack-score-args-1").tiers().get(0).plugins().get(0).arguments();
        assertThat(binpack.getInt("binpack.weight", 1)).isEqualTo(10);
        assertThat(binpack.getString("binpack.resources", "")).isEqualTo("nvidia.com/gpu, example.com/foo");
        assertThat(binpack.getInt("binpack.resources.nvidia.com/gpu", 1)).isEqualTo(7);
        Arguments overcommit = load("overcommit-factor-1.2-enqueue").tiers().get(0).plugins().get(0).arguments();
        assertThat(overcommit.getDouble("overcommit-factor", 1.0)).isEqualTo(1.2);
        Arguments sla = load("enqueue-pending-podgroups").tiers().get(0).plugins().get(2).arguments();
        assertThat(sla.getString("sla-waiting-time", "")).isEqualTo("3m");
    }

    @Test
    void actionConfigurationsAreRead() {
        SchedulerConf conf = load("preempt-enough-tasks-for-large-task");
        assertThat(conf.arguments("preempt").getBoolean("enableTopologyAwarePreemption", true)).isFalse();
    }

    private static SchedulerConf load(String scenario) {
        return ConfParser.load(ConformanceCases.dir().resolve(scenario).resolve("scheduler.conf"), w -> { });
    }
}
