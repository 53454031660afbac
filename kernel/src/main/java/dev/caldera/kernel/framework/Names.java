package dev.caldera.kernel.framework;

import dev.caldera.kernel.cluster.Symbols;

/**
 * The session's string symbols (label keys and values, taint keys, namespaces, roles) as a plugin sees them: it
 * may look a symbol up and intern the strings of the specs it compiles. Interning only adds: an id never changes
 * meaning, so no reader can observe a plugin's interning except as a new id.
 * <p>
 * Threading: the scheduling thread only (interning is not safe on filter workers). Cost: one hash lookup.
 */
public final class Names {
    /** The id of no string (an absent label, a null). */
    public static final int NONE = Symbols.NONE;

    private final Symbols symbols;

    public Names(Symbols symbols) {
        this.symbols = symbols;
    }

    /** The id of {@code s}, created on first sight; {@link #NONE} for null. */
    public int intern(String s) {
        return symbols.intern(s);
    }

    /** The id of {@code s} or {@link #NONE} when it was never interned. */
    public int find(String s) {
        return symbols.find(s);
    }

    public String string(int id) {
        return symbols.string(id);
    }

    public int size() {
        return symbols.size();
    }

    /** True when both read the same symbol table (compiled specs stay valid). */
    public boolean sameTable(Names other) {
        return other != null && other.symbols == symbols;
    }
}
