package dev.caldera.kernel.plugin.interpod;

import dev.caldera.kernel.framework.Names;
import dev.caldera.kernel.framework.Nodes;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.framework.Tasks;
import dev.caldera.kernel.plugin.match.CompiledPodTerm;
import dev.caldera.kernel.plugin.match.CompiledTolerations;
import dev.caldera.kernel.plugin.match.LabelNumbers;
import dev.caldera.kernel.plugin.match.NodeTaints;
import dev.caldera.kernel.plugin.match.RequiredNodeAffinity;

/**
 * What one incoming task class needs to know about the other pods, per domain: the pods matching all of its
 * required affinity terms (kube's affinityCounts), those matching each required anti-affinity term
 * (antiAffinityCounts) and each preferred term (the incoming half of the InterPodAffinity score), and per
 * spread constraint the matching pods on the nodes eligible for it (PodTopologySpread's TpValueToMatchNum,
 * hard constraints for the filter, soft ones for the score). Built once per session when a task of the class
 * is first prepared, then kept current by every counted pod's event.
 * <p>
 * Eligibility for a spread constraint is kube's: the node carries every topology key of the constraints of
 * its kind (hard or soft), and passes the constraint's node inclusion policies (the pod's required node
 * affinity when honoured, its tolerations of NoSchedule and NoExecute taints when honoured).
 * <p>
 * Threading: built and changed on the scheduling thread; reads are pure. Allocation: maps once per class,
 * reused across sessions.
 */
final class Incoming {
    final CompiledInterPod rules;
    final RequiredNodeAffinity nodeAffinity;
    final CompiledTolerations tolerations;
    final DomainCounts[] affinity;
    final DomainCounts[] anti;
    final DomainCounts[] preferredAffinity;
    final DomainCounts[] preferredAnti;
    final SpreadDomains[] hard;
    final SpreadDomains[] soft;
    long session = -1;

    Incoming(CompiledInterPod rules, RequiredNodeAffinity nodeAffinity, CompiledTolerations tolerations) {
        this.rules = rules;
        this.nodeAffinity = nodeAffinity;
        this.tolerations = tolerations;
        affinity = counts(rules.requiredAffinity().length);
        anti = counts(rules.requiredAnti().length);
        preferredAffinity = counts(rules.preferredAffinity().length);
        preferredAnti = counts(rules.preferredAnti().length);
        hard = spread(rules.hardSpread().length);
        soft = spread(rules.softSpread().length);
    }

    /** Empties every count and makes every node's domains eligible as the rules say. */
    void reset(SessionView s, LabelNumbers numbers, NodeTaints taints) {
        Nodes nodes = s.nodes();
        clear(affinity);
        clear(anti);
        clear(preferredAffinity);
        clear(preferredAnti);
        for (SpreadDomains d : hard) {
            d.clear();
        }
        for (SpreadDomains d : soft) {
            d.clear();
        }
        for (int i = 0; i < s.nodeCount(); i++) {
            int node = s.node(i);
            addDomains(hard, rules.hardSpread(), nodes, node, numbers, taints);
            addDomains(soft, rules.softSpread(), nodes, node, numbers, taints);
        }
    }

    /**
     * Task {@code task}, a pod of namespace {@code ns}, is counted on (+1) or leaves (-1) {@code node};
     * {@code spreadCounted} is false for a terminating pod, which spread constraints do not count.
     */
    void apply(int ns, Tasks tasks, int task, boolean spreadCounted, Nodes nodes, int node, int delta,
               LabelNumbers numbers, NodeTaints taints) {
        if (CompiledPodTerm.allMatch(rules.requiredAffinity(), ns, tasks, task)) {
            addTerms(affinity, rules.requiredAffinity(), nodes, node, delta);
        }
        addMatching(anti, rules.requiredAnti(), ns, tasks, task, nodes, node, delta);
        addMatching(preferredAffinity, rules.preferredAffinity(), ns, tasks, task, nodes, node, delta);
        addMatching(preferredAnti, rules.preferredAnti(), ns, tasks, task, nodes, node, delta);
        if (spreadCounted && ns == rules.namespace()) {
            addSpread(hard, rules.hardSpread(), tasks, task, nodes, node, delta, numbers, taints);
            addSpread(soft, rules.softSpread(), tasks, task, nodes, node, delta, numbers, taints);
        }
    }

    /** Whether the node may count for spread constraint {@code c} of {@code all} (same kind). */
    boolean eligible(CompiledSpread[] all, CompiledSpread c, Nodes nodes, int node, LabelNumbers numbers,
                     NodeTaints taints) {
        for (CompiledSpread other : all) {
            if (nodes.label(node, other.topologyKey()) == Names.NONE) {
                return false;
            }
        }
        if (c.honorNodeAffinity() && !nodeAffinity.matches(nodes, node, numbers)) {
            return false;
        }
        return !c.honorNodeTaints() || !tolerations.hasUntoleratedHardTaint(taints, node);
    }

    private void addDomains(SpreadDomains[] domains, CompiledSpread[] cs, Nodes nodes, int node,
                            LabelNumbers numbers, NodeTaints taints) {
        for (int i = 0; i < cs.length; i++) {
            if (eligible(cs, cs[i], nodes, node, numbers, taints)) {
                domains[i].addDomain(nodes.label(node, cs[i].topologyKey()));
            }
        }
    }

    private void addSpread(SpreadDomains[] domains, CompiledSpread[] cs, Tasks tasks, int task, Nodes nodes, int node,
                           int delta, LabelNumbers numbers, NodeTaints taints) {
        for (int i = 0; i < cs.length; i++) {
            if (cs[i].counts(tasks, task) && eligible(cs, cs[i], nodes, node, numbers, taints)) {
                domains[i].add(nodes.label(node, cs[i].topologyKey()), delta);
            }
        }
    }

    private static void addMatching(DomainCounts[] counts, CompiledPodTerm[] terms, int ns, Tasks tasks, int task,
                                    Nodes nodes, int node, int delta) {
        for (int t = 0; t < terms.length; t++) {
            if (terms[t].matches(ns, tasks, task)) {
                counts[t].add(nodes.label(node, terms[t].topologyKey()), delta);
            }
        }
    }

    private static void addTerms(DomainCounts[] counts, CompiledPodTerm[] terms, Nodes nodes, int node,
                                 int delta) {
        for (int t = 0; t < terms.length; t++) {
            counts[t].add(nodes.label(node, terms[t].topologyKey()), delta);
        }
    }

    private static DomainCounts[] counts(int n) {
        DomainCounts[] out = new DomainCounts[n];
        for (int i = 0; i < n; i++) {
            out[i] = new DomainCounts();
        }
        return out;
    }

    private static SpreadDomains[] spread(int n) {
        SpreadDomains[] out = new SpreadDomains[n];
        for (int i = 0; i < n; i++) {
            out[i] = new SpreadDomains();
        }
        return out;
    }

    private static void clear(DomainCounts[] counts) {
        for (DomainCounts c : counts) {
            c.clear();
        }
    }
}
