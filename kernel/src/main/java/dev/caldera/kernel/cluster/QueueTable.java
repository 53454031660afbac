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
    private int capacity;
    private int rows;

    private String[] name = new String[0];
    private int[] weight = new int[0];
    private long[][] capability = new long[0][];
    private long[][] guarantee = new long[0][];
    private long[][] deserved = new long[0][];
    private boolean[][] capabilityListed = new boolean[0][];
    private boolean[][] guaranteeListed = new boolean[0][];
    private boolean[][] deservedListed = new boolean[0][];
    private boolean[] reclaimable = new boolean[0];
    private String[] parentName = new String[0];
    private int[] priority = new int[0];
    private byte[] state = new byte[0];
    private long[] creationMs = new long[0];
    /** The {@code volcano.sh/hierarchy} annotation (hierarchical DRF), or null. */
    private String[] hierarchy = new String[0];
    /** The {@code volcano.sh/hierarchy-weights} annotation, or null. */
    private String[] hierarchyWeights = new String[0];
    private boolean[] live = new boolean[0];

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

    public int capacity() {
        return capacity;
    }

    public int rows() {
        return rows;
    }

    public void rows(int value) {
        rows = value;
    }

    public String name(int queue) {
        return name[queue];
    }

    public void name(int queue, String value) {
        name[queue] = value;
    }

    public int weight(int queue) {
        return weight[queue];
    }

    public void weight(int queue, int value) {
        weight[queue] = value;
    }

    public long[] capability(int queue) {
        return capability[queue];
    }

    public void capability(int queue, long[] value) {
        capability[queue] = value;
    }

    public long[] guarantee(int queue) {
        return guarantee[queue];
    }

    public void guarantee(int queue, long[] value) {
        guarantee[queue] = value;
    }

    public long[] deserved(int queue) {
        return deserved[queue];
    }

    public void deserved(int queue, long[] value) {
        deserved[queue] = value;
    }

    public boolean[] capabilityListed(int queue) {
        return capabilityListed[queue];
    }

    public void capabilityListed(int queue, boolean[] value) {
        capabilityListed[queue] = value;
    }

    public boolean[] guaranteeListed(int queue) {
        return guaranteeListed[queue];
    }

    public void guaranteeListed(int queue, boolean[] value) {
        guaranteeListed[queue] = value;
    }

    public boolean[] deservedListed(int queue) {
        return deservedListed[queue];
    }

    public void deservedListed(int queue, boolean[] value) {
        deservedListed[queue] = value;
    }

    public boolean reclaimable(int queue) {
        return reclaimable[queue];
    }

    public void reclaimable(int queue, boolean value) {
        reclaimable[queue] = value;
    }

    public String parentName(int queue) {
        return parentName[queue];
    }

    public void parentName(int queue, String value) {
        parentName[queue] = value;
    }

    public int priority(int queue) {
        return priority[queue];
    }

    public void priority(int queue, int value) {
        priority[queue] = value;
    }

    public byte state(int queue) {
        return state[queue];
    }

    public void state(int queue, byte value) {
        state[queue] = value;
    }

    public long creationMs(int queue) {
        return creationMs[queue];
    }

    public void creationMs(int queue, long value) {
        creationMs[queue] = value;
    }

    public String hierarchy(int queue) {
        return hierarchy[queue];
    }

    public void hierarchy(int queue, String value) {
        hierarchy[queue] = value;
    }

    public String hierarchyWeights(int queue) {
        return hierarchyWeights[queue];
    }

    public void hierarchyWeights(int queue, String value) {
        hierarchyWeights[queue] = value;
    }

    public boolean live(int queue) {
        return live[queue];
    }

    public void live(int queue, boolean value) {
        live[queue] = value;
    }
}
