package dev.caldera.kernel.cluster;

import dev.caldera.kernel.util.RowMarks;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** NodeUsage keeps each node's row whole (node-major) as rows and dimensions grow and rows are copied. */
class NodeUsageTest {

    @Test
    void growingRowsAndDimensionsKeepsEveryNodesUsage() {
        NodeUsage u = filled(3, 6);
        long[][] before = image(u, 6, 3);

        u.ensureDims(5);
        u.ensureRows(100);

        assertThat(image(u, 6, 3)).isDeepEqualTo(before);
        for (int node = 0; node < 6; node++) {
            for (int d = 3; d < 5; d++) {
                assertThat(new long[] {u.idle(d, node), u.used(d, node), u.releasing(d, node), u.pipelined(d, node)})
                        .containsOnly(0);
            }
        }
    }

    @Test
    void addThenRemoveLeavesTheRowAsItWas() {
        NodeUsage u = filled(4, 3);
        long[][] before = image(u, 3, 4);
        long[] request = {7, 9, 1, 2};
        for (byte status : new byte[] {TaskStatus.RUNNING, TaskStatus.RELEASING, TaskStatus.PIPELINED}) {
            u.add(1, request, status);
            u.remove(1, request, status);
        }
        assertThat(image(u, 3, 4)).isDeepEqualTo(before);
    }

    @Test
    void copyRowsTakesTheMarkedRowsOnly() {
        NodeUsage from = filled(3, 5);
        NodeUsage to = new NodeUsage(3);
        to.ensureRows(5);
        RowMarks marks = new RowMarks();
        marks.mark(1);
        marks.mark(3);

        to.copyRows(from, marks, 5);

        for (int node = 0; node < 5; node++) {
            boolean copied = node == 1 || node == 3;
            assertThat(image(to, 5, 3)[node]).isEqualTo(copied ? image(from, 5, 3)[node] : new long[12]);
        }
    }

    @Test
    void aRequestWiderThanTheTableIsRefusedAndWritesNothing() {
        NodeUsage u = filled(3, 2);
        long[][] before = image(u, 2, 3);
        assertThatThrownBy(() -> u.add(0, new long[] {1, 1, 1, 1}, TaskStatus.RUNNING))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(image(u, 2, 3)).isDeepEqualTo(before);
    }

    /** {@code nodes} rows of {@code dims} dimensions, each with a running, a releasing and a pipelined task. */
    private static NodeUsage filled(int dims, int nodes) {
        NodeUsage u = new NodeUsage(dims);
        u.ensureRows(nodes);
        for (int node = 0; node < nodes; node++) {
            for (int d = 0; d < dims; d++) {
                u.idle(d, node, 1000 + 10L * node + d);
            }
            u.add(node, request(dims, node + 1), TaskStatus.RUNNING);
            u.add(node, request(dims, node + 2), TaskStatus.RELEASING);
            u.add(node, request(dims, node + 3), TaskStatus.PIPELINED);
        }
        return u;
    }

    private static long[] request(int dims, int base) {
        long[] r = new long[dims];
        for (int d = 0; d < dims; d++) {
            r[d] = base * (d + 1L);
        }
        return r;
    }

    /** Per node: idle, used, releasing and pipelined of each dimension. */
    private static long[][] image(NodeUsage u, int nodes, int dims) {
        long[][] out = new long[nodes][4 * dims];
        for (int node = 0; node < nodes; node++) {
            for (int d = 0; d < dims; d++) {
                out[node][4 * d] = u.idle(d, node);
                out[node][4 * d + 1] = u.used(d, node);
                out[node][4 * d + 2] = u.releasing(d, node);
                out[node][4 * d + 3] = u.pipelined(d, node);
            }
        }
        return out;
    }
}
