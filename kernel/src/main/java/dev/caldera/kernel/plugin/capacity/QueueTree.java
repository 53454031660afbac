package dev.caldera.kernel.plugin.capacity;

import dev.caldera.kernel.framework.Queues;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;

import java.util.Arrays;

/**
 * The queue hierarchy of one session, as current Volcano's capacity plugin builds it
 * ({@code buildHierarchicalQueueAttrs} / {@code updateAncestors}): every live queue hangs under its
 * {@code spec.parent}, or under {@code root} when it names none; {@code root} is the queue of that name, or
 * an implicit one (slot {@link QueueAttrs#virtualRoot}) when the input has none, as Volcano's scheduler
 * creates it at start-up. An unknown parent or a cycle makes the tree invalid ({@link #problem}); the plugin
 * then refuses everything for the session, as Volcano does.
 * <p>
 * Layout: {@code parent[q]}, and each queue's ancestors from the root down in {@code ancestorPool} from
 * {@code ancestorStart[q]} for {@code depth[q]} entries (the root has none); {@code children[q]} counts
 * direct children; {@link #order} lists queues parents first.
 * <p>
 * Threading: scheduling thread; rebuilt at session open, O(queues x depth), arrays reused.
 */
final class QueueTree {
    static final String ROOT = "root";

    int root;
    int[] parent = new int[0];
    int[] depth = new int[0];
    int[] children = new int[0];
    int[] ancestorStart = new int[0];
    int[] ancestorPool = new int[0];
    int[] order = new int[0];
    int size;
    private int[] state = new int[0];
    private final Object2IntOpenHashMap<String> rowByName = new Object2IntOpenHashMap<>();
    private String problem;

    /** Builds the tree over the live queues of {@code queues}; false (see {@link #problem}) when invalid. */
    boolean build(Queues queues, int virtualRoot) {
        int slots = virtualRoot + 1;
        size(slots);
        problem = null;
        rowByName.clear();
        rowByName.defaultReturnValue(-1);
        for (int q = 0; q < queues.rows(); q++) {
            if (queues.live(q)) {
                rowByName.put(queues.name(q), q);
            }
        }
        root = rowByName.containsKey(ROOT) ? rowByName.getInt(ROOT) : virtualRoot;
        Arrays.fill(state, 0, slots, 0);
        Arrays.fill(children, 0, slots, 0);
        parent[root] = -1;
        for (int q = 0; q < queues.rows() && problem == null; q++) {
            if (queues.live(q) && q != root) {
                link(queues, q);
            }
        }
        if (problem != null) {
            return false;
        }
        ancestors(queues, slots);
        return true;
    }

    /** Why the tree is invalid (Volcano's error text), or null. */
    String problem() {
        return problem;
    }

    boolean isLeaf(int q) {
        return children[q] == 0;
    }

    boolean inTree(int q) {
        return q == root || state[q] == 2;
    }

    /** Sets parent[q], following parents up first; detects unknown parents and cycles. */
    private void link(Queues queues, int q) {
        int[] path = pathScratch(queues.rows() + 1);
        int n = 0;
        int at = q;
        while (at != root && state[at] != 2) {
            if (state[at] == 1) {
                problem = "cycle detected in queue hierarchy for queue " + queues.name(at);
                return;
            }
            state[at] = 1;
            path[n++] = at;
            String parentName = queues.parentName(at);
            String p = parentName == null || parentName.isEmpty() ? ROOT : parentName;
            int pq = p.equals(ROOT) ? root : rowByName.getInt(p);
            if (pq < 0) {
                problem = "the queue " + queues.name(at) + " has invalid parent queue " + p;
                return;
            }
            parent[at] = pq;
            at = pq;
        }
        for (int i = 0; i < n; i++) {
            state[path[i]] = 2;
            children[parent[path[i]]]++;
        }
    }

    /** Depths, the parents-first order (counting sort by depth) and every queue's ancestor list. */
    private void ancestors(Queues queues, int slots) {
        depth[root] = 0;
        int maxDepth = 0;
        int pool = 0;
        size = 1;
        for (int q = 0; q < queues.rows(); q++) {
            if (q != root && queues.live(q)) {
                depth[q] = depthOf(q);
                maxDepth = Math.max(maxDepth, depth[q]);
                pool += depth[q];
                size++;
            }
        }
        int[] count = new int[maxDepth + 2];
        for (int q = 0; q < queues.rows(); q++) {
            if (q != root && queues.live(q)) {
                count[depth[q] + 1]++;
            }
        }
        count[1]++;
        for (int d = 1; d < count.length; d++) {
            count[d] += count[d - 1];
        }
        order[count[0]++] = root;
        for (int q = 0; q < queues.rows(); q++) {
            if (q != root && queues.live(q)) {
                order[count[depth[q]]++] = q;
            }
        }
        fillAncestors(pool);
    }

    /** Depth of {@code q}: the steps up to the root (every parent is linked by now). */
    private int depthOf(int q) {
        int d = 0;
        for (int at = q; at != root; at = parent[at]) {
            d++;
        }
        return d;
    }

    private void fillAncestors(int pool) {
        if (ancestorPool.length < pool) {
            ancestorPool = new int[pool];
        }
        int next = 0;
        for (int i = 0; i < size; i++) {
            int q = order[i];
            ancestorStart[q] = next;
            if (q != root) {
                int p = parent[q];
                System.arraycopy(ancestorPool, ancestorStart[p], ancestorPool, next, depth[p]);
                ancestorPool[next + depth[p]] = p;
            }
            next += depth[q];
        }
    }

    /** The ancestor of {@code q} at {@code level} above it (1 = parent), or -1 (Volcano's queueAncestorAtDepth). */
    int ancestorAbove(int q, int level) {
        if (level <= 0 || depth[q] < level) {
            return -1;
        }
        return ancestorPool[ancestorStart[q] + depth[q] - level];
    }

    /** The ancestor of {@code q} at depth {@code i} from the root (0 = root). */
    int ancestorAt(int q, int i) {
        return ancestorPool[ancestorStart[q] + i];
    }

    /**
     * Volcano's getQueueLevel: the deepest index {@code i} at which the two ancestor lists agree (0 when they
     * agree only on the root).
     */
    int commonLevel(int a, int b) {
        int n = Math.min(depth[a], depth[b]);
        int level = 0;
        for (int i = 0; i < n; i++) {
            if (ancestorAt(a, i) != ancestorAt(b, i)) {
                return level;
            }
            level = i;
        }
        return level;
    }

    private int[] pathScratch(int n) {
        if (order.length < n) {
            order = new int[n];
        }
        return order;
    }

    private void size(int slots) {
        if (parent.length < slots) {
            parent = new int[slots];
            depth = new int[slots];
            children = new int[slots];
            ancestorStart = new int[slots];
            state = new int[slots];
            order = new int[slots];
        }
    }
}
