package dev.caldera.k8s.replay;

import dev.caldera.k8s.manifest.ManifestException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Reading a CSV with its streaming parser: rows keep the line they start on, blank lines are skipped. */
class CsvTableTest {
    @TempDir
    Path dir;

    @Test
    void eachRowNamesTheLineItStartsOnPastBlankLinesAndQuotedLineBreaks() throws IOException {
        Path f = dir.resolve("t.csv");
        Files.writeString(f, "a, b ,c\n1,2,3\n\n4,\"x\ny\",6\n  \n7,8\n");
        CsvTable t = CsvTable.read(f, List.of("a", "b"));

        assertThat(t.size()).isEqualTo(3);
        assertThat(List.of(t.where(0), t.where(1), t.where(2))).containsExactly(f + ":2", f + ":4", f + ":7");
        assertThat(t.text(1, t.column("b"))).isEqualTo("x\ny");
        assertThat(t.text(2, "c")).isEmpty();
        assertThat(t.count(2, t.column("b"), "b")).isEqualTo(8);
        assertThat(t.column("d")).isEqualTo(-1);
    }

    @Test
    void rowsWiderOrNarrowerThanTheHeaderKeepTheirOwnCells() throws IOException {
        Path f = dir.resolve("w.csv");
        Files.writeString(f, "a,b\n1,2,3,4,5\n6\n7,8\n9,10,11\n");
        CsvTable t = CsvTable.read(f, List.of("a", "b"));

        assertThat(t.size()).isEqualTo(4);
        assertThat(List.of(t.text(0, 4), t.text(1, 0), t.text(1, 1), t.text(2, 1), t.text(3, 2), t.text(3, 3)))
                .containsExactly("5", "6", "", "8", "11", "");
    }

    @Test
    void aMissingColumnOrABrokenQuoteIsRefusedWithTheFile() throws IOException {
        Path header = dir.resolve("h.csv");
        Files.writeString(header, "a,c\n1,2\n");
        assertThatThrownBy(() -> CsvTable.read(header, List.of("a", "b"))).isInstanceOf(ManifestException.class)
                .hasMessage(header + ":1: header lacks column(s) b (required: a,b)");
        Path quote = dir.resolve("q.csv");
        Files.writeString(quote, "a,b\n1,\"open\n");
        assertThatThrownBy(() -> CsvTable.read(quote, List.of("a"))).isInstanceOf(ManifestException.class)
                .hasMessageStartingWith(quote + ": cannot read CSV: Missing closing quote");
    }

    /**
     * The file is UTF-8 and nothing else: a byte order mark is read as the character it is (the first column's name
     * then is not "a"), and bytes that are not UTF-8 are refused, as {@code Files.newBufferedReader} reads them.
     */
    @Test
    void aByteOrderMarkIsACharacterAndMalformedUtf8IsRefused() throws IOException {
        Path bom = dir.resolve("bom.csv");
        Files.write(bom, new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'a', ',', 'b', '\n', '1', ',', '2', '\n'});
        assertThatThrownBy(() -> CsvTable.read(bom, List.of("a", "b"))).isInstanceOf(ManifestException.class)
                .hasMessage(bom + ":1: header lacks column(s) a (required: a,b)");
        assertThat(CsvTable.read(bom, List.of("\uFEFFa", "b")).text(0, "b")).isEqualTo("2");
        Path latin1 = dir.resolve("latin1.csv");
        Files.write(latin1, new byte[] {'a', ',', 'b', '\n', '1', ',', (byte) 0xE9, '\n'});
        assertThatThrownBy(() -> CsvTable.read(latin1, List.of("a", "b"))).isInstanceOf(ManifestException.class)
                .hasMessage(latin1 + ": cannot read CSV: Input length = 1");
    }
}
