package dev.caldera.kernel.conf;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A parsed volcano-scheduler.conf: the actions in order, the plugin tiers, and per-action arguments
 * (the {@code configurations} list), plus where each action name was written (for messages; not part of
 * equality). Read one with {@link ConfParser}; check its names with {@link ConfValidator}; follow a file
 * with {@link ConfReloader}. Immutable.
 */
public final class SchedulerConf {
    private final List<String> actions;
    private final List<Tier> tiers;
    private final Map<String, Arguments> actionArguments;
    private final List<Origin> actionOrigins;

    public SchedulerConf(List<String> actions, List<Tier> tiers, Map<String, Arguments> actionArguments) {
        this(actions, tiers, actionArguments, Collections.nCopies(actions.size(), Origin.NONE));
    }

    /** {@code actionOrigins}: where each action name was written, one per action. */
    public SchedulerConf(List<String> actions, List<Tier> tiers, Map<String, Arguments> actionArguments,
                         List<Origin> actionOrigins) {
        if (actionOrigins.size() != actions.size()) {
            throw new IllegalArgumentException("one origin per action: " + actions + " " + actionOrigins);
        }
        this.actions = List.copyOf(actions);
        this.tiers = List.copyOf(tiers);
        this.actionArguments = Map.copyOf(actionArguments);
        this.actionOrigins = List.copyOf(actionOrigins);
    }

    public List<String> actions() {
        return actions;
    }

    public List<Tier> tiers() {
        return tiers;
    }

    public Map<String, Arguments> actionArguments() {
        return actionArguments;
    }

    /** Where action {@code index} was written. */
    public Origin actionOrigin(int index) {
        return actionOrigins.get(index);
    }

    /** The arguments configured for {@code action}, or {@link Arguments#NONE}. */
    public Arguments arguments(String action) {
        return actionArguments.getOrDefault(action, Arguments.NONE);
    }

    public boolean hasAction(String action) {
        return actions.contains(action);
    }

    /** This configuration with only the actions and plugins {@code keep} accepts (same order, same origins). */
    SchedulerConf retaining(java.util.function.Predicate<String> keepAction,
                            java.util.function.Predicate<PluginOption> keepPlugin) {
        List<String> names = new ArrayList<>();
        List<Origin> origins = new ArrayList<>();
        for (int i = 0; i < actions.size(); i++) {
            if (keepAction.test(actions.get(i))) {
                names.add(actions.get(i));
                origins.add(actionOrigins.get(i));
            }
        }
        List<Tier> kept = new ArrayList<>();
        for (Tier t : tiers) {
            kept.add(new Tier(t.plugins().stream().filter(keepPlugin).toList()));
        }
        return new SchedulerConf(names, kept, actionArguments, origins);
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

    @Override
    public boolean equals(Object o) {
        return o instanceof SchedulerConf c && actions.equals(c.actions) && tiers.equals(c.tiers)
                && actionArguments.equals(c.actionArguments);
    }

    @Override
    public int hashCode() {
        return Objects.hash(actions, tiers, actionArguments);
    }

    @Override
    public String toString() {
        return "SchedulerConf[actions=" + actions + ", tiers=" + tiers + ", actionArguments=" + actionArguments + "]";
    }
}
