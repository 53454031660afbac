package dev.caldera.kernel.plugin.deviceshare;

import dev.caldera.kernel.framework.Nodes;
import dev.caldera.kernel.framework.Names;
import dev.caldera.kernel.util.Bits;

import java.util.Arrays;

/**
 * The GPU devices of every node and what is free on each, as primitive columns: a node row's devices are
 * the slots {@code [first[node], first[node] + count[node])}, each with {@code capacity[node]} units
 * (Volcano's rule: the node's {@code volcano.sh/gpu-memory} divided by its {@code volcano.sh/gpu-number}),
 * {@code free[slot]} units left and {@code holders[slot]} tasks on it. A device with no holder is idle; only
 * idle devices take whole-device requests. {@code model[node]} is the index of the node's GPU model label
 * value among the models seen (-1 without the label), at most {@link #MAX_MODELS} of them.
 * <p>
 * Rebuilt at session open from the node table (O(nodes)), or only for the rows that changed ({@link #empty},
 * O(devices) per row, when their devices are laid out as before); {@link #take} and {@link #give} change one node
 * in O(devices taken). Each node's devices are also kept digested ({@link #usageDigest}, {@link #devicesDigest}),
 * so the policies' state digests ({@link GpuState#stateHash}) cost O(1) instead of a pass over the devices, and
 * so are its idle devices and the most units free on one ({@link #mostFree}), what the predicate reads: these
 * summaries move with {@link #take} and {@link #give}, and are taken by one pass ({@link #summarize}) for a node
 * laid out again once its tasks are {@link #place}d. A node has at most {@link #MAX_DEVICES} devices (task
 * assignments are 64-bit masks); more are ignored.
 * <p>
 * Threading: written on the scheduling thread; read concurrently by filter workers while it waits.
 * Allocation: none after the columns are sized.
 */
public final class GpuNodes {
    public static final int MAX_DEVICES = 64;
    public static final int MAX_MODELS = 63;
    /** The multiplier of the device digests' passes. */
    static final long DIGEST_BASE = 1_000_003L;
    /** {@code DIGEST_BASE^k} for k in [0, MAX_DEVICES + 1] (modulo 2^64). */
    private static final long[] POWERS = powers(MAX_DEVICES + 2);

    int[] first = new int[0];
    int[] count = new int[0];
    long[] capacity = new long[0];
    int[] model = new int[0];
    /** Units free per node, summed over its devices. */
    long[] totalFree = new long[0];
    long[] free = new long[0];
    int[] holders = new int[0];
    /**
     * Per node, the devices' part of {@link GpuState#stateHash} and {@link GpuState#scoreStateHash}: starting from
     * {@code modelDigest x 7919 + capacity}, {@code h = h x }{@value #DIGEST_BASE}{@code  + free + holders} for
     * each device in order. Kept as the devices change: a device's term is its {@code free + holders} times
     * {@code DIGEST_BASE^(devices after it)}, so a take or give adds the change times that power (the same 64-bit
     * value as the pass, the arithmetic being modulo 2^64). {@link #usageScale} is {@code DIGEST_BASE^(devices + 1)},
     * what the digests' leading cpu and memory part is multiplied by.
     */
    long[] usageDigest = new long[0];
    long[] usageScale = new long[0];
    /**
     * Per node, the pass of {@link GpuState#devicesHash} before its finalizer: from {@code capacity x 31 + devices},
     * {@code h = h x DIGEST_BASE + free} for each device, kept as {@link #usageDigest} is.
     */
    long[] devicesDigest = new long[0];
    /**
     * Per node, a digest of its devices as a multiset, whatever their order: the sum (modulo 2^64) of
     * {@link #deviceTerm} over its devices, kept as they change. Two nodes whose devices hold the same (free units,
     * holders) pairs in another order have the same; what the policies that read only a node's state score by
     * ({@link GpuState#sharedStateHash}).
     */
    long[] devicesSet = new long[0];
    /** Per node, its devices without a holder ({@link #idle}) and the most units free on one of them (0: none). */
    int[] idleCount = new int[0];
    long[] mostFree = new long[0];
    private int[] modelOfSymbol = new int[0];
    /** The model label's index per row, as of {@code modelVersion[row]} (the row's placement version). */
    private int[] labelModel = new int[0];
    private int[] modelVersion = new int[0];
    private int[] modelKeyOf = new int[0];
    private String[] modelNames = new String[0];
    /** A digest of each model index's name ({@link TieBreak#ofName}): what a node's model adds to its state digest. */
    private long[] modelDigests = new long[0];
    private int models;
    private int rows;
    private long layout;

    /**
     * Empties the devices of node row {@code node} when the table's devices for it are laid out as now (same
     * count, capacity and model) over the same rows; answers false, changing nothing, when they are not: then
     * {@link #rebuild} every row. O(devices).
     */
    boolean empty(Nodes nodes, Names symbols, int numberDim, int memoryDim, int modelKey, int node) {
        if (rows != nodes.rows() || first.length < nodes.capacity() || node >= rows) {
            return false;
        }
        int devices = nodes.live(node) ? devices(nodes, numberDim, node) : 0;
        long memory = memoryDim < 0 ? 0 : nodes.allocatable(memoryDim, node);
        long each = devices == 0 ? 0 : memory / devices;
        if (modelVersion[node] != nodes.placementVersion(node) || modelKeyOf[node] != modelKey) {
            modelVersion[node] = nodes.placementVersion(node);
            modelKeyOf[node] = modelKey;
            labelModel[node] = modelIndex(nodes.label(node, modelKey), symbols);
        }
        int m = devices == 0 ? -1 : labelModel[node];
        if (count[node] != devices || capacity[node] != each || model[node] != m) {
            return false;
        }
        totalFree[node] = each * devices;
        Arrays.fill(free, first[node], first[node] + devices, each);
        Arrays.fill(holders, first[node], first[node] + devices, 0);
        return true;
    }

    /**
     * The node's summaries ({@link #usageDigest}, {@link #usageScale}, {@link #devicesDigest}, {@link #devicesSet},
     * {@link #idleCount} and {@link #mostFree}) by a pass over its devices: after {@link #empty} or {@link #rebuild}
     * and the {@link #place}s that follow them, before anything reads the summaries.
     */
    void summarize(int node) {
        long usage = modelDigest(node) * 7919L + capacity[node];
        long devices = capacity[node] * 31 + count[node];
        int base = first[node];
        for (int d = 0; d < count[node]; d++) {
            usage = usage * DIGEST_BASE + free[base + d] + holders[base + d];
            devices = devices * DIGEST_BASE + free[base + d];
        }
        usageDigest[node] = usage;
        usageScale[node] = POWERS[count[node] + 1];
        devicesDigest[node] = devices;
        long set = 0;
        for (int d = 0; d < count[node]; d++) {
            set += deviceTerm(free[base + d], holders[base + d]);
        }
        devicesSet[node] = set;
        int idle = 0;
        for (int d = 0; d < count[node]; d++) {
            idle += holders[base + d] == 0 ? 1 : 0;
        }
        idleCount[node] = idle;
        mostFree[node] = mostFreeOf(node);
    }

    private long mostFreeOf(int node) {
        long most = 0;
        int base = first[node];
        for (int d = 0; d < count[node]; d++) {
            most = Math.max(most, free[base + d]);
        }
        return most;
    }

    /** A device's part of {@link #devicesSet}: a well-spread digest of its free units and holders. */
    static long deviceTerm(long free, int holders) {
        return TieBreak.mix(free * 0x9E3779B97F4A7C15L + holders);
    }

    private static long[] powers(int n) {
        long[] p = new long[n];
        p[0] = 1;
        for (int k = 1; k < n; k++) {
            p[k] = p[k - 1] * DIGEST_BASE;
        }
        return p;
    }

    /** Reads every node's device count, capacity and model; all devices start empty. */
    void rebuild(Nodes nodes, Names symbols, int numberDim, int memoryDim, int modelKey) {
        boolean moved = rows != nodes.rows();
        rows = nodes.rows();
        if (first.length < nodes.capacity()) {
            moved = true;
            first = new int[nodes.capacity()];
            count = new int[nodes.capacity()];
            capacity = new long[nodes.capacity()];
            model = new int[nodes.capacity()];
            totalFree = new long[nodes.capacity()];
            usageDigest = new long[nodes.capacity()];
            usageScale = new long[nodes.capacity()];
            devicesDigest = new long[nodes.capacity()];
            devicesSet = new long[nodes.capacity()];
            idleCount = new int[nodes.capacity()];
            mostFree = new long[nodes.capacity()];
            labelModel = new int[nodes.capacity()];
            modelVersion = new int[nodes.capacity()];
            Arrays.fill(modelVersion, Integer.MIN_VALUE);
            modelKeyOf = new int[nodes.capacity()];
        }
        int slots = 0;
        for (int node = 0; node < rows; node++) {
            first[node] = slots;
            int devices = nodes.live(node) ? devices(nodes, numberDim, node) : 0;
            long memory = memoryDim < 0 ? 0 : nodes.allocatable(memoryDim, node);
            long each = devices == 0 ? 0 : memory / devices;
            if (modelVersion[node] != nodes.placementVersion(node) || modelKeyOf[node] != modelKey) {
                modelVersion[node] = nodes.placementVersion(node);
                modelKeyOf[node] = modelKey;
                labelModel[node] = modelIndex(nodes.label(node, modelKey), symbols);
            }
            int m = devices == 0 ? -1 : labelModel[node];
            moved |= count[node] != devices || capacity[node] != each || model[node] != m;
            count[node] = devices;
            capacity[node] = each;
            totalFree[node] = each * devices;
            model[node] = m;
            slots += devices;
        }
        if (moved) {
            layout++;
        }
        if (free.length < slots) {
            free = new long[Math.max(slots, 16)];
            holders = new int[free.length];
        }
        Arrays.fill(holders, 0, slots, 0);
        for (int node = 0; node < rows; node++) {
            Arrays.fill(free, first[node], first[node] + count[node], capacity[node]);
        }
    }

    private static int devices(Nodes nodes, int numberDim, int node) {
        if (numberDim < 0) {
            return 0;
        }
        long whole = nodes.allocatable(numberDim, node) / 1000;
        return (int) Math.max(0, Math.min(whole, MAX_DEVICES));
    }

    private int modelIndex(int valueSymbol, Names symbols) {
        if (valueSymbol == Names.NONE) {
            return -1;
        }
        if (valueSymbol >= modelOfSymbol.length) {
            int old = modelOfSymbol.length;
            modelOfSymbol = Arrays.copyOf(modelOfSymbol, Math.max(valueSymbol + 1, old * 2));
            Arrays.fill(modelOfSymbol, old, modelOfSymbol.length, -1);
        }
        int index = modelOfSymbol[valueSymbol];
        if (index < 0 && models < MAX_MODELS) {
            index = models++;
            modelOfSymbol[valueSymbol] = index;
            modelNames = Arrays.copyOf(modelNames, models);
            modelNames[index] = symbols.string(valueSymbol);
            modelDigests = Arrays.copyOf(modelDigests, models);
            modelDigests[index] = TieBreak.ofName(modelNames[index]);
        }
        return index;
    }

    /** The model index of a label value, or -1 when no node carries it. */
    public int modelIndex(String value, Names symbols) {
        int symbol = symbols.find(value);
        return symbol == Names.NONE || symbol >= modelOfSymbol.length ? -1 : modelOfSymbol[symbol];
    }

    /** The label value of a model index. */
    public String modelName(int index) {
        return modelNames[index];
    }

    /**
     * Changes each time a rebuild finds another set of devices: a row's device count, capacity or model, or the
     * rows, differ from the previous rebuild (what a {@link MixTable} resolves against: models, their devices).
     */
    long layout() {
        return layout;
    }

    /** Node rows covered (valid rows are below this; dead rows have no devices). */
    public int rows() {
        return rows;
    }

    /** Devices on a node row (0 for a node without GPUs). */
    public int devices(int node) {
        return count[node];
    }

    /** Units one device of the node holds. */
    public long capacity(int node) {
        return capacity[node];
    }

    /** Units free on device {@code d} of the node. */
    public long free(int node, int d) {
        return free[first[node] + d];
    }

    /** Tasks holding device {@code d} of the node. */
    public int holders(int node, int d) {
        return holders[first[node] + d];
    }

    /** Units free on the node, over all its devices. */
    public long totalFree(int node) {
        return totalFree[node];
    }

    /**
     * A digest of the node's GPU model name, 0 without a model: the same for the same name whatever index the
     * model got (indices follow the order models were first seen).
     */
    long modelDigest(int node) {
        int m = model[node];
        return m < 0 ? 0 : modelDigests[m];
    }

    /** The node's model index, or -1. */
    public int model(int node) {
        return model[node];
    }

    /** Idle devices (no holder) on the node. */
    public int idle(int node) {
        return idleCount[node];
    }

    /** Takes {@code units} on each device in {@code mask} (whole devices take their whole capacity). */
    void take(int node, long mask, long units, boolean whole) {
        int base = first[node];
        long used = whole ? capacity[node] : units;
        for (long m = mask; m != 0; m &= m - 1) {
            int d = Bits.lowest(m);
            int slot = base + d;
            devicesSet[node] -= deviceTerm(free[slot], holders[slot]);
            idleCount[node] -= holders[slot] == 0 ? 1 : 0;
            free[slot] -= used;
            holders[slot]++;
            devicesSet[node] += deviceTerm(free[slot], holders[slot]);
            totalFree[node] -= used;
            long weight = POWERS[count[node] - 1 - d];
            usageDigest[node] += (1 - used) * weight;
            devicesDigest[node] -= used * weight;
        }
        if (mask != 0) {
            mostFree[node] = mostFreeOf(node);
        }
    }

    /**
     * {@link #take} leaving the node's summaries behind, for a node laid out again ({@link #empty},
     * {@link #rebuild}) that takes its tasks' devices one by one: {@link #summarize} it once they are all placed.
     */
    void place(int node, long mask, long units, boolean whole) {
        int base = first[node];
        long used = whole ? capacity[node] : units;
        for (long m = mask; m != 0; m &= m - 1) {
            int slot = base + Bits.lowest(m);
            free[slot] -= used;
            holders[slot]++;
            totalFree[node] -= used;
        }
    }

    /** Exactly reverses {@link #take} for the same arguments. */
    void give(int node, long mask, long units, boolean whole) {
        int base = first[node];
        long used = whole ? capacity[node] : units;
        for (long m = mask; m != 0; m &= m - 1) {
            int d = Bits.lowest(m);
            int slot = base + d;
            devicesSet[node] -= deviceTerm(free[slot], holders[slot]);
            free[slot] += used;
            holders[slot]--;
            devicesSet[node] += deviceTerm(free[slot], holders[slot]);
            idleCount[node] += holders[slot] == 0 ? 1 : 0;
            mostFree[node] = Math.max(mostFree[node], free[slot]);
            totalFree[node] += used;
            long weight = POWERS[count[node] - 1 - d];
            usageDigest[node] -= (1 - used) * weight;
            devicesDigest[node] += used * weight;
        }
    }

    /** True when the mask names devices the node has and the request fits on each of them now. */
    boolean fits(int node, long mask, long units, boolean whole) {
        if (mask == 0 || (count[node] < 64 && (mask >>> count[node]) != 0)) {
            return false;
        }
        int base = first[node];
        for (long m = mask; m != 0; m &= m - 1) {
            int slot = base + Bits.lowest(m);
            if (whole ? holders[slot] != 0 : free[slot] < units) {
                return false;
            }
        }
        return true;
    }
}
