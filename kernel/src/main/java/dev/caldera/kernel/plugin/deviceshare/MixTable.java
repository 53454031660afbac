package dev.caldera.kernel.plugin.deviceshare;

import dev.caldera.kernel.framework.Names;

import java.util.List;

/**
 * A {@link WorkloadMix} resolved against the session's nodes, as columns the fragmentation loops read:
 * per shape its cpu, its share units or whole devices, the GPU models it accepts as a bit mask over
 * {@link GpuNodes} model indices ({@link #ANY_MODEL} for any) and its weight. Resolved at session open when the
 * mix or the nodes' devices changed ({@link #version}).
 * <p>
 * Threading: written at open; read concurrently by filter workers. Allocation: only when the mix grows.
 */
final class MixTable {
    static final long ANY_MODEL = -1L;
    /** Amounts below this divide in {@code int} ({@link #smallUnits}). */
    static final long SMALL_UNITS = 1L << 30;

    int size;
    long[] cpu = new long[0];
    long[] share = new long[0];
    int[] whole = new int[0];
    long[] models = new long[0];
    double[] weight = new double[0];
    /**
     * The fill measure's weight: the arrival share times the shape's GPU size (devices, or its share of the mean
     * device) to a small power, times the scarcity of the GPU models it accepts squared ({@link FillFragmentation}).
     */
    double[] fillWeight = new double[0];
    /** Sum of the weights of cpu-only shapes: every free unit counts that much as fragment, on every node. */
    double cpuOnlyWeight;
    /**
     * The distinct share units of the shapes ({@link #groupShare}, {@code groups} of them) and each shape's index
     * among them ({@link #groupOf}; -1 for whole devices): what the devices hold depends on the share only, so the
     * fragmentation loops count it once per distinct share instead of once per shape.
     */
    int groups;
    long[] groupShare = new long[0];
    int[] groupOf = new int[0];
    /**
     * Per GPU model index plus one (0: a node without the label): whether each shape accepts the model, what
     * {@link #accepts} answers, read as one array by the measures' loops over the shapes.
     */
    boolean[][] acceptedBy = new boolean[GpuNodes.MAX_MODELS + 1][0];
    /**
     * True when every shape's cpu and every distinct share is below 2^30, so the measures may divide free units,
     * shares and cpu in {@code int}: the same quotients, where C1 calls the runtime for each {@code long} division
     * (SharedRuntime::ldiv in the replay's profile).
     */
    boolean smallUnits;
    /**
     * Changes each time {@link #resolve} computes the table again, which it does only when the mix or the nodes'
     * devices ({@link GpuNodes#layout}) changed: what was measured against the table before stays valid while
     * it holds.
     */
    long version;
    private final long[] devicesOfModel = new long[GpuNodes.MAX_MODELS];
    private long allDevices;
    private WorkloadMix resolvedMix;
    private long resolvedLayout = -1;

    void resolve(WorkloadMix mix, GpuNodes nodes, Names symbols) {
        if (mix == resolvedMix && nodes.layout() == resolvedLayout) {
            return;
        }
        resolvedMix = mix;
        resolvedLayout = nodes.layout();
        version++;
        List<WorkloadMix.Entry> entries = mix.entries();
        if (cpu.length < entries.size()) {
            int cap = entries.size();
            cpu = new long[cap];
            share = new long[cap];
            whole = new int[cap];
            models = new long[cap];
            weight = new double[cap];
            fillWeight = new double[cap];
            groupShare = new long[cap];
            groupOf = new int[cap];
        }
        double device = meanCapacity(nodes);
        countDevices(nodes);
        size = 0;
        groups = 0;
        cpuOnlyWeight = 0;
        for (WorkloadMix.Entry e : entries) {
            WorkloadMix.Shape s = e.shape();
            if (s.shareUnits() == 0 && s.wholeDevices() == 0) {
                cpuOnlyWeight += e.weight();
                continue;
            }
            cpu[size] = s.cpuMilli() == 0 ? GpuClasses.DEFAULT_CPU_MILLI : s.cpuMilli();
            share[size] = s.shareUnits();
            whole[size] = s.wholeDevices();
            models[size] = modelMask(s, nodes, symbols);
            weight[size] = e.weight();
            double gpus = s.wholeDevices() > 0 ? s.wholeDevices() : s.shareUnits() / device;
            fillWeight[size] = e.weight() * Math.pow(gpus, FillFragmentation.SIZE_EXPONENT)
                    * Math.pow(scarcity(models[size]), FillFragmentation.SCARCITY_EXPONENT);
            groupOf[size] = s.wholeDevices() > 0 ? -1 : group(s.shareUnits());
            size++;
        }
        tabulate();
    }

    /** {@link #acceptedBy} and {@link #smallUnits} of the resolved shapes. */
    private void tabulate() {
        for (int m = -1; m < GpuNodes.MAX_MODELS; m++) {
            if (acceptedBy[m + 1].length < size) {
                acceptedBy[m + 1] = new boolean[cpu.length];
            }
            for (int t = 0; t < size; t++) {
                acceptedBy[m + 1][t] = accepts(t, m);
            }
        }
        boolean small = true;
        for (int t = 0; t < size; t++) {
            small &= cpu[t] < SMALL_UNITS;
        }
        for (int k = 0; k < groups; k++) {
            small &= groupShare[k] < SMALL_UNITS;
        }
        smallUnits = small;
    }

    /** The index of {@code share} among {@link #groupShare}, added when new. */
    private int group(long share) {
        for (int k = 0; k < groups; k++) {
            if (groupShare[k] == share) {
                return k;
            }
        }
        groupShare[groups] = share;
        return groups++;
    }

    /**
     * How scarce the GPUs a shape accepts are: all devices over the devices of accepted models (1 for a shape
     * that accepts any model or a model no node has).
     */
    private double scarcity(long mask) {
        if (mask == ANY_MODEL) {
            return 1;
        }
        long accepted = 0;
        for (int m = 0; m < devicesOfModel.length; m++) {
            accepted += (mask >>> m & 1) != 0 ? devicesOfModel[m] : 0;
        }
        return accepted == 0 ? 1 : (double) allDevices / accepted;
    }

    /** Devices per model index and in all, counted once per resolve. */
    private void countDevices(GpuNodes nodes) {
        java.util.Arrays.fill(devicesOfModel, 0);
        allDevices = 0;
        for (int node = 0; node < nodes.rows(); node++) {
            allDevices += nodes.count[node];
            int m = nodes.model[node];
            if (m >= 0) {
                devicesOfModel[m] += nodes.count[node];
            }
        }
    }

    /** The mean capacity of the nodes' devices (1 when there are none). */
    private static double meanCapacity(GpuNodes nodes) {
        double units = 0;
        long devices = 0;
        for (int node = 0; node < nodes.rows(); node++) {
            units += (double) nodes.capacity[node] * nodes.count[node];
            devices += nodes.count[node];
        }
        return devices == 0 || units == 0 ? 1 : units / devices;
    }

    private static long modelMask(WorkloadMix.Shape s, GpuNodes nodes, Names symbols) {
        if (s.models().isEmpty()) {
            return ANY_MODEL;
        }
        long mask = 0;
        for (String model : s.models()) {
            int index = nodes.modelIndex(model, symbols);
            if (index >= 0) {
                mask |= 1L << index;
            }
        }
        return mask;
    }

    /** True when shape {@code t} may use a node of model index {@code model} (-1: a node without the label). */
    boolean accepts(int t, int model) {
        long m = models[t];
        return m == ANY_MODEL || (model >= 0 && (m >>> model & 1) != 0);
    }
}
