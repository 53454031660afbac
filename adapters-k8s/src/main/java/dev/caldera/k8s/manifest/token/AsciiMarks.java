package dev.caldera.k8s.manifest.token;

import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.reader.StreamReader;

import java.io.Reader;
import java.nio.charset.StandardCharsets;

/**
 * SnakeYAML's reader over bytes known to hold only printable ASCII (tab, line feed, carriage return and
 * {@code 0x20..0x7E}), read where they lie: each byte is its code point, so there is nothing to decode, to copy
 * into a window or to check. {@link StreamReader} turns its text into code points 1,023 chars at a time (a new
 * {@code int[]} window each time, every code point checked printable) and moves its counters one char at a time
 * through a table look-up; on a 22 MB dump that reader was a fifth of the reading threads' CPU. The scanner sees
 * the same code points, lines, columns and indexes as through {@link StreamReader}: text with any other byte must
 * not come here (that reader refuses the non-printable ones at the chunk that holds them).
 * <p>
 * Marks, as {@code LineMarks}: one per line, exact line, the column and index of the line's first mark. They
 * carry no text, so a syntax error's snippet is empty: its readers report no syntax error of its own (a part of a
 * file read in parallel has the file read again whole; text read whole on one thread is read again up to the error
 * by SnakeYAML's reader, {@link YamlTokens#printableAscii(byte[], int, int, String, int, java.util.function.Supplier)}).
 * <p>
 * Threading: one thread. No allocation but one mark per line and the strings the scanner asks for.
 */
final class AsciiMarks extends StreamReader {
    private static final int[] NO_TEXT = new int[0];
    private static final String NAME = "'reader'";

    private final byte[] bytes;
    private final int from;
    private final int to;
    private int at;
    private int line;
    private int column;
    private int documentIndex;
    private Mark mark;
    private int markLine = -1;

    /** The text {@code bytes[from, to)}, every byte printable ASCII. */
    AsciiMarks(byte[] bytes, int from, int to) {
        super(Reader.nullReader());
        this.bytes = bytes;
        this.from = from;
        this.to = to;
        this.at = from;
    }

    @Override
    public Mark getMark() {
        if (line != markLine) {
            mark = new Mark(NAME, at - from, line, column, NO_TEXT, 0);
            markLine = line;
        }
        return mark;
    }

    @Override
    public void forward() {
        forward(1);
    }

    /** As {@link StreamReader#forward(int)}: a line feed, or a carriage return not before one, ends a line. */
    @Override
    public void forward(int length) {
        int p = at;
        int end = Math.min(to, p + length);
        int moved = end - p;
        for (; p < end; p++) {
            byte c = bytes[p];
            if (c == '\n' || c == '\r' && p + 1 < to && bytes[p + 1] != '\n') {
                line++;
                column = 0;
            } else {
                column++;
            }
        }
        at = end;
        documentIndex += moved;
    }

    @Override
    public int peek() {
        return at < to ? bytes[at] : '\0';
    }

    @Override
    public int peek(int index) {
        int p = at + index;
        return p < to ? bytes[p] : '\0';
    }

    @Override
    public String prefix(int length) {
        int n = Math.min(length, to - at);
        return n <= 0 ? "" : new String(bytes, at, n, StandardCharsets.ISO_8859_1);
    }

    /** As {@link StreamReader#prefixForward}: the prefix holds no line break. */
    @Override
    public String prefixForward(int length) {
        String prefix = prefix(length);
        at += length;
        documentIndex += length;
        column += length;
        return prefix;
    }

    @Override
    public int getColumn() {
        return column;
    }

    @Override
    public int getDocumentIndex() {
        return documentIndex;
    }

    @Override
    public void resetDocumentIndex() {
        documentIndex = 0;
    }

    @Override
    public int getIndex() {
        return at - from;
    }

    @Override
    public int getLine() {
        return line;
    }
}
