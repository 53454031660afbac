package dev.caldera.kernel.plugin.interpod;

import dev.caldera.kernel.framework.Nodes;
import dev.caldera.kernel.framework.Tasks;
import dev.caldera.kernel.plugin.match.CompiledPodTerm;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * kube-scheduler's InterPodAffinity score (pkg/scheduler/framework/plugins/interpodaffinity/scoring.go) with
 * the arguments Volcano's nodeorder plugin builds it with ({@code InterPodAffinityArgs{}}: hardPodAffinityWeight
 * 0, so existing pods' required affinity adds nothing). A node's raw score is, over the topology domains the
 * node belongs to: + weight for every counted pod a preferred affinity term of the incoming pod selects, -
 * weight for every one its preferred anti-affinity selects, + weight for every counted pod whose preferred
 * affinity term selects the incoming pod, - weight for every one whose preferred anti-affinity does.
 * NormalizeScore maps the candidates' raw scores to {@code int64(100 x (raw - min) / (max - min))}, all 0 when
 * they are equal (and when PreScore skipped: no term matched anywhere). Volcano multiplies by the weight.
 * <p>
 * Threading: scheduling thread (it keeps a raw-score buffer). No allocation once the buffer fits.
 */
public final class AffinityScore {
    private final InterPodIndex index;
    private long[] raw = new long[0];

    public AffinityScore(InterPodIndex index) {
        this.index = index;
    }

    /** Adds {@code weight x} the normalized score of each of {@code nodes[0..count)} to {@code scores}. */
    public void score(int task, int[] nodes, int count, int weight, double[] scores) {
        if (!index.affects(task)) {
            return;
        }
        if (raw.length < count) {
            raw = new long[Math.max(count, raw.length * 2)];
        }
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int i = 0; i < count; i++) {
            raw[i] = raw(task, nodes[i]);
            min = Math.min(min, raw[i]);
            max = Math.max(max, raw[i]);
        }
        long spread = max - min;
        for (int i = 0; i < count && spread > 0; i++) {
            long normalized = (long) (100.0 * ((double) (raw[i] - min) / (double) spread));
            scores[i] += (double) (normalized * weight);
        }
    }

    /** The raw (not normalized) score of one node. */
    long raw(int task, int node) {
        long score = 0;
        Incoming state = index.stateOf(task);
        Nodes nodes = index.nodes();
        if (state != null) {
            score += own(state.preferredAffinity, state.rules.preferredAffinity(), nodes, node);
            score -= own(state.preferredAnti, state.rules.preferredAnti(), nodes, node);
        }
        Tasks tasks = index.session.tasks();
        int ns = tasks.namespace(task);
        IntArrayList profiles = index.carriers.active();
        for (int i = 0; i < profiles.size(); i++) {
            int q = profiles.getInt(i);
            CompiledInterPod r = index.rules(q);
            for (int j = 0; j < r.preferredAffinity().length; j++) {
                CompiledPodTerm t = r.preferredAffinity()[j];
                if (t.matches(ns, tasks, task)) {
                    score += (long) t.weight()
                            * index.carriers.preferredAffinity(q, j, nodes.label(node, t.topologyKey()));
                }
            }
            for (int j = 0; j < r.preferredAnti().length; j++) {
                CompiledPodTerm t = r.preferredAnti()[j];
                if (t.matches(ns, tasks, task)) {
                    score -= (long) t.weight()
                            * index.carriers.preferredAnti(q, j, nodes.label(node, t.topologyKey()));
                }
            }
        }
        return score;
    }

    private static long own(DomainCounts[] counts, CompiledPodTerm[] terms, Nodes nodes, int node) {
        long score = 0;
        for (int t = 0; t < terms.length; t++) {
            score += (long) terms[t].weight() * counts[t].get(nodes.label(node, terms[t].topologyKey()));
        }
        return score;
    }
}
