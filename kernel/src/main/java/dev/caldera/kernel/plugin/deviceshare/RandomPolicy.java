package dev.caldera.kernel.plugin.deviceshare;

/**
 * Random fit, as the FGD paper's baseline ({@code RandomScore}): every node that fits is equally likely; a
 * share goes to a random device with room. The score is the seeded uniform value itself (times 100), so it
 * needs no further tie-break.
 */
final class RandomPolicy implements GpuPolicy {
    @Override
    public double score(GpuState s, int cls, int node) {
        return 100 * s.uniform(cls, node, 1);
    }

    @Override
    public long choose(GpuState s, int cls, int node) {
        return DeviceChoice.random(s, cls, node);
    }

    /** The draw digests the whole class ({@link GpuClasses#hash}): two classes of one shape draw apart. */
    @Override
    public boolean readsShapeOnly() {
        return false;
    }

    /** The draw digests the node's name: two nodes alike draw apart. */
    @Override
    public boolean readsNodeStateOnly() {
        return false;
    }

    @Override
    public boolean integerScores() {
        return false;
    }
}
