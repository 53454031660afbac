package dev.caldera.k8s.replay;

import dev.caldera.k8s.manifest.ManifestException;
import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.conf.ConfParser;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.conf.SchedulerConf;
import dev.caldera.kernel.conf.Tier;
import dev.caldera.kernel.plugin.deviceshare.DeviceSharePlugin;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The scheduler configuration a replay runs: {@link #DEFAULT} unless the user gives one, with the policy
 * and seed of the command line written into the {@code deviceshare} plugin's arguments
 * ({@code deviceshare.SchedulePolicy}, {@code deviceshare.Seed}).
 */
public final class ReplayConf {
    /** Allocate only (no preemption: a trace's pods are what they are), gang and priority order, GPU sharing. */
    public static final String DEFAULT = """
            actions: "allocate"
            tiers:
            - plugins:
              - name: priority
              - name: gang
            - plugins:
              - name: predicates
              - name: deviceshare
                arguments:
                  deviceshare.GPUSharingEnable: true
                  deviceshare.GPUNumberEnable: true
            """;

    private ReplayConf() {
    }

    /** {@code conf} (or the default when null) with {@code policy} and {@code seed} set on deviceshare. */
    public static SchedulerConf with(SchedulerConf conf, String policy, long seed) {
        SchedulerConf base = conf != null ? conf : ConfParser.parse(DEFAULT, "the replay's default configuration");
        List<Tier> tiers = new ArrayList<>();
        boolean found = false;
        for (Tier tier : base.tiers()) {
            List<PluginOption> plugins = new ArrayList<>();
            for (PluginOption p : tier.plugins()) {
                if (p.name().equals(DeviceSharePlugin.NAME)) {
                    Map<String, Object> args = new LinkedHashMap<>(p.arguments().asMap());
                    args.put("deviceshare.SchedulePolicy", policy);
                    args.put("deviceshare.Seed", seed);
                    p = new PluginOption(p.name(), p.flags(), new Arguments(p.name(), args));
                    found = true;
                }
                plugins.add(p);
            }
            tiers.add(new Tier(plugins));
        }
        if (!found) {
            throw new ManifestException("the scheduler configuration has no deviceshare plugin, so --policy and"
                    + " --seed cannot apply; add '- name: deviceshare' to a tier (see docs/REPLAY.md)");
        }
        return new SchedulerConf(base.actions(), tiers, base.actionArguments());
    }
}
