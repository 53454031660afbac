package dev.caldera.kernel.testing;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.conf.PluginFlag;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.conf.Tier;
import dev.caldera.kernel.framework.PluginChain;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.session.Session;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** Opens a session over a test cache with plugins from {@link PluginRegistry#defaults()}. */
public final class Sessions {
    private Sessions() {
    }

    /** Applies the cache's queued changes and opens a session with one tier of {@code plugins}. */
    public static Session open(ClusterCache cache, PluginOption... plugins) {
        return open(cache, List.of(new Tier(Arrays.asList(plugins))));
    }

    public static Session open(ClusterCache cache, List<Tier> tiers) {
        PluginChain chain = PluginChain.build(tiers, PluginRegistry.defaults());
        Session session = new Session(cache, chain);
        cache.applyChanges();
        cache.resolveJobPriorities();
        session.open();
        return session;
    }

    /** A plugin entry with the given enable flags. */
    public static PluginOption plugin(String name, Map<PluginFlag, Boolean> flags) {
        return new PluginOption(name, flags, Arguments.NONE);
    }

    /** A plugin entry with arguments. */
    public static PluginOption plugin(String name, Map<String, Object> arguments, String owner) {
        return new PluginOption(name, Map.of(), new Arguments(owner, arguments));
    }
}
