package dev.caldera.kernel.cluster;

import java.util.Arrays;

/**
 * Queue specs in struct-of-arrays form, addressed by row. Quantity vectors ({@code capability},
 * {@code guarantee}, {@code deserved}) are dense over dimensions, or null when the Queue does not set
 * them; the matching {@code *Listed} arrays tell which dimensions the Queue names (a listed zero is not an
 * unset entry for the capacity plugin), false beyond their length. Written only by the cache; sessions read
 * the same arrays.
 * <p>
 * Threading: NOT thread safe; scheduling thread only.
 */
public final class QueueTable {
    public int capacity;
    public int rows;

    public String[] name = new String[0];
    public int[] weight = new int[0];
    public long[][] capability = new long[0][];
    public long[][] guarantee = new long[0][];
    public long[][] deserved = new long[0][];
    public boolean[][] capabilityListed = new boolean[0][];
    public boolean[][] guaranteeListed = new boolean[0][];
    public boolean[][] deservedListed = new boolean[0][];
    public boolean[] reclaimable = new boolean[0];
    public String[] parentName = new String[0];
    public int[] priority = new int[0];
    public byte[] state = new byte[0];
    public long[] creationMs = new long[0];
    /** The {@code volcano.sh/hierarchy} annotation (hierarchical DRF), or null. */
    public String[] hierarchy = new String[0];
    /** The {@code volcano.sh/hierarchy-weights} annotation, or null. */
    public String[] hierarchyWeights = new String[0];
    public boolean[] live = new boolean[0];

    public void ensureRows(int needed) {
        if (needed <= capacity) {
            return;
        }
        int cap = Columns.grow(capacity, needed);
        name = Arrays.copyOf(name, cap);
        weight = Arrays.copyOf(weight, cap);
        capability = Arrays.copyOf(capability, cap);
        guarantee = Arrays.copyOf(guarantee, cap);
        deserved = Arrays.copyOf(deserved, cap);
        capabilityListed = Arrays.copyOf(capabilityListed, cap);
        guaranteeListed = Arrays.copyOf(guaranteeListed, cap);
        deservedListed = Arrays.copyOf(deservedListed, cap);
        reclaimable = Arrays.copyOf(reclaimable, cap);
        parentName = Arrays.copyOf(parentName, cap);
        priority = Arrays.copyOf(priority, cap);
        state = Arrays.copyOf(state, cap);
        creationMs = Arrays.copyOf(creationMs, cap);
        hierarchy = Arrays.copyOf(hierarchy, cap);
        hierarchyWeights = Arrays.copyOf(hierarchyWeights, cap);
        live = Arrays.copyOf(live, cap);
        capacity = cap;
    }

    public void clear(int row) {
        name[row] = null;
        weight[row] = 1;
        capability[row] = null;
        guarantee[row] = null;
        deserved[row] = null;
        capabilityListed[row] = null;
        guaranteeListed[row] = null;
        deservedListed[row] = null;
        reclaimable[row] = true;
        parentName[row] = null;
        priority[row] = 0;
        state[row] = QueueState.OPEN;
        creationMs[row] = 0;
        hierarchy[row] = null;
        hierarchyWeights[row] = null;
        live[row] = false;
    }

    /** True when the queue's vector {@code listed} (one of the {@code *Listed} rows) names {@code dim}. */
    public static boolean listed(boolean[] listed, int dim) {
        return listed != null && dim < listed.length && listed[dim];
    }
}
