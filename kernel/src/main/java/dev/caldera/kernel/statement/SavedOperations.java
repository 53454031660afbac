package dev.caldera.kernel.statement;

import java.util.Arrays;

/**
 * A copy of a statement's operations that survives its discard, so the statement can be replayed later
 * ({@link Statement#recover}). Topology-aware allocation dry-runs a job on several HyperNodes, saves each
 * attempt, discards it, and replays the best. Reusable: {@link Statement#save} overwrites it.
 */
public final class SavedOperations {
    UndoOp[] op = new UndoOp[16];
    int[] task = new int[16];
    int[] node = new int[16];
    int[] reason = new int[16];
    int size;

    void clear() {
        size = 0;
    }

    void add(UndoOp o, int t, int n, int r) {
        if (size == op.length) {
            op = Arrays.copyOf(op, size * 2);
            task = Arrays.copyOf(task, size * 2);
            node = Arrays.copyOf(node, size * 2);
            reason = Arrays.copyOf(reason, size * 2);
        }
        op[size] = o;
        task[size] = t;
        node[size] = n;
        reason[size++] = r;
    }

    public int size() {
        return size;
    }

    public int task(int i) {
        return task[i];
    }

    public int node(int i) {
        return node[i];
    }

    public UndoOp op(int i) {
        return op[i];
    }
}
