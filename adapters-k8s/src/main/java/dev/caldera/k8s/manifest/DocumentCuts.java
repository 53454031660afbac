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
 * Threading: stateless. Cost: one pass over the bytes, no allocation but the result.
 */
final class DocumentCuts {
    private DocumentCuts() {
    }

    /**
     * The starts of up to {@code parts} parts of {@code b[from, b.length)} of about equal size, cut at document
     * starts (the first is {@code from}); {@code lines} receives, per part, the number of lines before it.
     */
    static int[] of(byte[] b, int from, int parts, int[] lines) {
        if (!cuttable(b, from)) {
            return new int[] {from};
        }
        int[] starts = new int[parts];
        starts[0] = from;
        lines[0] = 0;
        int count = 1;
        int line = 0;
        int p = from;
        while (p < b.length && count < parts) {
            long target = from + (long) (b.length - from) * count / parts;
            if (p >= target && isDocumentStart(b, p)) {
                starts[count] = p;
                lines[count++] = line;
            }
            int next = lineEnd(b, p) + 1;
            line++;
            p = next;
        }
        return Arrays.copyOf(starts, count);
    }

    /** Whether a line starts at {@code p} with {@code ---} followed by a space, a tab, a line break or the end. */
    static boolean isDocumentStart(byte[] b, int p) {
        if (p + 3 > b.length || b[p] != '-' || b[p + 1] != '-' || b[p + 2] != '-') {
            return false;
        }
        return p + 3 == b.length || b[p + 3] == ' ' || b[p + 3] == '\t' || b[p + 3] == '\n';
    }

    static boolean cuttable(byte[] b, int from) {
        for (int p = from; p < b.length; p++) {
            byte c = b[p];
            if (c == '\r' || c == '%' && (p == from || b[p - 1] == '\n')) {
                return false;
            }
            if (c == (byte) 0xC2 && p + 1 < b.length && b[p + 1] == (byte) 0x85) {
                return false; // U+0085, next line
            }
            if (c == (byte) 0xE2 && p + 2 < b.length && b[p + 1] == (byte) 0x80
                    && (b[p + 2] == (byte) 0xA8 || b[p + 2] == (byte) 0xA9)) {
                return false; // U+2028, U+2029
            }
        }
        return true;
    }

    static int lineEnd(byte[] b, int p) {
        int q = p;
        while (q < b.length && b[q] != '\n') {
            q++;
        }
        return q;
    }
}
