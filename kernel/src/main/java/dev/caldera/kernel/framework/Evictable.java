package dev.caldera.kernel.framework;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * Chooses victims for a preemptor among {@code candidates} (Preemptable and Reclaimable use this shape):
 * adds the allowed ones to {@code victims} and returns a {@link Vote}; {@link Vote#ABSTAIN} means no
 * opinion (then {@code victims} is ignored).
 */
@FunctionalInterface
public interface Evictable {
    int victims(int preemptor, IntArrayList candidates, IntArrayList victims);
}
