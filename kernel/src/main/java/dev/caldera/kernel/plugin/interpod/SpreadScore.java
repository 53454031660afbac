package dev.caldera.kernel.plugin.interpod;

import dev.caldera.kernel.framework.Nodes;
import dev.caldera.kernel.framework.Names;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;

/**
 * kube-scheduler's PodTopologySpread score (pkg/scheduler/framework/plugins/podtopologyspread/scoring.go) for
 * the ScheduleAnyway constraints, over the candidate nodes Volcano's BatchNodeOrder passes. Candidates that lack
 * a constraint's topology key are ignored (score 0). For each constraint, the domains present among the other
 * candidates weigh {@code ln(domains + 2)}; a candidate's raw score is the rounded sum over constraints of
 * {@code matching pods in its domain x weight + (maxSkew - 1)}. NormalizeScore: with the candidates' largest
 * raw {@code max} and smallest {@code min}, {@code 100 x (max + min - raw) / max} in integer arithmetic, or 100
 * for every candidate when {@code max} is 0. Volcano multiplies by the weight. A pod without ScheduleAnyway
 * constraints scores nothing (PreScore skips it; system default constraints need Services and controllers
 * selecting the pod, which the kernel does not model).
 * <p>
 * Threading: scheduling thread (it keeps buffers). No allocation once the buffers fit.
 */
public final class SpreadScore {
    private final InterPodIndex index;
    private final IntOpenHashSet values = new IntOpenHashSet();
    private long[] raw = new long[0];
    private boolean[] ignored = new boolean[0];
    private double[] weights = new double[0];

    public SpreadScore(InterPodIndex index) {
        this.index = index;
    }

    /** Adds {@code weight x} the normalized score of each of {@code nodes[0..count)} to {@code scores}. */
    public void score(int task, int[] nodes, int count, int weight, double[] scores) {
        if (!index.active() || index.profileOf(task) == 0) {
            return;
        }
        Incoming state = index.stateOf(task);
        CompiledSpread[] cs = state.rules.softSpread();
        if (cs.length == 0 || index.session.nodeCount() == 0) {
            return;
        }
        size(count, cs.length);
        markIgnored(cs, nodes, count);
        topologyWeights(cs, nodes, count);
        long min = Long.MAX_VALUE;
        long max = 0;
        for (int i = 0; i < count; i++) {
            if (!ignored[i]) {
                raw[i] = raw(state, cs, nodes[i]);
                min = Math.min(min, raw[i]);
                max = Math.max(max, raw[i]);
            }
        }
        for (int i = 0; i < count; i++) {
            if (!ignored[i]) {
                long normalized = max == 0 ? 100 : 100 * (max + min - raw[i]) / max;
                scores[i] += (double) (normalized * weight);
            }
        }
    }

    private long raw(Incoming state, CompiledSpread[] cs, int node) {
        Nodes nodes = index.nodes();
        double score = 0;
        for (int i = 0; i < cs.length; i++) {
            int count = state.soft[i].count(nodes.label(node, cs[i].topologyKey()));
            score += (double) count * weights[i] + (double) (cs[i].maxSkew() - 1);
        }
        return Math.round(score);
    }

    private void markIgnored(CompiledSpread[] cs, int[] nodes, int count) {
        Nodes table = index.nodes();
        for (int i = 0; i < count; i++) {
            ignored[i] = false;
            for (CompiledSpread c : cs) {
                if (table.label(nodes[i], c.topologyKey()) == Names.NONE) {
                    ignored[i] = true;
                    break;
                }
            }
        }
    }

    /** kube's topologyNormalizingWeight: ln(distinct domains among the scored candidates + 2). */
    private void topologyWeights(CompiledSpread[] cs, int[] nodes, int count) {
        Nodes table = index.nodes();
        for (int k = 0; k < cs.length; k++) {
            values.clear();
            for (int i = 0; i < count; i++) {
                if (!ignored[i]) {
                    values.add(table.label(nodes[i], cs[k].topologyKey()));
                }
            }
            weights[k] = StrictMath.log(values.size() + 2.0);
        }
    }

    private void size(int count, int constraints) {
        if (raw.length < count) {
            raw = new long[Math.max(count, raw.length * 2)];
            ignored = new boolean[raw.length];
        }
        if (weights.length < constraints) {
            weights = new double[constraints];
        }
    }
}
