package dev.caldera.kernel.conf;

import java.util.List;

/** One tier of plugins; earlier tiers decide first where answers combine by tier. */
public record Tier(List<PluginOption> plugins) {
    public Tier {
        plugins = List.copyOf(plugins);
    }
}
