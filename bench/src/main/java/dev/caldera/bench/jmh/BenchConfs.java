package dev.caldera.bench.jmh;

import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.conf.PluginFlag;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.conf.SchedulerConf;
import dev.caldera.kernel.conf.Tier;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Scheduler configurations the suites measure. */
public final class BenchConfs {
    private BenchConfs() {
    }

    /** Volcano's default configuration with binpack added to the second tier. */
    public static SchedulerConf defaultPlusBinpack() {
        SchedulerConf base = SchedulerConf.volcanoDefault();
        List<Tier> tiers = new ArrayList<>(base.tiers());
        List<PluginOption> second = new ArrayList<>(tiers.get(1).plugins());
        second.add(PluginOption.of("binpack"));
        tiers.set(1, new Tier(second));
        return new SchedulerConf(base.actions(), tiers, base.actionArguments());
    }

    /** {@link #defaultPlusBinpack()} with the network-topology-aware plugin in the second tier (the topology suites). */
    public static SchedulerConf defaultPlusBinpackAndTopology() {
        SchedulerConf base = defaultPlusBinpack();
        List<Tier> tiers = new ArrayList<>(base.tiers());
        List<PluginOption> second = new ArrayList<>(tiers.get(1).plugins());
        second.add(PluginOption.of("network-topology-aware"));
        tiers.set(1, new Tier(second));
        return new SchedulerConf(base.actions(), tiers, base.actionArguments());
    }

    /**
     * Volcano's default configuration with proportion replaced by capacity with {@code enableHierarchy} (as
     * Volcano's capacity guide sets it up) and binpack added: the hierarchical-queue suite of issue 16.
     */
    public static SchedulerConf capacityHierarchy() {
        SchedulerConf base = defaultPlusBinpack();
        List<Tier> tiers = new ArrayList<>();
        for (Tier t : base.tiers()) {
            List<PluginOption> plugins = new ArrayList<>();
            for (PluginOption p : t.plugins()) {
                plugins.add(p.name().equals("proportion") ? new PluginOption("capacity",
                        Map.of(PluginFlag.HIERARCHY, true), Arguments.NONE) : p);
            }
            tiers.add(new Tier(plugins));
        }
        return new SchedulerConf(base.actions(), tiers, base.actionArguments());
    }

    /**
     * The preemption-heavy configuration of issue 4: enqueue, allocate, preempt over priority, gang,
     * conformance / drf, proportion, predicates, nodeorder.
     */
    public static SchedulerConf preemption() {
        return new SchedulerConf(List.of("enqueue", "allocate", "preempt"),
                List.of(tier("priority", "gang", "conformance"),
                        tier("drf", "proportion", "predicates", "nodeorder")),
                Map.of());
    }

    private static Tier tier(String... plugins) {
        List<PluginOption> options = new ArrayList<>();
        for (String p : plugins) {
            options.add(PluginOption.of(p));
        }
        return new Tier(options);
    }
}
