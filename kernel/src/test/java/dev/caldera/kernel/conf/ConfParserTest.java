package dev.caldera.kernel.conf;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ConfParserTest {
    private final List<String> warnings = new ArrayList<>();

    private SchedulerConf parse(String text) {
        return ConfParser.parse(text, "test.conf", warnings::add);
    }

    @Test
    void actionsAreReadFromACommaSeparatedStringWithOrWithoutSpaces() {
        assertThat(parse("actions: \"enqueue, allocate,backfill ,  preempt\"").actions())
                .containsExactly("enqueue", "allocate", "backfill", "preempt");
        assertThat(parse("actions: allocate").actions()).containsExactly("allocate");
    }

    @Test
    void actionsMayBeAYamlList() {
        assertThat(parse("actions: [enqueue, allocate]").actions()).containsExactly("enqueue", "allocate");
        assertThat(parse("actions:\n- enqueue\n- backfill\n").actions()).containsExactly("enqueue", "backfill");
    }

    @Test
    void repeatedActionsAreKeptInOrderAsVolcanoRunsThemTwice() {
        assertThat(parse("actions: allocate, backfill, allocate").actions())
                .containsExactly("allocate", "backfill", "allocate");
    }

    @Test
    void absentTiersAndConfigurationsMeanNone() {
        SchedulerConf conf = parse("actions: allocate");
        assertThat(conf.tiers()).isEmpty();
        assertThat(conf.actionArguments()).isEmpty();
        assertThat(conf.arguments("allocate")).isSameAs(Arguments.NONE);
        assertThat(warnings).isEmpty();
    }

    @Test
    void emptySectionsMeanNone() {
        SchedulerConf conf = parse("""
                actions: allocate
                tiers:
                - plugins:
                -
                - plugins: []
                configurations:
                """);
        assertThat(conf.tiers()).containsExactly(new Tier(List.of()), new Tier(List.of()), new Tier(List.of()));
        assertThat(conf.actionArguments()).isEmpty();
    }

    @Test
    void pluginsKeepTheirTierAndOrder() {
        SchedulerConf conf = parse("""
                actions: allocate
                tiers:
                - plugins:
                  - name: priority
                  - name: gang
                - plugins:
                  - name: drf
                """);
        assertThat(conf.tiers()).hasSize(2);
        assertThat(conf.tiers().get(0).plugins()).extracting(PluginOption::name).containsExactly("priority", "gang");
        assertThat(conf.tiers().get(1).plugins()).containsExactly(PluginOption.of("drf"));
    }

    @Test
    void pluginArgumentsKeepStringsNumbersAndBooleans() {
        SchedulerConf conf = parse("""
                actions: allocate
                tiers:
                - plugins:
                  - name: binpack
                    arguments:
                      binpack.weight: 10
                      binpack.cpu: "2"
                      overcommit-factor: 1.2
                      flag: true
                      binpack.resources: nvidia.com/gpu, example.com/foo
                      sla-waiting-time: 3m
                      empty:
                      hex: 0x1F
                """);
        Arguments args = conf.tiers().get(0).plugins().get(0).arguments();
        assertThat(args.asMap()).containsEntry("binpack.weight", 10L).containsEntry("binpack.cpu", "2")
                .containsEntry("overcommit-factor", 1.2).containsEntry("flag", true)
                .containsEntry("binpack.resources", "nvidia.com/gpu, example.com/foo")
                .containsEntry("sla-waiting-time", "3m").containsEntry("empty", null)
                .containsEntry("hex", 31L);
        assertThat(args.getInt("binpack.weight", 0)).isEqualTo(10);
        assertThat(args.getDouble("overcommit-factor", 0)).isEqualTo(1.2);
        assertThat(args.getInt("empty", 7)).isEqualTo(7);
    }

    /** Integers as yaml.v2 resolves them into interface{} (Go's strconv.ParseInt with base 0). */
    @Test
    void integerArgumentsTakeGosForms() {
        Arguments args = parse("""
                actions: allocate
                tiers:
                - plugins:
                  - name: binpack
                    arguments: {a: 0x1F, b: 0o17, c: 017, d: 0b101, e: 1_000, f: -12, g: "12", h: 1:30}
                """).tiers().get(0).plugins().get(0).arguments();
        assertThat(args.asMap()).containsEntry("a", 31L).containsEntry("b", 15L).containsEntry("c", 15L)
                .containsEntry("d", 5L).containsEntry("e", 1000L).containsEntry("f", -12L).containsEntry("g", "12")
                .containsEntry("h", "1:30");
    }

    @Test
    void nestedArgumentValuesAreKeptAsListsAndMaps() {
        SchedulerConf conf = parse("""
                actions: allocate
                tiers:
                - plugins:
                  - name: deviceshare
                    arguments:
                      weights: {cpu: 1, memory: 2}
                      resources: [a, b]
                """);
        Arguments args = conf.tiers().get(0).plugins().get(0).arguments();
        assertThat(args.asMap().get("weights")).isEqualTo(Map.of("cpu", 1L, "memory", 2L));
        assertThat(args.asMap().get("resources")).isEqualTo(List.of("a", "b"));
    }

    @Test
    void anArgumentWarningNamesTheFileTheKeyPathThePluginAndTheLine() {
        List<String> warnings = new ArrayList<>();
        SchedulerConf conf = ConfParser.parse("""
                actions: allocate
                tiers:
                - plugins:
                  - name: binpack
                    arguments:
                      binpack.weight: heavy
                """, "test.conf", warnings::add);
        Arguments args = conf.tiers().get(0).plugins().get(0).arguments();
        assertThat(args.asMap()).containsEntry("binpack.weight", "heavy");
        assertThat(args.getInt("binpack.weight", 1)).isEqualTo(1);
        assertThat(warnings).containsExactly("test.conf: tiers[0].plugins[0].arguments.binpack.weight (plugin"
                + " 'binpack'): 'heavy' is not an integer; ignored as Volcano does, the default 1 is used"
                + " (line 6, column 23)");
        assertThatThrownBy(() -> args.decodeInt("binpack.weight")).isInstanceOf(ConfException.class)
                .hasMessage("test.conf: tiers[0].plugins[0].arguments.binpack.weight (plugin 'binpack'): 'heavy' is"
                        + " not an integer (Volcano stops with a fatal error on it) (line 6, column 23)");
    }

    @Test
    void configurationsGiveEachActionItsArguments() {
        SchedulerConf conf = parse("""
                actions: allocate, preempt
                configurations:
                - name: preempt
                  arguments:
                    enableTopologyAwarePreemption: false
                - name: allocate
                  arguments:
                    predicateErrorCacheEnable: "true"
                """);
        assertThat(conf.arguments("preempt").asMap()).containsEntry("enableTopologyAwarePreemption", false);
        assertThat(conf.arguments("allocate").getBoolean("predicateErrorCacheEnable", false)).isTrue();
        assertThat(conf.arguments("backfill")).isSameAs(Arguments.NONE);
        assertThat(warnings).isEmpty();
    }

    @Test
    void aSecondConfigurationForOneActionIsIgnoredAsVolcanoUsesTheFirst() {
        SchedulerConf conf = parse("""
                actions: allocate
                configurations:
                - name: allocate
                  arguments: {a: 1}
                - name: allocate
                  arguments: {a: 2}
                """);
        assertThat(conf.arguments("allocate").getInt("a", 0)).isEqualTo(1);
        assertThat(warnings).singleElement().asString()
                .contains("configurations[1] (action 'allocate')", "Volcano uses the first");
    }

    @Test
    void aConfigurationForAnActionThatDoesNotRunIsAcceptedWithAWarning() {
        SchedulerConf conf = parse("""
                actions: allocate
                configurations:
                - name: preempt
                """);
        assertThat(conf.arguments("preempt")).isEqualTo(Arguments.NONE);
        assertThat(warnings).singleElement().asString()
                .contains("test.conf: configurations[0] (action 'preempt')", "not in 'actions'");
    }

    @Test
    void unknownTopLevelKeysAreIgnoredWithAWarning() {
        SchedulerConf conf = parse("""
                actions: allocate
                version: v2
                metrics:
                  address: http://prometheus
                """);
        assertThat(conf.actions()).containsExactly("allocate");
        assertThat(warnings).hasSize(2);
        assertThat(warnings.get(0)).isEqualTo("test.conf: version: unknown top-level key ignored"
                + " (known: actions, tiers, configurations) (line 2, column 10)");
        assertThat(warnings.get(1)).contains("test.conf: metrics", "not used by Caldera");
    }

    @Test
    void unknownKeysInTiersAndConfigurationsAreIgnoredWithAWarning() {
        parse("""
                actions: allocate
                tiers:
                - plugin:
                  - name: gang
                configurations:
                - name: allocate
                  args: {a: 1}
                """);
        assertThat(warnings).hasSize(2);
        assertThat(warnings.get(0)).startsWith("test.conf: tiers[0].plugin: unknown key ignored (known: plugins)");
        assertThat(warnings.get(1))
                .startsWith("test.conf: configurations[0].args (action 'allocate'): unknown key ignored");
    }

    @Test
    void aRepeatedKeyKeepsTheLastValueLikeVolcanoAndIsReported() {
        SchedulerConf conf = parse("""
                actions: allocate
                tiers:
                - plugins:
                  - name: nodeorder
                    enableNodeOrder: true
                    enableNodeOrder: false
                """);
        assertThat(conf.tiers().get(0).plugins().get(0).enabled(PluginFlag.NODE_ORDER)).isFalse();
        assertThat(warnings).singleElement().asString()
                .isEqualTo("test.conf: tiers[0].plugins[0].enableNodeOrder: repeated key; the last value wins,"
                        + " as in Volcano (first at line 5)");
    }

    @Test
    void anchorsAliasesAndMergeKeysWork() {
        SchedulerConf conf = parse("""
                actions: allocate
                tiers:
                - plugins:
                  - &quiet {name: gang, enableJobOrder: false, enablePreemptable: false}
                  - <<: *quiet
                    name: priority
                    enablePreemptable: true
                """);
        List<PluginOption> plugins = conf.tiers().get(0).plugins();
        assertThat(plugins.get(1).name()).isEqualTo("priority");
        assertThat(plugins.get(1).enabled(PluginFlag.JOB_ORDER)).isFalse();
        assertThat(plugins.get(1).enabled(PluginFlag.PREEMPTABLE)).isTrue();
        assertThat(warnings).isEmpty();
    }

    @Test
    void aByteOrderMarkAndCommentsAreAccepted() {
        assertThat(parse("\uFEFF# scheduler\nactions: allocate # the only one\n").actions())
                .containsExactly("allocate");
    }
}
