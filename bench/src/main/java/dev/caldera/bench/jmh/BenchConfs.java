package dev.caldera.bench.jmh;

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
