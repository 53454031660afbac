package dev.caldera.kernel.testing;

import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.conf.PluginOption;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Arguments and plugin entries built in a test whose warnings are kept for the test to read. */
public final class ConfWarnings {
    public final List<String> lines = new ArrayList<>();

    /** Arguments of {@code owner} (e.g. {@code plugin 'binpack'}) from key, value pairs. */
    public Arguments arguments(String owner, Object... keyValues) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            values.put((String) keyValues[i], keyValues[i + 1]);
        }
        return new Arguments(owner, values, Map.of(), lines::add);
    }

    /** A plugin entry named {@code name} with those arguments. */
    public PluginOption plugin(String name, Object... keyValues) {
        return new PluginOption(name, Map.of(), arguments("plugin '" + name + "'", keyValues));
    }
}
