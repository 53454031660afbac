package dev.caldera.kernel.placement;

/**
 * A pod toleration. An empty key with operator Exists tolerates everything; a null effect matches all
 * effects. {@code exists} false means operator Equal.
 */
public record Toleration(String key, boolean exists, String value, TaintEffect effect) {
    public Toleration {
        key = key == null ? "" : key;
        value = value == null ? "" : value;
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
