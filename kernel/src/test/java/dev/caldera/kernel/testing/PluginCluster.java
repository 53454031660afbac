package dev.caldera.kernel.testing;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.framework.Names;
import dev.caldera.kernel.framework.Nodes;
import dev.caldera.kernel.placement.Taint;
import dev.caldera.kernel.resource.ResourceList;

import java.util.List;
import java.util.Map;

/**
 * A cluster for plugin tests that need the spec tables but no session: nodes go in as values, and the test reads
 * them through the framework's faces ({@link #nodes()}, {@link #names()}), as a plugin does. The cache behind it
 * stays in this package, so such a test depends on the framework alone
 * ({@code KernelLayersTest.pluginTestsSeeTheFrameworkNotTheSession}).
 */
public final class PluginCluster {
    private final ClusterCache cache = new ClusterCache();

    /** Adds (or rewrites) node {@code name}, applies the change, and returns its row. */
    public int node(String name, ResourceList allocatable, Map<String, String> labels, List<Taint> taints,
                    boolean unschedulable) {
        cache.upsertNode(new NodeSpec(name, allocatable, labels, taints, unschedulable));
        cache.applyChanges();
        return cache.nodeRow(name);
    }

    /** The node specs as plugins read them (a new face over the cache's table, taken now). */
    public Nodes nodes() {
        return new Nodes(cache.nodes());
    }

    /** The symbol table as plugins read and intern into it. */
    public Names names() {
        return new Names(cache.symbols());
    }
}
