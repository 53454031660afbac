package dev.caldera.k8s.manifest.yaml;

import dev.caldera.k8s.manifest.token.Token;

/**
 * Flow collections inside {@link BlockYamlParser}: {@code {key: value, ...}} and {@code [value, ...]} with plain
 * or quoted scalars and nested collections, over several lines too. Single-pair mappings inside lists, keys
 * without values, empty entries, trailing commas and {@code "key":value} without a space are left to SnakeYAML
 * ({@link Unsupported}).
 * <p>
 * Threading: the parser's.
 */
final class FlowParser {
    private final BlockYamlParser p;
    private final TokenBuffer out;
    private final ScalarScanner scalars;
    /** Indentation of the block the collection sits in: its continuation lines must be deeper. */
    private final int parent;

    FlowParser(BlockYamlParser parser, TokenBuffer out, ScalarScanner scalars, int parent) {
        this.p = parser;
        this.out = out;
        this.scalars = scalars;
        this.parent = parent;
    }

    /** The collection opening at {@code pos}; {@code pos} ends after its closing bracket. */
    void collection() {
        if (p.b[p.pos] == '[') {
            list();
        } else {
            map();
        }
    }

    private void list() {
        out.add(Token.START_LIST, p.line);
        p.pos++;
        space();
        if (at(']')) {
            p.pos++;
            out.add(Token.END_LIST, p.line);
            return;
        }
        while (true) {
            value();
            space();
            if (at(',')) {
                p.pos++;
                space();
                if (at(']')) {
                    throw p.unsupported("a trailing comma");
                }
            } else if (at(']')) {
                p.pos++;
                break;
            } else {
                throw p.unsupported("a flow list entry");
            }
        }
        out.add(Token.END_LIST, p.line);
    }

    private void map() {
        out.add(Token.START_MAP, p.line);
        p.pos++;
        space();
        if (at('}')) {
            p.pos++;
            out.add(Token.END_MAP, p.line);
            return;
        }
        while (true) {
            key();
            space();
            value();
            space();
            if (at(',')) {
                p.pos++;
                space();
                if (at('}')) {
                    throw p.unsupported("a trailing comma");
                }
            } else if (at('}')) {
                p.pos++;
                break;
            } else {
                throw p.unsupported("a flow mapping entry");
            }
        }
        out.add(Token.END_MAP, p.line);
    }

    /** A key and its colon (which must be followed by a space or a line break). */
    private void key() {
        byte c = p.b[p.pos];
        if (c == '"' || c == '\'') {
            scalars.quoted(Token.FIELD, parent);
            space();
        } else {
            int line = p.line;
            int start = p.pos;
            int last = plain(true);
            out.addRange(Token.FIELD, line, start, last, true);
        }
        if (!at(':') || p.pos + 1 >= p.end || !BlockYamlParser.isBlankOrBreak(p.b[p.pos + 1])) {
            throw p.unsupported("a flow key without ': '");
        }
        p.pos++;
    }

    private void value() {
        byte c = p.b[p.pos];
        switch (c) {
            case '[', '{' -> {
                p.enter();
                collection();
                p.leave();
            }
            case '"', '\'' -> scalars.quoted(Token.SCALAR, parent);
            default -> {
                int line = p.line;
                int start = p.pos;
                int last = plain(false);
                out.addRange(Token.SCALAR, line, start, last, true);
            }
        }
    }

    /**
     * A plain scalar in a flow collection, ending before {@code ,}, a closing bracket, a comment or (for a key)
     * the colon; returns the end of its last non-space character.
     */
    private int plain(boolean key) {
        byte[] b = p.b;
        if (!ScalarScanner.canStartPlain(b, p.pos, p.end)) {
            throw p.unsupported("a flow value starting with '" + (char) b[p.pos] + "'");
        }
        int last = p.pos;
        while (p.pos < p.end) {
            byte c = b[p.pos];
            if (c == ',' || c == ']' || c == '}' || c == '\n' || c == '#' && b[p.pos - 1] == ' ') {
                break;
            }
            if (c == '[' || c == '{' || c == '\t' || c == '\r') {
                throw p.unsupported("a bracket or tab inside a flow scalar");
            }
            if (c == ':' && (p.pos + 1 >= p.end || BlockYamlParser.isBlankOrBreak(b[p.pos + 1])
                    || b[p.pos + 1] == ',' || b[p.pos + 1] == ']' || b[p.pos + 1] == '}')) {
                if (key) {
                    break;
                }
                throw p.unsupported("a single-pair mapping in a flow collection");
            }
            if (c != ' ') {
                last = p.pos + 1;
            }
            p.pos++;
        }
        if (p.pos < p.end && b[p.pos] == '\n' && !key) {
            int save = p.pos;
            int saveLine = p.line;
            space();
            if (!at(',') && !at(']') && !at('}')) {
                throw p.unsupported("a flow scalar over several lines");
            }
            p.pos = save;
            p.line = saveLine;
        }
        if (key && !at(':')) {
            throw p.unsupported("a flow key without a value");
        }
        return last;
    }

    /** Spaces, line breaks (to lines deeper than the block) and comments. */
    private void space() {
        byte[] b = p.b;
        while (p.pos < p.end) {
            byte c = b[p.pos];
            if (c == ' ') {
                p.pos++;
            } else if (c == '\n') {
                p.pos++;
                p.line++;
                int start = p.pos;
                while (p.pos < p.end && b[p.pos] == ' ') {
                    p.pos++;
                }
                int indent = p.pos - start;
                boolean blank = p.pos >= p.end || b[p.pos] == '\n';
                if (!blank && indent <= parent || indent == 0 && (p.startsWith(p.pos, "---")
                        || p.startsWith(p.pos, "..."))) {
                    throw p.unsupported("a flow collection's continuation line");
                }
            } else if (c == '#' && (b[p.pos - 1] == ' ' || b[p.pos - 1] == '\n')) {
                while (p.pos < p.end && b[p.pos] != '\n') {
                    p.pos++;
                }
            } else if (c == '\t' || c == '\r') {
                throw p.unsupported("a tab or carriage return");
            } else {
                return;
            }
        }
        throw p.unsupported("an unclosed flow collection");
    }

    private boolean at(char c) {
        return p.pos < p.end && p.b[p.pos] == c;
    }
}
