package dev.caldera.kernel.plugin.nodeorder;

import dev.caldera.kernel.framework.Nodes;
import dev.caldera.kernel.framework.Names;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.placement.PreferredTerm;
import dev.caldera.kernel.plugin.match.CompiledTerm;
import dev.caldera.kernel.plugin.match.CompiledTolerations;
import dev.caldera.kernel.plugin.match.LabelNumbers;

import java.util.ArrayList;
import java.util.List;

/**
 * What the nodeorder scorers read of one placement profile, compiled to ints: the preferred node affinity
 * terms with their weights, and the tolerations.
 * <p>
 * Like kube's PreferredSchedulingTerms, terms of weight 0 and empty terms are dropped. A term that fails to
 * parse makes kube's score return an error, after which Volcano gives the node no node-order score at all
 * (for every plugin); Caldera drops just that term instead.
 * <p>
 * Threading: immutable; reads are pure. Cost of {@link #affinityScore}: O(terms x requirements x log
 * labels), no allocation.
 */
final class ProfilePreferences {
    final CompiledTerm[] terms;
    final int[] weights;
    final CompiledTolerations tolerations;

    private ProfilePreferences(CompiledTerm[] terms, int[] weights, CompiledTolerations tolerations) {
        this.terms = terms;
        this.weights = weights;
        this.tolerations = tolerations;
    }

    static ProfilePreferences compile(PlacementSpec spec, Names symbols) {
        List<CompiledTerm> terms = new ArrayList<>();
        List<Integer> weights = new ArrayList<>();
        for (PreferredTerm p : spec.preferredTerms()) {
            if (p.weight() == 0 || p.term().isEmpty()) {
                continue;
            }
            CompiledTerm term = CompiledTerm.compile(p.term(), symbols);
            if (term.valid()) {
                terms.add(term);
                weights.add(p.weight());
            }
        }
        int[] w = new int[weights.size()];
        for (int i = 0; i < w.length; i++) {
            w[i] = weights.get(i);
        }
        return new ProfilePreferences(terms.toArray(new CompiledTerm[0]), w,
                CompiledTolerations.compile(spec.tolerations(), symbols));
    }

    /** kube's NodeAffinity score: the sum of the weights of the preferred terms the node matches. */
    long affinityScore(Nodes nodes, int node, LabelNumbers numbers) {
        long score = 0;
        for (int i = 0; i < terms.length; i++) {
            if (terms[i].matches(nodes, node, numbers)) {
                score += weights[i];
            }
        }
        return score;
    }
}
