package dev.caldera.kernel.topology;

import dev.caldera.kernel.topology.HyperNodeSpec;
import dev.caldera.kernel.cluster.NodeTable;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;

import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

/**
 * Lays the checked HyperNodes out as {@link HyperNodeTree} arrays: ids in name order, the virtual root last,
 * nodes in a post-order walk of the tree (children first, then a HyperNode's own nodes, in node-name order) so
 * that nested HyperNodes are contiguous ranges, per-node chains of HyperNodes, depths and tiers.
 * Cost: O(HyperNodes + sum of their node counts + live nodes x log).
 */
final class TreeLayout {
    private final HyperNodeTree.Parts p = new HyperNodeTree.Parts();
    private final NodeTable nodes;
    private final int[][] sets;
    private int[] order;
    private int emitted;
    private int[] position;

    private TreeLayout(NodeTable nodes, int count) {
        this.nodes = nodes;
        this.sets = new int[count + 1][];
    }

    static HyperNodeTree of(HyperNodeSpec[] spec, boolean[] skipped, int[] parentLink, int[][] nodeSet,
                            NodeTable nodes, int[] liveNodes, List<String> problems) {
        int[] id = new int[spec.length];
        int count = 0;
        for (int i = 0; i < spec.length; i++) {
            id[i] = skipped[i] ? -1 : count++;
        }
        TreeLayout l = new TreeLayout(nodes, count);
        l.p.problems = problems;
        l.names(spec, id, count);
        l.parents(parentLink, id, count);
        for (int i = 0; i < spec.length; i++) {
            if (id[i] >= 0) {
                l.sets[id[i]] = l.byRank(nodeSet[i]);
            }
        }
        l.sets[count] = l.byRank(liveNodes);
        l.members(count, liveNodes.length);
        l.chains(count);
        l.tierNames(spec, id, problems);
        return new HyperNodeTree(l.p);
    }

    private void names(HyperNodeSpec[] spec, int[] id, int count) {
        p.count = count;
        p.name = new String[count + 1];
        p.tier = new int[count + 1];
        p.tierName = new String[count + 1];
        p.byName = new Object2IntOpenHashMap<>();
        p.byName.defaultReturnValue(-1);
        TreeSet<Integer> tiers = new TreeSet<>();
        for (int i = 0; i < spec.length; i++) {
            if (id[i] >= 0) {
                p.name[id[i]] = spec[i].name();
                p.tier[id[i]] = spec[i].tier();
                p.tierName[id[i]] = spec[i].tierName();
                p.byName.put(spec[i].name(), id[i]);
                tiers.add(spec[i].tier());
            }
        }
        int top = tiers.isEmpty() ? 1 : tiers.last() + 1;
        tiers.add(top);
        p.name[count] = HyperNodeTree.ROOT_NAME;
        p.tier[count] = top;
        p.byName.put(HyperNodeTree.ROOT_NAME, count);
        p.tiers = tiers.stream().mapToInt(Integer::intValue).toArray();
    }

    private void parents(int[] parentLink, int[] id, int count) {
        p.parent = new int[count + 1];
        p.parent[count] = -1;
        for (int i = 0; i < id.length; i++) {
            if (id[i] >= 0) {
                int link = parentLink[i];
                p.parent[id[i]] = link >= 0 && id[link] >= 0 ? id[link] : count;
            }
        }
        int[] childCount = new int[count + 2];
        for (int h = 0; h < count; h++) {
            childCount[p.parent[h] + 1]++;
        }
        p.childStart = new int[count + 2];
        for (int h = 0; h <= count; h++) {
            p.childStart[h + 1] = p.childStart[h] + childCount[h + 1];
        }
        p.children = new int[count];
        int[] fill = Arrays.copyOf(p.childStart, count + 1);
        for (int h = 0; h < count; h++) {
            p.children[fill[p.parent[h]]++] = h;
        }
        p.depth = new int[count + 1];
        fillDepth(count, 0);
    }

    private void fillDepth(int root, int rootDepth) {
        IntArrayList todo = IntArrayList.of(root);
        p.depth[root] = rootDepth;
        while (!todo.isEmpty()) {
            int h = todo.popInt();
            for (int i = p.childStart[h]; i < p.childStart[h + 1]; i++) {
                int c = p.children[i];
                p.depth[c] = p.depth[h] + 1;
                todo.add(c);
            }
        }
    }

    /** Node rows of {@code set} in node-name order. */
    private int[] byRank(int[] set) {
        Integer[] boxed = new Integer[set.length];
        for (int i = 0; i < set.length; i++) {
            boxed[i] = set[i];
        }
        Arrays.sort(boxed, (a, b) -> Integer.compare(nodes.rank(a), nodes.rank(b)));
        int[] out = new int[set.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = boxed[i];
        }
        return out;
    }

    private void members(int count, int live) {
        order = new int[live];
        position = new int[nodes.capacity()];
        Arrays.fill(position, -1);
        emit(count);
        p.memberStart = new int[count + 1];
        p.memberEnd = new int[count + 1];
        IntArrayList extra = new IntArrayList();
        for (int h = 0; h <= count; h++) {
            place(h, extra);
        }
        p.members = new int[live + extra.size()];
        System.arraycopy(order, 0, p.members, 0, live);
        extra.getElements(0, p.members, live, extra.size());
    }

    /** Post-order: the subtrees of {@code h}'s children, then {@code h}'s nodes not emitted yet. */
    private void emit(int h) {
        for (int i = p.childStart[h]; i < p.childStart[h + 1]; i++) {
            emit(p.children[i]);
        }
        for (int node : sets[h]) {
            if (position[node] < 0) {
                position[node] = emitted;
                order[emitted++] = node;
            }
        }
    }

    private void place(int h, IntArrayList extra) {
        int[] set = sets[h];
        int min = Integer.MAX_VALUE;
        int max = -1;
        for (int node : set) {
            min = Math.min(min, position[node]);
            max = Math.max(max, position[node]);
        }
        if (set.length == 0) {
            p.memberStart[h] = 0;
            p.memberEnd[h] = 0;
            p.contiguous++;
        } else if (max - min + 1 == set.length) {
            p.memberStart[h] = min;
            p.memberEnd[h] = max + 1;
            p.contiguous++;
        } else {
            p.memberStart[h] = order.length + extra.size();
            extra.addElements(extra.size(), set);
            p.memberEnd[h] = order.length + extra.size();
        }
    }

    /** Per node row the HyperNodes holding it, lowest tier first (then by id), the root last. */
    private void chains(int count) {
        int rows = nodes.capacity();
        int[] counts = new int[rows + 1];
        for (int h = 0; h <= count; h++) {
            for (int node : sets[h]) {
                counts[node + 1]++;
            }
        }
        p.chainStart = new int[rows + 1];
        for (int r = 0; r < rows; r++) {
            p.chainStart[r + 1] = p.chainStart[r] + counts[r + 1];
        }
        p.chain = new int[p.chainStart[rows]];
        int[] fill = Arrays.copyOf(p.chainStart, rows);
        for (int h = 0; h <= count; h++) {
            for (int node : sets[h]) {
                p.chain[fill[node]++] = h;
            }
        }
        p.leafOf = new int[rows];
        Arrays.fill(p.leafOf, -1);
        int lowest = p.tiers[0];
        for (int r = 0; r < rows; r++) {
            sortByTier(p.chainStart[r], p.chainStart[r + 1]);
            int first = p.chainStart[r];
            if (first < p.chainStart[r + 1] && p.chain[first] != count && p.tier[p.chain[first]] == lowest) {
                p.leafOf[r] = p.chain[first];
            }
        }
    }

    private void sortByTier(int from, int to) {
        for (int i = from + 1; i < to; i++) {
            int h = p.chain[i];
            int j = i - 1;
            while (j >= from && before(h, p.chain[j])) {
                p.chain[j + 1] = p.chain[j];
                j--;
            }
            p.chain[j + 1] = h;
        }
    }

    private boolean before(int a, int b) {
        return p.tier[a] != p.tier[b] ? p.tier[a] < p.tier[b] : a < b;
    }

    private void tierNames(HyperNodeSpec[] spec, int[] id, List<String> problems) {
        p.tierByName = new Object2IntOpenHashMap<>();
        p.tierByName.defaultReturnValue(-1);
        for (int i = 0; i < spec.length; i++) {
            String tierName = spec[i].tierName();
            if (id[i] < 0 || tierName == null) {
                continue;
            }
            int known = p.tierByName.getInt(tierName);
            if (known < 0) {
                p.tierByName.put(tierName, spec[i].tier());
            } else if (known != spec[i].tier()) {
                problems.add("HyperNode " + spec[i].name() + " names tier " + spec[i].tier() + " '" + tierName
                        + "', which earlier HyperNodes use for tier " + known + "; highestTierName '" + tierName
                        + "' means tier " + known);
            }
        }
    }
}
