package dev.caldera.k8s.manifest.token;

import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

import java.math.BigInteger;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** Plain scalars are typed exactly as SnakeYAML's YAML 1.1 resolver and constructors read them, shortcut included. */
class YamlScalarsTest {
    private static final Resolver SNAKEYAML = new Resolver();
    private static final String ALPHABET = "0123456789+-._:eExXbBoOaAfFtTnNyYsSlLuUrRmMiIGK~ ";

    @Test
    void theShortcutAgreesWithSnakeYamlOnRandomText() {
        Random random = new Random(11);
        for (int i = 0; i < 200_000; i++) {
            StringBuilder sb = new StringBuilder();
            int n = 1 + random.nextInt(8);
            for (int k = 0; k < n; k++) {
                sb.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
            }
            String s = sb.toString().strip();
            if (!s.isEmpty()) {
                assertThat(YamlScalars.plain(s)).as(s).isEqualTo(snakeyaml(s));
            }
        }
    }

    @Test
    void theCommonFormsAreTypedAsSnakeYamlLoadsThem() {
        for (String s : new String[] {"node-0001", "500m", "128Mi", "2Gi", "1000", "0", "010", "0x1F", "0b101",
            "1_000", "1e3", "1E3", "1.5", ".5", "-1", "+2", "12:30", "1:30:00", "2024-01-01T00:00:00Z", "2024-01-01",
            "yes", "No", "ON", "off", "true", "FALSE", "null", "Null", "NULL", "~", ".inf", "-.inf", ".NaN", "y", "n",
            "volcano", "Pending", "3.0.1", "1.2.3.4", "0o17", "falsey", "nginx-1", "v1", "Pod", "Node", "main", "low",
            "high", "cpu", "Yes", "nO", "Off", "oN", "nul", "tru"}) {
            assertThat(YamlScalars.plain(s)).as(s).isEqualTo(snakeyaml(s)).isEqualTo(loaded(s));
        }
        assertThat(YamlScalars.plain("")).isEqualTo(ScalarType.NULL);
        assertThat(YamlScalars.plain("<<")).isEqualTo(snakeyaml("<<")).isEqualTo(ScalarType.STRING);
    }

    @Test
    void integersReadAsYaml11ReadsThem() {
        assertThat(YamlScalars.integer("010")).isEqualTo(BigInteger.valueOf(8));
        assertThat(YamlScalars.integer("0x1F")).isEqualTo(BigInteger.valueOf(31));
        assertThat(YamlScalars.integer("-0b101")).isEqualTo(BigInteger.valueOf(-5));
        assertThat(YamlScalars.integer("1_000")).isEqualTo(BigInteger.valueOf(1000));
        assertThat(YamlScalars.integer("1:30")).isEqualTo(BigInteger.valueOf(90));
        assertThat(YamlScalars.integer("123456789012345678901")).isEqualTo(new BigInteger("123456789012345678901"));
        assertThat(YamlScalars.int32("3000000000")).isNull();
        assertThat(YamlScalars.decimal("1_000.5")).isEqualTo(1000.5);
    }

    @Test
    void anExplicitTagDecidesUnlessTheTextCannotBeWhatItSays() {
        assertThat(YamlScalars.ofTag(Tag.STR, "5", false)).isEqualTo(ScalarType.STRING);
        assertThat(YamlScalars.ofTag(Tag.INT, "5", false)).isEqualTo(ScalarType.INT);
        assertThat(YamlScalars.ofTag(Tag.INT, "five", false)).isEqualTo(ScalarType.STRING);
        assertThat(YamlScalars.ofTag(Tag.FLOAT, "1.5", false)).isEqualTo(ScalarType.FLOAT);
    }

    private static ScalarType snakeyaml(String s) {
        Tag tag = SNAKEYAML.resolve(NodeId.scalar, s, true);
        if (tag.equals(Tag.NULL)) {
            return ScalarType.NULL;
        }
        if (tag.equals(Tag.BOOL)) {
            String v = s.toLowerCase(java.util.Locale.ROOT);
            return v.equals("yes") || v.equals("true") || v.equals("on") ? ScalarType.TRUE : ScalarType.FALSE;
        }
        if (tag.equals(Tag.INT)) {
            return ScalarType.INT;
        }
        return tag.equals(Tag.FLOAT) ? ScalarType.FLOAT : ScalarType.STRING;
    }

    /** What SnakeYAML's loader makes of {@code v: s}. */
    private static ScalarType loaded(String s) {
        Object v = ((Map<?, ?>) new Yaml(new LoaderOptions()).load("v: " + s)).get("v");
        if (v == null) {
            return ScalarType.NULL;
        }
        if (v instanceof Boolean b) {
            return b ? ScalarType.TRUE : ScalarType.FALSE;
        }
        if (v instanceof Integer || v instanceof Long || v instanceof BigInteger) {
            return ScalarType.INT;
        }
        return v instanceof Double ? ScalarType.FLOAT : ScalarType.STRING;
    }
}
