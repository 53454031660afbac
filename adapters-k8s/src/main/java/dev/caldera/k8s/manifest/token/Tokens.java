package dev.caldera.k8s.manifest.token;

/**
 * A pull stream over the structure of YAML or JSON documents, one root value after another, the way every
 * manifest reader sees its input whatever parsed it: SnakeYAML's event parser ({@link YamlTokens}), its
 * composer for documents with anchors, merge keys and other rare forms ({@link NodeTokens}), or Jackson's
 * streaming parser (JSON). Plain YAML scalars are typed by SnakeYAML's resolver ({@link YamlScalars}) on every
 * path, so the same text always means the same thing.
 * <p>
 * Threading: one thread.
 */
public interface Tokens extends AutoCloseable {
    /** Moves to the next token and returns it; {@link Token#END} when no document is left. */
    Token next();

    /** The token the stream is on. */
    Token current();

    /** On {@link Token#FIELD}: the key; on {@link Token#SCALAR}: the value's text (quotes and escapes undone). */
    String text();

    /** On {@link Token#SCALAR}: what the value is. */
    ScalarType scalarType();

    /** The 1-based line of the current token. */
    int line();

    /** Releases what the stream reads from (a file); nothing for in-memory streams. */
    @Override
    default void close() {
    }

    /** On {@link Token#START_MAP} or {@link Token#START_LIST}: moves to the matching end; else stays. */
    default void skipValue() {
        Token t = current();
        if (t != Token.START_MAP && t != Token.START_LIST) {
            return;
        }
        int depth = 1;
        while (depth > 0) {
            Token n = next();
            if (n == Token.START_MAP || n == Token.START_LIST) {
                depth++;
            } else if (n == Token.END_MAP || n == Token.END_LIST) {
                depth--;
            } else if (n == Token.END) {
                return;
            }
        }
    }
}
