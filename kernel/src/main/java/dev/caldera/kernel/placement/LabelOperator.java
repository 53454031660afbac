package dev.caldera.kernel.placement;

/** Label selector operators (metav1.LabelSelectorOperator): no Gt/Lt, unlike node selector requirements. */
public enum LabelOperator {
    IN("In"),
    NOT_IN("NotIn"),
    EXISTS("Exists"),
    DOES_NOT_EXIST("DoesNotExist");

    private final String wire;

    LabelOperator(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    /** The operator for its Kubernetes spelling, or null when unknown. */
    public static LabelOperator parse(String text) {
        for (LabelOperator op : values()) {
            if (op.wire.equals(text)) {
                return op;
            }
        }
        return null;
    }
}
