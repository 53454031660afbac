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
}
