package dev.caldera.kernel.topology;

import it.unimi.dsi.fastutil.ints.IntArrayList;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The cycles of a directed graph given as adjacency lists: its strongly connected components with more than one
 * vertex, or one vertex linked to itself (Tarjan's algorithm, iterative so that a long chain cannot overflow the
 * stack). Each cycle is returned with its vertices ascending, cycles ordered by their smallest vertex.
 * Cost: O(vertices + edges).
 */
final class Cycles {
    private final IntArrayList[] edges;
    private final int n;
    private final int[] index;
    private final int[] low;
    private final boolean[] onStack;
    private final IntArrayList stack = new IntArrayList();
    private final List<int[]> found = new ArrayList<>();
    private int counter;

    Cycles(IntArrayList[] edges, int n) {
        this.edges = edges;
        this.n = n;
        index = new int[n];
        low = new int[n];
        onStack = new boolean[n];
        Arrays.fill(index, -1);
    }

    List<int[]> find() {
        for (int v = 0; v < n; v++) {
            if (index[v] < 0) {
                visit(v);
            }
        }
        found.sort((a, b) -> Integer.compare(a[0], b[0]));
        return found;
    }

    private void visit(int start) {
        IntArrayList path = new IntArrayList();
        IntArrayList next = new IntArrayList();
        open(start, path, next);
        while (!path.isEmpty()) {
            int v = path.getInt(path.size() - 1);
            int i = next.getInt(next.size() - 1);
            if (i < edges[v].size()) {
                next.set(next.size() - 1, i + 1);
                int w = edges[v].getInt(i);
                if (index[w] < 0) {
                    open(w, path, next);
                } else if (onStack[w]) {
                    low[v] = Math.min(low[v], index[w]);
                }
                continue;
            }
            path.popInt();
            next.popInt();
            if (!path.isEmpty()) {
                int u = path.getInt(path.size() - 1);
                low[u] = Math.min(low[u], low[v]);
            }
            if (low[v] == index[v]) {
                closeComponent(v);
            }
        }
    }

    private void open(int v, IntArrayList path, IntArrayList next) {
        index[v] = counter;
        low[v] = counter++;
        stack.add(v);
        onStack[v] = true;
        path.add(v);
        next.add(0);
    }

    private void closeComponent(int root) {
        IntArrayList component = new IntArrayList();
        int w;
        do {
            w = stack.popInt();
            onStack[w] = false;
            component.add(w);
        } while (w != root);
        if (component.size() > 1 || edges[root].contains(root)) {
            int[] c = component.toIntArray();
            Arrays.sort(c);
            found.add(c);
        }
    }
}
