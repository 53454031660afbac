package dev.caldera.kernel.plugin.deviceshare;

/**
 * Seeded hashing for the policies' random choices and tie-breaks: values in [0, 1) that are pure functions of
 * the seed and of node-local inputs, so scores stay node-local (the incremental selector's contract) and the
 * same seed gives the same run.
 * <p>
 * Pure; no allocation.
 */
final class TieBreak {
    /** How nodes of equal score are ordered ({@code deviceshare.TieBreak}). */
    enum Mode {
        /**
         * A seeded shuffle of the nodes, fixed for the run: the FGD simulator's kube-scheduler picks the first of
         * the best nodes in node-name order, and the simulator prefixes every node name with a seeded random
         * number, so ties always go to the same, randomly chosen nodes.
         */
        SHUFFLED,
        /** Redrawn for every placement: a hash of the task class and the node's current state. */
        RANDOM,
        /** Node-name order, the kernel's own tie-break. */
        RANK;

        static Mode parse(String text) {
            for (Mode m : values()) {
                if (m.name().toLowerCase(java.util.Locale.ROOT).equals(text)) {
                    return m;
                }
            }
            return null;
        }
    }

    private static final double UNIT = 0x1.0p-53;

    private TieBreak() {
    }

    /** SplitMix64's finalizer: a well-spread 64-bit digest of {@code z}. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /** A uniform value in [0, 1) for the four inputs. */
    static double uniform(long seed, long classHash, long nodeHash, long stateHash) {
        long h = mix(seed * 0x9e3779b97f4a7c15L + classHash);
        h = mix(h ^ nodeHash);
        h = mix(h + stateHash);
        return (h >>> 11) * UNIT;
    }

    /** A digest of a node name, stable across runs and JVMs. */
    static long ofName(String name) {
        long h = 1125899906842597L;
        for (int i = 0; i < name.length(); i++) {
            h = 31 * h + name.charAt(i);
        }
        return mix(h);
    }
}
