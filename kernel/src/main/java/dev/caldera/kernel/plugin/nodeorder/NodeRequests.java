package dev.caldera.kernel.plugin.nodeorder;

import dev.caldera.kernel.framework.Nodes;
import dev.caldera.kernel.framework.Request;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.framework.Dimensions;

import java.util.Arrays;

/**
 * What the pods on each node request, as kube's NodeInfo adds it up for the resource scorers: requested
 * cpu, memory and GPUs, and the non-zero cpu and memory (a pod asking for no cpu counts 100m, for no memory
 * 200Mi). With each node's allocatable cpu, memory and whole GPUs beside them ({@link #rows}), taken again from
 * the node table for the nodes a session lists as changed (an upsert, the only writer of allocatable, lists its node).
 * <p>
 * Which pods: every task Volcano keeps on a node at session open (allocated, binding, bound, running,
 * releasing, unknown and pipelined), then as Volcano's nodeorder event handlers do: an allocate or pipeline
 * adds the task, and any deallocate (an undo, or an eviction inside the session) removes it.
 * <p>
 * Non-zero defaults: kube applies them per container whose request map lacks the resource. The kernel sees
 * only the pod's total, so a total of zero is taken as one container without that request; pods mixing
 * containers with and without requests, or stating an explicit zero, are the (rare) difference.
 * <p>
 * GPUs are whole devices ({@code Quantity.Value()}, rounded up per pod) as kube counts scalar resources.
 * <p>
 * Threading: {@link #open}, {@link #add}, {@link #remove} on the scheduling thread; reads are pure.
 * Cost: O(tasks + nodes) per rebuild, O(changed tasks + changed nodes) per incremental open, O(1) per event, no
 * allocation after sizing.
 */
final class NodeRequests {
    static final String GPU = "nvidia.com/gpu";
    static final long DEFAULT_CPU_MILLI = 100;
    static final long DEFAULT_MEMORY_BYTES = 200L * 1024 * 1024;

    /** Longs in a node's row: the five sums, then the node's allocatable cpu, memory and whole GPUs. */
    static final int STRIDE = 8;
    static final int NON_ZERO_CPU = 0;
    static final int NON_ZERO_MEMORY = 1;
    static final int CPU = 2;
    static final int MEMORY = 3;
    static final int GPUS = 4;
    static final int ALLOCATABLE_CPU = 5;
    static final int ALLOCATABLE_MEMORY = 6;
    static final int ALLOCATABLE_GPUS = 7;

    /**
     * Node-major, {@link #STRIDE} longs per node row: what a node score reads of the node lies on one or two cache
     * lines, where five columns of sums and two of allocatable took seven (the selector scores nodes in no
     * particular order, most reads a miss).
     */
    long[] rows = new long[0];
    /** The GPU dimension, or -1 when no node or task has named it. */
    int gpuDim = -1;

    private int[] countedNode = new int[0];
    /** The request vector each counted task was counted with (a class's vector never changes: see Classes). */
    private Request[] countedRequest = new Request[0];
    private SessionView session;

    /**
     * Counts every node from the session's task states: when the session opened incrementally (and this instance
     * counted its previous cycle), only the changed tasks are counted again, O(changed tasks); else every task.
     */
    void open(SessionView s) {
        int gpu = s.dims().find(GPU);
        boolean incremental = s == session && !s.openedWhole() && gpu == gpuDim
                && rows.length >= s.nodes().capacity() * STRIDE && countedNode.length >= s.tasks().capacity();
        if (!incremental) {
            rebuild(s);
            return;
        }
        for (int i = 0; i < s.changedNodeCount(); i++) {
            int node = s.changedNode(i);
            if (node < s.nodes().capacity()) {
                allocatable(s.nodes(), node);
            }
        }
        for (int i = 0; i < s.changedTaskCount(); i++) {
            int t = s.changedTask(i);
            remove(t);
            if (t < s.tasks().rows() && s.tasks().live(t) && s.onNode(t)) {
                add(t);
            }
        }
    }

    /** Words of {@link #key}. */
    static final int KEY_WORDS = 5;

    /** What the scorers read of {@code node}, as node-key words (NodeInputs#nodeKey). */
    void key(int node, long[] key, int at) {
        int b = node * STRIDE;
        key[at] = rows[b + CPU];
        key[at + 1] = rows[b + MEMORY];
        key[at + 2] = rows[b + GPUS];
        key[at + 3] = rows[b + NON_ZERO_CPU];
        key[at + 4] = rows[b + NON_ZERO_MEMORY];
    }

    /** Recounts every node from the session's task states. */
    void rebuild(SessionView s) {
        session = s;
        gpuDim = s.dims().find(GPU);
        int nodes = s.nodes().capacity();
        if (rows.length < nodes * STRIDE) {
            rows = new long[nodes * STRIDE];
        } else {
            Arrays.fill(rows, 0);
        }
        for (int node = 0; node < nodes; node++) {
            allocatable(s.nodes(), node);
        }
        if (countedNode.length < s.tasks().capacity()) {
            countedNode = new int[s.tasks().capacity()];
            countedRequest = new Request[s.tasks().capacity()];
        }
        Arrays.fill(countedNode, -1);
        Arrays.fill(countedRequest, null);
        for (int t = 0; t < s.tasks().rows(); t++) {
            if (s.tasks().live(t) && s.onNode(t)) {
                add(t);
            }
        }
    }

    /** Counts the task on its current node (moving it if it was counted elsewhere). */
    void add(int task) {
        remove(task);
        int node = session.nodeOf(task);
        if (node >= 0) {
            Request request = session.requestOf(task);
            apply(request, node, 1);
            countedNode[task] = node;
            countedRequest[task] = request;
        }
    }

    /** Stops counting the task, wherever it was counted, with the request it was counted with. */
    void remove(int task) {
        int node = countedNode[task];
        if (node >= 0) {
            apply(countedRequest[task], node, -1);
            countedNode[task] = -1;
            countedRequest[task] = null;
        }
    }

    static long amount(Request request, int dim) {
        return dim >= 0 ? request.at(dim) : 0;
    }

    static long nonZeroCpu(Request request) {
        long cpu = amount(request, Dimensions.CPU);
        return cpu == 0 ? DEFAULT_CPU_MILLI : cpu;
    }

    static long nonZeroMemory(Request request) {
        long memory = amount(request, Dimensions.MEMORY);
        return memory == 0 ? DEFAULT_MEMORY_BYTES : memory;
    }

    /** Whole devices from milli units, rounded up as {@code Quantity.Value()} does. */
    static long wholeUnits(long milli) {
        return Math.floorDiv(milli + 999, 1000);
    }

    private void apply(Request r, int node, int sign) {
        add(r, gpuDim, rows, node * STRIDE, sign);
    }

    /**
     * Adds {@code sign} times what the resource scores count of a request to the five sums at {@code into[at ...]}
     * ({@link #NON_ZERO_CPU} to {@link #GPUS}): a node's row here, a class's row in {@link ClassRequests}.
     */
    static void add(Request r, int gpuDim, long[] into, int at, int sign) {
        into[at + CPU] += sign * amount(r, Dimensions.CPU);
        into[at + MEMORY] += sign * amount(r, Dimensions.MEMORY);
        into[at + GPUS] += sign * wholeUnits(amount(r, gpuDim));
        into[at + NON_ZERO_CPU] += sign * nonZeroCpu(r);
        into[at + NON_ZERO_MEMORY] += sign * nonZeroMemory(r);
    }

    /** Takes the node's allocatable cpu, memory and whole GPUs (0 without a GPU dimension) from the table. */
    private void allocatable(Nodes nodes, int node) {
        int b = node * STRIDE;
        rows[b + ALLOCATABLE_CPU] = nodes.allocatable(Dimensions.CPU, node);
        rows[b + ALLOCATABLE_MEMORY] = nodes.allocatable(Dimensions.MEMORY, node);
        boolean gpus = gpuDim >= 0 && gpuDim < nodes.dims();
        rows[b + ALLOCATABLE_GPUS] = gpus ? wholeUnits(nodes.allocatable(gpuDim, node)) : 0;
    }
}
