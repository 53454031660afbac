package dev.caldera.kernel.plugin.predicates;

import dev.caldera.kernel.cluster.NodeTable;
import dev.caldera.kernel.cluster.Symbols;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.placement.SelectorTerm;
import dev.caldera.kernel.placement.Taint;
import dev.caldera.kernel.placement.TaintEffect;
import dev.caldera.kernel.placement.Toleration;
import dev.caldera.kernel.placement.match.CompiledTerm;
import dev.caldera.kernel.placement.match.CompiledTolerations;
import dev.caldera.kernel.placement.match.LabelNumbers;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the predicates check for one placement profile, compiled to ints: node selector pairs, required
 * node affinity terms, tolerations (and whether they tolerate the unschedulable taint), wanted host ports.
 * <p>
 * Threading: immutable; reads are pure. Cost of {@link #matchesNode}: O(selector pairs + requirements x
 * log labels), no allocation.
 */
final class ProfileRules {
    /** The taint kube's NodeUnschedulable filter lets a pod tolerate to ignore {@code spec.unschedulable}. */
    static final Taint UNSCHEDULABLE_TAINT =
            new Taint("node.kubernetes.io/unschedulable", "", TaintEffect.NO_SCHEDULE);

    final int[] selectorPairs;
    final boolean affinityRequired;
    final CompiledTerm[] requiredTerms;
    final CompiledTolerations tolerations;
    final boolean toleratesUnschedulable;
    final long[] hostPorts;

    private ProfileRules(int[] selectorPairs, boolean affinityRequired, CompiledTerm[] requiredTerms,
                         CompiledTolerations tolerations, boolean toleratesUnschedulable, long[] hostPorts) {
        this.selectorPairs = selectorPairs;
        this.affinityRequired = affinityRequired;
        this.requiredTerms = requiredTerms;
        this.tolerations = tolerations;
        this.toleratesUnschedulable = toleratesUnschedulable;
        this.hostPorts = hostPorts;
    }

    static ProfileRules compile(PlacementSpec spec, Symbols symbols) {
        return new ProfileRules(selector(spec.nodeSelector(), symbols), !spec.requiredTerms().isEmpty(),
                terms(spec.requiredTerms(), symbols), CompiledTolerations.compile(spec.tolerations(), symbols),
                tolerates(spec.tolerations(), UNSCHEDULABLE_TAINT), PortKeys.compile(spec.hostPorts(), symbols));
    }

    /**
     * Kube's RequiredNodeAffinity: every nodeSelector label equal, and (when required affinity is set) some
     * term matching. Empty terms are skipped as kube skips them, so only-empty terms match no node.
     */
    boolean matchesNode(NodeTable nodes, int node, LabelNumbers numbers) {
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

    private static int[] selector(Map<String, String> selector, Symbols symbols) {
        int[] pairs = new int[selector.size() * 2];
        int i = 0;
        for (Map.Entry<String, String> e : selector.entrySet()) {
            pairs[i++] = symbols.intern(e.getKey());
            pairs[i++] = symbols.intern(e.getValue());
        }
        return pairs;
    }

    private static CompiledTerm[] terms(List<SelectorTerm> terms, Symbols symbols) {
        List<CompiledTerm> out = new ArrayList<>();
        for (SelectorTerm t : terms) {
            if (!t.isEmpty()) {
                out.add(CompiledTerm.compile(t, symbols));
            }
        }
        return out.toArray(new CompiledTerm[0]);
    }

    private static boolean tolerates(List<Toleration> tolerations, Taint taint) {
        for (Toleration t : tolerations) {
            if (t.tolerates(taint)) {
                return true;
            }
        }
        return false;
    }
}
