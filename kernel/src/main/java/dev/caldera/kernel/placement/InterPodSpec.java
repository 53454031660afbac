package dev.caldera.kernel.placement;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Everything about a pod that ties where it may or would like to run to other pods: required and preferred
 * pod affinity and anti-affinity ({@code spec.affinity.podAffinity/podAntiAffinity}) and topology spread
 * constraints, with the pod's namespace (the default namespace of its terms and the namespace its spread
 * constraints count in). Value semantics: the cache interns equal specs to one id, so the pods of a gang role
 * share one; a spec without any term is {@link #NONE} whatever the namespace.
 */
public record InterPodSpec(String namespace, List<PodAffinityTerm> requiredAffinity,
                           List<PodAffinityTerm> requiredAntiAffinity,
                           List<WeightedPodAffinityTerm> preferredAffinity,
                           List<WeightedPodAffinityTerm> preferredAntiAffinity,
                           List<SpreadConstraint> spreadConstraints) {

    public static final InterPodSpec NONE = new InterPodSpec("", List.of(), List.of(), List.of(), List.of(), List.of());

    public InterPodSpec {
        requiredAffinity = copy(requiredAffinity);
        requiredAntiAffinity = copy(requiredAntiAffinity);
        preferredAffinity = copy(preferredAffinity);
        preferredAntiAffinity = copy(preferredAntiAffinity);
        spreadConstraints = copy(spreadConstraints);
        boolean none = requiredAffinity.isEmpty() && requiredAntiAffinity.isEmpty() && preferredAffinity.isEmpty()
                && preferredAntiAffinity.isEmpty() && spreadConstraints.isEmpty();
        namespace = none || namespace == null ? "" : namespace;
        requireDistinctSpreadKeys(spreadConstraints);
    }

    /** A spec of the given terms; the namespace is filled in from the pod ({@link #inNamespace}). */
    public static InterPodSpec of(List<PodAffinityTerm> requiredAffinity, List<PodAffinityTerm> requiredAntiAffinity,
                                  List<WeightedPodAffinityTerm> preferredAffinity,
                                  List<WeightedPodAffinityTerm> preferredAntiAffinity,
                                  List<SpreadConstraint> spreadConstraints) {
        return new InterPodSpec("", requiredAffinity, requiredAntiAffinity, preferredAffinity, preferredAntiAffinity,
                spreadConstraints);
    }

    /** The same terms owned by a pod of {@code ns}. */
    public InterPodSpec inNamespace(String ns) {
        if (isNone() || ns.equals(namespace)) {
            return this;
        }
        return new InterPodSpec(ns, requiredAffinity, requiredAntiAffinity, preferredAffinity, preferredAntiAffinity,
                spreadConstraints);
    }

    // Written out rather than the record's generated methods: interning calls them once per pod, and C1-compiled
    // code (a short run's) calls the generated ones through a chain of method handles.
    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof InterPodSpec p && namespace.equals(p.namespace)
                && requiredAffinity.equals(p.requiredAffinity) && requiredAntiAffinity.equals(p.requiredAntiAffinity)
                && preferredAffinity.equals(p.preferredAffinity)
                && preferredAntiAffinity.equals(p.preferredAntiAffinity) && spreadConstraints.equals(p.spreadConstraints);
    }

    @Override
    public int hashCode() {
        int h = namespace.hashCode();
        h = 31 * h + requiredAffinity.hashCode();
        h = 31 * h + requiredAntiAffinity.hashCode();
        h = 31 * h + preferredAffinity.hashCode();
        h = 31 * h + preferredAntiAffinity.hashCode();
        return 31 * h + spreadConstraints.hashCode();
    }

    public boolean isNone() {
        return requiredAffinity.isEmpty() && requiredAntiAffinity.isEmpty() && preferredAffinity.isEmpty()
                && preferredAntiAffinity.isEmpty() && spreadConstraints.isEmpty();
    }

    /** Kubernetes refuses two constraints with one topologyKey and one whenUnsatisfiable. */
    private static void requireDistinctSpreadKeys(List<SpreadConstraint> constraints) {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < constraints.size(); i++) {
            SpreadConstraint c = constraints.get(i);
            if (!seen.add(c.topologyKey() + (c.doNotSchedule() ? "|DoNotSchedule" : "|ScheduleAnyway"))) {
                throw new IllegalArgumentException("topologySpreadConstraints[" + i + "]: duplicate {topologyKey: "
                        + c.topologyKey() + ", whenUnsatisfiable} pair");
            }
        }
    }

    private static <T> List<T> copy(List<T> list) {
        return list == null ? List.of() : List.copyOf(list);
    }
}
