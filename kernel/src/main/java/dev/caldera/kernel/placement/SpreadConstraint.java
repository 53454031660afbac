package dev.caldera.kernel.placement;

/**
 * A pod topology spread constraint (v1.TopologySpreadConstraint) after defaulting: {@code doNotSchedule} is
 * {@code whenUnsatisfiable: DoNotSchedule} (a filter) as opposed to ScheduleAnyway (a score);
 * {@code minDomains} is 1 when unset; the node inclusion policies default to honouring node affinity and
 * ignoring taints. A null {@code labelSelector} selects no pod. {@code matchLabelKeys} is merged into the
 * selector before a constraint gets here, as the API server does.
 */
public record SpreadConstraint(int maxSkew, String topologyKey, boolean doNotSchedule, LabelSelector labelSelector,
                               int minDomains, boolean honorNodeAffinity, boolean honorNodeTaints) {
    public SpreadConstraint {
        if (maxSkew < 1) {
            throw new IllegalArgumentException("maxSkew: must be greater than zero, got " + maxSkew);
        }
        LabelSyntax.requireKey(topologyKey, "topologyKey");
        if (minDomains < 1) {
            throw new IllegalArgumentException("minDomains: must be greater than zero, got " + minDomains);
        }
        if (!doNotSchedule && minDomains != 1) {
            throw new IllegalArgumentException("minDomains: can only be set when whenUnsatisfiable is DoNotSchedule");
        }
    }

    /** A constraint with the defaults: minDomains 1, honour node affinity, ignore taints. */
    public static SpreadConstraint of(int maxSkew, String topologyKey, boolean doNotSchedule, LabelSelector selector) {
        return new SpreadConstraint(maxSkew, topologyKey, doNotSchedule, selector, 1, true, false);
    }
}
