package dev.caldera.kernel.conf;

import java.util.List;
import java.util.Map;

/**
 * A parsed volcano-scheduler.conf: the actions in order, the plugin tiers, and per-action arguments
 * (the {@code configurations} list). Read one with {@link ConfParser}; check its names with
 * {@link ConfValidator}; follow a file with {@link ConfReloader}.
 */
public record SchedulerConf(List<String> actions, List<Tier> tiers, Map<String, Arguments> actionArguments) {
    public SchedulerConf {
        actions = List.copyOf(actions);
        tiers = List.copyOf(tiers);
        actionArguments = Map.copyOf(actionArguments);
    }

    /** The arguments configured for {@code action}, or {@link Arguments#NONE}. */
    public Arguments arguments(String action) {
        return actionArguments.getOrDefault(action, Arguments.NONE);
    }

    public boolean hasAction(String action) {
        return actions.contains(action);
    }

    /**
     * Volcano's built-in default: enqueue, allocate, backfill over the default two tiers, with no
     * {@code configurations} (Volcano's default text has none; actions use their own argument defaults).
     * Equal to what {@link ConfParser} makes of Volcano's default text.
     */
    public static SchedulerConf volcanoDefault() {
        return new SchedulerConf(
                List.of("enqueue", "allocate", "backfill"),
                List.of(new Tier(List.of(PluginOption.of("priority"), PluginOption.of("gang"),
                                PluginOption.of("conformance"))),
                        new Tier(List.of(PluginOption.of("overcommit"), PluginOption.of("drf"),
                                PluginOption.of("predicates"), PluginOption.of("proportion"),
                                PluginOption.of("nodeorder")))),
                Map.of());
    }
}
