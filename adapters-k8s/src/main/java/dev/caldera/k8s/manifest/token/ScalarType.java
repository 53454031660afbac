package dev.caldera.k8s.manifest.token;

/**
 * What a scalar is: a string (quoted, block, or a plain scalar YAML reads as text), a YAML 1.1 integer or float,
 * a boolean, or null (an empty value, {@code ~}, {@code null}).
 */
public enum ScalarType {
    STRING,
    INT,
    FLOAT,
    TRUE,
    FALSE,
    NULL;

    /** How a message names a value of this type: "the string 'x'", "the number 5", "the boolean true". */
    public String describe(String text) {
        return switch (this) {
            case STRING -> "the string " + Quote.of(text);
            case INT, FLOAT -> "the number " + Quote.bare(text);
            case TRUE, FALSE -> "the boolean " + Quote.bare(text);
            case NULL -> "nothing";
        };
    }
}
