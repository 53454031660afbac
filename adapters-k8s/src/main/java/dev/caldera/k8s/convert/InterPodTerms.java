package dev.caldera.k8s.convert;

import dev.caldera.kernel.placement.InterPodSpec;
import dev.caldera.kernel.placement.LabelSelector;
import dev.caldera.kernel.placement.PodAffinityTerm;
import dev.caldera.kernel.placement.SpreadConstraint;
import dev.caldera.kernel.placement.WeightedPodAffinityTerm;
import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.PodAffinity;
import io.fabric8.kubernetes.api.model.PodAntiAffinity;
import io.fabric8.kubernetes.api.model.TopologySpreadConstraint;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The inter-pod part of a pod: {@code spec.affinity.podAffinity} and {@code podAntiAffinity} (required and
 * preferred terms) and {@code spec.topologySpreadConstraints}, validated and defaulted as the API server does
 * (topologyKey required, weights 1-100, maxSkew above 0, whenUnsatisfiable and the node inclusion policies
 * spelled as Kubernetes spells them, minDomains only with DoNotSchedule), with {@code matchLabelKeys} and
 * {@code mismatchLabelKeys} merged into the selectors ({@link LabelSelectors#merged}). Takes the pod's field
 * values, so any reader of pods can use it.
 * <p>
 * Threading: stateless.
 */
public final class InterPodTerms {
    private static final String AFFINITY = "spec.affinity.podAffinity";
    private static final String ANTI = "spec.affinity.podAntiAffinity";
    private static final String REQUIRED = ".requiredDuringSchedulingIgnoredDuringExecution";
    private static final String PREFERRED = ".preferredDuringSchedulingIgnoredDuringExecution";
    private static final String SPREAD = "spec.topologySpreadConstraints";

    private InterPodTerms() {
    }

    /** The inter-pod spec of a pod with these fields ({@link InterPodSpec#NONE} when it has none). */
    public static InterPodSpec of(Affinity affinity, List<TopologySpreadConstraint> spread,
                                  Map<String, String> podLabels, String object) {
        PodAffinity pa = affinity == null ? null : affinity.getPodAffinity();
        PodAntiAffinity anti = affinity == null ? null : affinity.getPodAntiAffinity();
        Map<String, String> labels = podLabels == null ? Map.of() : podLabels;
        List<PodAffinityTerm> requiredAffinity =
                required(pa == null ? null : pa.getRequiredDuringSchedulingIgnoredDuringExecution(), labels, object,
                        AFFINITY + REQUIRED);
        List<PodAffinityTerm> requiredAnti =
                required(anti == null ? null : anti.getRequiredDuringSchedulingIgnoredDuringExecution(), labels,
                        object, ANTI + REQUIRED);
        List<WeightedPodAffinityTerm> preferredAffinity =
                preferred(pa == null ? null : pa.getPreferredDuringSchedulingIgnoredDuringExecution(), labels, object,
                        AFFINITY + PREFERRED);
        List<WeightedPodAffinityTerm> preferredAnti =
                preferred(anti == null ? null : anti.getPreferredDuringSchedulingIgnoredDuringExecution(), labels,
                        object, ANTI + PREFERRED);
        List<SpreadConstraint> constraints = spread(spread, labels, object);
        if (requiredAffinity.isEmpty() && requiredAnti.isEmpty() && preferredAffinity.isEmpty()
                && preferredAnti.isEmpty() && constraints.isEmpty()) {
            // most pods: the constant the cache's interner knows by identity (as Placements does for PlacementSpec),
            // not a spec equal to it that it would hash and compare for every pod whose object it has not just seen
            return InterPodSpec.NONE;
        }
        return SpecErrors.at(object, "spec", () -> InterPodSpec.of(requiredAffinity, requiredAnti, preferredAffinity,
                preferredAnti, constraints));
    }

    private static List<PodAffinityTerm> required(List<io.fabric8.kubernetes.api.model.PodAffinityTerm> terms,
                                                  Map<String, String> labels, String object, String path) {
        List<PodAffinityTerm> out = new ArrayList<>();
        for (int i = 0; terms != null && i < terms.size(); i++) {
            out.add(term(terms.get(i), labels, object, path + "[" + i + "]"));
        }
        return out;
    }

    private static List<WeightedPodAffinityTerm> preferred(
            List<io.fabric8.kubernetes.api.model.WeightedPodAffinityTerm> terms, Map<String, String> labels,
            String object, String path) {
        List<WeightedPodAffinityTerm> out = new ArrayList<>();
        for (int i = 0; terms != null && i < terms.size(); i++) {
            io.fabric8.kubernetes.api.model.WeightedPodAffinityTerm w = terms.get(i);
            String at = path + "[" + i + "]";
            if (w.getPodAffinityTerm() == null) {
                throw new ConversionException(object, at + ".podAffinityTerm", "is required");
            }
            PodAffinityTerm term = term(w.getPodAffinityTerm(), labels, object, at + ".podAffinityTerm");
            int weight = w.getWeight() == null ? 0 : w.getWeight();
            out.add(SpecErrors.at(object, at, () -> new WeightedPodAffinityTerm(weight, term)));
        }
        return out;
    }

    private static PodAffinityTerm term(io.fabric8.kubernetes.api.model.PodAffinityTerm t, Map<String, String> labels,
                                        String object, String path) {
        LabelSelector selector = LabelSelectors.merged(LabelSelectors.selector(t.getLabelSelector(), object,
                path + ".labelSelector"), labels, t.getMatchLabelKeys(), t.getMismatchLabelKeys(), object, path);
        LabelSelector namespaces = LabelSelectors.selector(t.getNamespaceSelector(), object, path + ".namespaceSelector");
        if (ObjectNames.emptyToNull(t.getTopologyKey()) == null) {
            throw new ConversionException(object, path + ".topologyKey", "is required");
        }
        return SpecErrors.at(object, path, () -> new PodAffinityTerm(selector, t.getNamespaces(), namespaces,
                t.getTopologyKey()));
    }

    private static List<SpreadConstraint> spread(List<TopologySpreadConstraint> constraints,
                                                 Map<String, String> labels, String object) {
        List<SpreadConstraint> out = new ArrayList<>();
        for (int i = 0; constraints != null && i < constraints.size(); i++) {
            out.add(constraint(constraints.get(i), labels, object, SPREAD + "[" + i + "]"));
        }
        return out;
    }

    private static SpreadConstraint constraint(TopologySpreadConstraint c, Map<String, String> labels, String object,
                                               String path) {
        if (ObjectNames.emptyToNull(c.getTopologyKey()) == null) {
            throw new ConversionException(object, path + ".topologyKey", "is required");
        }
        boolean hard = whenUnsatisfiable(c.getWhenUnsatisfiable(), object, path + ".whenUnsatisfiable");
        if (c.getMinDomains() != null && !hard) {
            throw new ConversionException(object, path + ".minDomains", "can only be set when whenUnsatisfiable is"
                    + " DoNotSchedule");
        }
        LabelSelector selector = LabelSelectors.merged(LabelSelectors.selector(c.getLabelSelector(), object,
                path + ".labelSelector"), labels, c.getMatchLabelKeys(), List.of(), object, path);
        int maxSkew = c.getMaxSkew() == null ? 0 : c.getMaxSkew();
        int minDomains = c.getMinDomains() == null ? 1 : c.getMinDomains();
        boolean honorAffinity = honor(c.getNodeAffinityPolicy(), true, object, path + ".nodeAffinityPolicy");
        boolean honorTaints = honor(c.getNodeTaintsPolicy(), false, object, path + ".nodeTaintsPolicy");
        return SpecErrors.at(object, path, () -> new SpreadConstraint(maxSkew, c.getTopologyKey(), hard, selector,
                minDomains, honorAffinity, honorTaints));
    }

    private static boolean whenUnsatisfiable(String text, String object, String field) {
        if ("DoNotSchedule".equals(text)) {
            return true;
        }
        if ("ScheduleAnyway".equals(text)) {
            return false;
        }
        if (text == null || text.isEmpty()) {
            throw new ConversionException(object, field, "is required (DoNotSchedule or ScheduleAnyway)");
        }
        throw new ConversionException(object, field, "'" + text + "' is not DoNotSchedule or ScheduleAnyway");
    }

    private static boolean honor(String text, boolean unset, String object, String field) {
        if (text == null || text.isEmpty()) {
            return unset;
        }
        if ("Honor".equals(text) || "Ignore".equals(text)) {
            return "Honor".equals(text);
        }
        throw new ConversionException(object, field, "'" + text + "' is not Honor or Ignore");
    }
}
