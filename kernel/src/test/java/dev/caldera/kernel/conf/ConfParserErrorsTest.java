package dev.caldera.kernel.conf;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

/** Every way a configuration is refused, and what the message tells the person fixing it. */
class ConfParserErrorsTest {
    private static ConfException error(String text) {
        Throwable t = catchThrowable(() -> ConfParser.parse(text, "bad.conf", w -> { }));
        assertThat(t).isInstanceOf(ConfException.class);
        return (ConfException) t;
    }

    @Test
    void aYamlSyntaxErrorGivesLineAndColumn() {
        ConfException e = error("""
                actions: allocate
                tiers:
                - plugins:
                  - name: [gang
                  - name: drf
                """);
        assertThat(e.getMessage()).isEqualTo("bad.conf: YAML syntax error at line 5, column 9: expected ',' or"
                + " ']', but got : (while parsing a flow sequence that starts at line 4, column 11)");
        assertThat(e.getCause()).isNotNull();
    }

    @Test
    void aTabInIndentationIsASyntaxErrorAtItsLine() {
        assertThat(error("actions: allocate\ntiers:\n\t- plugins: []\n").getMessage())
                .startsWith("bad.conf: YAML syntax error at line 3, column 1: found character '\\t(TAB)'");
    }

    /** Volcano decodes with yaml.v2's Unmarshal, which reads the first document only. */
    @Test
    void onlyTheFirstDocumentIsReadWithAWarning() {
        List<String> warnings = new ArrayList<>();
        SchedulerConf conf = ConfParser.parse("actions: allocate\n---\nactions: [backfill\n", "two.conf",
                warnings::add);
        assertThat(conf.actions()).containsExactly("allocate");
        assertThat(warnings).containsExactly("two.conf: only the first YAML document is read, as Volcano reads only"
                + " the first; the rest of the file is ignored");
    }

    @Test
    void aFileLargerThanAConfigMapIsRefusedUnread(@TempDir Path dir) throws IOException {
        Path big = dir.resolve("big.conf");
        byte[] text = ("actions: allocate\n" + "#".repeat(ConfParser.MAX_BYTES) + "\n").getBytes(UTF_8);
        Files.write(big, text);
        assertThatThrownBy(() -> ConfParser.load(big)).isInstanceOf(ConfException.class)
                .hasMessage(big + ": larger than 1 MiB, refused (Volcano reads its configuration from a ConfigMap,"
                        + " which Kubernetes limits to 1 MiB)");
    }

    @Test
    void anEmptyConfigurationIsRefusedAsVolcanoDoes() {
        assertThat(error("").getMessage()).isEqualTo("bad.conf: the configuration is empty; it needs at least"
                + " 'actions' (Volcano rejects an empty configuration and keeps the one it had)");
        assertThat(error("# nothing but a comment\n").getMessage()).contains("the configuration is empty");
        assertThat(error("---\n").getMessage()).contains("the configuration is empty");
    }

    @Test
    void theTopLevelMustBeAMapping() {
        assertThat(error("- allocate\n").getMessage()).isEqualTo("bad.conf: expected a mapping with 'actions',"
                + " 'tiers' and 'configurations', got a list (line 1, column 1)");
    }

    @Test
    void missingOrEmptyActionsAreRefused() {
        assertThat(error("tiers: []\n").getMessage()).isEqualTo("bad.conf: 'actions' is missing, e.g. actions:"
                + " \"enqueue, allocate, backfill\" (Volcano rejects a configuration without actions)");
        assertThat(error("actions:\n").getMessage()).contains("'actions' is missing");
        assertThat(error("actions: \"  \"\n").getMessage())
                .isEqualTo("bad.conf: actions: no actions given (line 1, column 10)");
        assertThat(error("actions: []\n").getMessage())
                .isEqualTo("bad.conf: actions: no actions given (line 1, column 10)");
    }

    @Test
    void anEmptyNameBetweenCommasIsRefused() {
        assertThat(error("actions: \"enqueue, , allocate\"\n").getMessage()).isEqualTo("bad.conf: actions:"
                + " empty action name at position 2 in \"enqueue, , allocate\" (line 1, column 10)");
        assertThat(error("actions: allocate,\n").getMessage()).contains("empty action name at position 2");
    }

    @Test
    void actionsOfTheWrongShapeAreRefused() {
        assertThat(error("actions: {allocate: true}\n").getMessage()).isEqualTo("bad.conf: actions: expected a"
                + " comma-separated string such as \"enqueue, allocate, backfill\", or a list, got a mapping"
                + " (line 1, column 10)");
        assertThat(error("actions:\n- allocate\n- [backfill]\n").getMessage())
                .isEqualTo("bad.conf: actions[1]: expected an action name, got a list (line 3, column 3)");
    }

    @Test
    void tiersMustBeAListOfMappings() {
        assertThat(error("actions: allocate\ntiers: gang\n").getMessage()).isEqualTo("bad.conf: tiers: expected"
                + " a list of tiers, each '- plugins: [...]', got 'gang' (line 2, column 8)");
        assertThat(error("actions: allocate\ntiers:\n- gang\n").getMessage()).isEqualTo("bad.conf: tiers[0]:"
                + " expected a tier: a mapping with 'plugins', got 'gang' (line 3, column 3)");
        assertThat(error("actions: allocate\ntiers:\n- plugins: gang\n").getMessage())
                .startsWith("bad.conf: tiers[0].plugins: expected a list of plugin entries");
    }

    @Test
    void aPluginEntryMustBeAMappingWithAName() {
        assertThat(error("actions: allocate\ntiers:\n- plugins:\n  - gang\n").getMessage())
                .isEqualTo("bad.conf: tiers[0].plugins[0]: expected a plugin entry such as '- name: gang',"
                        + " got 'gang' (line 4, column 5)");
        assertThat(error("actions: allocate\ntiers:\n- plugins:\n  - name: gang\n  - enableJobOrder: true\n")
                .getMessage()).isEqualTo("bad.conf: tiers[0].plugins[1]: the plugin entry has no 'name'"
                + " (line 5, column 5)");
        assertThat(error("actions: allocate\ntiers:\n- plugins:\n  - name: \"\"\n").getMessage())
                .isEqualTo("bad.conf: tiers[0].plugins[0].name: empty plugin name (line 4, column 11)");
        assertThat(error("actions: allocate\ntiers:\n- plugins:\n  - name: [gang]\n").getMessage())
                .isEqualTo("bad.conf: tiers[0].plugins[0].name: expected a plugin name, got a list"
                        + " (line 4, column 11)");
    }

    @Test
    void aFlagThatIsNotABooleanNamesItsKeyPath() {
        ConfException e = error("""
                actions: allocate
                tiers:
                - plugins:
                  - name: priority
                - plugins:
                  - name: drf
                  - name: predicates
                  - name: nodeorder
                    enableNodeOrder: maybe
                """);
        assertThat(e.getMessage()).isEqualTo("bad.conf: tiers[1].plugins[2].enableNodeOrder: must be true or"
                + " false, got 'maybe' (line 9, column 22)");
    }

    @Test
    void aQuotedBooleanIsAStringAndRefusedLikeVolcanoDoes() {
        assertThat(error("actions: allocate\ntiers:\n- plugins:\n  - name: gang\n    enableJobReady: \"true\"\n")
                .getMessage()).isEqualTo("bad.conf: tiers[0].plugins[0].enableJobReady: must be true or false"
                + " without quotes, got the string 'true' (line 5, column 21)");
    }

    @Test
    void numbersAndListsAreNotFlags() {
        assertThat(error("actions: allocate\ntiers:\n- plugins:\n  - name: gang\n    enabledOverused: 1\n")
                .getMessage()).contains("tiers[0].plugins[0].enabledOverused: must be true or false, got '1'");
        assertThat(error("actions: allocate\ntiers:\n- plugins:\n  - name: gang\n    enableJobOrder: [true]\n")
                .getMessage()).contains("enableJobOrder: must be true or false, got a list");
    }

    @Test
    void anIgnoredFlagWithANonBooleanValueIsStillAnError() {
        assertThat(error("actions: allocate\ntiers:\n- plugins:\n  - name: gang\n    enabledVictim: sometimes\n")
                .getMessage()).isEqualTo("bad.conf: tiers[0].plugins[0].enabledVictim: must be true or false,"
                + " got 'sometimes' (line 5, column 20)");
    }

    @Test
    void argumentsMustBeAMapping() {
        assertThat(error("actions: allocate\ntiers:\n- plugins:\n  - name: binpack\n    arguments: [1, 2]\n")
                .getMessage()).isEqualTo("bad.conf: tiers[0].plugins[0].arguments: expected a mapping of"
                + " argument names to values, got a list (line 5, column 16)");
    }

    @Test
    void configurationsMustBeAListOfNamedEntries() {
        assertThat(error("actions: allocate\nconfigurations:\n  allocate: {a: 1}\n").getMessage())
                .startsWith("bad.conf: configurations: expected a list of action configurations");
        assertThat(error("actions: allocate\nconfigurations:\n- arguments: {a: 1}\n").getMessage())
                .isEqualTo("bad.conf: configurations[0]: the action entry has no 'name' (line 3, column 3)");
        assertThat(error("actions: allocate\nconfigurations:\n- name: allocate\n  arguments: on\n").getMessage())
                .startsWith("bad.conf: configurations[0].arguments: expected a mapping of argument names");
    }

    @Test
    void hierarchicalDrfNextToProportionInOneTierIsRefusedAsInVolcano() {
        assertThat(error("""
                actions: allocate
                tiers:
                - plugins:
                  - name: drf
                    enableHierarchy: true
                  - name: proportion
                """).getMessage()).isEqualTo("bad.conf: tiers[0]: drf with enableHierarchy: true and proportion"
                + " conflict in one tier (Volcano rejects this too); use one of them (line 3, column 3)");
    }

    @Test
    void hierarchicalDrfAndProportionInDifferentTiersAreAccepted() {
        SchedulerConf conf = ConfParser.parse("""
                actions: allocate
                tiers:
                - plugins:
                  - name: drf
                    enableHierarchy: true
                - plugins:
                  - name: proportion
                """, "ok.conf", w -> { });
        assertThat(conf.tiers().get(0).plugins().get(0).enabled(PluginFlag.HIERARCHY)).isTrue();
    }

    /**
     * Volcano's capacity plugin guide ({@code docs/user-guide/how_to_use_capacity_plugin.md}): "capacity and
     * proportion plugin are in conflict, the two plugins cannot be used together". Refused in any tiers.
     */
    @Test
    void capacityWithProportionIsRefusedNamingBoth() {
        assertThat(error("""
                actions: "enqueue, allocate, reclaim"
                tiers:
                - plugins:
                  - name: gang
                - plugins:
                  - name: proportion
                  - name: capacity
                    enableHierarchy: true
                """).getMessage()).isEqualTo("bad.conf: tiers[1].plugins[1]: capacity and proportion both divide the"
                + " cluster among queues and cannot be used together (Volcano's capacity plugin guide); remove"
                + " proportion (at bad.conf: tiers[1].plugins[0] (line 6, column 5)) (line 7, column 5)");
        assertThat(error("""
                actions: allocate
                tiers:
                - plugins: [{name: capacity}]
                - plugins: [{name: proportion}]
                """).getMessage()).contains("capacity and proportion").contains("tiers[1].plugins[0]");
    }

    @Test
    void aMissingFileIsAConfExceptionNamingIt(@TempDir Path dir) {
        Path missing = dir.resolve("volcano-scheduler.conf");
        assertThatThrownBy(() -> ConfParser.load(missing)).isInstanceOf(ConfException.class)
                .hasMessage(missing + ": no such file");
    }

    @Test
    void aFileThatIsNotUtf8IsRefused(@TempDir Path dir) throws IOException {
        Path latin1 = dir.resolve("latin1.conf");
        Files.write(latin1, new byte[] {'a', 'c', 't', 'i', 'o', 'n', 's', ':', ' ', (byte) 0xE9, '\n'});
        assertThatThrownBy(() -> ConfParser.load(latin1)).isInstanceOf(ConfException.class)
                .hasMessage(latin1 + ": not valid UTF-8 text");
    }
}
