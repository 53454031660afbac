package dev.caldera.kernel.conf;

/** A scheduler configuration that cannot be used; the message names the key and why. */
public final class ConfException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ConfException(String message) {
        super(message);
    }

    public ConfException(String message, Throwable cause) {
        super(message, cause);
    }
}
