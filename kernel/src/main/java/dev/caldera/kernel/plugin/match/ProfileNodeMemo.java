package dev.caldera.kernel.plugin.match;

import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.framework.Nodes;
import dev.caldera.kernel.framework.Profiles;
import dev.caldera.kernel.framework.SessionView;

import java.util.Arrays;

/**
 * A plugin's memo of a small value that depends only on a placement profile and a node's placement inputs
 * (labels, taints, unschedulable): a static predicate verdict, a preferred-affinity score, a count of
 * untolerated taints. Each (profile, node) pair is computed the first time it is asked and then kept across
 * sessions, until the node's {@code placementVersion} moves or the profile id is given to another spec, so a
 * steady cluster evaluates none of it again cycle after cycle, and every task class sharing a profile shares
 * the answers.
 * <p>
 * Storage: one {@code short[node row]} column per profile (0 = unknown, else value + 1), allocated by the
 * scheduling thread the first time it stores a value of that profile, within a byte budget; past the budget
 * the profile's values are not kept and callers compute them each time. Values must lie in [0, 32766].
 * <p>
 * Threading: {@link #refresh} on the scheduling thread at session open; {@link #get} and {@link #put} from
 * any thread for different nodes (filter workers store only into columns that exist; writes are idempotent).
 * Cost: refresh O(profile ids + node rows) plus O(columns) per node whose placement changed, O(profile ids + changed
 * nodes) when refreshed with the session's list of changed nodes ({@link #refresh(Profiles, Nodes, SessionView)});
 * get and put O(1), no allocation.
 */
public final class ProfileNodeMemo {
    public static final int UNKNOWN = -1;
    public static final int MAX_VALUE = Short.MAX_VALUE - 1;
    private static final long DEFAULT_BUDGET_BYTES = 64L << 20;

    private final long budgetBytes;
    private short[][] columns = new short[0][];
    private int[] profileVersions = new int[0];
    private int[] nodeVersions = new int[0];
    private long bytes;
    private Thread owner;
    private Nodes table;
    private Profiles<PlacementSpec> profileTable;
    private final ChangedNodes changes = new ChangedNodes();

    public ProfileNodeMemo() {
        this(DEFAULT_BUDGET_BYTES);
    }

    public ProfileNodeMemo(long budgetBytes) {
        this.budgetBytes = budgetBytes;
    }

    /** Drops what the cache changed since the last refresh: reassigned profile ids, nodes whose placement moved. */
    public void refresh(Profiles<PlacementSpec> profiles, Nodes nodes) {
        refresh(profiles, nodes, null);
    }

    /**
     * {@link #refresh(Profiles, Nodes)} at the open of {@code session}, whose nodes and profiles these are: when
     * only the nodes it lists as changed can have moved since the last refresh ({@link ChangedNodes}), only those
     * rows are looked at.
     */
    public void refresh(Profiles<PlacementSpec> profiles, Nodes nodes, SessionView session) {
        boolean listed = session != null && changes.onlyListed(session);
        owner = Thread.currentThread();
        if (!nodes.sameTable(table) || !profiles.sameTable(profileTable) || nodeVersions.length != nodes.capacity()) {
            table = nodes;
            profileTable = profiles;
            clearAll(nodes.capacity());
            Arrays.fill(profileVersions, 0);
            listed = false;
        }
        if (columns.length < profiles.size()) {
            columns = Arrays.copyOf(columns, Math.max(profiles.size(), columns.length * 2));
            profileVersions = Arrays.copyOf(profileVersions, columns.length);
        }
        for (int id = 0; id < profiles.size(); id++) {
            if (profiles.spec(id) == null || profileVersions[id] != profiles.version(id)) {
                drop(id);
                profileVersions[id] = profiles.spec(id) == null ? 0 : profiles.version(id);
            }
        }
        if (listed) {
            for (int i = 0; i < session.changedNodeCount(); i++) {
                refreshRow(nodes, session.changedNode(i));
            }
            return;
        }
        for (int row = 0; row < nodes.rows(); row++) {
            refreshRow(nodes, row);
        }
    }

    private void refreshRow(Nodes nodes, int row) {
        if (nodeVersions[row] != nodes.placementVersion(row)) {
            nodeVersions[row] = nodes.placementVersion(row);
            forget(row);
        }
    }

    /** The value kept for the pair, or {@link #UNKNOWN}. */
    public int get(int profile, int node) {
        short[] column = profile < columns.length ? columns[profile] : null;
        return column == null ? UNKNOWN : column[node] - 1;
    }

    /** Keeps {@code value} (0 to {@link #MAX_VALUE}) for the pair, when the profile's column exists or may be made. */
    public void put(int profile, int node, int value) {
        if (value < 0 || value > MAX_VALUE || profile >= columns.length) {
            return;
        }
        short[] column = columns[profile];
        if (column == null) {
            column = allocate(profile);
            if (column == null) {
                return;
            }
        }
        column[node] = (short) (value + 1);
    }

    /** Bytes held by columns (tests and metrics). */
    public long bytes() {
        return bytes;
    }

    private short[] allocate(int profile) {
        long size = 2L * nodeVersions.length;
        if (Thread.currentThread() != owner || bytes + size > budgetBytes) {
            return null;
        }
        short[] column = new short[nodeVersions.length];
        columns[profile] = column;
        bytes += size;
        return column;
    }

    private void forget(int row) {
        for (short[] column : columns) {
            if (column != null) {
                column[row] = 0;
            }
        }
    }

    private void drop(int id) {
        if (columns[id] != null) {
            bytes -= 2L * columns[id].length;
            columns[id] = null;
        }
    }

    private void clearAll(int capacity) {
        Arrays.fill(columns, null);
        bytes = 0;
        nodeVersions = new int[capacity];
        Arrays.fill(nodeVersions, -1);
    }
}
