package dev.caldera.k8s.manifest.token;

/** What a {@link Tokens} stream is on: the structure of a YAML or JSON document, JSON-style. */
public enum Token {
    START_MAP,
    END_MAP,
    START_LIST,
    END_LIST,
    /** A mapping key; {@link Tokens#text()} is the key. */
    FIELD,
    /** A scalar value; {@link Tokens#text()} is its text, {@link Tokens#scalarType()} what it is. */
    SCALAR,
    /** No more documents. */
    END
}
