package dev.caldera.k8s.manifest.yaml;

import dev.caldera.k8s.manifest.ManifestException;
import dev.caldera.k8s.manifest.token.NodeTokens;
import dev.caldera.k8s.manifest.token.Token;
import dev.caldera.k8s.manifest.token.Tokens;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fast scanner never disagrees with SnakeYAML: on thousands of documents SnakeYAML itself wrote (random
 * trees, every scalar and collection style, narrow widths that fold long scalars over lines, other indents),
 * sprinkled with comments and blank lines, the scanner either yields exactly SnakeYAML's tokens (with their
 * lines) or gives the document up; it never reads a document SnakeYAML refuses. Seeded.
 */
class FastScannerAgreesWithSnakeYamlTest {
    private static final String[] WORDS = {"yes", "no", "on", "off", "null", "~", "true", "False", "123", "0x1F",
        "017", "1e3", "1.5", ".5", "500m", "128Mi", "12:30", "2024-01-01T00:00:00Z", "a: b", "#hash", "a #b",
        "- dash", "-4", "with space", "", " lead", "trail ", "tab\tinside", "quote's", "dq\"x", "back\\slash",
        "unicode é ü 日本", "multi\nline", "two\n\nbreaks", "end\n", "{brace}", "[bracket]", "a,b", "*star", "&amp",
        "!bang", "%pct", "@at", "`tick", "?q", ":colon", "key:value", "http://x/y", "<<", "=", "..."};

    @Test
    void agreesOnDocumentsSnakeYamlWrites() {
        Random random = new Random(20261125);
        int read = 0;
        int total = 3_000;
        for (int i = 0; i < total; i++) {
            String text = commented(dump(tree(random, 0), random), random);
            read += compare(text) ? 1 : 0;
        }
        assertThat(read).as("documents the fast scanner read itself").isGreaterThan(total / 2);
    }

    @Test
    void agreesOnKubectlStyleLists() {
        String list = """
                apiVersion: v1
                items:
                - apiVersion: v1
                  kind: Pod
                  metadata:
                    annotations:
                      note: |
                        line one
                          indented
                        line three
                      folded: this is a long plain scalar
                        that goes on over a second line
                    name: a
                  spec:
                    containers:
                    - name: c
                      resources: {}
                - apiVersion: v1
                  kind: Node
                  metadata: {name: n1, labels: {zone: "a"}}
                kind: List
                metadata:
                  resourceVersion: ""
                """;
        assertThat(compare(list)).isTrue();
    }

    /** True when the scanner read the text itself (and agreed); false when it gave it up. */
    private static boolean compare(String text) {
        List<String> slow;
        try (Tokens t = new NodeTokens(new StringReader(text), "t.yaml")) {
            slow = all(t);
        } catch (ManifestException e) {
            slow = null;
        }
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        List<String> fast = new ArrayList<>();
        try {
            YamlUnits units = YamlUnits.of(b, 0);
            TokenBuffer buffer = new TokenBuffer();
            BlockYamlParser parser = new BlockYamlParser(buffer);
            for (int u = 0; u < units.size(); u++) {
                parser.parse(b, units.from(u), units.to(u), units.line(u), units.item(u), units.holeStart(u),
                        units.holeEnd(u));
                fast.addAll(all(buffer));
            }
        } catch (Unsupported e) {
            return false;
        }
        assertThat(slow).as("SnakeYAML refuses what the scanner read:\n" + text).isNotNull();
        if (isList(slow)) {
            return true; // List documents are compared item by item elsewhere (the header loses its items)
        }
        assertThat(fast).as(text).containsExactlyElementsOf(slow);
        return true;
    }

    private static boolean isList(List<String> tokens) {
        return tokens.stream().anyMatch(s -> s.startsWith("F:items@"));
    }

    private static List<String> all(Tokens t) {
        List<String> out = new ArrayList<>();
        while (t.next() != Token.END) {
            Token k = t.current();
            String s = switch (k) {
                case FIELD -> "F:" + t.text();
                case SCALAR -> "S:" + t.scalarType() + ":" + t.text();
                default -> k.name();
            };
            out.add(s + "@" + t.line());
        }
        return out;
    }

    private static Object tree(Random r, int depth) {
        int pick = depth >= 4 ? 3 : r.nextInt(6);
        if (pick == 0 || depth == 0) {
            Map<String, Object> m = new LinkedHashMap<>();
            int n = r.nextInt(depth == 0 ? 6 : 4);
            for (int i = 0; i < n; i++) {
                m.put(r.nextInt(3) == 0 ? word(r) : "k" + i, tree(r, depth + 1));
            }
            return m;
        }
        if (pick == 1) {
            List<Object> l = new ArrayList<>();
            int n = r.nextInt(4);
            for (int i = 0; i < n; i++) {
                l.add(tree(r, depth + 1));
            }
            return l;
        }
        if (pick == 2) {
            return r.nextInt(1000) - 10;
        }
        if (pick == 3 && r.nextInt(4) == 0) {
            return String.join(" ", java.util.Collections.nCopies(1 + r.nextInt(30), word(r)));
        }
        return word(r);
    }

    private static String word(Random r) {
        return WORDS[r.nextInt(WORDS.length)];
    }

    private static String dump(Object tree, Random r) {
        DumperOptions o = new DumperOptions();
        DumperOptions.FlowStyle[] flows = DumperOptions.FlowStyle.values();
        o.setDefaultFlowStyle(flows[r.nextInt(flows.length)]);
        DumperOptions.ScalarStyle[] styles = DumperOptions.ScalarStyle.values();
        o.setDefaultScalarStyle(r.nextInt(3) == 0 ? styles[r.nextInt(styles.length)]
                : DumperOptions.ScalarStyle.PLAIN);
        o.setWidth(20 + r.nextInt(80));
        o.setIndent(2 + r.nextInt(3));
        if (r.nextBoolean() && o.getIndent() > 2) {
            o.setIndicatorIndent(r.nextInt(o.getIndent() - 1));
            o.setIndentWithIndicator(r.nextBoolean());
        }
        o.setPrettyFlow(r.nextBoolean());
        o.setExplicitStart(r.nextInt(4) == 0);
        return new Yaml(o).dump(tree);
    }

    /** Comment lines and blank lines between lines, and trailing comments, here and there. */
    private static String commented(String text, Random r) {
        if (r.nextInt(3) != 0) {
            return text;
        }
        StringBuilder sb = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            if (r.nextInt(8) == 0) {
                sb.append(r.nextBoolean() ? "# note\n" : "\n");
            }
            sb.append(line);
            if (!line.isEmpty() && r.nextInt(10) == 0) {
                sb.append(" # trailing");
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
