package dev.caldera.kernel.conf;

import java.util.EnumMap;
import java.util.Map;

/** One plugin entry of a tier: its name, the enable flags it sets, and its arguments. */
public record PluginOption(String name, Map<PluginFlag, Boolean> flags, Arguments arguments) {
    public PluginOption {
        flags = flags.isEmpty() ? Map.of() : new EnumMap<>(flags);
    }

    public static PluginOption of(String name) {
        return new PluginOption(name, Map.of(), Arguments.NONE);
    }

    /** The flag's value, or its default when the entry does not set it. */
    public boolean enabled(PluginFlag flag) {
        Boolean v = flags.get(flag);
        return v == null ? flag.defaultValue() : v;
    }
}
