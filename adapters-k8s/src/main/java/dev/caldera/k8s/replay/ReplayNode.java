package dev.caldera.k8s.replay;

import dev.caldera.kernel.cache.NodeSpec;

/**
 * A node of a trace: its kernel spec (converted from a Kubernetes Node), its GPU count and where it was read.
 *
 * @param source {@code file:line} of the row or event that defines it
 */
public record ReplayNode(NodeSpec spec, int gpus, String source) {
    public String name() {
        return spec.name();
    }
}
