package dev.caldera.kernel.plugin.match;

import dev.caldera.kernel.framework.Names;
import dev.caldera.kernel.framework.Tasks;
import dev.caldera.kernel.placement.PodAffinityTerm;

import java.util.Arrays;
import java.util.List;

/**
 * One pod (anti-)affinity term in int form, as kube-scheduler's framework.AffinityTerm: a pod matches when its
 * namespace is one of the term's namespaces (the owner's own when the term names neither namespaces nor a
 * namespace selector) or the namespace's labels match the namespace selector, and its labels match the label
 * selector. {@code topologyKey} is the node label whose value is the term's domain; {@code weight} is the
 * preferred term's weight (0 for required terms).
 * <p>
 * Threading: immutable; {@link #matches} is a pure read. Cost: O(selector requirements x log labels + log
 * namespaces), no allocation.
 */
public final class CompiledPodTerm {
    private final int topologyKey;
    private final int weight;
    private final CompiledLabelSelector selector;
    private final int[] namespaces;
    private final CompiledLabelSelector namespaceSelector;

    private CompiledPodTerm(int topologyKey, int weight, CompiledLabelSelector selector, int[] namespaces,
                            CompiledLabelSelector namespaceSelector) {
        this.topologyKey = topologyKey;
        this.weight = weight;
        this.selector = selector;
        this.namespaces = namespaces;
        this.namespaceSelector = namespaceSelector;
    }

    /** Compiles a term owned by a pod of namespace {@code ownerNamespace}. */
    public static CompiledPodTerm compile(PodAffinityTerm term, int weight, String ownerNamespace, Names symbols) {
        List<String> names = term.ownNamespaceOnly() ? List.of(ownerNamespace) : term.namespaces();
        int[] ns = new int[names.size()];
        for (int i = 0; i < ns.length; i++) {
            ns[i] = symbols.intern(names.get(i));
        }
        Arrays.sort(ns);
        return new CompiledPodTerm(symbols.intern(term.topologyKey()), weight,
                CompiledLabelSelector.compile(term.labelSelector(), symbols), ns,
                CompiledLabelSelector.compile(term.namespaceSelector(), symbols));
    }

    /** Whether task {@code task}, a pod of namespace {@code nsSymbol}, is selected by the term by its labels. */
    public boolean matches(int nsSymbol, Tasks tasks, int task) {
        boolean inNamespace = Arrays.binarySearch(namespaces, nsSymbol) >= 0
                || namespaceSelector.matchesNamespace(nsSymbol);
        return inNamespace && selector.matches(tasks, task);
    }

    /** True when the namespace selector reads labels the kernel does not know (only the name label is known). */
    public boolean namespaceSelectorApproximated() {
        return !namespaceSelector.matchesNothing() && namespaceSelector.readsOtherNamespaceLabels();
    }

    /** kube's podMatchesAllAffinityTerms: a non-empty list of terms, every one selecting the pod. */
    public static boolean allMatch(CompiledPodTerm[] terms, int nsSymbol, Tasks tasks, int task) {
        if (terms.length == 0) {
            return false;
        }
        for (CompiledPodTerm t : terms) {
            if (!t.matches(nsSymbol, tasks, task)) {
                return false;
            }
        }
        return true;
    }

    public int topologyKey() {
        return topologyKey;
    }

    public int weight() {
        return weight;
    }
}
