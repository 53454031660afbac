package dev.caldera.k8s.replay;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A quote-free ASCII file cut from its bytes reads as the streaming parser reads it: the same rows on the same
 * lines, every cell the same text, every count the same number or the same refusal, the same header error. Random
 * files of commas, every kind of line end, blank and space-only lines, digits, signs, letters and long numbers.
 */
class CsvTableProperties {
    private static final String[] PIECES = {",", ",", "\n", "\n", "\r\n", "\r", " ", "\t", "7", "0", "42", "-3",
        "+5", "x", "a", "b", "#", "99999999999999999999", "123456789012345678", ""};

    @Property(tries = 400)
    void cutFromBytesReadsAsTheParserReads(@ForAll @LongRange(min = 0, max = 1_000_000) long seed,
                                           @ForAll @IntRange(min = 0, max = 120) int pieces) throws IOException {
        SplittableRandom r = new SplittableRandom(seed);
        StringBuilder text = new StringBuilder(r.nextInt(4) == 0 ? "b,a" : "a,b,c");
        for (int i = 0; i < pieces; i++) {
            text.append(PIECES[r.nextInt(PIECES.length)]);
        }
        Path f = Files.createTempFile("csv-table", ".csv");
        try {
            Files.writeString(f, text, StandardCharsets.US_ASCII);
            List<String> plain = describe(() -> {
                CsvTable t = CsvTable.read(f, List.of("a", "b"));
                assertThat(t.cutFromBytes()).isTrue();
                return t;
            });
            List<String> parsed = describe(() -> CsvTable.parsed(f, List.of("a", "b")));
            assertThat(plain).as("%s", text.toString().replace("\r", "\\r").replace("\n", "\\n")).isEqualTo(parsed);
        } finally {
            Files.delete(f);
        }
    }

    /** Everything the table's readers see, or the error it was refused with. */
    private static List<String> describe(Supplier<CsvTable> read) {
        List<String> out = new ArrayList<>();
        CsvTable t;
        try {
            t = read.get();
        } catch (dev.caldera.k8s.manifest.ManifestException e) {
            out.add("refused: " + e.getMessage());
            return out;
        }
        out.add(t.size() + " rows");
        for (int r = 0; r < t.size(); r++) {
            out.add(t.where(r));
            for (int c = -1; c < 6; c++) {
                out.add(c + ": '" + t.text(r, c) + "' " + t.empty(r, c) + " " + count(t, r, c));
            }
        }
        return out;
    }

    private static String count(CsvTable t, int r, int c) {
        try {
            return t.count(r, c, "n") + " / " + t.optionalCount(r, c, "n");
        } catch (RuntimeException e) {
            return e.getMessage();
        }
    }
}
