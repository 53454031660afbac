package dev.caldera.kernel.conf;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * One plugin entry of a tier: its name, the enable flags it sets, its arguments, and where it was written
 * (for messages; not part of equality).
 */
public final class PluginOption {
    private final String name;
    private final Map<PluginFlag, Boolean> flags;
    private final Arguments arguments;
    private final Origin origin;

    public PluginOption(String name, Map<PluginFlag, Boolean> flags, Arguments arguments) {
        this(name, flags, arguments, Origin.NONE);
    }

    public PluginOption(String name, Map<PluginFlag, Boolean> flags, Arguments arguments, Origin origin) {
        this.name = Objects.requireNonNull(name, "name");
        this.flags = flags.isEmpty() ? Map.of() : new EnumMap<>(flags);
        this.arguments = Objects.requireNonNull(arguments, "arguments");
        this.origin = Objects.requireNonNull(origin, "origin");
    }

    public static PluginOption of(String name) {
        return new PluginOption(name, Map.of(), Arguments.NONE);
    }

    public String name() {
        return name;
    }

    public Map<PluginFlag, Boolean> flags() {
        return flags;
    }

    public Arguments arguments() {
        return arguments;
    }

    /** Where the entry was written ({@link Origin#NONE} when built in code). */
    public Origin origin() {
        return origin;
    }

    /** The flag's value, or its default when the entry does not set it. */
    public boolean enabled(PluginFlag flag) {
        Boolean v = flags.get(flag);
        return v == null ? flag.defaultValue() : v;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PluginOption p && name.equals(p.name) && flags.equals(p.flags)
                && arguments.equals(p.arguments);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, flags, arguments);
    }

    @Override
    public String toString() {
        return "PluginOption[name=" + name + ", flags=" + flags + ", arguments=" + arguments + "]";
    }
}
