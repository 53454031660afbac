package dev.caldera.k8s.manifest.token;

import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.reader.StreamReader;

import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** The in-place reader of printable ASCII answers the scanner as SnakeYAML's own reader does. */
class AsciiMarksTest {
    private static final String ALPHABET = "ab: -#'\"\t\n\n\r{}[],.|>&*!%@`0123456789";

    @Test
    void everyAnswerIsTheStreamReadersOnRandomText() {
        for (int seed = 0; seed < 120; seed++) {
            Random random = new Random(seed);
            String text = text(random, random.nextInt(seed < 60 ? 40 : 3_000));
            byte[] padded = ("xx" + text + "yy").getBytes(StandardCharsets.US_ASCII);
            StreamReader expected = new StreamReader(new StringReader(text));
            StreamReader actual = new AsciiMarks(padded, 2, padded.length - 2);
            long ops = random.nextLong();
            assertThat(answers(actual, new Random(ops), text.length())).as("seed %d", seed)
                    .isEqualTo(answers(expected, new Random(ops), text.length()));
        }
    }

    @Test
    void aLineHasOneMarkWithTheLineOfItsFirstAsk() {
        byte[] text = "ab\ncd\r\ne\rf".getBytes(StandardCharsets.US_ASCII);
        AsciiMarks reader = new AsciiMarks(text, 0, text.length);
        reader.forward(1);
        var first = reader.getMark();
        reader.forward(1);
        assertThat(reader.getMark()).isSameAs(first);
        reader.forward(1);
        assertThat(reader.getMark().getLine()).isEqualTo(1);
        assertThat(reader.getMark().getColumn()).isZero();
        reader.forward(6);
        assertThat(reader.getLine()).isEqualTo(3);
        assertThat(reader.peek()).isEqualTo('f');
    }

    private static String text(Random random, int length) {
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            sb.append(random.nextInt(4) == 0 ? (char) (' ' + random.nextInt(95)) : ALPHABET.charAt(
                    random.nextInt(ALPHABET.length())));
        }
        return sb.toString();
    }

    /** What the reader answers to a random walk of the calls the scanner makes, past the text's end. */
    private static List<Object> answers(StreamReader r, Random random, int length) {
        List<Object> out = new ArrayList<>();
        int steps = 0;
        while (r.getIndex() < length + 2 && steps++ < 20 * length + 20) {
            switch (random.nextInt(8)) {
                case 0 -> out.add(r.peek());
                case 1 -> out.add(r.peek(random.nextInt(12)));
                case 2 -> r.forward();
                case 3 -> r.forward(random.nextInt(6));
                case 4 -> out.add(r.prefix(random.nextInt(8)));
                case 5 -> out.add(safePrefixForward(r, random.nextInt(5)));
                case 6 -> {
                    var m = r.getMark();
                    out.add(m.getLine());
                    if (random.nextInt(16) == 0) {
                        r.resetDocumentIndex();
                    }
                }
                default -> {
                    // peeked far as the scanner does: one more char each time
                    int n = random.nextInt(30);
                    for (int i = 0; i < n; i++) {
                        out.add(r.peek(i));
                    }
                }
            }
            out.add(r.getLine() + ":" + r.getColumn() + ":" + r.getIndex() + ":" + r.getDocumentIndex());
        }
        return out;
    }

    /** The scanner takes a prefix and moves past it only when the prefix holds no line break and is all there. */
    private static String safePrefixForward(StreamReader r, int length) {
        String p = r.prefix(length);
        if (p.length() < length || p.indexOf('\n') >= 0 || p.indexOf('\r') >= 0) {
            return p;
        }
        return r.prefixForward(length);
    }
}
