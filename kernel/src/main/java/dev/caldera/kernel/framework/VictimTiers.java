package dev.caldera.kernel.framework;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * Chooses victims with the Preemptable or Reclaimable plugins of every tier, as current Volcano's
 * {@code SessionView.Preemptable} and {@code SessionView.Reclaimable} do (framework/session_plugins.go):
 * <ul>
 *   <li>tiers are asked in order; the first tier that ends with a non-empty answer decides;</li>
 *   <li>inside a tier, plugins that abstain are skipped; the first plugin that answers sets the tier's
 *       victims, each later one intersects them (the first plugin's order is kept);</li>
 *   <li>a plugin that answers with no victim leaves the tier undecided at once (the rest of the tier is not
 *       asked) and the next tier is asked;</li>
 *   <li>an intersection that becomes empty leaves the tier undecided too, but the tier goes on: the next
 *       plugin that answers starts the tier's victims afresh (Volcano's empty intersection is a nil list,
 *       which its next plugin takes for the first answer);</li>
 *   <li>when no tier decides, there is no victim.</li>
 * </ul>
 * So a refusal by {@code priority}, {@code gang} or {@code conformance} in the first tier can be overridden by,
 * for example, {@code drf} in the second, as in Volcano.
 * <p>
 * Threading: scheduling thread; scratch lists are reused, no allocation after warm-up. Cost: O(plugins x
 * candidates^2) at worst for the intersections (candidate lists are one node's tasks).
 */
final class VictimTiers {
    private final Evictable[][] tiers;
    private final IntArrayList tierVictims = new IntArrayList();
    private final IntArrayList pluginVictims = new IntArrayList();

    VictimTiers(Evictable[][] tiers) {
        this.tiers = tiers;
    }

    /** The victims among {@code candidates} for {@code preemptor}, into {@code victims} (cleared first). */
    void decide(int preemptor, IntArrayList candidates, IntArrayList victims) {
        victims.clear();
        for (Evictable[] tier : tiers) {
            if (decideTier(tier, preemptor, candidates)) {
                victims.addAll(tierVictims);
                return;
            }
        }
    }

    /** True when the tier ends with a non-empty answer, left in {@link #tierVictims}. */
    private boolean decideTier(Evictable[] tier, int preemptor, IntArrayList candidates) {
        tierVictims.clear();
        boolean answered = false;
        for (Evictable f : tier) {
            pluginVictims.clear();
            if (f.victims(preemptor, candidates, pluginVictims) == Vote.ABSTAIN) {
                continue;
            }
            if (pluginVictims.isEmpty()) {
                return false;
            }
            if (answered) {
                tierVictims.retainAll(pluginVictims);
            } else {
                tierVictims.addAll(pluginVictims);
            }
            answered = !tierVictims.isEmpty();
        }
        return answered;
    }
}
