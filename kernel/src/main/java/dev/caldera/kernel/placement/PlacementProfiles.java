package dev.caldera.kernel.placement;

/**
 * Interns {@link PlacementSpec}s to dense ids, reference counted; a freed id is reused. Profile 0 is
 * always {@link PlacementSpec#NONE} (no constraints). Plugins compile a profile once, by id, into
 * whatever int form their checks need, and must recompile when {@link #version(int)} changes.
 * <p>
 * Threading: NOT thread safe; scheduling thread only.
 */
public final class PlacementProfiles extends SpecInterner<PlacementSpec> {
    public PlacementProfiles() {
        super(PlacementSpec.NONE);
    }
}
