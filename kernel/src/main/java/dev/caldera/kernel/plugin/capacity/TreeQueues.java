package dev.caldera.kernel.plugin.capacity;

import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.framework.VolcanoDimensions;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Current Volcano's {@code buildHierarchicalQueueAttrs} and {@code checkHierarchicalQueue} (capacity with
 * {@code enableHierarchy: true}): every queue gets attributes; a job's totals count for its queue and every
 * ancestor; a job in a queue that has children makes the whole session refuse (Volcano's "not leaf queue").
 * Then, from the root down:
 * <ul>
 *   <li>the root's capability is unlimited (cpu, memory and every resource the cluster has) unless it sets
 *       one; its realCapability is its capability; its deserved and guarantee become the sums of its
 *       children's;</li>
 *   <li>a child's deserved is raised to its guarantee; a child without a cpu or memory capability (or with
 *       one at or below zero) takes its parent's, and every scalar its parent's capability sets and it does
 *       not;</li>
 *   <li>a child's realCapability = (parent's realCapability - the sum of its siblings' and its own
 *       guarantees, where positive) + own guarantee, bounded by its capability.</li>
 * </ul>
 * A child capability above its parent's, children's deserved or guarantees summing above the parent's are
 * only reported ({@link #warnings}), as Volcano only logs them.
 * <p>
 * Threading: scheduling thread. O(queues x dims + jobs x (dims + depth x dims)) at open.
 */
final class TreeQueues {
    private long[] total = new long[0];
    private long[] sumGuarantee = new long[0];
    private boolean[] sumGuaranteeHas = new boolean[0];
    private long[] sumDeserved = new long[0];
    private boolean[] sumDeservedHas = new boolean[0];
    private long[] jobDelta = new long[0];
    private final List<String> warnings = new ArrayList<>();
    private String problem;

    /** Builds every attribute; false (see {@link #problem}) when the hierarchy makes Volcano refuse the session. */
    boolean build(SessionView s, QueueAttrs a, QueueTree tree, JobTotals totals, int[] dims) {
        size(a.stride);
        warnings.clear();
        problem = null;
        if (!tree.build(s.queues(), a.virtualRoot)) {
            problem = tree.problem();
            return false;
        }
        for (int i = 0; i < tree.size; i++) {
            int q = tree.order[i];
            if (q == a.virtualRoot) {
                a.present[q] = true;
                setHasFixed(a, q, dims);
            } else {
                QueueSpecs.copy(s.queues(), q, a, dims);
            }
        }
        if (!addJobs(s, a, tree, totals, dims)) {
            return false;
        }
        rootLimits(s, a, tree.root, dims);
        for (int i = 0; i < tree.size; i++) {
            check(s, a, tree, tree.order[i], dims);
        }
        for (int i = 0; i < tree.size; i++) {
            a.updateShare(tree.order[i], dims);
        }
        return true;
    }

    /** Why the session is refused, or null. */
    String problem() {
        return problem;
    }

    /** What Volcano only logs about this session's hierarchy. */
    List<String> warnings() {
        return warnings;
    }

    private boolean addJobs(SessionView s, QueueAttrs a, QueueTree tree, JobTotals totals, int[] dims) {
        for (int i = 0; i < s.jobCount(); i++) {
            int job = s.job(i);
            int q = s.jobs().queue(job);
            if (!tree.isLeaf(q)) {
                problem = "the queue " + s.queues().name(q) + " of job " + s.jobs().key(job)
                        + " is not a leaf queue (it has child queues)";
                return false;
            }
            int b = a.base(q);
            snapshot(a, b);
            totals.add(s, job, a, b, dims);
            for (int k = 0; k < tree.depth[q]; k++) {
                propagate(a, b, a.base(tree.ancestorAt(q, k)), dims);
            }
        }
        return true;
    }

    /** Remembers the leaf's allocated, request, inqueue and elastic before the job is added. */
    private void snapshot(QueueAttrs a, int b) {
        System.arraycopy(a.allocated, b, jobDelta, 0, a.stride);
        System.arraycopy(a.request, b, jobDelta, a.stride, a.stride);
        System.arraycopy(a.inqueue, b, jobDelta, 2 * a.stride, a.stride);
        System.arraycopy(a.elastic, b, jobDelta, 3 * a.stride, a.stride);
    }

    /** Adds the job's part (the leaf's change since {@link #snapshot}) to an ancestor. */
    private void propagate(QueueAttrs a, int leaf, int anc, int[] dims) {
        int st = a.stride;
        for (int d : dims) {
            a.allocated[anc + d] += a.allocated[leaf + d] - jobDelta[d];
            a.request[anc + d] += a.request[leaf + d] - jobDelta[st + d];
            a.inqueue[anc + d] += a.inqueue[leaf + d] - jobDelta[2 * st + d];
            a.elastic[anc + d] += a.elastic[leaf + d] - jobDelta[3 * st + d];
        }
    }

    private void rootLimits(SessionView s, QueueAttrs a, int root, int[] dims) {
        int b = a.base(root);
        if (Limits.isEmpty(a.capability, b, dims)) {
            ClusterTotal.of(s, dims, total);
            for (int d : dims) {
                boolean clusterHas = VolcanoDimensions.fixed(d) || total[d] > 0;
                a.capability[b + d] = clusterHas ? QueueAttrs.UNLIMITED : 0;
                a.capabilityHas[b + d] = clusterHas;
            }
        }
        Vectors.copy(a.capability, a.capabilityHas, b, a.realCapability, a.realCapabilityHas, b, a.stride);
    }

    /** checkHierarchicalQueue for one parent: its children's deserved, capabilities and realCapabilities. */
    private void check(SessionView s, QueueAttrs a, QueueTree tree, int p, int[] dims) {
        if (tree.isLeaf(p)) {
            return;
        }
        int pb = a.base(p);
        Arrays.fill(sumGuarantee, 0);
        Arrays.fill(sumGuaranteeHas, false);
        Arrays.fill(sumDeserved, 0);
        Arrays.fill(sumDeservedHas, false);
        for (int i = 0; i < tree.size; i++) {
            int c = tree.order[i];
            if (c != tree.root && tree.parent[c] == p) {
                adoptChild(s, a, p, c, dims);
            }
        }
        if (p == tree.root) {
            Vectors.copy(sumGuarantee, sumGuaranteeHas, 0, a.guarantee, a.guaranteeHas, pb, a.stride);
            Vectors.copy(sumDeserved, sumDeservedHas, 0, a.deserved, a.deservedHas, pb, a.stride);
        }
        for (int i = 0; i < tree.size; i++) {
            int c = tree.order[i];
            if (c != tree.root && tree.parent[c] == p) {
                childRealCapability(a, pb, a.base(c), dims);
            }
        }
        checkSums(s, a, p, pb, dims);
    }

    private void adoptChild(SessionView s, QueueAttrs a, int p, int c, int[] dims) {
        int pb = a.base(p);
        int cb = a.base(c);
        Vectors.maxWith(a.deserved, a.deservedHas, cb, a.guarantee, a.guaranteeHas, cb, dims);
        Vectors.add(sumDeserved, sumDeservedHas, 0, a.deserved, a.deservedHas, cb, dims);
        Vectors.add(sumGuarantee, sumGuaranteeHas, 0, a.guarantee, a.guaranteeHas, cb, dims);
        for (int d : dims) {
            if (VolcanoDimensions.fixed(d) ? a.capability[cb + d] <= 0 : a.capabilityHas[pb + d]
                    && !a.capabilityHas[cb + d]) {
                a.capability[cb + d] = a.capability[pb + d];
                a.capabilityHas[cb + d] = true;
            }
        }
        String over = exceeding(a.capability, a.capabilityHas, cb, a.capability, a.capabilityHas, pb, s, dims);
        if (over != null) {
            warnings.add("child queue " + name(s, a, c) + " capability exceeds parent queue " + name(s, a, p)
                    + " capability on " + over + "; the child's effective capability is limited by the parent");
        }
    }

    private void childRealCapability(QueueAttrs a, int pb, int cb, int[] dims) {
        Vectors.exceededPart(a.realCapability, pb, sumGuarantee, 0, a.realCapability, a.realCapabilityHas, cb, dims);
        Vectors.add(a.realCapability, a.realCapabilityHas, cb, a.guarantee, a.guaranteeHas, cb, dims);
        Vectors.minWith(a.realCapability, a.realCapabilityHas, cb, a.capability, a.capabilityHas, cb, dims);
    }

    private void checkSums(SessionView s, QueueAttrs a, int p, int pb, int[] dims) {
        String deserved = exceeding(sumDeserved, sumDeservedHas, 0, a.deserved, a.deservedHas, pb, s, dims);
        if (deserved != null) {
            warnings.add("sum of child queue deserved exceeds parent queue " + name(s, a, p) + " deserved on "
                    + deserved + "; this may affect resource distribution during scheduling");
        }
        String guarantee = exceeding(sumGuarantee, sumGuaranteeHas, 0, a.guarantee, a.guaranteeHas, pb, s, dims);
        if (guarantee != null) {
            warnings.add("sum of child queue guarantees exceeds parent queue " + name(s, a, p) + " guarantee on "
                    + guarantee + "; not all child guarantees can be satisfied simultaneously");
        }
    }

    /** The dimensions where {@code v} exceeds a set entry of {@code limit} (cpu and memory always), or null. */
    private static String exceeding(long[] v, boolean[] vHas, int vb, long[] limit, boolean[] limitHas, int lb,
                                    SessionView s, int[] dims) {
        StringBuilder sb = null;
        for (int d : dims) {
            boolean compared = VolcanoDimensions.fixed(d) || vHas[vb + d] && limitHas[lb + d];
            if (compared && v[vb + d] > limit[lb + d]) {
                sb = sb == null ? new StringBuilder() : sb.append(", ");
                sb.append(s.dims().name(d));
            }
        }
        return sb == null ? null : sb.toString();
    }

    private static String name(SessionView s, QueueAttrs a, int q) {
        return q == a.virtualRoot ? QueueTree.ROOT : s.queues().name(q);
    }

    private static void setHasFixed(QueueAttrs a, int q, int[] dims) {
        int b = a.base(q);
        for (int d : dims) {
            if (VolcanoDimensions.fixed(d)) {
                a.deservedHas[b + d] = true;
                a.guaranteeHas[b + d] = true;
                a.capabilityHas[b + d] = true;
            }
        }
    }

    private void size(int stride) {
        if (total.length != stride) {
            total = new long[stride];
            sumGuarantee = new long[stride];
            sumGuaranteeHas = new boolean[stride];
            sumDeserved = new long[stride];
            sumDeservedHas = new boolean[stride];
            jobDelta = new long[4 * stride];
        }
    }
}
