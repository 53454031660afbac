package dev.caldera.k8s.manifest.yaml;

import dev.caldera.k8s.manifest.token.Token;

/**
 * A fast scanner for the YAML that {@code kubectl get -o yaml} and most tools write, over UTF-8 bytes: block
 * mappings and sequences (sequences under a key at the key's indentation or deeper), plain scalars (also over
 * several lines), single- and double-quoted scalars (escapes, line folding), literal block scalars ({@code |},
 * {@code |-}, {@code |+}), flow collections ({@code {a: b}}, {@code [1, 2]}, over lines too), comments and
 * document markers. It parses one unit, a document or one item of a List, into a {@link TokenBuffer}.
 * <p>
 * It never guesses: anything else (anchors, aliases, tags, merge keys, folded scalars, explicit keys,
 * directives, tabs, carriage returns, indentation it cannot place, a colon where a value continues, unclosed
 * quotes...) throws {@link Unsupported}, and the file is read again with SnakeYAML, which either takes it or
 * says precisely what is wrong. A test holds both readers to the same tokens on many generated documents.
 * <p>
 * Why it exists: SnakeYAML alone needed about 2.4 s of CPU (cold JVM) just to tokenize the 24 MB generated
 * 5,000-node dump, more than the whole simulate run may take (issue 14); this scanner does the same work in a
 * fraction of that and splits a file into units that two threads read at once.
 * <p>
 * Threading: one instance per thread. Cost: linear in the unit; recursion depth bounded by {@link #MAX_DEPTH}.
 */
public final class BlockYamlParser {
    /** Deeper nesting is left to SnakeYAML, which refuses more than 50 levels. */
    static final int MAX_DEPTH = 40;

    private final TokenBuffer out;
    private final ScalarScanner scalars = new ScalarScanner(this);
    byte[] b;
    int pos;
    int end;
    int line;
    private int holeStart;
    private int holeEnd;
    /** Indentation of the current content line, -1 at the end of the unit. */
    private int col;
    private int depth;
    /** A {@code ---} line may start a document unit. */
    private boolean markerAllowed;

    public BlockYamlParser(TokenBuffer out) {
        this.out = out;
    }

    /**
     * Scans the unit {@code [from, to)} of {@code bytes}, whose first byte is on line {@code firstLine}. A List
     * header skips the bytes {@code [holeStart, holeEnd)} (its items, read as units of their own); an item unit
     * starts with its {@code -} and holds that one entry. Leaves the tokens in the buffer (none for an empty
     * document).
     */
    public void parse(byte[] bytes, int from, int to, int firstLine, boolean item, int holeStart, int holeEnd) {
        out.reset(bytes);
        b = bytes;
        pos = from;
        end = to;
        line = firstLine;
        this.holeStart = holeStart;
        this.holeEnd = holeEnd;
        depth = 0;
        markerAllowed = !item;
        nextContentLine();
        markerAllowed = false;
        if (col < 0) {
            return;
        }
        if (item) {
            if (!isEntry(pos)) {
                throw unsupported("an item that does not start with '- '");
            }
            entry(col);
        } else {
            documentStart();
            if (col < 0) {
                return;
            }
            blockNode(-1);
        }
        if (col >= 0) {
            throw unsupported("content after the end of the node");
        }
    }

    /** A leading {@code ---} line (with nothing else on it). */
    private void documentStart() {
        if (col == 0 && startsWith(pos, "---") && (pos + 3 >= end || isBlankOrBreak(b[pos + 3]))) {
            pos += 3;
            restOfLineEmpty();
            nextContentLine();
        }
    }

    // ---- block structure

    /** A node starting at the current content line, more indented than {@code parent}. */
    private void blockNode(int parent) {
        enter();
        if (isEntry(pos)) {
            sequence(col);
        } else if (keyEnd(pos) >= 0) {
            mapping(col);
        } else {
            value(parent);
        }
        depth--;
    }

    private void mapping(int indent) {
        out.add(Token.START_MAP, line);
        while (true) {
            key();
            skipSpaces();
            if (atLineEnd()) {
                restOfLineEmpty();
                nextContentLine();
                if (col > indent) {
                    blockNode(indent);
                } else if (col == indent && isEntry(pos)) {
                    enter();
                    sequence(indent);
                    depth--;
                } else {
                    out.addNull(line);
                }
            } else {
                value(indent);
            }
            if (col < indent) {
                break;
            }
            if (col > indent || isEntry(pos)) {
                throw unsupported("indentation");
            }
        }
        out.add(Token.END_MAP, line);
    }

    private void sequence(int indent) {
        out.add(Token.START_LIST, line);
        while (true) {
            entry(indent);
            if (col < indent || col == indent && !isEntry(pos)) {
                break;
            }
            if (col > indent) {
                throw unsupported("indentation");
            }
        }
        out.add(Token.END_LIST, line);
    }

    /** One {@code -} entry at {@code indent}; leaves the parser on the next content line. */
    private void entry(int indent) {
        pos++;
        if (atLineEnd()) {
            restOfLineEmpty();
            nextContentLine();
            if (col > indent) {
                blockNode(indent);
            } else {
                out.addNull(line);
            }
            return;
        }
        if (b[pos] != ' ') {
            throw unsupported("'-' without a space");
        }
        skipSpaces();
        if (isEntry(pos)) {
            throw unsupported("a sequence on the line of its parent entry");
        }
        if (keyEnd(pos) >= 0) {
            enter();
            col = pos - lineStart();
            mapping(col);
            depth--;
        } else {
            value(indent);
        }
    }

    /** A mapping key at {@code pos}; emits it and leaves {@code pos} after its colon. */
    private void key() {
        int stop = keyEnd(pos);
        if (stop < 0) {
            throw unsupported("a line that is neither a key nor an entry");
        }
        byte c = b[pos];
        if (c == '"' || c == '\'') {
            scalars.quoted(Token.FIELD, -1);
            skipSpaces();
        } else {
            int last = stop;
            while (last > pos && b[last - 1] == ' ') {
                last--;
            }
            if (last - pos == 2 && b[pos] == '<' && b[pos + 1] == '<') {
                throw unsupported("a merge key");
            }
            out.addRange(Token.FIELD, line, pos, last, true);
            pos = stop;
        }
        if (pos >= end || b[pos] != ':') {
            throw unsupported("a quoted key without a colon");
        }
        pos++;
    }

    /**
     * Where the key starting at {@code p} ends (the index of its colon), or -1 when the line does not start with
     * a key: a plain or quoted scalar followed by {@code ": "} or a colon at the end of the line.
     */
    private int keyEnd(int p) {
        byte c = b[p];
        if (c == '"' || c == '\'') {
            int close = scalars.closingQuoteOnLine(p);
            if (close < 0) {
                return -1;
            }
            int q = close + 1;
            while (q < end && b[q] == ' ') {
                q++;
            }
            return q < end && b[q] == ':' && (q + 1 >= end || isBlankOrBreak(b[q + 1])) ? q : -1;
        }
        if (!ScalarScanner.canStartPlain(b, p, end)) {
            return -1;
        }
        for (int q = p; q < end; q++) {
            byte x = b[q];
            if (x == '\n' || x == '#' && b[q - 1] == ' ') {
                return -1;
            }
            if (x == ':' && (q + 1 >= end || isBlankOrBreak(b[q + 1]))) {
                return q;
            }
        }
        return -1;
    }

    /** A value starting on this line at {@code pos}, in a block whose indentation is {@code parent}. */
    private void value(int parent) {
        byte c = b[pos];
        switch (c) {
            case '|' -> scalars.literal(parent);
            case '"', '\'' -> {
                scalars.quoted(Token.SCALAR, parent);
                restOfLineEmpty();
                nextContentLine();
            }
            case '[', '{' -> {
                enter();
                new FlowParser(this, out, scalars, parent).collection();
                depth--;
                restOfLineEmpty();
                nextContentLine();
            }
            default -> scalars.plain(parent);
        }
    }

    // ---- lines

    /** Moves to the first character of the next line with content (not blank, not a comment). */
    void nextContentLine() {
        while (true) {
            if (pos == holeStart) {
                pos = holeEnd;
                line += linesIn(holeStart, holeEnd);
            }
            if (pos >= end) {
                col = -1;
                return;
            }
            int start = pos;
            while (pos < end && b[pos] == ' ') {
                pos++;
            }
            if (pos < end && (b[pos] == '\t' || b[pos] == '\r')) {
                throw unsupported("a tab or carriage return");
            }
            if (pos >= end) {
                col = -1;
                return;
            }
            if (b[pos] == '\n') {
                pos++;
                line++;
                continue;
            }
            if (b[pos] == '#') {
                skipToLineEnd();
                continue;
            }
            col = pos - start;
            if (col == 0 && (startsWith(pos, "---") && !markerAllowed || startsWith(pos, "...") || b[pos] == '%')) {
                throw unsupported("a document marker or directive inside a unit");
            }
            return;
        }
    }

    /** After a value: spaces, maybe a comment, then the line break. */
    void restOfLineEmpty() {
        skipSpaces();
        if (pos < end && b[pos] == '#') {
            if (b[pos - 1] != ' ') {
                throw unsupported("'#' right after a value");
            }
            skipToLineEnd();
            return;
        }
        if (pos < end && b[pos] != '\n') {
            throw unsupported("text after a value");
        }
        if (pos < end) {
            pos++;
            line++;
        }
    }

    private void skipToLineEnd() {
        while (pos < end && b[pos] != '\n') {
            pos++;
        }
        if (pos < end) {
            pos++;
            line++;
        }
    }

    void skipSpaces() {
        while (pos < end && b[pos] == ' ') {
            pos++;
        }
        if (pos < end && b[pos] == '\t') {
            throw unsupported("a tab");
        }
    }

    /** At a line break, the end, or a comment (spaces skipped). */
    boolean atLineEnd() {
        int p = pos;
        while (p < end && b[p] == ' ') {
            p++;
        }
        return p >= end || b[p] == '\n' || b[p] == '#' && (p == pos ? b[p - 1] == ' ' : true);
    }

    int lineStart() {
        int p = pos;
        while (p > 0 && b[p - 1] != '\n') {
            p--;
        }
        return p;
    }

    int col() {
        return col;
    }

    TokenBuffer out() {
        return out;
    }

    boolean isEntry(int p) {
        return b[p] == '-' && (p + 1 >= end || isBlankOrBreak(b[p + 1]));
    }

    boolean startsWith(int p, String s) {
        if (p + s.length() > end) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (b[p + i] != s.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    static boolean isBlankOrBreak(byte c) {
        return c == ' ' || c == '\n';
    }

    private int linesIn(int from, int to) {
        int n = 0;
        for (int p = from; p < to; p++) {
            if (b[p] == '\n') {
                n++;
            }
        }
        return n;
    }

    void enter() {
        if (++depth > MAX_DEPTH) {
            throw unsupported("nesting deeper than " + MAX_DEPTH);
        }
    }

    void leave() {
        depth--;
    }

    Unsupported unsupported(String why) {
        return new Unsupported(why, line);
    }
}
