package dev.caldera.k8s.manifest.yaml;

import dev.caldera.k8s.manifest.token.ScalarResolver;
import dev.caldera.k8s.manifest.token.ScalarType;
import dev.caldera.k8s.manifest.token.Token;
import dev.caldera.k8s.manifest.token.Tokens;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The tokens of one object scanned by {@link BlockYamlParser}, replayed as {@link Tokens}. Scalars and keys
 * keep byte ranges into the source and are decoded only when read (or hold a decoded string when quotes,
 * escapes or folding made the text differ from the bytes). Reused from object to object.
 * <p>
 * Threading: one thread. Cost: O(1) per token; allocation only for text that is read.
 */
public final class TokenBuffer implements Tokens {
    private static final int PLAIN = 1;

    private byte[] source;
    private Token[] kinds = new Token[256];
    private int[] lines = new int[256];
    private int[] starts = new int[256];
    private int[] ends = new int[256];
    private byte[] flags = new byte[256];
    private String[] texts = new String[256];
    private int count;
    private int cursor;

    /** Empties the buffer for a new object scanned from {@code bytes}. */
    void reset(byte[] bytes) {
        source = bytes;
        Arrays.fill(texts, 0, count, null);
        count = 0;
        cursor = -1;
    }

    void add(Token kind, int line) {
        int i = slot();
        kinds[i] = kind;
        lines[i] = line;
    }

    /** A key or scalar whose text is the bytes {@code [start, end)}. */
    void addRange(Token kind, int line, int start, int end, boolean plain) {
        int i = slot();
        kinds[i] = kind;
        lines[i] = line;
        starts[i] = start;
        ends[i] = end;
        flags[i] = (byte) (plain ? PLAIN : 0);
    }

    /** A key or scalar with decoded text. */
    void addText(Token kind, int line, String text, boolean plain) {
        int i = slot();
        kinds[i] = kind;
        lines[i] = line;
        texts[i] = text;
        flags[i] = (byte) (plain ? PLAIN : 0);
    }

    /** An empty value: YAML's null. */
    void addNull(int line) {
        addText(Token.SCALAR, line, "", true);
    }

    int size() {
        return count;
    }

    private int slot() {
        if (count == kinds.length) {
            int n = count * 2;
            kinds = Arrays.copyOf(kinds, n);
            lines = Arrays.copyOf(lines, n);
            starts = Arrays.copyOf(starts, n);
            ends = Arrays.copyOf(ends, n);
            flags = Arrays.copyOf(flags, n);
            texts = Arrays.copyOf(texts, n);
        }
        return count++;
    }

    @Override
    public Token next() {
        if (cursor + 1 >= count) {
            cursor = count;
            return Token.END;
        }
        return kinds[++cursor];
    }

    @Override
    public Token current() {
        return cursor < 0 || cursor >= count ? Token.END : kinds[cursor];
    }

    @Override
    public String text() {
        String t = texts[cursor];
        if (t == null) {
            t = new String(source, starts[cursor], ends[cursor] - starts[cursor], StandardCharsets.UTF_8);
            texts[cursor] = t;
        }
        return t;
    }

    @Override
    public ScalarType scalarType() {
        return (flags[cursor] & PLAIN) != 0 ? ScalarResolver.resolve(text()) : ScalarType.STRING;
    }

    @Override
    public int line() {
        return cursor < 0 || count == 0 ? 0 : lines[Math.min(cursor, count - 1)];
    }
}
