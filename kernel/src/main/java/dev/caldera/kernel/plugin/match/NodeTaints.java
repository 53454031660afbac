package dev.caldera.kernel.plugin.match;

import dev.caldera.kernel.framework.Nodes;
import dev.caldera.kernel.framework.Names;
import dev.caldera.kernel.placement.Taint;

import java.util.Arrays;

/**
 * Every node's taints in int form (key and value symbols, effect ordinal), so taint checks compare ints.
 * A node's row is recompiled only when the cache gave it a new taint array (identity), which happens only
 * when the node was upserted.
 * <p>
 * Threading: {@link #refresh} on the scheduling thread (session open); reads are pure and safe from filter
 * workers. Cost of refresh: O(node rows) identity checks plus O(taints) for changed nodes.
 */
public final class NodeTaints {
    private static final int[] NONE = new int[0];
    private static final byte[] NO_EFFECTS = new byte[0];

    private Taint[][] source = new Taint[0][];
    private int[][] keys = new int[0][];
    private int[][] values = new int[0][];
    private byte[][] effects = new byte[0][];
    private Names symbols;

    /** Brings every node row up to date with the table. */
    public void refresh(Nodes nodes, Names table) {
        if (!table.sameTable(symbols)) {
            symbols = table;
            Arrays.fill(source, null);
        }
        if (source.length < nodes.capacity()) {
            source = Arrays.copyOf(source, nodes.capacity());
            keys = Arrays.copyOf(keys, nodes.capacity());
            values = Arrays.copyOf(values, nodes.capacity());
            effects = Arrays.copyOf(effects, nodes.capacity());
        }
        for (int row = 0; row < nodes.rows(); row++) {
            Taint[] taints = nodes.taints(row);
            if (taints != source[row]) {
                compile(row, taints, table);
            }
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

    private void compile(int row, Taint[] taints, Names table) {
        source[row] = taints;
        if (taints.length == 0) {
            keys[row] = NONE;
            values[row] = NONE;
            effects[row] = NO_EFFECTS;
            return;
        }
        int[] k = new int[taints.length];
        int[] v = new int[taints.length];
        byte[] e = new byte[taints.length];
        for (int i = 0; i < taints.length; i++) {
            k[i] = table.intern(taints[i].key());
            v[i] = table.intern(taints[i].value());
            e[i] = (byte) taints[i].effect().ordinal();
        }
        keys[row] = k;
        values[row] = v;
        effects[row] = e;
    }
}
