package dev.caldera.kernel.testing;

import dev.caldera.kernel.framework.Names;
import dev.caldera.kernel.cluster.Symbols;
import dev.caldera.kernel.framework.Extensions;
import dev.caldera.kernel.framework.FitReason;
import dev.caldera.kernel.framework.NormalizedScorer;
import dev.caldera.kernel.framework.Plugin;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.placement.TaintEffect;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.resource.ResourceDimensions;

import java.util.Map;

/**
 * Small node plugins for kernel tests that must not depend on the real predicates/nodeorder plugins: a
 * node-selector predicate, a least-requested cpu score with fractional values, and a normalized
 * PreferNoSchedule taint score.
 */
public final class TestPlugins {
    private TestPlugins() {
    }

    /** The default registry plus "test-selector", "test-least-cpu" and "test-taints". */
    public static PluginRegistry registry() {
        return PluginRegistry.defaults()
                .register("test-selector", o -> new Selector())
                .register("test-least-cpu", o -> new LeastCpu())
                .register("test-taints", o -> new Taints());
    }

    /** Node must carry every label of the task's node selector. */
    static final class Selector implements Plugin {
        private SessionView session;

        @Override
        public String name() {
            return "test-selector";
        }

        @Override
        public void register(Extensions ext) {
            ext.predicate(this::check);
        }

        @Override
        public void open(SessionView s) {
            session = s;
        }

        private int check(int task, int node) {
            PlacementSpec spec = session.profiles().spec(session.classes().profile(session.tasks().taskClass(task)));
            for (Map.Entry<String, String> e : spec.nodeSelector().entrySet()) {
                Names sym = session.symbols();
                int key = sym.find(e.getKey());
                if (key < 0 || session.nodes().label(node, key) != sym.find(e.getValue())) {
                    return FitReason.NODE_SELECTOR_MISMATCH;
                }
            }
            return FitReason.OK;
        }
    }

    /** (idle cpu - request) / allocatable x 10: fractional, so ties are rare but possible. */
    static final class LeastCpu implements Plugin {
        private SessionView session;

        @Override
        public String name() {
            return "test-least-cpu";
        }

        @Override
        public void register(Extensions ext) {
            ext.nodeScorer(this::score);
        }

        @Override
        public void open(SessionView s) {
            session = s;
        }

        private double score(int task, int node) {
            int cpu = ResourceDimensions.CPU;
            long alloc = session.nodes().allocatable(cpu, node);
            long left = session.idle(cpu, node) - session.requestOf(task).get(cpu);
            return alloc == 0 ? 0 : 10.0 * left / alloc;
        }
    }

    /** Counts PreferNoSchedule taints; kube's reverse normalization x 3. */
    static final class Taints implements Plugin, NormalizedScorer {
        private SessionView session;

        @Override
        public String name() {
            return "test-taints";
        }

        @Override
        public void register(Extensions ext) {
            ext.batchNodeScorer(this);
        }

        @Override
        public void open(SessionView s) {
            session = s;
        }

        @Override
        public int raw(int task, int node) {
            int n = 0;
            for (int i = 0; i < session.nodes().taintCount(node); i++) {
                n += session.nodes().taint(node, i).effect() == TaintEffect.PREFER_NO_SCHEDULE ? 1 : 0;
            }
            return n;
        }

        @Override
        public double normalize(int task, int raw, int max) {
            long score = max == 0 ? 100 : 100 - (100L * raw / max);
            return 3.0 * score;
        }
    }
}
