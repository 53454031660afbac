package dev.caldera.kernel.placement;

/** Kubernetes taint effects. */
public enum TaintEffect {
    NO_SCHEDULE("NoSchedule"),
    PREFER_NO_SCHEDULE("PreferNoSchedule"),
    NO_EXECUTE("NoExecute");

    /** {@code values()} copies its array at every call; parse runs once per taint and toleration read. */
    private static final TaintEffect[] ALL = values();

    private final String wire;

    TaintEffect(String wire) {
        this.wire = wire;
    }

    /** The Kubernetes spelling, e.g. {@code NoSchedule}. */
    public String wire() {
        return wire;
    }

    /** The effect for its Kubernetes spelling, or null when unknown. */
    public static TaintEffect parse(String text) {
        for (TaintEffect e : ALL) {
            if (e.wire.equals(text)) {
                return e;
            }
        }
        return null;
    }
}
