package dev.caldera.k8s.manifest;

/**
 * Input that cannot be used: an unreadable file, malformed YAML or JSON, an object that cannot be converted.
 * The message is complete and names where ({@code file:line[:column]}), what and why.
 */
public final class ManifestException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ManifestException(String message) {
        super(message);
    }

    public ManifestException(String message, Throwable cause) {
        super(message, cause);
    }
}
