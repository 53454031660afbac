package dev.caldera.kernel.placement;

import java.util.Objects;

/**
 * A pod toleration. An empty key with operator Exists tolerates everything; a null effect matches all
 * effects. {@code exists} false means operator Equal.
 */
public record Toleration(String key, boolean exists, String value, TaintEffect effect) {
    public Toleration {
        key = key == null ? "" : key;
        value = value == null ? "" : value;
    }

    /**
     * Equal in every component. Written out, as {@link PlacementSpec}'s, rather than the record's generated one,
     * which C1-compiled code (a short run's) calls through a chain of method handles: the cache's interning of
     * placement specs compares and hashes their tolerations.
     */
    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof Toleration t && exists == t.exists && effect == t.effect
                && key.equals(t.key) && value.equals(t.value);
    }

    /** The record's own formula (each component in order, 31 times the hash so far plus the component's). */
    @Override
    public int hashCode() {
        int h = key.hashCode();
        h = 31 * h + Boolean.hashCode(exists);
        h = 31 * h + value.hashCode();
        return 31 * h + Objects.hashCode(effect);
    }

    /** Kubernetes' ToleratesTaint. */
    public boolean tolerates(Taint taint) {
        if (effect != null && effect != taint.effect()) {
            return false;
        }
        if (!key.isEmpty() && !key.equals(taint.key())) {
            return false;
        }
        return exists || value.equals(taint.value());
    }
}
