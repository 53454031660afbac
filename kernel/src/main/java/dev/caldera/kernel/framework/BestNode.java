package dev.caldera.kernel.framework;

/** Lets a plugin pick the node among the scored candidates; -1 for no opinion. */
@FunctionalInterface
public interface BestNode {
    int bestNode(int task, int[] nodes, double[] scores, int count);
}
