package dev.caldera.kernel.placement;

import java.util.Objects;

/** A node taint. {@code value} may be empty, never null. */
public record Taint(String key, String value, TaintEffect effect) {
    public Taint {
        Objects.requireNonNull(key, "taint key");
        Objects.requireNonNull(effect, "taint effect");
        value = value == null ? "" : value;
    }

    /**
     * Equal in every component. Written out, as {@link Toleration}'s, rather than the record's generated one, which
     * C1-compiled code (a short run's) calls through a chain of method handles: the node placement classes compare
     * and hash their nodes' taints.
     */
    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof Taint t && effect == t.effect && key.equals(t.key) && value.equals(t.value);
    }

    /** The record's own formula (each component in order, 31 times the hash so far plus the component's). */
    @Override
    public int hashCode() {
        int h = key.hashCode();
        h = 31 * h + value.hashCode();
        return 31 * h + effect.hashCode();
    }
}
