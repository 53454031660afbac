package dev.caldera.k8s.manifest.token;

import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.parser.Parser;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.scanner.ScannerImpl;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** SnakeYAML's parser over the remembering scanner gives the events and errors it gives over its own scanner. */
class HeadTokenTest {
    private static final String[] SCALARS = {"a", "b c", "'q'", "\"d\\n\"", "1", "-2", "true", "~", "x: y",
        "|\n  lit\n", ">\n  fold\n", "&an v", "*an", "!t v", "<<", "[1, 2]", "{k: v}", "\"\"", "#c", "- ", "? k"};

    @Test
    void eventsAndErrorsAreTheScannersOnRandomDocuments() {
        int errors = 0;
        for (int seed = 0; seed < 400; seed++) {
            Random random = new Random(seed);
            StringBuilder text = new StringBuilder();
            int documents = 1 + random.nextInt(3);
            for (int d = 0; d < documents; d++) {
                text.append(random.nextInt(3) == 0 ? "" : "---\n");
                node(text, random, 0, 1 + random.nextInt(4));
            }
            String yaml = seed % 4 == 3 ? corrupt(text, random) : text.toString();
            List<String> expected = events(new ParserImpl(new StreamReader(new StringReader(yaml)), options()));
            List<String> actual = events(new ParserImpl(new HeadToken(
                    new ScannerImpl(new StreamReader(new StringReader(yaml)), options()))));
            assertThat(actual).as("seed %d:\n%s", seed, yaml).isEqualTo(expected);
            errors += expected.get(expected.size() - 1).startsWith("error") ? 1 : 0;
        }
        assertThat(errors).as("inputs that end in an error").isBetween(50, 350);
    }

    @Test
    void aDumpLikeStreamEndsAsTheScannersDoes() {
        String yaml = "---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  labels: {a: b}\nspec:\n"
                + "  containers:\n  - name: main\n    resources:\n      requests:\n        cpu: \"1\"\n---\n"
                + "kind: Node\n...\n";
        List<String> expected = events(new ParserImpl(new StreamReader(new StringReader(yaml)), options()));
        List<String> actual = events(new ParserImpl(new HeadToken(
                new ScannerImpl(new StreamReader(new StringReader(yaml)), options()))));
        assertThat(actual).isEqualTo(expected);
        assertThat(actual.get(actual.size() - 1)).contains("StreamEndEvent");
    }

    private static void node(StringBuilder out, Random random, int indent, int depth) {
        int kind = depth == 0 ? 2 : random.nextInt(3);
        String pad = " ".repeat(indent);
        if (kind == 0) {
            for (int i = 0, n = 1 + random.nextInt(3); i < n; i++) {
                out.append(pad).append("k").append(i).append(":\n");
                node(out, random, indent + 1 + random.nextInt(2), depth - 1);
            }
        } else if (kind == 1) {
            for (int i = 0, n = 1 + random.nextInt(3); i < n; i++) {
                out.append(pad).append("-\n");
                node(out, random, indent + 2, depth - 1);
            }
        } else {
            out.append(pad).append("k: ").append(SCALARS[random.nextInt(SCALARS.length)]).append('\n');
        }
    }

    /** The text with a few characters replaced, inserted or removed. */
    private static String corrupt(StringBuilder text, Random random) {
        String noise = ":-{}[],'\"\n #&*!|>? \t";
        for (int i = 0, n = 1 + random.nextInt(3); i < n && text.length() > 1; i++) {
            int at = random.nextInt(text.length());
            switch (random.nextInt(3)) {
                case 0 -> text.setCharAt(at, noise.charAt(random.nextInt(noise.length())));
                case 1 -> text.insert(at, noise.charAt(random.nextInt(noise.length())));
                default -> text.deleteCharAt(at);
            }
        }
        return text.toString();
    }

    private static LoaderOptions options() {
        LoaderOptions options = new LoaderOptions();
        options.setCodePointLimit(Integer.MAX_VALUE);
        return options;
    }

    /** Every event with its marks, and the error that ended the stream (with its marks), if one did. */
    private static List<String> events(Parser parser) {
        List<String> out = new ArrayList<>();
        try {
            while (true) {
                Event e = parser.getEvent();
                out.add(e + " " + at(e.getStartMark()) + "-" + at(e.getEndMark()));
                if (e.getEventId() == Event.ID.StreamEnd) {
                    return out;
                }
            }
        } catch (YAMLException e) {
            out.add("error " + e);
            return out;
        }
    }

    private static String at(Mark m) {
        return m == null ? "-" : m.getLine() + ":" + m.getColumn() + ":" + m.getIndex();
    }
}
