package dev.caldera.kernel.cache;

/**
 * A cluster change the cache refused before touching anything: which object ({@code kind} and {@code name}, as
 * Kubernetes names them), which field, and why. The cache reports it (a warning, with this exception's stack trace
 * at debug level) and goes on with the next change; every table stays exactly as it was.
 */
public final class RejectedChange extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String kind;
    private final String name;
    private final String field;
    private final String reason;

    public RejectedChange(String kind, String name, String field, String reason) {
        super(kind + " " + name + ": " + field + ": " + reason);
        this.kind = kind;
        this.name = name;
        this.field = field;
        this.reason = reason;
    }

    /** {@code Pod}, {@code Node}, {@code PodGroup}, {@code Queue}, ... */
    public String kind() {
        return kind;
    }

    /** {@code namespace/name} for namespaced kinds, else the name. */
    public String name() {
        return name;
    }

    /** The field's path in the object, e.g. {@code spec.containers[].resources.requests.cpu}. */
    public String field() {
        return field;
    }

    public String reason() {
        return reason;
    }
}
