package dev.caldera.kernel.plugin.drf;

import dev.caldera.kernel.framework.Jobs;
import dev.caldera.kernel.framework.JobReservation;
import dev.caldera.kernel.framework.Request;
import dev.caldera.kernel.framework.SessionView;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The tree of hierarchical DRF (current Volcano's drf plugin with {@code enableHierarchy}: {@code buildHierarchy},
 * {@code updateHierarchicalShare}, {@code compareQueues}). Inner nodes come from the queues'
 * {@code volcano.sh/hierarchy} annotations ({@code root/eng/prod}; the first element stands for the root) with
 * the weights of {@code volcano.sh/hierarchy-weights} ({@code 100/50/50}, each below 1 read as 1); every job of
 * the session is a leaf under its queue's path, carrying the job's allocated and its total request.
 * <p>
 * Update, from the leaves up: a leaf's share is its dominant share of the cluster; it is saturated when it got
 * all it asks for of some resource it holds, or holds a resource it asks for that the cluster has fully
 * allocated. An inner node takes M, the smallest share among its unsaturated children with a non-zero share,
 * adds each such child's allocation scaled by M / its share and each saturated child's as it is, and takes the
 * dominant share of the sum; it is saturated when all its children are. Shares and scaled allocations are
 * doubles, as in Volcano.
 * <p>
 * Volcano recomputes the whole tree after every allocation event; the result depends only on the leaves, so
 * this tree is recomputed lazily, on the first read after a change. A queue path whose weights are missing or
 * not numbers (Volcano's admission refuses those; its scheduler would index past the list) uses weight 1 and is
 * reported in {@link #problems}.
 * <p>
 * Threading: scheduling thread. Nodes are rebuilt at session open (allocates per session); recompute is
 * O(nodes x dims) without allocation.
 */
final class HdrfTree {
    static final int ROOT = 0;

    int stride;
    int count;
    int[] parent = new int[0];
    private int[] firstChild = new int[0];
    private int[] nextSibling = new int[0];
    int[] job = new int[0];
    double[] weight = new double[0];
    boolean[] saturated = new boolean[0];
    double[] share = new double[0];
    double[] allocated = new double[0];
    double[] request = new double[0];
    private int[] jobLeaf = new int[0];
    private int[][] queuePath = new int[0][];
    private double[] totalAllocated = new double[0];
    private boolean[] demanding = new boolean[0];
    private long[] total = new long[0];
    private int[] dims = new int[0];
    private boolean dirty;
    private final Object2IntOpenHashMap<String> byPath = new Object2IntOpenHashMap<>();
    private final List<String> problems = new ArrayList<>();

    /** Rebuilds the tree for the session's jobs. */
    void build(SessionView s, int[] dims, int stride) {
        this.dims = dims;
        this.stride = stride;
        this.total = JobReservation.totalAllocatable(s, total);
        count = 0;
        byPath.clear();
        problems.clear();
        sizeJobs(s.jobs().capacity(), s.queues().capacity());
        Arrays.fill(jobLeaf, -1);
        Arrays.fill(queuePath, null);
        newNode(-1, 1, -1);
        for (int i = 0; i < s.jobCount(); i++) {
            int j = s.job(i);
            int q = s.jobs().queue(j);
            if (queuePath[q] == null) {
                queuePath[q] = path(s, q);
            }
            int[] p = queuePath[q];
            int leaf = newNode(p[p.length - 1], 1, j);
            jobLeaf[j] = leaf;
            fillLeaf(s, j, leaf);
        }
        totals();
        dirty = true;
    }

    /** Annotation problems found while building (each once per session). */
    List<String> problems() {
        return problems;
    }

    /** Node ids from the root along the queue's hierarchy, creating inner nodes on first sight. */
    private int[] path(SessionView s, int q) {
        String hierarchy = s.queues().hierarchy(q) == null ? "" : s.queues().hierarchy(q);
        String weights = s.queues().hierarchyWeights(q) == null ? "" : s.queues().hierarchyWeights(q);
        String[] names = hierarchy.split("/", -1);
        String[] ws = weights.split("/", -1);
        int[] out = new int[names.length];
        out[0] = ROOT;
        String key = "";
        for (int i = 1; i < names.length; i++) {
            key = key + "/" + names[i];
            int node = byPath.getOrDefault(key, -1);
            if (node < 0) {
                node = newNode(out[i - 1], weightAt(s.queues().name(q), ws, i, weights), -1);
                byPath.put(key, node);
            }
            out[i] = node;
        }
        return out;
    }

    private double weightAt(String queue, String[] ws, int i, String weights) {
        double w;
        if (i >= ws.length) {
            problems.add("Queue " + queue + ": volcano.sh/hierarchy-weights '" + weights
                    + "' has fewer levels than volcano.sh/hierarchy; weight 1 is used");
            w = 1;
        } else {
            try {
                w = Double.parseDouble(ws[i].trim());
            } catch (NumberFormatException e) {
                problems.add("Queue " + queue + ": volcano.sh/hierarchy-weights '" + weights + "': '" + ws[i]
                        + "' is not a number; weight 1 is used");
                w = 1;
            }
        }
        return Double.isNaN(w) || w < 1 ? 1 : w;
    }

    private int newNode(int parentNode, double w, int jobRow) {
        int n = count++;
        sizeNodes(count);
        parent[n] = parentNode;
        firstChild[n] = -1;
        nextSibling[n] = -1;
        if (parentNode >= 0) {
            nextSibling[n] = firstChild[parentNode];
            firstChild[parentNode] = n;
        }
        weight[n] = w;
        job[n] = jobRow;
        saturated[n] = false;
        share[n] = 0;
        Arrays.fill(allocated, n * stride, (n + 1) * stride, 0);
        Arrays.fill(request, n * stride, (n + 1) * stride, 0);
        return n;
    }

    /** The leaf's allocated (AllocatedStatus plus Pipelined) and its total request (every task of the job). */
    private void fillLeaf(SessionView s, int j, int leaf) {
        int b = leaf * stride;
        for (int d : dims) {
            allocated[b + d] = s.allocatedRequest(d, j) + s.pipelinedRequest(d, j);
        }
        Jobs jobs = s.jobs();
        for (int i = 0; i < jobs.taskCount(j); i++) {
            Request req = s.requestOf(jobs.task(j, i));
            for (int d : dims) {
                request[b + d] += req.at(d);
            }
        }
    }

    private void totals() {
        Arrays.fill(totalAllocated, 0);
        for (int n = 0; n < count; n++) {
            if (job[n] >= 0) {
                for (int d : dims) {
                    totalAllocated[d] += allocated[n * stride + d];
                }
            }
        }
    }

    /** An allocation event of the job ({@code sign} 1) or its undo (-1). */
    void move(int jobRow, Request req, int sign) {
        int leaf = jobRow < jobLeaf.length ? jobLeaf[jobRow] : -1;
        if (leaf < 0) {
            return;
        }
        int b = leaf * stride;
        for (int d : dims) {
            double x = sign * (double) req.at(d);
            allocated[b + d] += x;
            totalAllocated[d] += x;
        }
        dirty = true;
    }

    /** Volcano's compareQueues: negative when queue {@code a} goes first, 0 when the paths never differ. */
    double compareQueues(int a, int b) {
        int[] pa = a < queuePath.length ? queuePath[a] : null;
        int[] pb = b < queuePath.length ? queuePath[b] : null;
        if (pa == null || pb == null) {
            return 0;
        }
        refresh();
        int depth = Math.min(pa.length, pb.length);
        for (int i = 0; i < depth; i++) {
            int l = pa[i];
            int r = pb[i];
            if (saturated[l] != saturated[r]) {
                return saturated[l] ? 1 : -1;
            }
            double lv = share[l] / weight[l];
            double rv = share[r] / weight[r];
            if (lv != rv) {
                return lv - rv;
            }
        }
        return 0;
    }

    /** The node at {@code path} ("/eng/prod" for root/eng/prod; "" for the root), or -1. */
    int node(String path) {
        return path.isEmpty() ? ROOT : byPath.getOrDefault(path, -1);
    }

    /** The node's share after bringing the tree up to date. */
    double shareOf(int node) {
        refresh();
        return share[node];
    }

    boolean saturatedOf(int node) {
        refresh();
        return saturated[node];
    }

    boolean hasLeaf(int jobRow) {
        return jobRow < jobLeaf.length && jobLeaf[jobRow] >= 0;
    }

    /** Recomputes every node if a leaf changed since the last read. */
    void refresh() {
        if (!dirty) {
            return;
        }
        for (int d : dims) {
            demanding[d] = total[d] > 0 && totalAllocated[d] < total[d];
        }
        for (int n = count - 1; n >= 0; n--) {
            if (job[n] >= 0) {
                share[n] = dominant(n);
                saturated[n] = leafSaturated(n);
            } else {
                inner(n);
            }
        }
        dirty = false;
    }

    /**
     * An inner node from its children (children have larger ids than their parents, so the backward sweep of
     * {@link #refresh} has already computed them).
     */
    private void inner(int n) {
        double mdr = 1;
        boolean all = true;
        for (int c = firstChild[n]; c >= 0; c = nextSibling[c]) {
            if (share[c] != 0 && !saturated[c]) {
                mdr = Math.min(mdr, share[c]);
            }
            all &= saturated[c];
        }
        int b = n * stride;
        Arrays.fill(allocated, b, b + stride, 0);
        for (int c = firstChild[n]; c >= 0; c = nextSibling[c]) {
            if (share[c] == 0) {
                continue;
            }
            double scale = saturated[c] ? 1.0 : mdr / share[c];
            int cb = c * stride;
            for (int d : dims) {
                allocated[b + d] += allocated[cb + d] * scale;
            }
        }
        share[n] = dominant(n);
        saturated[n] = all;
    }

    /** Volcano's calculateShare over the resources the cluster has. */
    private double dominant(int n) {
        int b = n * stride;
        double res = 0;
        for (int d : dims) {
            long t = total[d];
            if (t > 0) {
                res = Math.max(res, allocated[b + d] / t);
            }
        }
        return res;
    }

    /** Volcano's resourceSaturated over the resources the leaf holds. */
    private boolean leafSaturated(int n) {
        int b = n * stride;
        for (int d : dims) {
            double a = allocated[b + d];
            double r = request[b + d];
            if (a <= 0) {
                continue;
            }
            if (r != 0 && a >= r || !demanding[d] && r != 0) {
                return true;
            }
        }
        return false;
    }

    private void sizeNodes(int n) {
        if (parent.length >= n) {
            return;
        }
        int cap = Math.max(16, parent.length * 2);
        parent = Arrays.copyOf(parent, cap);
        firstChild = Arrays.copyOf(firstChild, cap);
        nextSibling = Arrays.copyOf(nextSibling, cap);
        job = Arrays.copyOf(job, cap);
        weight = Arrays.copyOf(weight, cap);
        saturated = Arrays.copyOf(saturated, cap);
        share = Arrays.copyOf(share, cap);
        allocated = Arrays.copyOf(allocated, cap * stride);
        request = Arrays.copyOf(request, cap * stride);
    }

    private void sizeJobs(int jobs, int queues) {
        if (jobLeaf.length < jobs) {
            jobLeaf = new int[jobs];
        }
        if (queuePath.length < queues) {
            queuePath = new int[queues][];
        }
        if (totalAllocated.length != stride) {
            totalAllocated = new double[stride];
            demanding = new boolean[stride];
        }
        if (allocated.length != parent.length * stride) {
            allocated = new double[parent.length * stride];
            request = new double[parent.length * stride];
        }
    }
}
