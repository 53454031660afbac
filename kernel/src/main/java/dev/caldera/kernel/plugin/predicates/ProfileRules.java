package dev.caldera.kernel.plugin.predicates;

import dev.caldera.kernel.framework.Nodes;
import dev.caldera.kernel.framework.Names;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.placement.Taint;
import dev.caldera.kernel.placement.TaintEffect;
import dev.caldera.kernel.placement.Toleration;
import dev.caldera.kernel.plugin.match.CompiledTolerations;
import dev.caldera.kernel.plugin.match.LabelNumbers;
import dev.caldera.kernel.plugin.match.RequiredNodeAffinity;

import java.util.ArrayList;
import java.util.List;

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

    final RequiredNodeAffinity nodeAffinity;
    final CompiledTolerations tolerations;
    final boolean toleratesUnschedulable;
    final long[] hostPorts;
    /**
     * What of the spec the checks read: all of it but the preferred terms and the tolerations of PreferNoSchedule
     * only (which never tolerate a NoSchedule or NoExecute taint, the only ones checked). Profiles with equal parts
     * get equal verdicts on every node ({@code PredicatesPlugin.verdictProfile}).
     */
    final PlacementSpec checked;
    final int checkedHash;

    private ProfileRules(RequiredNodeAffinity nodeAffinity, CompiledTolerations tolerations,
                         boolean toleratesUnschedulable, long[] hostPorts, PlacementSpec checked) {
        this.nodeAffinity = nodeAffinity;
        this.tolerations = tolerations;
        this.toleratesUnschedulable = toleratesUnschedulable;
        this.hostPorts = hostPorts;
        this.checked = checked;
        this.checkedHash = checked.hashCode();
    }

    static ProfileRules compile(PlacementSpec spec, Names symbols) {
        return new ProfileRules(RequiredNodeAffinity.compile(spec, symbols),
                CompiledTolerations.compile(spec.tolerations(), symbols),
                tolerates(spec.tolerations(), UNSCHEDULABLE_TAINT), PortKeys.compile(spec.hostPorts(), symbols),
                checked(spec));
    }

    private static PlacementSpec checked(PlacementSpec spec) {
        List<Toleration> hard = new ArrayList<>();
        for (Toleration t : spec.tolerations()) {
            if (t.effect() != TaintEffect.PREFER_NO_SCHEDULE) {
                hard.add(t);
            }
        }
        return new PlacementSpec(spec.nodeSelector(), spec.requiredTerms(), List.of(), hard, spec.hostPorts());
    }

    /** Kube's RequiredNodeAffinity: every nodeSelector label equal, and some required term matching. */
    boolean matchesNode(Nodes nodes, int node, LabelNumbers numbers) {
        return nodeAffinity.matches(nodes, node, numbers);
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
