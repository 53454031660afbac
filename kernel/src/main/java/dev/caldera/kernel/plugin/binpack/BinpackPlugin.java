package dev.caldera.kernel.plugin.binpack;

import dev.caldera.kernel.framework.Nodes;
import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.framework.Extensions;
import dev.caldera.kernel.framework.NodeScorer;
import dev.caldera.kernel.framework.Plugin;
import dev.caldera.kernel.framework.PluginArguments;
import dev.caldera.kernel.framework.Request;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.framework.VolcanoDimensions;
import dev.caldera.kernel.framework.Dimensions;

import java.util.Arrays;

/**
 * Current Volcano's {@code binpack} plugin ({@code plugins/binpack/binpack.go}): a node scorer that prefers nodes
 * whose resources the task would fill ({@link BinpackScore}). Registered only when {@code binpack.weight} is not
 * 0, as in Volcano.
 * <p>
 * Resources are taken in Volcano's order: cpu, memory, then the others the task requests and
 * {@code binpack.resources} lists (Volcano walks a Go map there, in random order; Caldera takes them in dimension
 * order, which changes no score). The names that can count are those Volcano's {@code api.Resource} holds
 * ({@link VolcanoDimensions}): {@code pods} (every task requests one) and {@code ephemeral-storage} count when
 * listed, as in current Volcano (v1.7 dropped both); a name that is not a Kubernetes scalar resource never
 * counts. {@code used} is the node's Volcano Used: allocated and releasing tasks, not pipelined ones.
 * <p>
 * Node-local. Threading: {@link #score} is a pure read, run concurrently by filter workers; {@link #open}
 * on the scheduling thread resolves each dimension's weight once. No allocation per score.
 */
public final class BinpackPlugin implements Plugin, NodeScorer {
    public static final String NAME = "binpack";

    private final BinpackWeights weights;
    private final VolcanoDimensions counted = new VolcanoDimensions();
    /** Weight per resource dimension, -1 where the dimension does not count. */
    private int[] weightByDim = new int[0];
    private SessionView session;
    /** The session's node table, read once at open: the score reads it directly, not through a view call per node. */
    private Nodes nodes;

    /** Builds the plugin; a mistyped or negative weight is a ConfException. */
    public BinpackPlugin(Arguments arguments) {
        this.weights = BinpackWeights.from(new PluginArguments(NAME, arguments));
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void register(Extensions ext) {
        if (weights.weight() != 0) {
            ext.nodeScorer(this);
        }
    }

    @Override
    public void open(SessionView s) {
        session = s;
        nodes = s.nodes();
        counted.refresh(s.dims());
        int dims = s.dims().count();
        if (weightByDim.length != dims) {
            weightByDim = new int[dims];
        }
        Arrays.fill(weightByDim, -1);
        for (int d : counted.dims()) {
            weightByDim[d] = weightOf(d, s.dims().name(d));
        }
    }

    @Override
    public double score(int task, int node) {
        return score(session, session.requestOf(task), node);
    }

    @Override
    public void scoreAll(int task, int[] nodes, int from, int to, double[] scores) {
        SessionView s = session;
        Request request = s.requestOf(task);
        for (int i = from; i < to; i++) {
            scores[i] += score(s, request, nodes[i]);
        }
    }

    private double score(SessionView s, Request request, int node) {
        int[] byDim = weightByDim;
        double sum = 0.0;
        int weightSum = 0;
        for (int d = 0; d < request.length() && d < byDim.length; d++) {
            int w = byDim[d];
            long r = request.get(d);
            if (r == 0 || w < 0) {
                continue;
            }
            double term = BinpackScore.resource(r, nodes.allocatable(d, node), s.used(d, node), w);
            if (term == BinpackScore.DOES_NOT_FIT) {
                return 0;
            }
            sum += term;
            weightSum += w;
        }
        return BinpackScore.scale(sum, weightSum, weights.weight());
    }

    @Override
    public boolean nodeLocal() {
        return true;
    }

    /** The task's request is all it reads of the task. */
    @Override
    public boolean requestOnly() {
        return true;
    }

    /** Allocatable and used resources only. */
    @Override
    public int nodeInputs() {
        return RESOURCES;
    }

    /** The weights are the configuration's; dimensions are added only by a session that copies every row. */
    @Override
    public long stateVersion() {
        return 0;
    }

    /** Weights by dimension as last resolved (tests). */
    int[] weightsByDimension() {
        return Arrays.copyOf(weightByDim, weightByDim.length);
    }

    /** The weight of a counted dimension: cpu and memory their own, any other its listed weight or -1. */
    private int weightOf(int dim, String name) {
        if (dim == Dimensions.CPU) {
            return weights.cpu();
        }
        if (dim == Dimensions.MEMORY) {
            return weights.memory();
        }
        Integer w = weights.resources().get(name);
        return w == null ? -1 : w;
    }
}
