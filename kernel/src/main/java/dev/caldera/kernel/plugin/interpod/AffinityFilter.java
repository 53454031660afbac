package dev.caldera.kernel.plugin.interpod;

import dev.caldera.kernel.framework.Nodes;
import dev.caldera.kernel.framework.Names;
import dev.caldera.kernel.framework.FitReason;
import dev.caldera.kernel.framework.Tasks;
import dev.caldera.kernel.plugin.match.CompiledPodTerm;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * kube-scheduler's InterPodAffinity filter (pkg/scheduler/framework/plugins/interpodaffinity/filtering.go), as
 * Volcano's predicates plugin runs it, in this order:
 * <ol>
 *   <li>the incoming pod's required affinity (satisfyPodAffinity): the node must carry every term's topology
 *       key, and each term's domain must hold a pod matching all terms; when no pod anywhere matches them
 *       all, a pod matching its own terms may still go (the first pod of a group with affinity to itself).
 *       Failing is UnschedulableAndUnresolvable ({@link FitReason#POD_AFFINITY_UNMET});</li>
 *   <li>its required anti-affinity (satisfyPodAntiAffinity): no term's domain on the node may hold a pod the
 *       term selects ({@link FitReason#POD_ANTI_AFFINITY});</li>
 *   <li>existing pods' required anti-affinity (satisfyExistingPodsAntiAffinity): no counted pod whose
 *       anti-affinity term selects the incoming pod may sit in that term's domain of the node
 *       ({@link FitReason#EXISTING_ANTI_AFFINITY}).</li>
 * </ol>
 * For the task last prepared, counts are read as of its PrePredicate ({@link Frozen}).
 * <p>
 * Threading: pure reads, safe from filter workers once the task's state was ensured. Cost: O(terms + active
 * carrier terms) map lookups per node; no allocation.
 */
public final class AffinityFilter {
    private final InterPodIndex index;

    public AffinityFilter(InterPodIndex index) {
        this.index = index;
    }

    /** 0 when the inter-pod affinity rules let the task run on the node, else the first failing code. */
    public int check(int task, int node) {
        return check(task, node, index.frozen(task));
    }

    /**
     * {@link #check} against the counts as they are now, pods evicted or placed since PrePredicate included:
     * Volcano's SimulatePredicateFn, whose cycle state topology-aware preemption updates with SimulateRemoveTask
     * and SimulateAddTask as it tries victims.
     */
    public int checkCurrent(int task, int node) {
        return check(task, node, false);
    }

    private int check(int task, int node, boolean frozen) {
        if (!index.affectsNoCache(task)) {
            return FitReason.OK;
        }
        Incoming state = index.stateOf(task);
        if (state != null) {
            if (!satisfiesAffinity(state, task, node, frozen)) {
                return FitReason.POD_AFFINITY_UNMET;
            }
            if (violatesAnti(state, node, frozen)) {
                return FitReason.POD_ANTI_AFFINITY;
            }
        }
        return violatesExistingAnti(task, node, frozen) ? FitReason.EXISTING_ANTI_AFFINITY : FitReason.OK;
    }

    private boolean satisfiesAffinity(Incoming state, int task, int node, boolean frozen) {
        CompiledPodTerm[] terms = state.rules.requiredAffinity();
        if (terms.length == 0) {
            return true;
        }
        Nodes nodes = index.nodes();
        boolean podsExist = true;
        for (int t = 0; t < terms.length; t++) {
            int value = nodes.label(node, terms[t].topologyKey());
            if (value == Names.NONE) {
                return false;
            }
            int count = state.affinity[t].get(value) - (frozen ? Frozen.affinity(index, terms, t, value) : 0);
            if (count <= 0) {
                podsExist = false;
            }
        }
        if (podsExist) {
            return true;
        }
        return affinityTotal(state, terms, frozen) == 0
                && CompiledPodTerm.allMatch(terms, state.rules.namespace(), index.session.tasks(), task);
    }

    private long affinityTotal(Incoming state, CompiledPodTerm[] terms, boolean frozen) {
        long total = 0;
        for (DomainCounts c : state.affinity) {
            total += c.total();
        }
        return frozen ? total - Frozen.affinityTotal(index, terms) : total;
    }

    private boolean violatesAnti(Incoming state, int node, boolean frozen) {
        CompiledPodTerm[] terms = state.rules.requiredAnti();
        Nodes nodes = index.nodes();
        for (int t = 0; t < terms.length; t++) {
            int value = nodes.label(node, terms[t].topologyKey());
            if (value == Names.NONE) {
                continue;
            }
            int count = state.anti[t].get(value) - (frozen ? Frozen.term(index, terms[t], value) : 0);
            if (count > 0) {
                return true;
            }
        }
        return false;
    }

    private boolean violatesExistingAnti(int task, int node, boolean frozen) {
        // the carriers matched at PrePredicate cover every carrier that can count since: later events are
        // evictions, their undoing and placements of pods that were not counted then (only the prepared task's)
        if (task == index.prepared) {
            IntArrayList profiles = index.preparedCarriers;
            for (int i = 0; i < profiles.size(); i++) {
                if (carrierIn(profiles.getInt(i), index.preparedCarrierTerms.getInt(i), node, frozen)) {
                    return true;
                }
            }
            return false;
        }
        Tasks tasks = index.session.tasks();
        int ns = tasks.namespace(task);
        IntArrayList profiles = index.carriers.active();
        for (int i = 0; i < profiles.size(); i++) {
            int q = profiles.getInt(i);
            CompiledPodTerm[] anti = index.rules(q).requiredAnti();
            for (int j = 0; j < anti.length; j++) {
                if (anti[j].matches(ns, tasks, task) && carrierIn(q, j, node, false)) {
                    return true;
                }
            }
        }
        return false;
    }

    private boolean carrierIn(int profile, int term, int node, boolean frozen) {
        CompiledPodTerm t = index.rules(profile).requiredAnti()[term];
        int value = index.nodes().label(node, t.topologyKey());
        if (value == Names.NONE) {
            return false;
        }
        int count = index.carriers.anti(profile, term, value) - (frozen ? Frozen.carrier(index, profile, t, value) : 0);
        return count > 0;
    }
}
