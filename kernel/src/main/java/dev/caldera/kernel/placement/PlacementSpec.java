package dev.caldera.kernel.placement;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything about a pod that decides where it may and would like to run, apart from its resource request:
 * node selector, required and preferred node affinity, tolerations and host ports. Value semantics: the
 * cache interns equal specs to one profile id, so all pods of a gang role share one.
 */
public record PlacementSpec(
        Map<String, String> nodeSelector,
        List<SelectorTerm> requiredTerms,
        List<PreferredTerm> preferredTerms,
        List<Toleration> tolerations,
        List<HostPort> hostPorts) {

    public static final PlacementSpec NONE = new PlacementSpec(Map.of(), List.of(), List.of(), List.of(), List.of());

    public PlacementSpec {
        nodeSelector = nodeSelector == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(nodeSelector));
        requiredTerms = requiredTerms == null ? List.of() : List.copyOf(requiredTerms);
        preferredTerms = preferredTerms == null ? List.of() : List.copyOf(preferredTerms);
        tolerations = tolerations == null ? List.of() : List.copyOf(tolerations);
        hostPorts = hostPorts == null ? List.of() : List.copyOf(hostPorts);
    }

    // Written out rather than the record's generated methods: interning calls them once per pod, and C1-compiled
    // code (a short run's) calls the generated ones through a chain of method handles.
    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof PlacementSpec p && nodeSelector.equals(p.nodeSelector)
                && requiredTerms.equals(p.requiredTerms) && preferredTerms.equals(p.preferredTerms)
                && tolerations.equals(p.tolerations) && hostPorts.equals(p.hostPorts);
    }

    @Override
    public int hashCode() {
        int h = nodeSelector.hashCode();
        h = 31 * h + requiredTerms.hashCode();
        h = 31 * h + preferredTerms.hashCode();
        h = 31 * h + tolerations.hashCode();
        return 31 * h + hostPorts.hashCode();
    }
}
