package dev.caldera.kernel.statement;

/**
 * The kinds of operation a {@link Statement} records. Every place that acts on a recorded operation switches
 * over this enum in a switch expression without a default branch, so a new kind does not compile until each
 * of them (commit, rollback, replay) says what it does with it.
 */
public enum UndoOp {
    ALLOCATE, PIPELINE, EVICT;

    private static final UndoOp[] BY_CODE = values();

    /** The operation stored as {@code code} (its ordinal) in an {@link UndoLog} record; no allocation. */
    static UndoOp of(int code) {
        return BY_CODE[code];
    }
}
