package dev.caldera.kernel.topology;

/**
 * A PodGroup's (or sub-group policy's) {@code networkTopology}: {@code mode} hard (a filter: every task inside
 * one HyperNode of tier at most the limit) or soft (a preference); the limit as {@code highestTierAllowed} or
 * as a tier name ({@code highestTierName}, resolved through the HyperNodes' {@code tierName}s). Both limits null
 * means no limit is set.
 */
public record NetworkTopologySpec(Mode mode, Integer highestTierAllowed, String highestTierName) {
    /** {@code networkTopology.mode}; Volcano defaults it to hard. */
    public enum Mode {
        HARD("hard"),
        SOFT("soft");

        private final String wire;

        Mode(String wire) {
            this.wire = wire;
        }

        public String wire() {
            return wire;
        }

        /** The mode for its spelling, or null when unknown. */
        public static Mode parse(String text) {
            for (Mode m : values()) {
                if (m.wire.equals(text)) {
                    return m;
                }
            }
            return null;
        }
    }

    public NetworkTopologySpec {
        mode = mode == null ? Mode.HARD : mode;
        if (highestTierAllowed != null && highestTierAllowed < 0) {
            throw new IllegalArgumentException("networkTopology.highestTierAllowed must not be negative, got "
                    + highestTierAllowed);
        }
        highestTierName = highestTierName == null || highestTierName.isEmpty() ? null : highestTierName;
    }

    public static NetworkTopologySpec hard(int highestTierAllowed) {
        return new NetworkTopologySpec(Mode.HARD, highestTierAllowed, null);
    }

    public static NetworkTopologySpec soft() {
        return new NetworkTopologySpec(Mode.SOFT, null, null);
    }
}
