package dev.caldera.kernel.action;

import dev.caldera.kernel.conf.Arguments;

/**
 * The preempt action's arguments, read as current Volcano's {@code parseArguments} (actions/preempt/preempt.go)
 * reads them with {@code GetBool} and {@code GetInt}: {@code enableTopologyAwarePreemption} (default false);
 * for that mode, how many candidate nodes the dry run looks for: {@code minCandidateNodesPercentage} of the
 * candidate nodes (10), at least {@code minCandidateNodesAbsolute} (1), at most
 * {@code maxCandidateNodesAbsolute} (100). {@code topologyAwarePreemptWorkerNum} is read and has no effect:
 * Caldera tries the nodes one after another.
 */
record PreemptOptions(boolean topologyAware, int minCandidatePercent, int minCandidates, int maxCandidates) {
    static final PreemptOptions DEFAULT = new PreemptOptions(false, 10, 1, 100);

    static PreemptOptions from(Arguments args) {
        args.getInt("topologyAwarePreemptWorkerNum", 16);
        return new PreemptOptions(args.getBoolean("enableTopologyAwarePreemption", false),
                args.getInt("minCandidateNodesPercentage", 10), args.getInt("minCandidateNodesAbsolute", 1),
                args.getInt("maxCandidateNodesAbsolute", 100));
    }

    /** Volcano's {@code calculateNumCandidates}: how many candidates the dry run collects among {@code nodes}. */
    int candidatesFor(int nodes) {
        int n = (int) ((long) nodes * minCandidatePercent / 100);
        n = Math.max(n, minCandidates);
        n = Math.min(n, maxCandidates);
        return Math.min(n, nodes);
    }
}
