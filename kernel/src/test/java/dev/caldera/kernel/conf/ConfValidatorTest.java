package dev.caldera.kernel.conf;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Names the way current Volcano treats them: pkg/scheduler/util.go UnmarshalSchedulerConf refuses an unknown
 * action; framework/framework.go OpenSession skips an unknown plugin with "Failed to get plugin".
 */
class ConfValidatorTest {
    private static final Set<String> ACTIONS = new LinkedHashSet<>(List.of("enqueue", "allocate", "backfill"));
    private static final Set<String> PLUGINS = new LinkedHashSet<>(List.of("priority", "gang"));

    private final List<String> warnings = new ArrayList<>();

    private static SchedulerConf conf(String text) {
        return ConfParser.parse(text, "v.conf", w -> { });
    }

    private SchedulerConf validate(String text) {
        return ConfValidator.validate(conf(text), ACTIONS, PLUGINS, warnings::add);
    }

    @Test
    void aConfigurationOfKnownNamesPassesUnchanged() {
        SchedulerConf conf = conf("actions: enqueue, allocate\ntiers:\n- plugins:\n  - name: gang\n");
        assertThat(ConfValidator.validate(conf, ACTIONS, PLUGINS, warnings::add)).isEqualTo(conf);
        assertThat(warnings).isEmpty();
    }

    @Test
    void everyUnknownActionIsRefusedAtOnceWithFileLineAndColumn() {
        assertThatThrownBy(() -> validate("actions: \"enqueue, elect, allocate, vote\"\n"))
                .isInstanceOf(ConfException.class)
                .hasMessage("v.conf: actions: unknown action 'elect': Volcano refuses a configuration with an unknown"
                        + " action (\"failed to find Action elect\"); actions: enqueue, allocate, backfill (line 1,"
                        + " column 20); v.conf: actions: unknown action 'vote': Volcano refuses a configuration with"
                        + " an unknown action (\"failed to find Action vote\"); actions: enqueue, allocate, backfill"
                        + " (line 1, column 37)");
    }

    @Test
    void anActionInAListNamesItsItem() {
        assertThatThrownBy(() -> validate("actions:\n- allocate\n- elect\n"))
                .hasMessageStartingWith("v.conf: actions[1]: unknown action 'elect'")
                .hasMessageEndingWith("(line 3, column 3)");
    }

    @Test
    void aVolcanoActionCalderaLacksIsSkippedWithAWarning() {
        SchedulerConf run = validate("actions: enqueue, shuffle, allocate\n");
        assertThat(run.actions()).containsExactly("enqueue", "allocate");
        assertThat(warnings).containsExactly("v.conf: actions: action 'shuffle' is not implemented by Caldera and is"
                + " skipped; Volcano would run it, so decisions may differ from Volcano's (line 1, column 19)");
    }

    @Test
    void unknownPluginsAreSkippedWithAWarningAsVolcanoSkipsThem() {
        SchedulerConf run = validate("""
                actions: allocate
                tiers:
                - plugins:
                  - name: priority
                  - name: magic
                - plugins:
                  - name: gang
                  - name: deviceshare
                """);
        assertThat(run.tiers()).hasSize(2);
        assertThat(run.tiers().get(0).plugins()).extracting(PluginOption::name).containsExactly("priority");
        assertThat(run.tiers().get(1).plugins()).extracting(PluginOption::name).containsExactly("gang");
        assertThat(warnings).containsExactly(
                "v.conf: tiers[0].plugins[1]: unknown plugin 'magic' skipped, as Volcano skips it (\"Failed to get"
                        + " plugin magic\"); plugins: priority, gang (line 5, column 5)",
                "v.conf: tiers[1].plugins[1]: plugin 'deviceshare' is not implemented by Caldera and is skipped;"
                        + " Volcano would run it, so decisions may differ from Volcano's (line 8, column 5)");
    }

    @Test
    void withoutAPluginListOnlyActionsAreChecked() {
        SchedulerConf conf = conf("actions: allocate\ntiers:\n- plugins:\n  - name: anything\n");
        assertThat(ConfValidator.validate(conf, ACTIONS)).isEqualTo(conf);
        assertThatThrownBy(() -> ConfValidator.validate(conf("actions: elect"), ACTIONS))
                .hasMessageStartingWith("v.conf: actions: unknown action 'elect'");
    }
}
