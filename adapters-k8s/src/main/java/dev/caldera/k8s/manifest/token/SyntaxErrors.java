package dev.caldera.k8s.manifest.token;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.caldera.k8s.manifest.ManifestException;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;

import java.nio.charset.CharacterCodingException;

/** Parser errors as one line: {@code file:line:column: malformed YAML: the problem (where it began)}. */
public final class SyntaxErrors {
    private SyntaxErrors() {
    }

    /** A SnakeYAML error; {@code lineOffset} is added to its lines (a document read on its own). */
    public static ManifestException yaml(String source, YAMLException e, int lineOffset) {
        if (isEncodingError(e)) {
            return new ManifestException(source + ": not valid UTF-8 text");
        }
        if (e instanceof MarkedYAMLException m && m.getProblemMark() != null) {
            Mark at = m.getProblemMark();
            StringBuilder sb = new StringBuilder(source).append(':').append(at.getLine() + 1 + lineOffset).append(':')
                    .append(at.getColumn() + 1).append(": malformed YAML: ").append(oneLine(m.getProblem()));
            Mark context = m.getContextMark();
            if (m.getContext() != null && context != null) {
                sb.append(" (").append(oneLine(m.getContext())).append(" started at line ")
                        .append(context.getLine() + 1 + lineOffset).append(", column ").append(context.getColumn() + 1)
                        .append(')');
            }
            return new ManifestException(sb.toString(), e);
        }
        return new ManifestException(source + ": malformed YAML: " + Quote.bare(oneLine(e.getMessage())), e);
    }

    /** A Jackson JSON error. */
    public static ManifestException json(String source, JsonProcessingException e) {
        if (isEncodingError(e)) {
            return new ManifestException(source + ": not valid UTF-8 text");
        }
        JsonLocation at = e.getLocation();
        String where = at == null ? source : source + ":" + at.getLineNr() + ":" + at.getColumnNr();
        return new ManifestException(where + ": malformed JSON: " + Quote.bare(oneLine(e.getOriginalMessage())), e);
    }

    static String oneLine(String s) {
        if (s == null) {
            return "syntax error";
        }
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).trim();
    }

    public static boolean isEncodingError(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof CharacterCodingException) {
                return true;
            }
        }
        return false;
    }
}
