package dev.caldera.k8s.manifest.token;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.NodeEvent;
import org.yaml.snakeyaml.events.ScalarEvent;
import org.yaml.snakeyaml.parser.Parser;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.scanner.ScannerImpl;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * {@link Tokens} over SnakeYAML's event parser: the ingest path for YAML. Events are turned into tokens as they
 * come, so no tree of a document is built (a {@code kind: List} dump of 40,000 pods is read without holding
 * it), and scalars are typed by SnakeYAML's YAML 1.1 resolver ({@link YamlScalars}), as its composer types them.
 * <p>
 * What only the composer does is not redone here: on an anchor, an alias, a merge key ({@code <<}), an explicit
 * tag, a key that is a list or mapping, or nesting deeper than {@link #MAX_DEPTH}, this stream throws
 * {@link NeedsComposer} and the caller reads the whole input again with {@link NodeTokens} (SnakeYAML's
 * composer, with its alias limits). Syntax errors are SnakeYAML's, as {@code file:line:column} messages.
 * <p>
 * Positions: SnakeYAML's scanner asks its reader for a {@link Mark} (line, column, index and a view of the text)
 * at the start and end of every token, and carries them in tokens and events only to report where things are;
 * the scanning itself follows the reader's own counters. This stream reads with {@link LineMarks}, which gives one
 * shared mark per line (exact line, the column of the line's first mark): the lines this stream reports are
 * exact, for about a fifth of the allocation of the parse (on a 22 MB dump, 0.48 GB of the 1.86 GB read). A
 * syntax error is the only place a column is read: the text is then parsed again from the start with SnakeYAML's
 * own reader, which stops at the same error (the parse does not depend on the marks) with its exact marks.
 * <p>
 * The parser reads SnakeYAML's own scanner through {@link HeadToken}, which keeps the next token between the
 * parser's questions about it instead of having the scanner work out again, at each, that it has it.
 * <p>
 * Threading: one thread. Cost: SnakeYAML's parser (one event per node, one mark per line); no other allocation
 * per token beyond the scalar strings the parser makes.
 */
public final class YamlTokens implements Tokens {
    /** Deeper than any manifest, below SnakeYAML's limit of 50: deeper input is left to the composer's checks. */
    static final int MAX_DEPTH = 40;

    private final Parser parser;
    private final Reader reader;
    /** Opens the same text again, for an exact message on a syntax error; null when none is needed. */
    private final Supplier<Reader> again;
    private final String source;
    private final int lineOffset;
    /** Per open collection, innermost last: whether it is a mapping whose next node is a key. */
    private boolean[] expectKey = new boolean[16];
    private boolean[] isMap = new boolean[16];
    private int depth;
    private Token current;
    private Event event;
    private boolean syntaxError;

    /**
     * Tokens of the YAML read from {@code reader}, named {@code source} in messages; {@code lineOffset} is added to
     * every line (a part of a file read on its own). {@code again} opens the same text again when a syntax error
     * needs its exact column; with null, the error's line is exact and its columns are not (for a caller that
     * does not report it).
     */
    public YamlTokens(Reader reader, Supplier<Reader> again, String source, int lineOffset) {
        this(new LineMarks(reader), reader, again, source, lineOffset);
    }

    /**
     * Tokens of {@code bytes[from, to)}, which hold only printable ASCII (tab, line feed, carriage return, {@code
     * 0x20..0x7E}), read in place ({@link AsciiMarks}); as the other constructor with no text to read again: a
     * syntax error's line is exact, its columns are not.
     */
    public static YamlTokens printableAscii(byte[] bytes, int from, int to, String source, int lineOffset) {
        return printableAscii(bytes, from, to, source, lineOffset, null);
    }

    /**
     * As {@link #printableAscii(byte[], int, int, String, int)}, with {@code again} opening the same text again when
     * a syntax error needs its exact column (null: none is needed).
     */
    public static YamlTokens printableAscii(byte[] bytes, int from, int to, String source, int lineOffset,
            Supplier<Reader> again) {
        return new YamlTokens(new AsciiMarks(bytes, from, to), Reader.nullReader(), again, source, lineOffset);
    }

    private YamlTokens(StreamReader text, Reader reader, Supplier<Reader> again, String source, int lineOffset) {
        this.parser = new ParserImpl(new HeadToken(new ScannerImpl(text, options())));
        this.reader = reader;
        this.again = again;
        this.source = source;
        this.lineOffset = lineOffset;
    }

    private static LoaderOptions options() {
        LoaderOptions options = new LoaderOptions();
        options.setCodePointLimit(Integer.MAX_VALUE);
        return options;
    }

    /** Whether the stream ended with malformed YAML (rather than a problem found in a value). */
    public boolean syntaxError() {
        return syntaxError;
    }

    @Override
    public Token next() {
        try {
            return advance();
        } catch (YAMLException e) {
            syntaxError = true;
            throw SyntaxErrors.yaml(source, exact(e), lineOffset);
        }
    }

    /**
     * The error {@code e} with exact marks: the text parsed again from its start by SnakeYAML's own reader, up to
     * the same error ({@code e} itself when there is no text to read again, or it cannot be read).
     */
    private YAMLException exact(YAMLException e) {
        if (again == null) {
            return e;
        }
        try (Reader text = again.get()) {
            Parser exact = new ParserImpl(new StreamReader(text), options());
            while (exact.getEvent().getEventId() != Event.ID.StreamEnd) {
                // up to the error
            }
        } catch (YAMLException first) {
            return first;
        } catch (IOException | RuntimeException unreadable) {
            return e;
        }
        return e;
    }

    private Token advance() {
        while (true) {
            Event e = parser.getEvent();
            event = e;
            switch (e.getEventId()) {
                case StreamStart, DocumentStart, DocumentEnd -> {
                    continue;
                }
                case StreamEnd -> {
                    return current = Token.END;
                }
                case Alias -> throw NeedsComposer.INSTANCE;
                case Scalar -> {
                    return current = scalar((ScalarEvent) e);
                }
                case MappingStart -> {
                    return current = open(e, true);
                }
                case SequenceStart -> {
                    return current = open(e, false);
                }
                case MappingEnd -> {
                    return current = close(Token.END_MAP);
                }
                default -> {
                    return current = close(Token.END_LIST);
                }
            }
        }
    }

    private Token scalar(ScalarEvent e) {
        checkNode(e, e.getTag());
        if (depth > 0 && expectKey[depth - 1]) {
            if (e.isPlain() && e.getValue().equals("<<")) {
                throw NeedsComposer.INSTANCE; // a merge key
            }
            expectKey[depth - 1] = false;
            return Token.FIELD;
        }
        valueDone();
        return Token.SCALAR;
    }

    private Token open(Event e, boolean map) {
        checkNode((NodeEvent) e, ((CollectionStartEvent) e).getTag());
        if (depth > 0 && expectKey[depth - 1]) {
            throw NeedsComposer.INSTANCE; // a list or mapping as a key
        }
        if (depth == MAX_DEPTH) {
            throw NeedsComposer.INSTANCE;
        }
        if (depth == isMap.length) {
            isMap = Arrays.copyOf(isMap, depth * 2);
            expectKey = Arrays.copyOf(expectKey, depth * 2);
        }
        isMap[depth] = map;
        expectKey[depth++] = map;
        return map ? Token.START_MAP : Token.START_LIST;
    }

    private Token close(Token end) {
        depth--;
        valueDone();
        return end;
    }

    /** A value ended: the mapping around it (if any) expects a key next. */
    private void valueDone() {
        if (depth > 0 && isMap[depth - 1]) {
            expectKey[depth - 1] = true;
        }
    }

    /** Anchors and explicit tags are the composer's business (a {@code !} alone changes nothing). */
    private static void checkNode(NodeEvent e, String tag) {
        if (e.getAnchor() != null || tag != null && !tag.equals("!")) {
            throw NeedsComposer.INSTANCE;
        }
    }

    @Override
    public Token current() {
        return current;
    }

    @Override
    public String text() {
        return ((ScalarEvent) event).getValue();
    }

    /** As SnakeYAML's composer resolves an untagged scalar: plain ones by YAML 1.1's rules, quoted ones as text. */
    @Override
    public ScalarType scalarType() {
        ScalarEvent e = (ScalarEvent) event;
        return e.getImplicit().canOmitTagInPlainScalar() ? YamlScalars.plain(e.getValue()) : ScalarType.STRING;
    }

    /** The line where the current token starts (an end token: where its collection ends), as the composer says. */
    @Override
    public int line() {
        if (event == null) {
            return lineOffset;
        }
        boolean end = current == Token.END_MAP || current == Token.END_LIST;
        return (end ? event.getEndMark() : event.getStartMark()).getLine() + 1 + lineOffset;
    }

    @Override
    public void close() {
        try {
            reader.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * SnakeYAML's reader with one mark per line: the first mark asked for on a line is given for the rest of it.
     * Its line is exact; its column and index are those of the line's first mark.
     */
    private static final class LineMarks extends StreamReader {
        private Mark mark;
        private int markLine = -1;

        LineMarks(Reader reader) {
            super(reader);
        }

        @Override
        public Mark getMark() {
            int line = getLine();
            if (line != markLine) {
                mark = super.getMark();
                markLine = line;
            }
            return mark;
        }
    }
}
