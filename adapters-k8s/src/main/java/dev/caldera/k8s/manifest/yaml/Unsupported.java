package dev.caldera.k8s.manifest.yaml;

/**
 * Thrown by the fast YAML scanner on anything outside the block YAML it reads (anchors, tags, folded scalars,
 * tabs, odd indentation, malformed text...): the caller then reads the whole file with SnakeYAML, which decides
 * what the text means or says what is wrong with it. Carries no stack trace: it is control flow.
 */
public final class Unsupported extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The 1-based line where the scanner gave up (for debugging). */
    public final int line;

    public Unsupported(String why, int line) {
        super(why + " at line " + line, null, false, false);
        this.line = line;
    }
}
