package dev.caldera.kernel.plugin;

import dev.caldera.kernel.conf.ConfException;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.framework.Plugin;
import dev.caldera.kernel.framework.PluginFactory;
import dev.caldera.kernel.plugin.binpack.BinpackPlugin;
import dev.caldera.kernel.plugin.capacity.CapacityPlugin;
import dev.caldera.kernel.plugin.conformance.ConformancePlugin;
import dev.caldera.kernel.plugin.deviceshare.DeviceSharePlugin;
import dev.caldera.kernel.plugin.drf.DrfPlugin;
import dev.caldera.kernel.plugin.gang.GangPlugin;
import dev.caldera.kernel.plugin.networktopology.NetworkTopologyAwarePlugin;
import dev.caldera.kernel.plugin.nodeorder.NodeOrderPlugin;
import dev.caldera.kernel.plugin.overcommit.OvercommitPlugin;
import dev.caldera.kernel.plugin.predicates.PredicatesPlugin;
import dev.caldera.kernel.plugin.priority.PriorityPlugin;
import dev.caldera.kernel.plugin.proportion.ProportionPlugin;
import dev.caldera.kernel.plugin.sla.SlaPlugin;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Builds plugins by their volcano-scheduler.conf name. An unknown name is a {@link ConfException} that
 * lists every supported plugin.
 */
public final class PluginRegistry implements PluginFactory {
    private final Map<String, Function<PluginOption, Plugin>> factories = new LinkedHashMap<>();

    /** Every plugin Caldera implements. */
    public static PluginRegistry defaults() {
        PluginRegistry r = new PluginRegistry();
        r.register(PriorityPlugin.NAME, o -> new PriorityPlugin());
        r.register(GangPlugin.NAME, o -> new GangPlugin());
        r.register(ConformancePlugin.NAME, o -> new ConformancePlugin(o.arguments()));
        r.register(DrfPlugin.NAME, o -> new DrfPlugin());
        r.register(OvercommitPlugin.NAME, o -> new OvercommitPlugin(o.arguments()));
        r.register(ProportionPlugin.NAME, o -> new ProportionPlugin());
        r.register(CapacityPlugin.NAME, o -> new CapacityPlugin());
        r.register(PredicatesPlugin.NAME, o -> new PredicatesPlugin(o.arguments()));
        r.register(NodeOrderPlugin.NAME, o -> new NodeOrderPlugin(o.arguments()));
        r.register(BinpackPlugin.NAME, o -> new BinpackPlugin(o.arguments()));
        r.register(SlaPlugin.NAME, o -> SlaPlugin.fromArguments(o.arguments()));
        r.register(NetworkTopologyAwarePlugin.NAME, o -> new NetworkTopologyAwarePlugin(o.arguments()));
        r.register(DeviceSharePlugin.NAME, o -> new DeviceSharePlugin(o.arguments()));
        return r;
    }

    public PluginRegistry register(String name, Function<PluginOption, Plugin> factory) {
        factories.put(name, factory);
        return this;
    }

    public Set<String> names() {
        return factories.keySet();
    }

    @Override
    public Plugin create(PluginOption option) {
        Function<PluginOption, Plugin> f = factories.get(option.name());
        if (f == null) {
            throw new ConfException("unknown plugin '" + option.name() + "' in 'tiers'; supported: "
                    + String.join(", ", factories.keySet()));
        }
        return f.apply(option);
    }
}
