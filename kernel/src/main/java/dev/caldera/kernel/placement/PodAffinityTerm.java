package dev.caldera.kernel.placement;

import java.util.List;

/**
 * A required pod (anti-)affinity term (v1.PodAffinityTerm): the pods it selects are those whose labels match
 * {@code labelSelector} and whose namespace is in {@code namespaces} or has labels matching
 * {@code namespaceSelector}; when both are absent (no namespaces, null namespace selector) the term selects
 * pods of the owning pod's own namespace. {@code topologyKey} names the node label whose value is the domain.
 * A null {@code labelSelector} selects no pod; a null {@code namespaceSelector} selects no namespace, the
 * empty one every namespace. {@code matchLabelKeys} and {@code mismatchLabelKeys} are merged into
 * {@code labelSelector} before a term gets here, as the API server does when it admits the pod.
 */
public record PodAffinityTerm(LabelSelector labelSelector, List<String> namespaces, LabelSelector namespaceSelector,
                              String topologyKey) {
    public PodAffinityTerm {
        namespaces = namespaces == null ? List.of() : namespaces.stream().distinct().sorted().toList();
        for (String ns : namespaces) {
            if (ns == null || ns.isEmpty()) {
                throw new IllegalArgumentException("namespaces: must not contain an empty name");
            }
        }
        LabelSyntax.requireKey(topologyKey, "topologyKey");
    }

    /** A term selecting pods of the owner's namespace whose labels match {@code selector}. */
    public static PodAffinityTerm of(LabelSelector selector, String topologyKey) {
        return new PodAffinityTerm(selector, List.of(), null, topologyKey);
    }

    /** True when neither namespaces nor a namespace selector is given: the owner's namespace applies. */
    public boolean ownNamespaceOnly() {
        return namespaces.isEmpty() && namespaceSelector == null;
    }
}
