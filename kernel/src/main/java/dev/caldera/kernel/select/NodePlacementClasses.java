package dev.caldera.kernel.select;

import dev.caldera.kernel.cluster.LabelPairs;
import dev.caldera.kernel.cluster.NodeTable;
import dev.caldera.kernel.cluster.Symbols;
import dev.caldera.kernel.placement.PlacementProfiles;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.placement.PreferredTerm;
import dev.caldera.kernel.placement.SelectorRequirement;
import dev.caldera.kernel.placement.SelectorTerm;
import dev.caldera.kernel.session.Session;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A number per node for its placement inputs as the session's placement profiles can tell them apart
 * ({@link dev.caldera.kernel.framework.NodeInputs#PLACEMENT}): the values of the label keys some profile names in
 * a node selector or a node affinity term (required or preferred), the node's name when some term matches fields,
 * its taints and its unschedulable flag. Two nodes with the same number pass the same node filters and get the
 * same node affinity and taint scores for every profile of the session.
 * <p>
 * Kept across sessions: a node's number is recomputed when its {@code placementVersion} moves; every number is
 * recomputed when the profiles (their ids and versions) or the symbols of the named keys change.
 * <p>
 * Threading: scheduling thread. Allocation: only when numbers are recomputed (a key object per new number).
 */
final class NodePlacementClasses {
    private final Map<Key, Integer> ids = new HashMap<>();
    private final List<String> scratch = new ArrayList<>();
    private int[] classOf = new int[0];
    private int[] versionAt = new int[0];
    private NodeTable table;
    private long profilesFingerprint = Long.MIN_VALUE;
    private String[] keyNames = new String[0];
    private int[] keySymbols = new int[0];
    private boolean byName;
    /** Moves whenever the numbers start over for other keys (numbers of different generations do not compare). */
    private int generation;

    /** Brings the numbers up to the session's profiles and nodes (O(profiles) when nothing changed). */
    void refresh(Session session) {
        NodeTable nodes = session.nodeTable();
        boolean reset = nodes != table || classOf.length < nodes.capacity();
        long fingerprint = fingerprint(session.profileTable());
        if (fingerprint != profilesFingerprint) {
            // profile ids are given out again as pods come and go: only a change in the keys named matters
            profilesFingerprint = fingerprint;
            reset |= collectKeys(session.profileTable());
        }
        Symbols symbols = session.symbolTable();
        if (keySymbols.length != keyNames.length) {
            keySymbols = new int[keyNames.length];
            reset = true;
        }
        for (int i = 0; i < keyNames.length; i++) {
            int symbol = symbols.find(keyNames[i]);
            if (symbol != keySymbols[i]) {
                keySymbols[i] = symbol;
                reset = true;
            }
        }
        if (reset) {
            generation++;
            table = nodes;
            if (classOf.length < nodes.capacity()) {
                classOf = new int[nodes.capacity()];
                versionAt = new int[nodes.capacity()];
            }
            ids.clear();
            Arrays.fill(versionAt, Integer.MIN_VALUE);
        } else if (ids.size() > 2 * nodes.rows() + 64) {
            // numbers of nodes long changed or gone: start over rather than keep them
            ids.clear();
            Arrays.fill(versionAt, Integer.MIN_VALUE);
        }
    }

    /**
     * Moves when a refresh found other label keys named, other symbols for them or another node table: nodes
     * alike before may then differ (valid after {@link #refresh}).
     */
    int generation() {
        return generation;
    }

    /** The number of node row {@code node}'s placement inputs. */
    int of(int node) {
        NodeTable nodes = table;
        if (versionAt[node] != nodes.placementVersion(node)) {
            int[] values = new int[keySymbols.length];
            int[] labels = nodes.labels(node);
            for (int i = 0; i < values.length; i++) {
                values[i] = keySymbols[i] == Symbols.NONE ? Symbols.NONE : LabelPairs.value(labels, keySymbols[i]);
            }
            Key key = new Key(values, List.of(nodes.taints(node)), nodes.unschedulable(node),
                    byName ? nodes.name(node) : null);
            Integer id = ids.get(key);
            if (id == null) {
                id = ids.size();
                ids.put(key, id);
            }
            classOf[node] = id;
            versionAt[node] = nodes.placementVersion(node);
        }
        return classOf[node];
    }

    private static long fingerprint(PlacementProfiles profiles) {
        long fp = profiles.size();
        for (int id = 0; id < profiles.size(); id++) {
            fp = fp * 31 + (profiles.spec(id) == null ? 0 : profiles.version(id));
        }
        return fp;
    }

    /** Collects the keys the profiles name (no allocation unless they changed); true when they changed. */
    private boolean collectKeys(PlacementProfiles profiles) {
        List<String> keys = scratch;
        keys.clear();
        boolean wasByName = byName;
        byName = false;
        for (int id = 0; id < profiles.size(); id++) {
            PlacementSpec spec = profiles.spec(id);
            if (spec == null) {
                continue;
            }
            for (String key : spec.nodeSelector().keySet()) {
                keys.add(key);
            }
            for (SelectorTerm term : spec.requiredTerms()) {
                addTerm(term, keys);
            }
            for (PreferredTerm term : spec.preferredTerms()) {
                addTerm(term.term(), keys);
            }
        }
        keys.sort(null);
        int distinct = 0;
        for (int i = 0; i < keys.size(); i++) {
            if (distinct == 0 || !keys.get(i).equals(keys.get(distinct - 1))) {
                keys.set(distinct++, keys.get(i));
            }
        }
        boolean same = distinct == keyNames.length && byName == wasByName;
        for (int i = 0; same && i < distinct; i++) {
            same = keys.get(i).equals(keyNames[i]);
        }
        if (!same) {
            keyNames = keys.subList(0, distinct).toArray(new String[0]);
        }
        return !same;
    }

    private void addTerm(SelectorTerm term, List<String> keys) {
        for (SelectorRequirement r : term.labelExpressions()) {
            keys.add(r.key());
        }
        if (!term.fieldExpressions().isEmpty()) {
            byName = true;
        }
    }

    private record Key(int[] values, List<?> taints, boolean unschedulable, String name) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(values, k.values) && taints.equals(k.taints)
                    && unschedulable == k.unschedulable && java.util.Objects.equals(name, k.name);
        }

        @Override
        public int hashCode() {
            return ((Arrays.hashCode(values) * 31 + taints.hashCode()) * 31 + Boolean.hashCode(unschedulable)) * 31
                    + java.util.Objects.hashCode(name);
        }
    }
}
