package dev.caldera.k8s.manifest.yaml;

import java.util.Arrays;

/**
 * Splits a YAML file into units that can be scanned on their own and in parallel: each document (documents
 * start at a {@code ---} line), and for a {@code kind: ...List} document with a block {@code items:} list, a
 * header unit (the document without its items) plus one unit per item. Only column 0 is looked at, where YAML
 * allows nothing but document markers, top-level keys, comments and (for a List written {@code - } at column 0)
 * item starts. A split that was wrong shows up as a unit {@link BlockYamlParser} cannot read, and the file is
 * then read by SnakeYAML.
 * <p>
 * Threading: one thread. Cost: one pass over the bytes; 6 ints per unit.
 */
public final class YamlUnits {
    private static final int FIELDS = 6;

    private int[] units = new int[FIELDS * 64];
    private int count;

    /** The units of {@code b[from, b.length)}, the first byte being on line 1. */
    public static YamlUnits of(byte[] b, int from) {
        YamlUnits u = new YamlUnits();
        int docStart = from;
        int docLine = 1;
        int line = 1;
        int p = from;
        while (p < b.length) {
            int next = lineEnd(b, p) + 1;
            if (p > docStart && isDocumentMarker(b, p)) {
                u.document(b, docStart, p, docLine);
                docStart = p;
                docLine = line;
            }
            p = next;
            line++;
        }
        if (docStart < b.length) {
            u.document(b, docStart, b.length, docLine);
        }
        return u;
    }

    public int size() {
        return count;
    }

    public int from(int i) {
        return units[i * FIELDS];
    }

    public int to(int i) {
        return units[i * FIELDS + 1];
    }

    public int line(int i) {
        return units[i * FIELDS + 2];
    }

    /** Whether unit {@code i} is one item of a List (it starts with its {@code -}). */
    public boolean item(int i) {
        return units[i * FIELDS + 3] == 1;
    }

    /** The bytes a List header skips: its items ({@code -1} when none). */
    public int holeStart(int i) {
        return units[i * FIELDS + 4];
    }

    public int holeEnd(int i) {
        return units[i * FIELDS + 5];
    }

    private void document(byte[] b, int from, int to, int line) {
        if (!splitList(b, from, to, line)) {
            add(from, to, line, false, -1, -1);
        }
    }

    /** A List document: its header and its items as units; false when the document is not such a List. */
    private boolean splitList(byte[] b, int from, int to, int firstLine) {
        int itemsLineEnd = -1;
        boolean list = false;
        int line = firstLine;
        int itemsLine = 0;
        for (int p = from; p < to; p = lineEnd(b, p) + 1, line++) {
            if (startsWith(b, p, to, "items:") && restIsEmpty(b, p + 6, to) && itemsLineEnd < 0) {
                itemsLineEnd = lineEnd(b, p) + 1;
                itemsLine = line + 1;
            } else if (startsWith(b, p, to, "kind:")) {
                list = kindIsList(b, p + 5, lineEnd(b, p));
            }
        }
        if (!list || itemsLineEnd < 0 || itemsLineEnd >= to) {
            return false;
        }
        return items(b, itemsLineEnd, to, itemsLine, from, firstLine);
    }

    /** The item units of the block list starting at {@code start}, then the header with them as its hole. */
    private boolean items(byte[] b, int start, int to, int startLine, int docFrom, int docLine) {
        int p = start;
        int line = startLine;
        while (p < to && isBlankOrComment(b, p, to)) {
            p = lineEnd(b, p) + 1;
            line++;
        }
        int indent = indentAt(b, p, to);
        if (p >= to || !isEntry(b, p + indent, to)) {
            return false;
        }
        int mark = count;
        int itemStart = -1;
        int itemLine = 0;
        for (; p < to; p = lineEnd(b, p) + 1, line++) {
            if (isBlankOrComment(b, p, to)) {
                continue;
            }
            int i = indentAt(b, p, to);
            if (i == indent && isEntry(b, p + i, to)) {
                if (itemStart >= 0) {
                    add(itemStart, p, itemLine, true, -1, -1);
                }
                itemStart = p;
                itemLine = line;
            } else if (i < indent || i == 0) {
                break;
            }
        }
        add(itemStart, p, itemLine, true, -1, -1);
        int header = count;
        add(docFrom, to, docLine, false, start, p);
        // the header comes first: rotate it in front of its items
        int[] h = Arrays.copyOfRange(units, header * FIELDS, header * FIELDS + FIELDS);
        System.arraycopy(units, mark * FIELDS, units, (mark + 1) * FIELDS, (header - mark) * FIELDS);
        System.arraycopy(h, 0, units, mark * FIELDS, FIELDS);
        return true;
    }

    private void add(int from, int to, int line, boolean item, int holeStart, int holeEnd) {
        if (count * FIELDS == units.length) {
            units = Arrays.copyOf(units, units.length * 2);
        }
        int o = count++ * FIELDS;
        units[o] = from;
        units[o + 1] = to;
        units[o + 2] = line;
        units[o + 3] = item ? 1 : 0;
        units[o + 4] = holeStart;
        units[o + 5] = holeEnd;
    }

    /** {@code kind:} followed by a plain or quoted value ending in {@code List}. */
    private static boolean kindIsList(byte[] b, int p, int end) {
        int e = end;
        for (int q = p; q < end; q++) {
            if (b[q] == '#' && b[q - 1] == ' ') {
                e = q;
                break;
            }
        }
        while (e > p && (b[e - 1] == ' ' || b[e - 1] == '"' || b[e - 1] == '\'')) {
            e--;
        }
        return e - p >= 4 && b[e - 4] == 'L' && b[e - 3] == 'i' && b[e - 2] == 's' && b[e - 1] == 't';
    }

    static int lineEnd(byte[] b, int p) {
        int q = p;
        while (q < b.length && b[q] != '\n') {
            q++;
        }
        return q;
    }

    private static boolean isDocumentMarker(byte[] b, int p) {
        return (startsWith(b, p, b.length, "---") || startsWith(b, p, b.length, "..."))
                && (p + 3 >= b.length || b[p + 3] == ' ' || b[p + 3] == '\n' || b[p + 3] == '\t'
                || b[p + 3] == '\r');
    }

    private static boolean startsWith(byte[] b, int p, int to, String s) {
        if (p + s.length() > to) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (b[p + i] != s.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static boolean restIsEmpty(byte[] b, int p, int to) {
        int q = p;
        while (q < to && b[q] == ' ') {
            q++;
        }
        return q >= to || b[q] == '\n' || b[q] == '#' && q > p;
    }

    private static boolean isBlankOrComment(byte[] b, int p, int to) {
        int q = p;
        while (q < to && b[q] == ' ') {
            q++;
        }
        return q >= to || b[q] == '\n' || b[q] == '#';
    }

    private static int indentAt(byte[] b, int p, int to) {
        int q = p;
        while (q < to && b[q] == ' ') {
            q++;
        }
        return q - p;
    }

    private static boolean isEntry(byte[] b, int p, int to) {
        return p < to && b[p] == '-' && (p + 1 >= to || b[p + 1] == ' ' || b[p + 1] == '\n');
    }
}
