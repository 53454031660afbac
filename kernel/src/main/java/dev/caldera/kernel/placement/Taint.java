package dev.caldera.kernel.placement;

import java.util.Objects;

/** A node taint. {@code value} may be empty, never null. */
public record Taint(String key, String value, TaintEffect effect) {
    public Taint {
        Objects.requireNonNull(key, "taint key");
        Objects.requireNonNull(effect, "taint effect");
        value = value == null ? "" : value;
    }
}
