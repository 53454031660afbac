package dev.caldera.kernel.placement;

/** Node selector requirement operators. */
public enum SelectorOperator {
    IN("In"),
    NOT_IN("NotIn"),
    EXISTS("Exists"),
    DOES_NOT_EXIST("DoesNotExist"),
    GT("Gt"),
    LT("Lt");

    private final String wire;

    SelectorOperator(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    /** The operator for its Kubernetes spelling, or null when unknown. */
    public static SelectorOperator parse(String text) {
        for (SelectorOperator op : values()) {
            if (op.wire.equals(text)) {
                return op;
            }
        }
        return null;
    }
}
