package dev.caldera.k8s.manifest;

import java.util.Arrays;

/**
 * Where a multi-document YAML file can be cut into parts that SnakeYAML reads on their own, in parallel: before a
 * line that starts with {@code ---} followed by a space, a tab or the line's end. YAML forbids such a line inside
 * any node (the specification's {@code c-forbidden}: it can continue no scalar and no collection), so SnakeYAML
 * reads every one as the start of a document, and the parts read alone give the documents the whole file gives;
 * a part that does not parse alone is read again with the whole file by the caller. No cut is made in a file
 * with directives ({@code %YAML}, {@code %TAG}: they belong to the document after them) or with line breaks
 * other than {@code \n} (SnakeYAML counts {@code \r}, U+0085, U+2028 and U+2029 as line breaks too, and a
 * part's lines are offset by the {@code \n}s before it).
 * <p>
 * Threading: stateless. Cost: {@link #starts} reads only the lines around each cut; {@link #cuttable} and
 * {@link #newlines} one pass over the bytes they are given; no allocation but the result.
 */
final class DocumentCuts {
    private DocumentCuts() {
    }

    /**
     * The starts of up to {@code parts} parts of {@code b[from, b.length)} of about equal size, cut at document
     * starts (the first is {@code from}), or only {@code from} when the file is not {@link #cuttable};
     * {@code lines} receives, per part, the number of lines before it.
     */
    static int[] of(byte[] b, int from, int parts, int[] lines) {
        if (!cuttable(b, from, b.length)) {
            return new int[] {from};
        }
        int[] starts = starts(b, from, parts);
        for (int i = 0; i < starts.length; i++) {
            lines[i] = i == 0 ? 0 : lines[i - 1] + newlines(b, starts[i - 1], starts[i]);
        }
        return starts;
    }

    /**
     * The starts of up to {@code parts} parts of about equal size, each the first document start at or after its
     * share of the bytes (the first is {@code from}), found without reading the bytes between: the caller checks
     * that the file is {@link #cuttable} and counts the lines before each part, both of which the parts can do in
     * parallel.
     */
    static int[] starts(byte[] b, int from, int parts) {
        return starts(new InMemory(b), from, parts);
    }

    /** As {@link #starts(byte[], int, int)}, of bytes read one at a time (a file read through a window). */
    static int[] starts(Bytes b, int from, int parts) {
        int length = b.length();
        int[] starts = new int[parts];
        starts[0] = from;
        int count = 1;
        for (int i = 1; i < parts; i++) {
            int p = documentStartFrom(b, Math.max(starts[count - 1] + 1,
                    (int) (from + (long) (length - from) * i / parts)));
            if (p < length) {
                starts[count++] = p;
            }
        }
        return Arrays.copyOf(starts, count);
    }

    /** The first document start at a line start at or after {@code p}, or the end. */
    private static int documentStartFrom(Bytes b, int p) {
        int length = b.length();
        int q = p == 0 || b.at(p - 1) == '\n' ? p : lineEnd(b, p) + 1;
        while (q < length && !isDocumentStart(b, q)) {
            q = lineEnd(b, q) + 1;
        }
        return Math.min(q, length);
    }

    private static boolean isDocumentStart(Bytes b, int p) {
        int length = b.length();
        if (p + 3 > length || b.at(p) != '-' || b.at(p + 1) != '-' || b.at(p + 2) != '-') {
            return false;
        }
        return p + 3 == length || b.at(p + 3) == ' ' || b.at(p + 3) == '\t' || b.at(p + 3) == '\n';
    }

    private static int lineEnd(Bytes b, int p) {
        int length = b.length();
        int q = p;
        while (q < length && b.at(q) != '\n') {
            q++;
        }
        return q;
    }

    /** Bytes the cuts are looked for in, one at a time: an array, or a file read through a window. */
    interface Bytes {
        int length();

        byte at(int p);
    }

    private record InMemory(byte[] b) implements Bytes {
        @Override
        public int length() {
            return b.length;
        }

        @Override
        public byte at(int p) {
            return b[p];
        }
    }

    /** The number of {@code \n} in {@code b[from, to)}. */
    static int newlines(byte[] b, int from, int to) {
        int n = 0;
        for (int p = from; p < to; p++) {
            if (b[p] == '\n') {
                n++;
            }
        }
        return n;
    }

    /** Whether a line starts at {@code p} with {@code ---} followed by a space, a tab, a line break or the end. */
    static boolean isDocumentStart(byte[] b, int p) {
        if (p + 3 > b.length || b[p] != '-' || b[p + 1] != '-' || b[p + 2] != '-') {
            return false;
        }
        return p + 3 == b.length || b[p + 3] == ' ' || b[p + 3] == '\t' || b[p + 3] == '\n';
    }

    static boolean cuttable(byte[] b, int from) {
        return cuttable(b, from, b.length);
    }

    /**
     * Whether {@code b[from, to)} holds nothing that forbids a cut: no directive at a line start and no line break
     * but {@code \n} (a multi-byte one that starts before {@code to} is looked at whole).
     */
    static boolean cuttable(byte[] b, int from, int to) {
        return (check(b, from, to) & NOT_CUTTABLE) == 0;
    }

    /** {@link #check}: the bytes forbid a cut (the other flags are then not looked for). */
    static final int NOT_CUTTABLE = 1;
    /** {@link #check}: the bytes are not all ASCII. */
    static final int NOT_ASCII = 2;
    /**
     * {@link #check}: the bytes hold an ASCII control character other than a tab, a line feed or a carriage
     * return (or DEL), which SnakeYAML's reader refuses.
     */
    static final int NOT_PRINTABLE = 4;

    /**
     * {@link #NOT_CUTTABLE}, {@link #NOT_ASCII} and {@link #NOT_PRINTABLE} as they apply to {@code b[from, to)}, in
     * one pass that looks closer only at bytes below 32 (line breaks, control characters, bytes of multi-byte
     * characters), at DEL and at {@code %}.
     */
    static int check(byte[] b, int from, int to) {
        return (int) checkCounting(b, from, to);
    }

    /**
     * {@link #check}'s flags in the low 32 bits and, in the high ones, the number of {@code \n} in {@code b[from,
     * to)} when the bytes allow a cut (when they do not, the count stops where that was found): the check and
     * {@link #newlines} in one pass.
     */
    static long checkCounting(byte[] b, int from, int to) {
        int flags = 0;
        long newlines = 0;
        for (int p = from; p < to; p++) {
            byte c = b[p];
            if (c >= ' ' && c != '%' && c != 0x7F || c == '\t') {
                continue;
            }
            if (c == '\n') {
                newlines++;
                continue;
            }
            if (c >= 0 && c != '%' && c != '\r') {
                flags |= NOT_PRINTABLE;
                continue;
            }
            if (c == '\r' || c == '%' && (p == from || b[p - 1] == '\n')) {
                return newlines << 32 | flags | NOT_CUTTABLE;
            }
            if (c < 0) {
                flags |= NOT_ASCII;
                if (nextLine(b, p)) {
                    return newlines << 32 | flags | NOT_CUTTABLE;
                }
            }
        }
        return newlines << 32 | flags;
    }

    /** Whether U+0085, U+2028 or U+2029 (line breaks to SnakeYAML) starts at {@code p}. */
    private static boolean nextLine(byte[] b, int p) {
        byte c = b[p];
        if (c == (byte) 0xC2) {
            return p + 1 < b.length && b[p + 1] == (byte) 0x85;
        }
        return c == (byte) 0xE2 && p + 2 < b.length && b[p + 1] == (byte) 0x80
                && (b[p + 2] == (byte) 0xA8 || b[p + 2] == (byte) 0xA9);
    }

    static int lineEnd(byte[] b, int p) {
        int q = p;
        while (q < b.length && b[q] != '\n') {
            q++;
        }
        return q;
    }
}
