package dev.caldera.kernel.framework;

import dev.caldera.kernel.placement.SpecInterner;

/**
 * The cache's interned specs of one kind (placement profiles, inter-pod profiles) as a plugin reads them: by id,
 * with a version that changes when the id is given to another spec, so a plugin compiles each spec once.
 * Id {@link #NONE} is the spec without constraints.
 * <p>
 * Threading: the scheduling thread and filter workers while it waits. Cost: O(1) getters, no allocation.
 *
 * @param <S> the spec record
 */
public final class Profiles<S> {
    /** The id of the spec without constraints. */
    public static final int NONE = SpecInterner.NONE;

    private final SpecInterner<S> specs;

    public Profiles(SpecInterner<S> specs) {
        this.specs = specs;
    }

    /** True when both read the same interned specs (what a plugin compiled from one stays valid for the other). */
    public boolean sameTable(Profiles<?> other) {
        return other != null && other.specs == specs;
    }

    /** The spec of {@code id}, or null for an id not in use. */
    public S spec(int id) {
        return specs.spec(id);
    }

    /** Changes whenever the id is given to a different spec. */
    public int version(int id) {
        return specs.version(id);
    }

    /** Ids given to a spec or freed so far: while it holds, {@link #spec} answers every id as before. */
    public long changes() {
        return specs.changes();
    }

    /** One past the highest id ever used. */
    public int size() {
        return specs.size();
    }

    /** Ids in use other than {@link #NONE}: 0 means every task has no constraints of this kind. */
    public int liveOthers() {
        return specs.liveOthers();
    }
}
