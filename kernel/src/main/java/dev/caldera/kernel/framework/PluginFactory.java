package dev.caldera.kernel.framework;

import dev.caldera.kernel.conf.PluginOption;

/** Builds a plugin from its configuration entry; throws ConfException for a bad name or argument. */
@FunctionalInterface
public interface PluginFactory {
    Plugin create(PluginOption option);
}
