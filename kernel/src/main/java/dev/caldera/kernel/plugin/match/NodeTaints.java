package dev.caldera.kernel.plugin.match;

import dev.caldera.kernel.framework.Nodes;
import dev.caldera.kernel.framework.Names;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.placement.Taint;

import java.util.Arrays;

/**
 * Every node's taints in int form (key and value symbols, effect ordinal), so taint checks compare ints.
 * A node's row is recompiled only when its placement version moved since (the cache moves it whenever it writes
 * the node's taints, labels or unschedulable flag, or clears the row).
 * <p>
 * Threading: {@link #refresh} on the scheduling thread (session open); reads are pure and safe from filter
 * workers. Cost of refresh: O(node rows) version checks plus O(taints) for changed nodes; with the session's list of
 * changed nodes ({@link #refresh(SessionView)}), O(changed nodes) version checks.
 */
public final class NodeTaints {
    private static final int[] NONE = new int[0];
    private static final byte[] NO_EFFECTS = new byte[0];

    /** Per row: compiled at all (since the symbol table was last seen), and at which placement version. */
    private boolean[] known = new boolean[0];
    private int[] version = new int[0];
    private int[][] keys = new int[0][];
    private int[][] values = new int[0][];
    private byte[][] effects = new byte[0][];
    private Names symbols;
    private final ChangedNodes changes = new ChangedNodes();

    /** Brings every node row up to date with the table. */
    public void refresh(Nodes nodes, Names table) {
        refresh(nodes, table, null);
    }

    /**
     * Brings the session's node rows up to date at its open: only the nodes it lists as changed when nothing else
     * can have changed since the last refresh ({@link ChangedNodes}), else every row.
     */
    public void refresh(SessionView session) {
        refresh(session.nodes(), session.symbols(), session);
    }

    private void refresh(Nodes nodes, Names table, SessionView session) {
        boolean listed = session != null && changes.onlyListed(session);
        if (!table.sameTable(symbols)) {
            symbols = table;
            Arrays.fill(known, false);
            listed = false;
        }
        if (known.length < nodes.capacity()) {
            known = Arrays.copyOf(known, nodes.capacity());
            version = Arrays.copyOf(version, nodes.capacity());
            keys = Arrays.copyOf(keys, nodes.capacity());
            values = Arrays.copyOf(values, nodes.capacity());
            effects = Arrays.copyOf(effects, nodes.capacity());
            listed = false;
        }
        if (listed) {
            for (int i = 0; i < session.changedNodeCount(); i++) {
                refreshRow(nodes, session.changedNode(i), table);
            }
            return;
        }
        for (int row = 0; row < nodes.rows(); row++) {
            refreshRow(nodes, row, table);
        }
    }

    private void refreshRow(Nodes nodes, int row, Names table) {
        if (!known[row] || version[row] != nodes.placementVersion(row)) {
            compile(row, nodes, table);
        }
    }

    /** Number of taints on node row {@code node}. */
    public int count(int node) {
        return keys[node].length;
    }

    public int key(int node, int i) {
        return keys[node][i];
    }

    public int value(int node, int i) {
        return values[node][i];
    }

    /** The taint's {@link dev.caldera.kernel.placement.TaintEffect} ordinal. */
    public byte effect(int node, int i) {
        return effects[node][i];
    }

    private void compile(int row, Nodes nodes, Names table) {
        known[row] = true;
        version[row] = nodes.placementVersion(row);
        int n = nodes.taintCount(row);
        if (n == 0) {
            keys[row] = NONE;
            values[row] = NONE;
            effects[row] = NO_EFFECTS;
            return;
        }
        int[] k = new int[n];
        int[] v = new int[n];
        byte[] e = new byte[n];
        for (int i = 0; i < n; i++) {
            Taint taint = nodes.taint(row, i);
            k[i] = table.intern(taint.key());
            v[i] = table.intern(taint.value());
            e[i] = (byte) taint.effect().ordinal();
        }
        keys[row] = k;
        values[row] = v;
        effects[row] = e;
    }
}
