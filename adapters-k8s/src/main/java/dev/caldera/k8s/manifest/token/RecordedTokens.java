package dev.caldera.k8s.manifest.token;

import java.util.Arrays;

/**
 * Tokens copied from another stream and replayed: the fields of an object that came before its
 * {@code apiVersion} and {@code kind}, kept until the object's reader is known. Holds one object's fields at
 * most.
 * <p>
 * Threading: one thread.
 */
public final class RecordedTokens implements Tokens {
    private Token[] kinds = new Token[32];
    private String[] texts = new String[32];
    private ScalarType[] types = new ScalarType[32];
    private int[] lines = new int[32];
    private int count;
    private int cursor = -1;

    /** Records the field {@code key} and its value, the current token of {@code from} and what it contains. */
    public void copyField(String key, Tokens from) {
        add(Token.FIELD, key, null, from.line());
        copyValue(from);
    }

    /** Copies the current token of {@code from} (a key, or a whole value with its nested tokens). */
    public void copyValue(Tokens from) {
        int depth = 0;
        do {
            Token t = from.current();
            add(t, t == Token.FIELD || t == Token.SCALAR ? from.text() : null,
                    t == Token.SCALAR ? from.scalarType() : null, from.line());
            if (t == Token.START_MAP || t == Token.START_LIST) {
                depth++;
            } else if (t == Token.END_MAP || t == Token.END_LIST) {
                depth--;
            }
        } while (depth > 0 && from.next() != Token.END);
    }

    private void add(Token t, String text, ScalarType type, int line) {
        if (count == kinds.length) {
            int n = count * 2;
            kinds = Arrays.copyOf(kinds, n);
            texts = Arrays.copyOf(texts, n);
            types = Arrays.copyOf(types, n);
            lines = Arrays.copyOf(lines, n);
        }
        kinds[count] = t;
        texts[count] = text;
        types[count] = type;
        lines[count++] = line;
    }

    /** Starts the replay from the first token. */
    public void rewind() {
        cursor = -1;
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
        return texts[cursor];
    }

    @Override
    public ScalarType scalarType() {
        return types[cursor];
    }

    @Override
    public int line() {
        return count == 0 ? 0 : lines[Math.max(0, Math.min(cursor, count - 1))];
    }
}
