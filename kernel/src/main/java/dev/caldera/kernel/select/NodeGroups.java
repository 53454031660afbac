package dev.caldera.kernel.select;

import dev.caldera.kernel.cluster.NodeTable;
import dev.caldera.kernel.cluster.NodeUsage;
import dev.caldera.kernel.framework.NodeInputs;
import dev.caldera.kernel.framework.NormalizedScorer;
import dev.caldera.kernel.session.NodeJournal;
import dev.caldera.kernel.session.Session;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The session's nodes in equivalence groups: nodes alike in everything the plugins read
 * ({@link NodeInputs}: resources and usage, placement inputs, the plugins' own key words) and not holding room
 * for a nominated pod form one group, which a {@link ClassView} filters and scores once for all its members.
 * <p>
 * Leaves: what a view keeps one result for. Leaf {@code g < groups} is group {@code g}; a node whose state changes
 * during the session (the {@link NodeJournal} names it) leaves its group for a leaf of its own, so the group's
 * remaining members stay alike. The last member of a group keeps the group's leaf. A leaf stands for
 * {@link #weight} nodes (0 for a group all of whose members left) and is represented by its lowest position
 * ({@link #repPosition}): the node the scan would pick among equally scored members. There are never more leaves
 * than nodes.
 * <p>
 * Views replay {@link #change}s: a leaf whose weight or representative moved, or (odd entries) a leaf whose node
 * changed and must be evaluated again. The changes are a ring; a view further behind than it holds, or one built
 * in another grouping ({@link #epoch}), is built again. Each change names the earlier one of the same leaf that a
 * replay starting at or before it has already done this change's work with ({@link #repeats}): a node placed on
 * again and again is then replayed once per catch-up without the replay keeping a mark per leaf.
 * <p>
 * A grouping is kept into the next session when the selector finds nothing global changed
 * ({@link #carryOver}): the nodes that session lists as changed leave their groups as journal records make them
 * do, and the changes recorded before {@link #sessionStart} came from between sessions (a node's placement
 * inputs may have changed too, so no verdict of theirs holds).
 * <p>
 * With the equivalence off, or a plugin that declares {@link NodeInputs#ANY}, every node is a group of its own:
 * the views then keep one result per node.
 * <p>
 * Threading: scheduling thread; read by filter workers while a view is built. Cost: grouping O(nodes x key words)
 * per session, O(1) amortized per journal record. Allocation: arrays sized once per cluster size.
 */
final class NodeGroups {
    private static final int RING = 1 << 15;
    private static final int MASK = RING - 1;
    private static final int BLOCK = 64;
    private static final int LEVELS = 4;

    private final NodePlacementClasses placement = new NodePlacementClasses();
    private final List<NodeInputs> ownKeys = new ArrayList<>();

    /** Incremented at every grouping; a view built in an older one is built again. */
    int epoch;
    private int groups;
    private int leaves;
    private int size;
    /** By position: its leaf. */
    private int[] leafOf = new int[0];
    /** By leaf. */
    private int[] repPosition = new int[0];
    private int[] repNode = new int[0];
    private int[] weight = new int[0];
    /** By leaf: the group a node's own leaf left, or the leaf itself. */
    private int[] origin = new int[0];
    /**
     * By leaf: a number given to the leaf's node state, new at every grouping, for a new leaf and at every change
     * that evaluates the leaf again (never reused: the count only grows). What is computed from a leaf's
     * node state alone ({@link ShapeView}) holds while the leaf's version does.
     */
    private long[] version = new long[0];
    private long lastVersion;
    /**
     * Whether this session's predicates read nothing of a node that changes in a session (their declared inputs
     * are placement inputs at most): a leaf's verdict then holds for the whole session, and a node that leaves its
     * group keeps the group's.
     */
    boolean staticVerdicts;
    /**
     * Bit {@code b} set when normalized scorer {@code b} reads nothing of a node that changes in a session: its raw
     * value for a node that leaves its group is the group's.
     */
    long staticRaws;
    /** By group: members (positions, ascending) from memberStart[g] to memberStart[g + 1]; cursor at the lowest still in. */
    private int[] memberStart = new int[1];
    private int[] members = new int[0];
    private int[] cursor = new int[0];
    private final int[] changes = new int[RING];
    /** By ring slot: {@link #repeats} of that change. */
    private final long[] repeated = new long[RING];
    /**
     * By level {@code l}, block by block of {@code BLOCK << 3l} ring slots (64, 512, 4,096 and 32,768): the slots
     * of the block's changes that repeat no earlier change of the block ({@link #repeats} before the block's
     * first), in order, the first {@code distinctCount[l][block]} of the block's entries. A replay from before a
     * block does none of the others, so {@link #replayed} reads the lists of the largest blocks that fit instead
     * of every change: on the long chained openb replay the catch-ups' windows held 27.5 million changes, of which
     * 0.85 million (3%) were replayed.
     */
    private final int[][] distinct = new int[LEVELS][RING];
    private final int[][] distinctCount = new int[LEVELS][];

    {
        for (int l = 0; l < LEVELS; l++) {
            distinctCount[l] = new int[RING >> 6 + 3 * l];
        }
    }
    /**
     * By leaf: the sequence of its last change and of its last change that evaluates it (-1: none in this
     * grouping), for {@link #repeats}.
     */
    private long[] lastChange = new long[0];
    private long[] lastEvaluation = new long[0];
    private long changeSequence;
    private long journalSequence;
    /** The first change of this session; earlier ones were recorded in earlier sessions or between them. */
    private long sessionStart;
    /** The plugins' node inputs and predicate inputs at the last grouping, and the placement numbers' generation. */
    private int inputs;
    private int verdictInputs;
    private int placementGeneration;

    private Session session;
    private NodePositions positions;
    private boolean grouped;
    private int words;
    private long[] keys = new long[0];
    private int[] table = new int[0];

    /**
     * Groups the session's nodes (at session start, or when the journal ran past what {@link #sync} read).
     * {@code equivalence} false: every node its own group.
     */
    void regroup(Session session, NodePositions positions, boolean equivalence) {
        this.session = session;
        this.positions = positions;
        epoch++;
        changeSequence = 0;
        sessionStart = 0;
        journalSequence = session.journal().sequence();
        size = positions.size;
        ensure(size);
        // sequences start again at 0: a last change of the old grouping would pass for one of the new
        Arrays.fill(lastChange, 0, size, -1);
        Arrays.fill(lastEvaluation, 0, size, -1);
        inputs = equivalence ? session.plugins().nodeInputs() : NodeInputs.ANY;
        grouped = inputs != NodeInputs.ANY;
        verdictInputs = equivalence ? session.plugins().predicateInputs() : NodeInputs.ANY;
        staticVerdicts = verdictInputs != NodeInputs.ANY
                && (verdictInputs & (NodeInputs.RESOURCES | NodeInputs.OWN)) == 0;
        staticRaws = equivalence ? staticRaws(session.plugins().normalizedScorers()) : 0;
        if (!grouped) {
            for (int p = 0; p < size; p++) {
                leafOf[p] = p;
            }
        } else {
            groupByKey(inputs);
        }
        fillMembers();
    }

    private static long staticRaws(NormalizedScorer[] scorers) {
        long bits = 0;
        for (int b = 0; b < Math.min(scorers.length, 64); b++) {
            int inputs = scorers[b].nodeInputs();
            if (inputs != NodeInputs.ANY && (inputs & (NodeInputs.RESOURCES | NodeInputs.OWN)) == 0) {
                bits |= 1L << b;
            }
        }
        return bits;
    }

    /**
     * Keeps this grouping for the session's next cycle instead of grouping again: each node the session lists as
     * changed since its last open ({@link Session#changedNode}) leaves its group (or is recorded for evaluation),
     * so the remaining members are still alike, and the session's journal is read from its start. The caller
     * checks that the node set, the nominations and the plugins' state versions held. False, with nothing
     * done, when the session copied every row or the plugins now read other inputs or the placement numbers
     * started over: group again. Cost: O(changed nodes), no allocation.
     */
    boolean carryOver(Session session, boolean equivalence) {
        if (session != this.session || session.openedWhole()
                || inputs != (equivalence ? session.plugins().nodeInputs() : NodeInputs.ANY)
                || verdictInputs != (equivalence ? session.plugins().predicateInputs() : NodeInputs.ANY)
                || staticRaws != (equivalence ? staticRaws(session.plugins().normalizedScorers()) : 0)) {
            return false;
        }
        if (grouped && (inputs & NodeInputs.PLACEMENT) != 0) {
            placement.refresh(session);
            if (placement.generation() != placementGeneration) {
                return false;
            }
        }
        int[] positionOf = positions.position;
        for (int i = 0; i < session.changedNodeCount(); i++) {
            int row = session.changedNode(i);
            int p = row < positionOf.length ? positionOf[row] : -1;
            if (p >= 0) {
                changed(p);
            }
        }
        journalSequence = 0;
        sessionStart = changeSequence;
        return true;
    }

    /** The first change recorded in this session: earlier ones came from earlier sessions or between them. */
    long sessionStart() {
        return sessionStart;
    }

    /** Detaches the nodes the journal names since the last sync; regroups when the journal no longer covers it. */
    void sync(NodeJournal journal, boolean equivalence) {
        long now = journal.sequence();
        if (journalSequence == now) {
            return;
        }
        if (!journal.covers(journalSequence)) {
            regroup(session, positions, equivalence);
            return;
        }
        int[] positionOf = positions.position;
        for (long s = journalSequence; s < now; s++) {
            int p = positionOf[journal.node(s)];
            if (p >= 0) {
                changed(p);
            }
        }
        journalSequence = now;
    }

    int leaves() {
        return leaves;
    }

    int groups() {
        return groups;
    }

    int weight(int leaf) {
        return weight[leaf];
    }

    int origin(int leaf) {
        return origin[leaf];
    }

    /**
     * Each leaf's state version: equal versions, equal node state in everything the plugins read (a re-weighed
     * group keeps its version: its remaining members are alike). Filter workers read it while a view is built.
     */
    long[] versions() {
        return version;
    }

    /** The newest leaf version given out ({@link #versions}): versions only grow. */
    long newestVersion() {
        return lastVersion;
    }

    int repPosition(int leaf) {
        return repPosition[leaf];
    }

    /** {@link #weight} of every leaf, for a view's bulk copy (read, never written, by views). */
    int[] weights() {
        return weight;
    }

    /** {@link #repPosition} of every leaf, for a view's bulk copy (read, never written, by views). */
    int[] repPositions() {
        return repPosition;
    }

    /** Node row of each leaf's representative (filter workers read it while a view is built). */
    int[] repNodes() {
        return repNode;
    }

    int leafOf(int position) {
        return leafOf[position];
    }

    long changeSequence() {
        return changeSequence;
    }

    /** True when every change since {@code since} is still in the ring. */
    boolean covers(long since) {
        return since >= 0 && changeSequence - since <= RING;
    }

    /**
     * Writes the sequences of the changes of {@code [since, changeSequence())} that a replay from {@code since}
     * does, those whose {@link #repeats} is before {@code since}, in order into {@code out} (room for all the
     * changes since then); returns how many. Reads the changes up to the first 64-change boundary one by one, then,
     * from each boundary on, the {@link #distinct} changes of the largest block that starts there (its list holds
     * only changes made so far). {@link #covers}{@code (since)} must hold. No allocation.
     */
    int replayed(long since, long[] out) {
        long now = changeSequence;
        long block = Math.min(now, (since + BLOCK - 1) & -BLOCK);
        int count = 0;
        for (long s = since; s < block; s++) {
            if (repeated[(int) (s & MASK)] < since) {
                out[count++] = s;
            }
        }
        while (block < now) {
            int l = LEVELS - 1;
            while (l > 0 && (block & (BLOCK << 3 * l) - 1) != 0) {
                l--;
            }
            int shift = 6 + 3 * l;
            int base = (int) (block & MASK);
            int[] list = distinct[l];
            for (int i = 0, n = distinctCount[l][base >> shift]; i < n; i++) {
                int slot = list[base + i];
                if (repeated[slot] < since) {
                    out[count++] = block + (slot - base);
                }
            }
            block += 1L << shift;
        }
        return count;
    }

    /** Change {@code s}: {@code leaf << 1}, plus 1 when the leaf's node must be evaluated again. */
    int change(long s) {
        return changes[(int) (s & MASK)];
    }

    /**
     * The sequence of the latest earlier change of change {@code s}'s leaf that does what {@code s} does: any
     * change of the leaf when {@code s} only re-weighs it, one that evaluates it when {@code s} evaluates it; -1
     * when there is none. A replay of the changes from {@code since} on does change {@code s}'s work only when
     * this is below {@code since}: otherwise it did it at that earlier change (with the leaf's state of the end
     * of the replay, which both read).
     */
    long repeats(long s) {
        return repeated[(int) (s & MASK)];
    }

    private void changed(int p) {
        int leaf = leafOf[p];
        if (weight[leaf] <= 1) {
            record(leaf, true);
            return;
        }
        int own = leaves++;
        leafOf[p] = own;
        repPosition[own] = p;
        repNode[own] = positions.node[p];
        weight[own] = 1;
        origin[own] = leaf;
        weight[leaf]--;
        if (repPosition[leaf] == p) {
            int c = cursor[leaf];
            while (leafOf[members[c]] != leaf) {
                c++;
            }
            cursor[leaf] = c;
            repPosition[leaf] = members[c];
            repNode[leaf] = positions.node[members[c]];
        }
        record(leaf, false);
        record(own, true);
    }

    private void record(int leaf, boolean evaluate) {
        long s = changeSequence++;
        int slot = (int) (s & MASK);
        if (evaluate) {
            version[leaf] = ++lastVersion;
            repeated[slot] = lastEvaluation[leaf];
            lastEvaluation[leaf] = s;
        } else {
            repeated[slot] = lastChange[leaf];
        }
        lastChange[leaf] = s;
        changes[slot] = leaf << 1 | (evaluate ? 1 : 0);
        for (int l = 0; l < LEVELS; l++) {
            int shift = 6 + 3 * l;
            int base = slot >> shift << shift;
            int[] counts = distinctCount[l];
            if (slot == base) {
                counts[slot >> shift] = 0;
            }
            if (repeated[slot] >= s - (slot - base)) {
                // it repeats a change of this block, so of every larger block holding it too
                return;
            }
            distinct[l][base + counts[slot >> shift]++] = slot;
        }
    }

    private void ensure(int n) {
        if (leafOf.length < n) {
            leafOf = new int[n];
            repPosition = new int[n];
            repNode = new int[n];
            weight = new int[n];
            origin = new int[n];
            version = new long[n];
            lastChange = new long[n];
            lastEvaluation = new long[n];
            members = new int[n];
            cursor = new int[n];
            memberStart = new int[n + 1];
        }
    }

    /** leafOf[p] = group of p by key, groups numbered in order of their lowest position. */
    private void groupByKey(int inputs) {
        session.plugins().nodeKeySources(ownKeys);
        placement.refresh(session);
        placementGeneration = placement.generation();
        boolean byPlacement = (inputs & NodeInputs.PLACEMENT) != 0;
        int dims = session.dims().count();
        int own = 0;
        for (int o = 0; o < ownKeys.size(); o++) {
            own += ownKeys.get(o).nodeKeyWords();
        }
        // resources always: the selector's own fit checks read them
        words = (byPlacement ? 1 : 0) + 5 * dims + own;
        if (keys.length < (long) (size + 1) * words) {
            keys = new long[(size + 1) * words];
        }
        int slots = Integer.highestOneBit(Math.max(4, size * 2 - 1)) << 1;
        if (table.length != slots) {
            table = new int[slots];
        } else {
            Arrays.fill(table, 0);
        }
        groups = 0;
        for (int p = 0; p < size; p++) {
            int node = positions.node[p];
            if (session.cache().nominations().any(node)) {
                // room held for nominated pods depends on the task's priority and the pods: never alike
                leafOf[p] = groups++;
                continue;
            }
            int at = groups * words;
            writeKey(node, at, byPlacement, dims);
            int hash = hash(at);
            int slot = hash & (slots - 1);
            while (true) {
                int g = table[slot] - 1;
                if (g < 0) {
                    table[slot] = groups + 1;
                    leafOf[p] = groups++;
                    break;
                }
                if (Arrays.equals(keys, g * words, g * words + words, keys, at, at + words)) {
                    leafOf[p] = g;
                    break;
                }
                slot = (slot + 1) & (slots - 1);
            }
        }
    }

    private void writeKey(int node, int at, boolean byPlacement, int dims) {
        long[] k = keys;
        int i = at;
        if (byPlacement) {
            k[i++] = placement.of(node);
        }
        NodeTable table = session.nodeTable();
        NodeUsage usage = session.usage();
        for (int d = 0; d < dims; d++) {
            k[i++] = table.allocatable(d, node);
            k[i++] = usage.idle(d, node);
            k[i++] = usage.used(d, node);
            k[i++] = usage.releasing(d, node);
            k[i++] = usage.pipelined(d, node);
        }
        for (int o = 0; o < ownKeys.size(); o++) {
            // indexed: an iterator per node is not always scalar-replaced
            NodeInputs source = ownKeys.get(o);
            source.nodeKey(node, k, i);
            i += source.nodeKeyWords();
        }
    }

    private int hash(int at) {
        long h = 0x9E3779B97F4A7C15L;
        for (int i = at; i < at + words; i++) {
            h = (h ^ keys[i]) * 0xBF58476D1CE4E5B9L;
            h ^= h >>> 31;
        }
        return (int) (h ^ (h >>> 32));
    }

    /** Members of each group in position order, weights and representatives; leaves = groups. */
    private void fillMembers() {
        groups = grouped ? groups : size;
        leaves = groups;
        Arrays.fill(memberStart, 0, groups + 1, 0);
        for (int p = 0; p < size; p++) {
            memberStart[leafOf[p] + 1]++;
        }
        for (int g = 0; g < groups; g++) {
            memberStart[g + 1] += memberStart[g];
            cursor[g] = memberStart[g];
            weight[g] = 0;
        }
        for (int p = 0; p < size; p++) {
            int g = leafOf[p];
            members[cursor[g] + weight[g]++] = p;
        }
        for (int g = 0; g < groups; g++) {
            origin[g] = g;
            version[g] = ++lastVersion;
            repPosition[g] = members[cursor[g]];
            repNode[g] = positions.node[repPosition[g]];
        }
    }
}
