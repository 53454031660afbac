package dev.caldera.kernel.plugin.deviceshare;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The placement policies {@code deviceshare.SchedulePolicy} selects, by their configuration names. The
 * first five are the FGD paper's (its baselines and FGD itself, scored as its simulator scores them);
 * {@link #FGDFILL} is Caldera's own; {@link #NONE} (no scoring, devices by Volcano's lowest-id rule) is what
 * Volcano's gpushare does.
 */
public enum Policy {
    NONE("", null),
    BESTFIT("bestfit", BestFitPolicy::new),
    GPUPACKING("gpupacking", GpuPackingPolicy::new),
    DOTPROD("dotprod", DotProductPolicy::new),
    RANDOM("random", RandomPolicy::new),
    FGD("fgd", FgdPolicy::new),
    /** Caldera's own: FGD, its ties broken by the fill measure's look-ahead ({@link FillPolicy}). */
    FGDFILL("fgdfill", FillPolicy::new);

    /** The policy the replay uses when none is named. */
    public static final Policy DEFAULT = FGDFILL;

    private final String configName;
    private final Supplier<GpuPolicy> factory;

    Policy(String configName, Supplier<GpuPolicy> factory) {
        this.configName = configName;
        this.factory = factory;
    }

    public String configName() {
        return configName;
    }

    GpuPolicy create() {
        return factory == null ? null : factory.get();
    }

    /** The policy of a configuration name, or null. */
    public static Policy parse(String name) {
        for (Policy p : values()) {
            if (p != NONE && p.configName.equals(name)) {
                return p;
            }
        }
        return null;
    }

    /** Every configurable name, in declaration order. */
    public static List<String> names() {
        List<String> out = new ArrayList<>();
        for (Policy p : values()) {
            if (p != NONE) {
                out.add(p.configName);
            }
        }
        return out;
    }
}
