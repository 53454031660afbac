package dev.caldera.kernel.conf;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Every enable-flag spelling a Volcano release has used, in every YAML form a boolean takes. */
class ConfParserFlagsTest {
    private final List<String> warnings = new ArrayList<>();

    private PluginOption plugin(String entry) {
        String text = "actions: allocate\ntiers:\n- plugins:\n  - name: gang\n" + entry.indent(4);
        return ConfParser.parse(text, "flags.conf", warnings::add).tiers().get(0).plugins().get(0);
    }

    @ParameterizedTest
    @EnumSource(PluginFlag.class)
    void everyHonouredFlagIsReadUnderItsVolcanoKey(PluginFlag flag) {
        assertThat(plugin(flag.key() + ": false").enabled(flag)).isFalse();
        assertThat(plugin(flag.key() + ": true").enabled(flag)).isTrue();
        assertThat(plugin(flag.key() + ": true").flags()).containsOnlyKeys(flag);
        assertThat(warnings).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(PluginFlag.class)
    void anUnsetFlagTakesItsDefault(PluginFlag flag) {
        assertThat(plugin("").enabled(flag)).isEqualTo(flag != PluginFlag.HIERARCHY);
        assertThat(plugin(flag.key() + ":").flags()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"true", "True", "TRUE", "yes", "on", "On"})
    void yaml11TrueFormsEnable(String value) {
        assertThat(plugin("enableJobOrder: " + value).enabled(PluginFlag.JOB_ORDER)).isTrue();
        assertThat(plugin("enableHierarchy: " + value).enabled(PluginFlag.HIERARCHY)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"false", "False", "FALSE", "no", "off", "OFF"})
    void yaml11FalseFormsDisable(String value) {
        assertThat(plugin("enableJobOrder: " + value).enabled(PluginFlag.JOB_ORDER)).isFalse();
    }

    @Test
    void theInconsistentVolcanoSpellingsAreTheOnesRead() {
        PluginOption p = plugin("enabledOverused: false\nenabledAllocatable: false\nenablePreemptive: false");
        assertThat(p.enabled(PluginFlag.OVERUSED)).isFalse();
        assertThat(p.enabled(PluginFlag.ALLOCATABLE)).isFalse();
        assertThat(p.enabled(PluginFlag.PREEMPTIVE)).isFalse();
    }

    static Stream<String> ignoredKeys() {
        return Stream.of(IgnoredFlag.values()).flatMap(f -> f.keys().stream());
    }

    @ParameterizedTest
    @MethodSource("ignoredKeys")
    void aFlagCalderaDoesNotImplementIsAcceptedAndWarnedAboutWhenItAsksForSomething(String key) {
        PluginOption p = plugin(key + ": true");
        assertThat(p.flags()).isEmpty();
        assertThat(warnings).singleElement().asString()
                .startsWith("flags.conf: tiers[0].plugins[0]." + key + " (plugin 'gang'): " + key + ": true ignored;"
                        + " Caldera does not implement ");
    }

    @ParameterizedTest
    @MethodSource("ignoredKeys")
    void aFlagCalderaDoesNotImplementSetToFalseIsHonouredSilently(String key) {
        assertThat(plugin(key + ": false").flags()).isEmpty();
        assertThat(warnings).isEmpty();
    }

    @Test
    void theVictimWarningNamesTheFileThePluginTheFlagAndTheFeature() {
        plugin("enabledVictim: true");
        assertThat(warnings).containsExactly("flags.conf: tiers[0].plugins[0].enabledVictim (plugin 'gang'):"
                + " enabledVictim: true ignored; Caldera does not implement victim selection for rescheduling"
                + " (shuffle action)");
    }

    @Test
    void allThreeClusterOrderSpellingsAreAccepted() {
        plugin("EnabledClusterOrder: false\nenabledClusterOrder: false\nenableClusterOrder: false");
        assertThat(warnings).isEmpty();
    }

    @Test
    void aMisspelledFlagIsIgnoredLikeVolcanoDoesWithAHint() {
        PluginOption p = plugin("enableOverused: false");
        assertThat(p.enabled(PluginFlag.OVERUSED)).isTrue();
        assertThat(warnings).containsExactly("flags.conf: tiers[0].plugins[0].enableOverused (plugin 'gang'):"
                + " unknown key ignored, as Volcano does (did you mean 'enabledOverused'? Volcano reads only that"
                + " spelling, so the flag keeps its default) (line 5, column 21)");
    }

    @Test
    void aWrongCaseIsAMisspellingToo() {
        plugin("enablejoborder: false");
        assertThat(warnings).singleElement().asString().contains("did you mean 'enableJobOrder'?");
    }

    @Test
    void anUnrelatedUnknownKeyGetsNoHint() {
        plugin("weight: 3");
        assertThat(warnings).singleElement().asString()
                .isEqualTo("flags.conf: tiers[0].plugins[0].weight (plugin 'gang'): unknown key ignored, as Volcano"
                        + " does (line 5, column 13)");
    }
}
