package dev.caldera.kernel.conf;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ConfValidatorTest {
    private static final Set<String> ACTIONS = new LinkedHashSet<>(List.of("enqueue", "allocate", "backfill"));
    private static final Set<String> PLUGINS = new LinkedHashSet<>(List.of("priority", "gang"));

    private static SchedulerConf conf(String text) {
        return ConfParser.parse(text, "v.conf", w -> { });
    }

    @Test
    void aConfigurationOfKnownNamesPasses() {
        assertThatCode(() -> ConfValidator.validate(conf("actions: enqueue, allocate\ntiers:\n- plugins:\n"
                + "  - name: gang\n"), ACTIONS, PLUGINS)).doesNotThrowAnyException();
    }

    @Test
    void everyUnknownNameIsReportedAtOnceWithWhereItIsAndWhatIsSupported() {
        SchedulerConf conf = conf("""
                actions: "enqueue, allocate, preempt, reclaim"
                tiers:
                - plugins:
                  - name: priority
                  - name: conformance
                - plugins:
                  - name: gang
                  - name: binpack
                """);
        assertThatThrownBy(() -> ConfValidator.validate(conf, ACTIONS, PLUGINS)).isInstanceOf(ConfException.class)
                .hasMessage("scheduler configuration: unknown actions 'preempt' (actions[2]), 'reclaim' (actions[3]);"
                        + " supported actions: enqueue, allocate, backfill; unknown plugins 'conformance'"
                        + " (tiers[0].plugins[1]), 'binpack' (tiers[1].plugins[1]); supported plugins: priority, gang");
    }

    @Test
    void oneUnknownPluginIsReportedAlone() {
        assertThatThrownBy(() -> ConfValidator.validate(conf("actions: allocate\ntiers:\n- plugins:\n"
                + "  - name: drf\n"), ACTIONS, PLUGINS))
                .hasMessage("scheduler configuration: unknown plugin 'drf' (tiers[0].plugins[0]); supported plugins:"
                        + " priority, gang");
    }

    @Test
    void withoutAPluginListOnlyActionsAreChecked() {
        SchedulerConf conf = conf("actions: allocate\ntiers:\n- plugins:\n  - name: anything\n");
        assertThatCode(() -> ConfValidator.validate(conf, ACTIONS)).doesNotThrowAnyException();
        assertThatThrownBy(() -> ConfValidator.validate(conf("actions: shuffle"), ACTIONS))
                .hasMessage("scheduler configuration: unknown action 'shuffle' (actions[0]); supported actions:"
                        + " enqueue, allocate, backfill");
    }
}
