package dev.caldera.kernel.cache;

import dev.caldera.kernel.cluster.NodeTable;
import dev.caldera.kernel.cluster.NodeUsage;
import dev.caldera.kernel.cluster.Nominations;
import dev.caldera.kernel.cluster.Symbols;
import dev.caldera.kernel.placement.Taint;
import dev.caldera.kernel.resource.ResourceDimensions;
import dev.caldera.kernel.topology.TopologyCache;

import java.util.Arrays;

/**
 * The cache's nodes: the {@link NodeTable} rows by name, a row's {@link NodeUsage} from the moment it appears,
 * and the live rows ranked by name (the deterministic tie-break), recomputed only when the node set changed.
 * {@link #check} refuses a change before anything is touched; {@link #upsert} and {@link #remove} cannot fail
 * after it. Tasks on a node come and go through {@link TaskCache}.
 * <p>
 * Threading: scheduling thread only.
 */
final class NodeCache {
    private final NodeTable nodes;
    private final NodeUsage usage;
    private final Nominations nominations;
    private final ResourceDimensions dims;
    private final Symbols symbols;
    private final TopologyCache topology;
    private final Runnable growDims;
    private final RowIndex rows = new RowIndex();
    private final QuantityTotals allocatable = new QuantityTotals("nodes' allocatable");
    private int[] liveNodes = new int[0];
    private boolean setChanged = true;

    NodeCache(NodeTable nodes, NodeUsage usage, Nominations nominations, ResourceDimensions dims, Symbols symbols,
              TopologyCache topology, Runnable growDims) {
        this.nodes = nodes;
        this.usage = usage;
        this.nominations = nominations;
        this.dims = dims;
        this.symbols = symbols;
        this.topology = topology;
        this.growDims = growDims;
    }

    int row(String name) {
        return rows.get(name);
    }

    /** Live rows in row order (valid after {@link #rank()}). Do not modify. */
    int[] liveNodes() {
        return liveNodes;
    }

    /** Sum of the live nodes' allocatable in dimension {@code d}. */
    long totalAllocatable(int d) {
        return allocatable.total(d);
    }

    /** Refuses {@code spec} when its allocatable would break the cache's quantity limits. Reads only. */
    void check(NodeSpec spec) {
        int row = rows.get(spec.name());
        allocatable.check(row < 0 ? null : allocatableOf(row), spec.allocatable(), false, dims, "Node", null, spec.name(),
                "status.allocatable");
    }

    /** Adds or updates a node; returns its row, and whether it is new in {@code added[0]}. */
    int upsert(NodeSpec spec, boolean[] added) {
        int row = rows.get(spec.name());
        added[0] = row < 0;
        long[] before = added[0] ? null : allocatableOf(row);
        if (added[0]) {
            row = addRow(spec.name());
        }
        writeAllocatable(row, spec);
        allocatable.replace(before, allocatableOf(row));
        writePlacement(row, spec);
        return row;
    }

    private int addRow(String name) {
        int row = rows.add(name);
        nodes.ensureRows(row + 1);
        usage.ensureRows(row + 1);
        nominations.ensureNodes(nodes.capacity());
        nodes.rows(Math.max(nodes.rows(), row + 1));
        nodes.clear(row);
        nodes.name(row, name);
        nodes.live(row, true);
        nodes.addLiveCount(1);
        usage.reset(row, nodes);
        setChanged = true;
        topology.nodesChanged();
        return row;
    }

    /** Labels, taints and unschedulable; the row's placement version moves only when one of them changed. */
    private void writePlacement(int row, NodeSpec spec) {
        int[] labels = NodeLabels.encode(spec.labels(), symbols);
        Taint[] taints = spec.taints().toArray(NodeTable.noTaints());
        if (Arrays.equals(labels, nodes.labels(row)) && Arrays.equals(taints, nodes.taints(row))
                && spec.unschedulable() == nodes.unschedulable(row)) {
            return;
        }
        if (!Arrays.equals(labels, nodes.labels(row))) {
            topology.nodesChanged();
        }
        nodes.labels(row, labels);
        nodes.taints(row, taints);
        nodes.unschedulable(row, spec.unschedulable());
        nodes.addPlacementVersion(row, 1);
    }

    private void writeAllocatable(int row, NodeSpec spec) {
        for (int i = 0; i < spec.allocatable().size(); i++) {
            dims.register(spec.allocatable().name(i));
        }
        growDims.run();
        usage.changed().mark(row);
        for (int d = 0; d < nodes.dims(); d++) {
            nodes.allocatable(d, row, spec.allocatable().amount(dims.name(d)));
            usage.idle(d, row, nodes.allocatable(d, row) - usage.used(d, row));
        }
    }

    private long[] allocatableOf(int row) {
        long[] out = new long[nodes.dims()];
        for (int d = 0; d < out.length; d++) {
            out[d] = nodes.allocatable(d, row);
        }
        return out;
    }

    /** Removes the row of {@code name} (its tasks were detached first); returns it, or -1 when unknown. */
    int remove(String name) {
        int row = rows.get(name);
        if (row < 0) {
            return -1;
        }
        allocatable.replace(allocatableOf(row), null);
        nominations.clearNode(row);
        nodes.clear(row);
        nodes.addLiveCount(-1);
        rows.remove(name);
        setChanged = true;
        topology.nodesChanged();
        return row;
    }

    /** Ranks live nodes by name when the node set changed since the last call. */
    void rank() {
        if (!setChanged) {
            return;
        }
        int[] live = new int[nodes.liveCount()];
        int n = 0;
        for (int r = 0; r < nodes.rows(); r++) {
            if (nodes.live(r)) {
                live[n++] = r;
            }
        }
        Integer[] byName = new Integer[n];
        for (int i = 0; i < n; i++) {
            byName[i] = live[i];
        }
        Arrays.sort(byName, (a, b) -> nodes.name(a).compareTo(nodes.name(b)));
        for (int i = 0; i < n; i++) {
            nodes.rank(byName[i], i);
        }
        liveNodes = live;
        setChanged = false;
    }

    /** Whether a node came or went since the last {@link #rank()}. */
    boolean setChanged() {
        return setChanged;
    }
}
