package dev.caldera.kernel.plugin.interpod;

import dev.caldera.kernel.framework.Names;
import dev.caldera.kernel.framework.Nodes;
import dev.caldera.kernel.framework.Tasks;
import dev.caldera.kernel.plugin.match.CompiledPodTerm;

/**
 * The part of a count that events since the prepared task's PrePredicate contributed, recomputed from the
 * {@link EventLog}: subtracting it from the current count gives the count as of PrePredicate, which is what
 * Volcano's filters read for the rest of the task's attempt (see {@link EventLog}). The log is empty in
 * allocate and holds a few evictions while preempting, so these loops are short.
 * <p>
 * Threading: pure reads. No allocation.
 */
final class Frozen {
    private Frozen() {
    }

    /** Logged change of the pods matching all {@code terms}, in domain {@code value} of {@code terms[t]}'s key. */
    static int affinity(InterPodIndex index, CompiledPodTerm[] terms, int t, int value) {
        EventLog log = index.log;
        Tasks tasks = index.session.tasks();
        Nodes nodes = index.nodes();
        int sum = 0;
        for (int i = 0; i < log.size(); i++) {
            int x = log.task(i);
            if (nodes.label(log.node(i), terms[t].topologyKey()) == value
                    && CompiledPodTerm.allMatch(terms, tasks.namespace(x), tasks, x)) {
                sum += log.delta(i);
            }
        }
        return sum;
    }

    /** Logged change of the total of the affinity counts (every term, every domain). */
    static long affinityTotal(InterPodIndex index, CompiledPodTerm[] terms) {
        EventLog log = index.log;
        Tasks tasks = index.session.tasks();
        Nodes nodes = index.nodes();
        long sum = 0;
        for (int i = 0; i < log.size(); i++) {
            int x = log.task(i);
            if (!CompiledPodTerm.allMatch(terms, tasks.namespace(x), tasks, x)) {
                continue;
            }
            for (CompiledPodTerm term : terms) {
                if (nodes.label(log.node(i), term.topologyKey()) != Names.NONE) {
                    sum += log.delta(i);
                }
            }
        }
        return sum;
    }

    /** Logged change of the pods matching {@code term} in its domain {@code value}. */
    static int term(InterPodIndex index, CompiledPodTerm term, int value) {
        EventLog log = index.log;
        Tasks tasks = index.session.tasks();
        Nodes nodes = index.nodes();
        int sum = 0;
        for (int i = 0; i < log.size(); i++) {
            int x = log.task(i);
            if (nodes.label(log.node(i), term.topologyKey()) == value
                    && term.matches(tasks.namespace(x), tasks, x)) {
                sum += log.delta(i);
            }
        }
        return sum;
    }

    /** Logged change of the carriers of {@code profile} in domain {@code value} of {@code term}'s key. */
    static int carrier(InterPodIndex index, int profile, CompiledPodTerm term, int value) {
        EventLog log = index.log;
        Nodes nodes = index.nodes();
        int sum = 0;
        for (int i = 0; i < log.size(); i++) {
            if (index.profileOf(log.task(i)) == profile && nodes.label(log.node(i), term.topologyKey()) == value) {
                sum += log.delta(i);
            }
        }
        return sum;
    }

    /** Logged change of the pods counted for hard spread constraint {@code c} of {@code state} in {@code value}. */
    static int spread(InterPodIndex index, Incoming state, CompiledSpread c, int value) {
        EventLog log = index.log;
        Tasks tasks = index.session.tasks();
        Nodes nodes = index.nodes();
        int sum = 0;
        for (int i = 0; i < log.size(); i++) {
            int x = log.task(i);
            int node = log.node(i);
            if (log.spreadCounted(i) && tasks.namespace(x) == state.rules.namespace()
                    && nodes.label(node, c.topologyKey()) == value && c.counts(tasks, x)
                    && state.eligible(state.rules.hardSpread(), c, nodes, node, index.numbers, index.taints)) {
                sum += log.delta(i);
            }
        }
        return sum;
    }
}
