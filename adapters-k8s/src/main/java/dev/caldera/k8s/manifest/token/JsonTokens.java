package dev.caldera.k8s.manifest.token;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.caldera.k8s.manifest.ManifestException;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * {@link Tokens} over Jackson's streaming JSON parser: a JSON file (one or more top-level values). JSON has no
 * plain scalars, so strings are strings and numbers numbers, as in the API server.
 * <p>
 * Threading: one thread.
 */
public final class JsonTokens implements Tokens, AutoCloseable {
    private final JsonParser parser;
    private final String source;
    private Token current;

    public JsonTokens(JsonParser parser, String source) {
        this.parser = parser;
        this.source = source;
    }

    @Override
    public Token next() {
        JsonToken t;
        try {
            t = parser.nextToken();
        } catch (JsonProcessingException e) {
            throw SyntaxErrors.json(source, e);
        } catch (IOException e) {
            throw SyntaxErrors.isEncodingError(e) ? new ManifestException(source + ": not valid UTF-8 text")
                    : new UncheckedIOException(e);
        }
        current = t == null ? Token.END : switch (t) {
            case START_OBJECT -> Token.START_MAP;
            case END_OBJECT -> Token.END_MAP;
            case START_ARRAY -> Token.START_LIST;
            case END_ARRAY -> Token.END_LIST;
            case FIELD_NAME -> Token.FIELD;
            default -> Token.SCALAR;
        };
        return current;
    }

    @Override
    public Token current() {
        return current;
    }

    @Override
    public String text() {
        try {
            return parser.getText();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public ScalarType scalarType() {
        return switch (parser.currentToken()) {
            case VALUE_NUMBER_INT -> ScalarType.INT;
            case VALUE_NUMBER_FLOAT -> ScalarType.FLOAT;
            case VALUE_TRUE -> ScalarType.TRUE;
            case VALUE_FALSE -> ScalarType.FALSE;
            case VALUE_NULL -> ScalarType.NULL;
            default -> ScalarType.STRING;
        };
    }

    @Override
    public int line() {
        return parser.currentTokenLocation().getLineNr();
    }

    @Override
    public void close() {
        try {
            parser.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
