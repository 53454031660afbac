package dev.caldera.k8s.manifest.token;

import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

import java.math.BigInteger;
import java.util.Locale;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** Plain scalars are typed exactly as SnakeYAML's YAML 1.1 resolver types them, shortcuts included. */
class ScalarResolverTest {
    private static final Resolver SNAKEYAML = new Resolver();
    private static final String ALPHABET = "0123456789+-._:eExXbBoOaAfFtTnNyYsSlLuUrRmMiIGK~ ";

    @Test
    void agreesWithSnakeYamlOnRandomText() {
        Random random = new Random(11);
        for (int i = 0; i < 200_000; i++) {
            StringBuilder sb = new StringBuilder();
            int n = 1 + random.nextInt(8);
            for (int k = 0; k < n; k++) {
                sb.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
            }
            String s = sb.toString().strip();
            if (!s.isEmpty()) {
                assertThat(ScalarResolver.resolve(s)).as(s).isEqualTo(snakeyaml(s));
            }
        }
    }

    @Test
    void agreesOnTheCommonForms() {
        for (String s : new String[] {"node-0001", "500m", "128Mi", "2Gi", "1000", "0", "010", "0x1F", "0b101",
            "1_000", "1e3", "1E3", "1.5", ".5", "-1", "+2", "12:30", "1:30:00", "2024-01-01T00:00:00Z", "2024-01-01",
            "yes", "No", "ON", "off", "true", "FALSE", "null", "Null", "NULL", "~", ".inf", "-.inf", ".NaN", "y", "n",
            "volcano", "Pending", "<<", "=", "3.0.1", "1.2.3.4", "0o17"}) {
            assertThat(ScalarResolver.resolve(s)).as(s).isEqualTo(snakeyaml(s));
        }
        assertThat(ScalarResolver.resolve("")).isEqualTo(ScalarType.NULL);
    }

    @Test
    void integersReadAsYaml11ReadsThem() {
        assertThat(ScalarResolver.integer("010")).isEqualTo(BigInteger.valueOf(8));
        assertThat(ScalarResolver.integer("0x1F")).isEqualTo(BigInteger.valueOf(31));
        assertThat(ScalarResolver.integer("-0b101")).isEqualTo(BigInteger.valueOf(-5));
        assertThat(ScalarResolver.integer("1_000")).isEqualTo(BigInteger.valueOf(1000));
        assertThat(ScalarResolver.integer("1:30")).isEqualTo(BigInteger.valueOf(90));
        assertThat(ScalarResolver.int32("3000000000")).isNull();
    }

    private static ScalarType snakeyaml(String s) {
        Tag tag = SNAKEYAML.resolve(NodeId.scalar, s, true);
        if (tag.equals(Tag.NULL)) {
            return ScalarType.NULL;
        }
        if (tag.equals(Tag.BOOL)) {
            String v = s.toLowerCase(Locale.ROOT);
            return v.equals("yes") || v.equals("true") || v.equals("on") ? ScalarType.TRUE : ScalarType.FALSE;
        }
        if (tag.equals(Tag.INT)) {
            return ScalarType.INT;
        }
        return tag.equals(Tag.FLOAT) ? ScalarType.FLOAT : ScalarType.STRING;
    }
}
