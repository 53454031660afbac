package dev.caldera.kernel.select;

import dev.caldera.kernel.framework.FitErrors;

/**
 * Picks the node for one task: filter (resources against futureIdle, then every predicate), split the
 * feasible nodes into those where the request fits idle and those where it fits only futureIdle, score
 * the first non-empty group and take the best (BestNode hook, else highest score, ties to the lowest node
 * rank). Implementations must give identical answers.
 */
public interface NodeSelector {
    /** The chosen node row, or -1 when none fits (then {@link #errors()} says why). */
    int select(int task);

    /** Whether the last chosen node fits the task in idle resources (allocate) or only in futureIdle (pipeline). */
    boolean fitsIdle();

    /** Why the last task fit no node. */
    FitErrors errors();
}
