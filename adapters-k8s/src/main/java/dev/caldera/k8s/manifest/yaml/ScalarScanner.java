package dev.caldera.k8s.manifest.yaml;

import dev.caldera.k8s.manifest.token.Token;

import java.nio.charset.StandardCharsets;

/**
 * The scalars of {@link BlockYamlParser}: plain (folded over continuation lines), single- and double-quoted
 * (escapes, folding) and literal block scalars, as YAML 1.1 defines them. Throws {@link Unsupported} on
 * anything it does not take.
 * <p>
 * Threading: the parser's. Allocation: a string only for text that differs from its bytes.
 */
final class ScalarScanner {
    private final BlockYamlParser p;

    ScalarScanner(BlockYamlParser parser) {
        this.p = parser;
    }

    /** Whether a plain scalar may start at {@code at}: not an indicator, except {@code -?:} before a non-space. */
    static boolean canStartPlain(byte[] b, int at, int end) {
        byte c = b[at];
        switch (c) {
            case ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`', ' ', '\n', '\t',
                 '\r' -> {
                return false;
            }
            case '-', '?', ':' -> {
                return at + 1 < end && !BlockYamlParser.isBlankOrBreak(b[at + 1]) && c == '-';
            }
            default -> {
                return true;
            }
        }
    }

    // ---- plain

    /** A plain scalar value in a block whose indentation is {@code parent}; ends on the next content line. */
    void plain(int parent) {
        byte[] b = p.b;
        if (!canStartPlain(b, p.pos, p.end)) {
            throw p.unsupported("a value starting with '" + (char) b[p.pos] + "'");
        }
        int line = p.line;
        int start = p.pos;
        int last = plainLine();
        boolean comment = p.pos < p.end && b[p.pos] == '#';
        p.restOfLineEmpty();
        StringBuilder folded = null;
        while (!comment) {
            int breaks = continuation(parent);
            if (breaks == 0) {
                break;
            }
            if (folded == null) {
                folded = new StringBuilder().append(decode(start, last));
            }
            fold(folded, breaks);
            if (!canStartPlain(b, p.pos, p.end) || b[p.pos] == '-') {
                throw p.unsupported("a continuation line starting with an indicator");
            }
            int from = p.pos;
            int to = plainLine();
            folded.append(decode(from, to));
            comment = p.pos < p.end && b[p.pos] == '#';
            p.restOfLineEmpty();
        }
        if (folded == null) {
            p.out().addRange(Token.SCALAR, line, start, last, true);
        } else {
            p.out().addText(Token.SCALAR, line, folded.toString(), true);
        }
        p.nextContentLine();
    }

    /**
     * Scans the rest of one line of plain text from {@code pos}; stops at a comment or the line break and returns
     * the end of the last non-space character.
     */
    private int plainLine() {
        byte[] b = p.b;
        int last = p.pos;
        while (p.pos < p.end && b[p.pos] != '\n') {
            byte c = b[p.pos];
            if (c == ':' && (p.pos + 1 >= p.end || BlockYamlParser.isBlankOrBreak(b[p.pos + 1]))) {
                throw p.unsupported("': ' inside a value");
            }
            if (c == '#' && b[p.pos - 1] == ' ') {
                break;
            }
            if (c == '\t' || c == '\r') {
                throw p.unsupported("a tab or carriage return");
            }
            if (c != ' ') {
                last = p.pos + 1;
            }
            p.pos++;
        }
        return last;
    }

    /**
     * At the start of the line after a plain scalar's line: the number of line breaks before a continuation line
     * (more indented than {@code parent}, not a comment), with {@code pos} on its text; 0 (and {@code pos}
     * unchanged) when the scalar ends here.
     */
    private int continuation(int parent) {
        byte[] b = p.b;
        int save = p.pos;
        int saveLine = p.line;
        int breaks = 1;
        while (p.pos < p.end) {
            int start = p.pos;
            while (p.pos < p.end && b[p.pos] == ' ') {
                p.pos++;
            }
            if (p.pos < p.end && b[p.pos] == '\n') {
                p.pos++;
                p.line++;
                breaks++;
                continue;
            }
            int indent = p.pos - start;
            if (p.pos >= p.end || indent <= parent || b[p.pos] == '#' || b[p.pos] == '\t' || b[p.pos] == '\r'
                    || indent == 0 && (p.startsWith(p.pos, "---") || p.startsWith(p.pos, "..."))) {
                break;
            }
            return breaks;
        }
        p.pos = save;
        p.line = saveLine;
        return 0;
    }

    private static void fold(StringBuilder sb, int breaks) {
        if (breaks == 1) {
            sb.append(' ');
        } else {
            sb.append("\n".repeat(breaks - 1));
        }
    }

    // ---- quoted

    /**
     * A single- or double-quoted scalar at {@code pos}, emitted as {@code kind}; {@code pos} ends after the
     * closing quote. Continuation lines must be more indented than {@code parent}.
     */
    void quoted(Token kind, int parent) {
        byte[] b = p.b;
        byte q = b[p.pos];
        int line = p.line;
        p.pos++;
        int segment = p.pos;
        StringBuilder sb = null;
        while (true) {
            if (p.pos >= p.end) {
                throw p.unsupported("an unclosed quote");
            }
            byte c = b[p.pos];
            if (c == q && q == '\'' && p.pos + 1 < p.end && b[p.pos + 1] == '\'') {
                sb = append(sb, segment, p.pos).append('\'');
                p.pos += 2;
                segment = p.pos;
            } else if (c == q) {
                break;
            } else if (c == '\\' && q == '"') {
                sb = append(sb, segment, p.pos);
                escape(sb, parent);
                segment = p.pos;
            } else if (c == '\n') {
                sb = appendTrimmed(sb, segment, p.pos);
                fold(sb, lineBreaks(parent));
                segment = p.pos;
            } else if (c == '\r') {
                throw p.unsupported("a carriage return");
            } else {
                p.pos++;
            }
        }
        if (sb == null) {
            p.out().addRange(kind, line, segment, p.pos, false);
        } else {
            p.out().addText(kind, line, append(sb, segment, p.pos).toString(), false);
        }
        p.pos++;
    }

    /** At a line break inside quotes: consumes it and any blank lines; returns how many breaks there were. */
    private int lineBreaks(int parent) {
        byte[] b = p.b;
        int breaks = 0;
        while (true) {
            p.pos++;
            p.line++;
            breaks++;
            int start = p.pos;
            while (p.pos < p.end && (b[p.pos] == ' ' || b[p.pos] == '\t')) {
                p.pos++;
            }
            if (p.pos < p.end && b[p.pos] == '\n') {
                continue;
            }
            int indent = p.pos - start;
            if (p.pos >= p.end || indent <= parent
                    || indent == 0 && (p.startsWith(p.pos, "---") || p.startsWith(p.pos, "..."))) {
                throw p.unsupported("a quoted scalar's continuation line");
            }
            return breaks;
        }
    }

    /** A backslash escape of a double-quoted scalar at {@code pos}; appends what it stands for. */
    private void escape(StringBuilder sb, int parent) {
        byte[] b = p.b;
        if (p.pos + 1 >= p.end) {
            throw p.unsupported("an unfinished escape");
        }
        byte e = b[p.pos + 1];
        p.pos += 2;
        switch (e) {
            case '0' -> sb.append('\0');
            case 'a' -> sb.append('\u0007');
            case 'b' -> sb.append('\b');
            case 't', '\t' -> sb.append('\t');
            case 'n' -> sb.append('\n');
            case 'v' -> sb.append('\u000b');
            case 'f' -> sb.append('\f');
            case 'r' -> sb.append('\r');
            case 'e' -> sb.append('\u001b');
            case ' ' -> sb.append(' ');
            case '"' -> sb.append('"');
            case '/' -> sb.append('/');
            case '\\' -> sb.append('\\');
            case 'N' -> sb.append('\u0085');
            case '_' -> sb.append('\u00a0');
            case 'L' -> sb.append('\u2028');
            case 'P' -> sb.append('\u2029');
            case 'x' -> sb.appendCodePoint(hex(2));
            case 'u' -> sb.appendCodePoint(hex(4));
            case 'U' -> sb.appendCodePoint(hex(8));
            case '\n' -> {
                p.pos--;
                if (lineBreaks(parent) > 1) {
                    throw p.unsupported("blank lines after an escaped line break");
                }
            }
            default -> throw p.unsupported("an unknown escape");
        }
    }

    private int hex(int digits) {
        if (p.pos + digits > p.end) {
            throw p.unsupported("a short hex escape");
        }
        int v = 0;
        for (int i = 0; i < digits; i++) {
            int d = Character.digit(p.b[p.pos + i], 16);
            if (d < 0) {
                throw p.unsupported("a bad hex escape");
            }
            v = v * 16 + d;
        }
        p.pos += digits;
        if (!Character.isValidCodePoint(v) || v >= 0xD800 && v <= 0xDFFF) {
            throw p.unsupported("an escape that is no character");
        }
        return v;
    }

    /** Where the quote opened at {@code at} closes on the same line, or -1. */
    int closingQuoteOnLine(int at) {
        byte[] b = p.b;
        byte q = b[at];
        for (int i = at + 1; i < p.end && b[i] != '\n'; i++) {
            if (q == '"' && b[i] == '\\') {
                i++;
            } else if (b[i] == q) {
                if (q == '\'' && i + 1 < p.end && b[i + 1] == '\'') {
                    i++;
                } else {
                    return i;
                }
            }
        }
        return -1;
    }

    // ---- literal block

    /** A literal block scalar ({@code |}, {@code |-}, {@code |+}) at {@code pos} under indentation {@code parent}. */
    void literal(int parent) {
        byte[] b = p.b;
        int line = p.line;
        p.pos++;
        byte chomp = 0;
        if (p.pos < p.end && (b[p.pos] == '-' || b[p.pos] == '+')) {
            chomp = b[p.pos++];
        }
        if (p.pos < p.end && b[p.pos] >= '0' && b[p.pos] <= '9') {
            throw p.unsupported("an indentation indicator");
        }
        if (p.pos < p.end && !BlockYamlParser.isBlankOrBreak(b[p.pos]) && b[p.pos] != '#') {
            throw p.unsupported("text after '|'");
        }
        p.restOfLineEmpty();
        StringBuilder sb = new StringBuilder();
        int indent = -1;
        int maxLeadingBlank = 0;
        int trailingBreaks = 0;
        while (p.pos < p.end) {
            int start = p.pos;
            while (p.pos < p.end && b[p.pos] == ' ') {
                p.pos++;
            }
            int spaces = p.pos - start;
            boolean blank = p.pos >= p.end || b[p.pos] == '\n';
            if (blank && (indent < 0 || spaces <= indent)) {
                if (indent < 0) {
                    maxLeadingBlank = Math.max(maxLeadingBlank, spaces);
                }
                trailingBreaks++;
                if (p.pos < p.end) {
                    p.pos++;
                    p.line++;
                }
                continue;
            }
            if (b[p.pos] == '\t' || b[p.pos] == '\r') {
                throw p.unsupported("a tab or carriage return in a block scalar");
            }
            if (indent < 0) {
                if (spaces <= parent || spaces == 0) {
                    p.pos = start;
                    break;
                }
                if (maxLeadingBlank > spaces) {
                    throw p.unsupported("a leading blank line longer than the block's indentation");
                }
                indent = spaces;
            } else if (spaces < indent) {
                p.pos = start;
                break;
            }
            sb.append("\n".repeat(trailingBreaks));
            trailingBreaks = 0;
            int from = start + indent;
            while (p.pos < p.end && b[p.pos] != '\n') {
                if (b[p.pos] == '\r') {
                    throw p.unsupported("a carriage return");
                }
                p.pos++;
            }
            sb.append(decode(from, p.pos)).append('\n');
            if (p.pos < p.end) {
                p.pos++;
                p.line++;
            } else {
                trailingBreaks = -1;
            }
        }
        p.out().addText(Token.SCALAR, line, chomped(sb, chomp, trailingBreaks), false);
        p.nextContentLine();
    }

    /** YAML chomping: clip keeps one final line break, strip none, keep every trailing one. */
    private static String chomped(StringBuilder sb, byte chomp, int trailingBreaks) {
        boolean content = sb.length() > 0;
        if (chomp == '+') {
            return sb.append("\n".repeat(Math.max(trailingBreaks, 0))).toString();
        }
        while (sb.length() > 0 && sb.charAt(sb.length() - 1) == '\n') {
            sb.setLength(sb.length() - 1);
        }
        if (chomp == 0 && content && trailingBreaks >= 0) {
            sb.append('\n');
        }
        return sb.toString();
    }

    // ---- text

    private StringBuilder append(StringBuilder sb, int from, int to) {
        StringBuilder out = sb == null ? new StringBuilder() : sb;
        return out.append(decode(from, to));
    }

    /** Appends text before a line break inside quotes, without its trailing spaces (YAML folds them away). */
    private StringBuilder appendTrimmed(StringBuilder sb, int from, int to) {
        int last = to;
        while (last > from && (p.b[last - 1] == ' ' || p.b[last - 1] == '\t')) {
            last--;
        }
        return append(sb, from, last);
    }

    private String decode(int from, int to) {
        return new String(p.b, from, to - from, StandardCharsets.UTF_8);
    }
}
