package dev.caldera.k8s.manifest;

import java.util.Arrays;

/**
 * Where the one document of a {@code kubectl get -o yaml} dump (a {@code kind: List} with its {@code items} at
 * column 0) can be cut so that SnakeYAML reads the items in parallel: the item lines ({@code - } at column 0 after
 * a column-0 {@code items:} line, up to the next column-0 line that is neither an item nor indented) are cut
 * before item starts into parts of about equal size, each a YAML sequence of its own; the rest of the document
 * (the envelope: {@code apiVersion}, {@code kind}, {@code metadata}) is read apart, with a blank line standing for
 * each item line so that its lines stay the file's. A cut this guesses wrong (an item line that is really the
 * continuation of a multi-line scalar) leaves a part that does not parse alone, and the caller then reads the
 * whole file on one thread, as it does when the envelope turns out not to be a List's. Files with more than one
 * document, directives or line breaks other than {@code \n} are not cut ({@link DocumentCuts} says why).
 * <p>
 * Threading: stateless. Cost: one pass over the bytes; the envelope is copied (its own bytes and one byte per
 * item line).
 */
final class ListCuts {
    /** Byte offsets of the item parts' starts, the end of the item lines, and lines before each part. */
    final int[] starts;
    final int itemsEnd;
    final int[] lines;
    /** The document without its item lines, which became blank lines. */
    final byte[] envelope;

    private ListCuts(int[] starts, int itemsEnd, int[] lines, byte[] envelope) {
        this.starts = starts;
        this.itemsEnd = itemsEnd;
        this.lines = lines;
        this.envelope = envelope;
    }

    /** The cuts of {@code b[from, b.length)} into up to {@code parts} item parts, or null when it has none. */
    static ListCuts of(byte[] b, int from, int parts) {
        if (parts < 2 || !DocumentCuts.cuttable(b, from)) {
            return null;
        }
        int line = 0;
        int p = from;
        int itemsFrom = -1;
        int itemsLine = 0;
        while (p < b.length && itemsFrom < 0) {
            if (p > from && DocumentCuts.isDocumentStart(b, p)) {
                return null; // a second document
            }
            int next = DocumentCuts.lineEnd(b, p) + 1;
            if (isItemsKey(b, p, next - 1) && next < b.length && isItem(b, next)) {
                itemsFrom = next;
                itemsLine = line + 1;
            }
            line++;
            p = next;
        }
        return itemsFrom < 0 ? null : cut(b, from, itemsFrom, itemsLine, parts);
    }

    private static ListCuts cut(byte[] b, int from, int itemsFrom, int itemsLine, int parts) {
        int[] starts = new int[parts];
        int[] lines = new int[parts];
        starts[0] = itemsFrom;
        lines[0] = itemsLine;
        int count = 1;
        int line = itemsLine;
        int p = itemsFrom;
        long length = b.length - itemsFrom;
        while (p < b.length && (isItem(b, p) || b[p] == ' ' || b[p] == '#' || b[p] == '\n')) {
            if (count < parts && p >= itemsFrom + length * count / parts && isItem(b, p)) {
                starts[count] = p;
                lines[count++] = line;
            }
            p = DocumentCuts.lineEnd(b, p) + 1;
            line++;
        }
        int itemsEnd = Math.min(p, b.length);
        for (int q = itemsEnd; q < b.length; q = DocumentCuts.lineEnd(b, q) + 1) {
            if (DocumentCuts.isDocumentStart(b, q)) {
                return null; // a second document
            }
        }
        return new ListCuts(Arrays.copyOf(starts, count), itemsEnd, Arrays.copyOf(lines, count),
                envelope(b, from, itemsFrom, itemsEnd, line - itemsLine));
    }

    private static byte[] envelope(byte[] b, int from, int itemsFrom, int itemsEnd, int itemLines) {
        int head = itemsFrom - from;
        int tail = b.length - itemsEnd;
        byte[] e = new byte[head + itemLines + tail];
        System.arraycopy(b, from, e, 0, head);
        Arrays.fill(e, head, head + itemLines, (byte) '\n');
        System.arraycopy(b, itemsEnd, e, head + itemLines, tail);
        return e;
    }

    /** Whether the line {@code [p, end)} is {@code items:} at column 0, maybe followed by spaces. */
    private static boolean isItemsKey(byte[] b, int p, int end) {
        if (end - p < 6 || b[p] != 'i' || b[p + 1] != 't' || b[p + 2] != 'e' || b[p + 3] != 'm' || b[p + 4] != 's'
                || b[p + 5] != ':') {
            return false;
        }
        for (int q = p + 6; q < end; q++) {
            if (b[q] != ' ') {
                return false;
            }
        }
        return true;
    }

    /** Whether a sequence item starts at column 0 at {@code p}: {@code -} then a space or the line's end. */
    private static boolean isItem(byte[] b, int p) {
        return b[p] == '-' && (p + 1 == b.length || b[p + 1] == ' ' || b[p + 1] == '\n');
    }
}
