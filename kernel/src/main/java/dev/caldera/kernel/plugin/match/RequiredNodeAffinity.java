package dev.caldera.kernel.plugin.match;

import dev.caldera.kernel.framework.Nodes;
import dev.caldera.kernel.framework.Names;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.placement.SelectorTerm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A pod's required node affinity in int form, as component-helpers' GetRequiredNodeAffinity: every
 * {@code nodeSelector} label equal and, when required node affinity is set, some term matching (terms ORed,
 * expressions ANDed). Empty terms are skipped as kube skips them, so only-empty terms match no node.
 * <p>
 * Threading: immutable; {@link #matches} is a pure read. Cost: O(selector pairs + requirements x log labels),
 * no allocation.
 */
public final class RequiredNodeAffinity {
    private final int[] selectorPairs;
    private final boolean affinityRequired;
    private final CompiledTerm[] requiredTerms;

    private RequiredNodeAffinity(int[] selectorPairs, boolean affinityRequired, CompiledTerm[] requiredTerms) {
        this.selectorPairs = selectorPairs;
        this.affinityRequired = affinityRequired;
        this.requiredTerms = requiredTerms;
    }

    public static RequiredNodeAffinity compile(PlacementSpec spec, Names symbols) {
        return new RequiredNodeAffinity(selector(spec.nodeSelector(), symbols), !spec.requiredTerms().isEmpty(),
                terms(spec.requiredTerms(), symbols));
    }

    /** Whether node row {@code node} satisfies the node selector and the required terms. */
    public boolean matches(Nodes nodes, int node, LabelNumbers numbers) {
        for (int i = 0; i < selectorPairs.length; i += 2) {
            if (nodes.label(node, selectorPairs[i]) != selectorPairs[i + 1]) {
                return false;
            }
        }
        if (!affinityRequired) {
            return true;
        }
        for (CompiledTerm term : requiredTerms) {
            if (term.matches(nodes, node, numbers)) {
                return true;
            }
        }
        return false;
    }

    private static int[] selector(Map<String, String> selector, Names symbols) {
        int[] pairs = new int[selector.size() * 2];
        int i = 0;
        for (Map.Entry<String, String> e : selector.entrySet()) {
            pairs[i++] = symbols.intern(e.getKey());
            pairs[i++] = symbols.intern(e.getValue());
        }
        return pairs;
    }

    private static CompiledTerm[] terms(List<SelectorTerm> terms, Names symbols) {
        List<CompiledTerm> out = new ArrayList<>();
        for (SelectorTerm t : terms) {
            if (!t.isEmpty()) {
                out.add(CompiledTerm.compile(t, symbols));
            }
        }
        return out.toArray(new CompiledTerm[0]);
    }
}
