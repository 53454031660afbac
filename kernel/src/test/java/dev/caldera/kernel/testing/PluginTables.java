package dev.caldera.kernel.testing;

import dev.caldera.kernel.cluster.NodeTable;
import dev.caldera.kernel.cluster.Symbols;
import dev.caldera.kernel.conf.Tier;
import dev.caldera.kernel.framework.Dimensions;
import dev.caldera.kernel.framework.Names;
import dev.caldera.kernel.framework.Nodes;
import dev.caldera.kernel.framework.PluginChain;
import dev.caldera.kernel.framework.PluginFactory;
import dev.caldera.kernel.framework.Profiles;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.placement.PlacementProfiles;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.resource.ResourceDimensions;

import java.util.List;

/**
 * Bare tables for plugin tests of one piece of plugin machinery (memos, label numbers, dimension classifiers,
 * the tier rules), without a cache: a node table of empty rows and a placement-profile interner, a symbol
 * table and a dimension registry, each written here and read by the test through the framework's faces, as a
 * plugin reads them.
 */
public final class PluginTables {
    private final PlacementProfiles profiles = new PlacementProfiles();
    private final Symbols symbols = new Symbols();
    private NodeTable nodes;

    /** Tables with {@code nodeRows} empty node rows (capacity {@code nodeCapacity}). */
    public PluginTables(int nodeCapacity, int nodeRows) {
        nodes = nodeTable(nodeCapacity, nodeRows);
    }

    private static NodeTable nodeTable(int capacity, int rows) {
        NodeTable t = new NodeTable(capacity);
        t.ensureRows(rows);
        t.rows(rows);
        return t;
    }

    /** The node table as plugins read it (a new face, taken now). */
    public Nodes nodes() {
        return new Nodes(nodes);
    }

    /** Another node table of the same shape, in place of this one (what a memo keyed by its table must notice). */
    public void replaceNodeTable(int capacity, int rows) {
        nodes = nodeTable(capacity, rows);
    }

    /** Moves {@code node}'s placement version by {@code delta}, as the cache does when its labels or taints change. */
    public void movePlacement(int node, int delta) {
        nodes.addPlacementVersion(node, delta);
    }

    /** The placement profiles as plugins read them. */
    public Profiles<PlacementSpec> profiles() {
        return new Profiles<>(profiles);
    }

    /** Interns {@code spec} (one more user) and returns its profile id. */
    public int acquire(PlacementSpec spec) {
        return profiles.acquire(spec);
    }

    /** Drops one user of profile {@code id} (the id is free again with its last user). */
    public void release(int id) {
        profiles.release(id);
    }

    /** The symbol table as plugins read and intern into it. */
    public Names names() {
        return new Names(symbols);
    }

    /** A dimension registry with cpu, memory and pods and then {@code resources} registered in order. */
    public static Dimensions dimensions(String... resources) {
        ResourceDimensions registry = new ResourceDimensions();
        for (String r : resources) {
            registry.register(r);
        }
        return new Dimensions(registry);
    }

    /** The plugin chain of {@code tiers} with plugins made by {@code factory}. */
    public static PluginChain chain(List<List<PluginOption>> tiers, PluginFactory factory) {
        return PluginChain.build(PluginCluster.tiers(tiers), factory);
    }
}
