package dev.caldera.kernel.plugin.interpod;

import dev.caldera.kernel.framework.Names;
import dev.caldera.kernel.placement.InterPodSpec;
import dev.caldera.kernel.placement.PodAffinityTerm;
import dev.caldera.kernel.placement.SpreadConstraint;
import dev.caldera.kernel.placement.WeightedPodAffinityTerm;
import dev.caldera.kernel.plugin.match.CompiledPodTerm;

import java.util.ArrayList;
import java.util.List;

/**
 * An {@link InterPodSpec} in int form: the owner's namespace symbol, its required and preferred affinity and
 * anti-affinity terms (preferred ones carry their weight), and its spread constraints split into hard
 * (DoNotSchedule) and soft (ScheduleAnyway) ones, each list in spec order.
 * <p>
 * Threading: immutable after {@link #compile}. No allocation when read.
 */
public final class CompiledInterPod {
    static final CompiledPodTerm[] NO_TERMS = new CompiledPodTerm[0];
    static final CompiledSpread[] NO_SPREAD = new CompiledSpread[0];

    private final int namespace;
    private final CompiledPodTerm[] requiredAffinity;
    private final CompiledPodTerm[] requiredAnti;
    private final CompiledPodTerm[] preferredAffinity;
    private final CompiledPodTerm[] preferredAnti;
    private final CompiledSpread[] hardSpread;
    private final CompiledSpread[] softSpread;

    private CompiledInterPod(int namespace, CompiledPodTerm[] requiredAffinity, CompiledPodTerm[] requiredAnti,
                             CompiledPodTerm[] preferredAffinity, CompiledPodTerm[] preferredAnti,
                             CompiledSpread[] hardSpread, CompiledSpread[] softSpread) {
        this.namespace = namespace;
        this.requiredAffinity = requiredAffinity;
        this.requiredAnti = requiredAnti;
        this.preferredAffinity = preferredAffinity;
        this.preferredAnti = preferredAnti;
        this.hardSpread = hardSpread;
        this.softSpread = softSpread;
    }

    public static CompiledInterPod compile(InterPodSpec spec, Names symbols) {
        String ns = spec.namespace();
        return new CompiledInterPod(symbols.intern(ns), required(spec.requiredAffinity(), ns, symbols),
                required(spec.requiredAntiAffinity(), ns, symbols), preferred(spec.preferredAffinity(), ns, symbols),
                preferred(spec.preferredAntiAffinity(), ns, symbols), spread(spec.spreadConstraints(), true, symbols),
                spread(spec.spreadConstraints(), false, symbols));
    }

    /** True when pods of this profile change other pods' verdicts or scores (required anti or preferred terms). */
    public boolean carries() {
        return requiredAnti.length > 0 || preferredAffinity.length > 0 || preferredAnti.length > 0;
    }

    /** True when the owner's own filtering depends on other pods (required terms or hard spread). */
    public boolean filtersOnPods() {
        return requiredAffinity.length > 0 || requiredAnti.length > 0 || hardSpread.length > 0;
    }

    /** True when the owner's own scoring depends on other pods (preferred terms or soft spread). */
    public boolean scoresOnPods() {
        return preferredAffinity.length > 0 || preferredAnti.length > 0 || softSpread.length > 0;
    }

    private static CompiledPodTerm[] required(List<PodAffinityTerm> terms, String ns, Names symbols) {
        if (terms.isEmpty()) {
            return NO_TERMS;
        }
        CompiledPodTerm[] out = new CompiledPodTerm[terms.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = CompiledPodTerm.compile(terms.get(i), 0, ns, symbols);
        }
        return out;
    }

    private static CompiledPodTerm[] preferred(List<WeightedPodAffinityTerm> terms, String ns, Names symbols) {
        if (terms.isEmpty()) {
            return NO_TERMS;
        }
        CompiledPodTerm[] out = new CompiledPodTerm[terms.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = CompiledPodTerm.compile(terms.get(i).term(), terms.get(i).weight(), ns, symbols);
        }
        return out;
    }

    private static CompiledSpread[] spread(List<SpreadConstraint> constraints, boolean hard, Names symbols) {
        List<CompiledSpread> out = new ArrayList<>();
        for (SpreadConstraint c : constraints) {
            if (c.doNotSchedule() == hard) {
                out.add(CompiledSpread.compile(c, symbols));
            }
        }
        return out.isEmpty() ? NO_SPREAD : out.toArray(NO_SPREAD);
    }

    int namespace() {
        return namespace;
    }

    CompiledPodTerm[] requiredAffinity() {
        return requiredAffinity;
    }

    CompiledPodTerm[] requiredAnti() {
        return requiredAnti;
    }

    CompiledPodTerm[] preferredAffinity() {
        return preferredAffinity;
    }

    CompiledPodTerm[] preferredAnti() {
        return preferredAnti;
    }

    CompiledSpread[] hardSpread() {
        return hardSpread;
    }

    CompiledSpread[] softSpread() {
        return softSpread;
    }
}
