package dev.caldera.kernel.plugin.interpod;

import dev.caldera.kernel.framework.Names;
import dev.caldera.kernel.framework.FitReason;
import dev.caldera.kernel.framework.Tasks;

/**
 * kube-scheduler's PodTopologySpread filter (pkg/scheduler/framework/plugins/podtopologyspread/filtering.go)
 * for the DoNotSchedule constraints, as Volcano's predicates plugin runs it. For each constraint in order: a
 * node without the topology key fails UnschedulableAndUnresolvable ({@link FitReason#SPREAD_LABEL_MISSING});
 * otherwise the pods matching the constraint in the node's domain, plus one when the incoming pod matches its
 * own selector, minus the global minimum over the eligible domains (0 while there are fewer eligible domains
 * than {@code minDomains}), must not exceed {@code maxSkew} ({@link FitReason#SPREAD_SKEW}). Only pods of the
 * incoming pod's namespace that are not terminating count, and only on nodes eligible for the constraint
 * (see {@link Incoming}); a node that is not eligible but carries the key reads its domain's count.
 * <p>
 * Threading: pure reads, safe from filter workers once the task's state was ensured. Cost: O(constraints)
 * map lookups per node; no allocation.
 */
public final class SpreadFilter {
    private final InterPodIndex index;

    public SpreadFilter(InterPodIndex index) {
        this.index = index;
    }

    /** 0 when every DoNotSchedule constraint holds on the node, else the first failing code. */
    public int check(int task, int node) {
        if (!index.active() || index.profileOf(task) == 0) {
            return FitReason.OK;
        }
        Incoming state = index.stateOf(task);
        CompiledSpread[] cs = state.rules.hardSpread();
        boolean prepared = task == index.prepared;
        boolean frozen = index.frozen(task);
        Tasks tasks = index.session.tasks();
        for (int i = 0; i < cs.length; i++) {
            CompiledSpread c = cs[i];
            int value = index.nodes().label(node, c.topologyKey());
            if (value == Names.NONE) {
                return FitReason.SPREAD_LABEL_MISSING;
            }
            int domains = prepared ? index.preparedDomains[i] : state.hard[i].domains();
            int min = domains < c.minDomains() ? 0 : prepared ? index.preparedMin[i] : state.hard[i].min();
            int matching = state.hard[i].count(value) - (frozen ? Frozen.spread(index, state, c, value) : 0);
            int self = c.selfMatches(tasks, task) ? 1 : 0;
            if (matching + self - min > c.maxSkew()) {
                return FitReason.SPREAD_SKEW;
            }
        }
        return FitReason.OK;
    }
}
