package dev.caldera.kernel.plugin.interpod;

import dev.caldera.kernel.framework.Names;
import dev.caldera.kernel.framework.Tasks;
import dev.caldera.kernel.placement.SpreadConstraint;
import dev.caldera.kernel.plugin.match.CompiledLabelSelector;

/**
 * One topology spread constraint in int form. {@link #counts} is kube's countPodsMatchSelector test (pods of
 * the owner's namespace, not terminating, whose labels match; an empty or nil selector counts no pod), and
 * {@link #selfMatches} is the Filter's selfMatchNum test (the selector alone).
 * <p>
 * Threading: immutable; pure reads, no allocation.
 */
public final class CompiledSpread {
    private final int maxSkew;
    private final int topologyKey;
    private final int minDomains;
    private final boolean honorNodeAffinity;
    private final boolean honorNodeTaints;
    private final CompiledLabelSelector selector;
    private final boolean countsNothing;

    private CompiledSpread(SpreadConstraint c, int topologyKey, CompiledLabelSelector selector) {
        this.maxSkew = c.maxSkew();
        this.topologyKey = topologyKey;
        this.minDomains = c.minDomains();
        this.honorNodeAffinity = c.honorNodeAffinity();
        this.honorNodeTaints = c.honorNodeTaints();
        this.selector = selector;
        this.countsNothing = selector.matchesNothing() || selector.matchesEverything();
    }

    static CompiledSpread compile(SpreadConstraint c, Names symbols) {
        return new CompiledSpread(c, symbols.intern(c.topologyKey()),
                CompiledLabelSelector.compile(c.labelSelector(), symbols));
    }

    /** Whether task {@code task}, of the owner's namespace and not terminating, is counted by its labels. */
    public boolean counts(Tasks tasks, int task) {
        return !countsNothing && selector.matches(tasks, task);
    }

    /** Whether the incoming pod's own labels match the selector (kube's selfMatchNum). */
    public boolean selfMatches(Tasks tasks, int task) {
        return selector.matches(tasks, task);
    }

    int maxSkew() {
        return maxSkew;
    }

    int topologyKey() {
        return topologyKey;
    }

    int minDomains() {
        return minDomains;
    }

    boolean honorNodeAffinity() {
        return honorNodeAffinity;
    }

    boolean honorNodeTaints() {
        return honorNodeTaints;
    }
}
