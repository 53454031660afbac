package dev.caldera.kernel.topology;

import dev.caldera.kernel.topology.HyperNodeMember;
import dev.caldera.kernel.cluster.NodeTable;
import dev.caldera.kernel.cluster.Symbols;
import dev.caldera.kernel.placement.LabelSelector;
import it.unimi.dsi.fastutil.ints.IntArrayList;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Resolves the Node members of a HyperNode to node rows, as Volcano's {@code GetMembers} does: an exact name,
 * an unanchored regular expression over node names, or a label selector over node labels (an empty selector
 * selects nothing). A member that cannot select anything real (an unknown node, a malformed pattern, an empty
 * selector) is reported and contributes no node.
 * <p>
 * Threading: scheduling thread, while the tree is rebuilt. Cost: O(live nodes) per regex or label member.
 */
final class MemberResolver {
    private final NodeTable nodes;
    private final int[] liveNodes;
    private final Symbols symbols;
    private final ToIntFunction<String> nodeRow;
    private final it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap<Map<String, String>> labelMaps =
            new it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap<>();

    MemberResolver(NodeTable nodes, int[] liveNodes, Symbols symbols, ToIntFunction<String> nodeRow) {
        this.nodes = nodes;
        this.liveNodes = liveNodes;
        this.symbols = symbols;
        this.nodeRow = nodeRow;
    }

    /** Adds the node rows {@code member} selects to {@code into}; problems go to {@code problems}. */
    void resolve(String hyperNode, HyperNodeMember member, IntArrayList into, List<String> problems) {
        if (member.exactName() != null) {
            int row = nodeRow.applyAsInt(member.exactName());
            if (row < 0 || !nodes.live(row)) {
                problems.add("HyperNode " + hyperNode + ": member " + member.describe()
                        + " is not a node of the cluster; the member is ignored");
                return;
            }
            into.add(row);
        } else if (member.regex() != null) {
            matchPattern(hyperNode, member, into, problems);
        } else {
            matchLabels(hyperNode, member, into, problems);
        }
    }

    private void matchPattern(String hyperNode, HyperNodeMember member, IntArrayList into, List<String> problems) {
        Pattern pattern;
        try {
            pattern = Pattern.compile(member.regex());
        } catch (PatternSyntaxException e) {
            problems.add("HyperNode " + hyperNode + ": member " + member.describe() + " is not a valid regular"
                    + " expression (" + e.getDescription() + "); the member is ignored");
            return;
        }
        for (int row : liveNodes) {
            if (pattern.matcher(nodes.name(row)).find()) {
                into.add(row);
            }
        }
    }

    private void matchLabels(String hyperNode, HyperNodeMember member, IntArrayList into, List<String> problems) {
        LabelSelector match = member.labels();
        if (match.isEmpty()) {
            problems.add("HyperNode " + hyperNode + ": member " + member.describe()
                    + " has an empty label selector, which selects no node");
            return;
        }
        for (int row : liveNodes) {
            if (match.matches(labels(row))) {
                into.add(row);
            }
        }
    }

    private Map<String, String> labels(int row) {
        Map<String, String> m = labelMaps.get(row);
        if (m == null) {
            int[] pairs = nodes.labels(row);
            m = new HashMap<>();
            for (int i = 0; i < pairs.length; i += 2) {
                m.put(symbols.string(pairs[i]), symbols.string(pairs[i + 1]));
            }
            labelMaps.put(row, m);
        }
        return m;
    }
}
