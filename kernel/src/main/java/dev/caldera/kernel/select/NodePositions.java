package dev.caldera.kernel.select;

import dev.caldera.kernel.session.Session;

import java.util.Arrays;

/**
 * The session's live nodes numbered in rank (node-name) order: position {@code p} is the node of rank
 * {@code p}, so the deterministic tie-break between equally scored nodes is simply the lower position.
 * <p>
 * Threading: rebuilt by the scheduling thread at the start of a session; read-only afterwards (filter workers
 * read it). Cost: O(node rows) per rebuild; allocates only when the cluster grew.
 */
final class NodePositions {
    /** Node row at each position. */
    int[] node = new int[0];
    /** Position of each node row, -1 for rows not in the session. */
    int[] position = new int[0];
    int size;

    void rebuild(Session session) {
        size = session.nodeCount();
        if (node.length < size) {
            node = new int[size];
        }
        int rows = session.nodeTable().capacity();
        if (position.length < rows) {
            position = new int[rows];
        }
        Arrays.fill(position, -1);
        for (int i = 0; i < size; i++) {
            int row = session.liveNodes()[i];
            node[session.nodeTable().rank(row)] = row;
            position[row] = session.nodeTable().rank(row);
        }
    }
}
