package dev.caldera.kernel.topology;

import dev.caldera.kernel.topology.HyperNodeMember;
import dev.caldera.kernel.topology.HyperNodeSpec;
import dev.caldera.kernel.cluster.NodeTable;
import dev.caldera.kernel.cluster.Symbols;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToIntFunction;

/**
 * Checks the HyperNodes and builds the {@link HyperNodeTree}. What is wrong is reported and skipped, never
 * thrown, so one bad object cannot stop scheduling:
 * <ul>
 *   <li>a member that selects nothing real (unknown node or HyperNode, bad pattern, a HyperNode member chosen by
 *       pattern or labels) is ignored;</li>
 *   <li>HyperNodes that are members of each other in a cycle are skipped;</li>
 *   <li>a HyperNode member whose tier is not lower than its parent's is ignored (the member stays a HyperNode of
 *       its own, under the top);</li>
 *   <li>a HyperNode listed as a member by several HyperNodes stays under the first by name;</li>
 *   <li>a HyperNode sharing a node with another HyperNode of its tier is skipped (the one later by name).</li>
 * </ul>
 * Everything is processed in name order, so the tree never depends on the order the objects arrived in.
 * <p>
 * Threading: scheduling thread. Cost: O(members x live nodes) for pattern and label members, O(HyperNodes x
 * their nodes) otherwise; runs only when HyperNodes or nodes change.
 */
final class TreeBuilder {
    private final HyperNodeSpec[] spec;
    private final int n;
    private final NodeTable nodes;
    private final int[] liveNodes;
    private final MemberResolver resolver;
    private final Object2IntOpenHashMap<String> index = new Object2IntOpenHashMap<>();
    private final IntArrayList[] links;
    private final IntArrayList[] direct;
    private final boolean[] skipped;
    private final int[] parentLink;
    private final int[][] nodeSet;
    private final List<String> problems = new ArrayList<>();

    private TreeBuilder(Collection<HyperNodeSpec> specs, NodeTable nodes, int[] liveNodes, Symbols symbols,
                        ToIntFunction<String> nodeRow) {
        spec = specs.toArray(new HyperNodeSpec[0]);
        Arrays.sort(spec, Comparator.comparing(HyperNodeSpec::name));
        n = spec.length;
        this.nodes = nodes;
        this.liveNodes = liveNodes;
        resolver = new MemberResolver(nodes, liveNodes, symbols, nodeRow);
        index.defaultReturnValue(-1);
        links = new IntArrayList[n];
        direct = new IntArrayList[n];
        skipped = new boolean[n];
        parentLink = new int[n];
        nodeSet = new int[n][];
        for (int i = 0; i < n; i++) {
            index.put(spec[i].name(), i);
            links[i] = new IntArrayList();
            direct[i] = new IntArrayList();
        }
    }

    /** The tree of {@code specs} over the live nodes ({@code nodeRow}: node name to row, -1 when unknown). */
    static HyperNodeTree build(Collection<HyperNodeSpec> specs, NodeTable nodes, int[] liveNodes, Symbols symbols,
                               ToIntFunction<String> nodeRow) {
        TreeBuilder b = new TreeBuilder(specs, nodes, liveNodes, symbols, nodeRow);
        b.resolveMembers();
        b.skipCycles();
        b.dropTierViolations();
        b.keepFirstParent();
        b.acceptByTier();
        return TreeLayout.of(b.spec, b.skipped, b.parentLink, b.nodeSet, nodes, b.liveNodes, b.problems);
    }

    private void resolveMembers() {
        for (int i = 0; i < n; i++) {
            for (HyperNodeMember m : spec[i].members()) {
                if (m.type() == HyperNodeMember.Type.NODE) {
                    resolver.resolve(spec[i].name(), m, direct[i], problems);
                } else {
                    linkHyperNode(i, m);
                }
            }
        }
    }

    private void linkHyperNode(int parent, HyperNodeMember m) {
        String where = "HyperNode " + spec[parent].name() + ": member " + m.describe();
        if (m.exactName() == null) {
            problems.add(where + ": HyperNode members are chosen by exact name only; the member is ignored");
            return;
        }
        int child = index.getInt(m.exactName());
        if (child < 0) {
            problems.add(where + " does not exist; the member is ignored");
        } else if (!links[parent].contains(child)) {
            links[parent].add(child);
        }
    }

    private void skipCycles() {
        for (int[] cycle : new Cycles(links, n).find()) {
            StringBuilder names = new StringBuilder();
            for (int i : cycle) {
                skipped[i] = true;
                names.append(names.length() == 0 ? "" : ", ").append(spec[i].name());
            }
            problems.add(cycle.length == 1 ? "HyperNode " + names + " is a member of itself; it is skipped"
                    : "HyperNodes " + names + " are members of each other in a cycle; they are skipped");
        }
    }

    private void dropTierViolations() {
        for (int p = 0; p < n; p++) {
            IntArrayList kids = links[p];
            for (int k = kids.size() - 1; k >= 0; k--) {
                int c = kids.getInt(k);
                if (skipped[p] || skipped[c]) {
                    kids.removeInt(k);
                } else if (spec[c].tier() >= spec[p].tier()) {
                    problems.add("HyperNode " + spec[p].name() + " (tier " + spec[p].tier() + "): member HyperNode "
                            + spec[c].name() + " has tier " + spec[c].tier() + ", not lower; the member is ignored");
                    kids.removeInt(k);
                }
            }
        }
    }

    private void keepFirstParent() {
        Arrays.fill(parentLink, -1);
        for (int p = 0; p < n; p++) {
            IntArrayList kids = links[p];
            for (int k = kids.size() - 1; k >= 0; k--) {
                int c = kids.getInt(k);
                if (parentLink[c] < 0) {
                    parentLink[c] = p;
                } else {
                    problems.add("HyperNode " + spec[c].name() + " is a member of both " + spec[parentLink[c]].name()
                            + " and " + spec[p].name() + "; it stays under " + spec[parentLink[c]].name()
                            + " (first by name)");
                    kids.removeInt(k);
                }
            }
        }
    }

    /** Tier by tier upwards: each HyperNode's nodes, skipping one that shares a node with another of its tier. */
    private void acceptByTier() {
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.<Integer>comparingInt(i -> spec[i].tier()).thenComparing(i -> spec[i].name()));
        int[] ownerTier = new int[nodes.capacity()];
        int[] owner = new int[nodes.capacity()];
        Arrays.fill(ownerTier, -1);
        for (int h : order) {
            if (skipped[h]) {
                continue;
            }
            int[] set = union(h);
            int clash = firstClash(set, spec[h].tier(), ownerTier, owner);
            if (clash >= 0) {
                reportOverlap(h, set, clash, ownerTier, owner);
                skipped[h] = true;
                continue;
            }
            for (int node : set) {
                ownerTier[node] = spec[h].tier();
                owner[node] = h;
            }
            nodeSet[h] = set;
        }
    }

    private int[] union(int h) {
        IntOpenHashSet set = new IntOpenHashSet(direct[h]);
        for (int i = 0; i < links[h].size(); i++) {
            int c = links[h].getInt(i);
            if (!skipped[c] && nodeSet[c] != null) {
                for (int node : nodeSet[c]) {
                    set.add(node);
                }
            }
        }
        int[] out = set.toIntArray();
        Arrays.sort(out);
        return out;
    }

    private static int firstClash(int[] set, int tier, int[] ownerTier, int[] owner) {
        for (int node : set) {
            if (ownerTier[node] == tier) {
                return node;
            }
        }
        return -1;
    }

    private void reportOverlap(int h, int[] set, int clash, int[] ownerTier, int[] owner) {
        int shared = 0;
        for (int node : set) {
            if (ownerTier[node] == spec[h].tier()) {
                shared++;
            }
        }
        problems.add("HyperNode " + spec[h].name() + " (tier " + spec[h].tier() + ") shares node "
                + nodes.name(clash) + (shared > 1 ? " and " + (shared - 1) + " more" : "") + " with HyperNode "
                + spec[owner[clash]].name() + " of the same tier (a node belongs to at most one HyperNode per"
                + " tier); " + spec[h].name() + " is skipped");
    }
}
