package dev.caldera.kernel.framework;

import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.conf.ConfException;

/**
 * Typed reads of one plugin's {@code arguments} when the plugin is built, with current Volcano's
 * {@code framework.Arguments} rules ({@link Arguments}): a value of the wrong YAML type is ignored with a
 * warning naming the key, its file and line, and the default that stays in force; a plugin's own range rule
 * (e.g. binpack's "a negative resource weight becomes 1") warns through {@link #warn}. Unknown keys are
 * left alone, as Volcano leaves them.
 * <p>
 * Threading: construction time only.
 */
public final class PluginArguments {
    private final Arguments arguments;

    public PluginArguments(String plugin, Arguments arguments) {
        this.arguments = arguments == null || arguments.keys().isEmpty()
                ? new Arguments("plugin '" + plugin + "'", java.util.Map.of()) : arguments;
    }

    public Arguments raw() {
        return arguments;
    }

    public boolean has(String key) {
        return arguments.has(key);
    }

    /**
     * A score weight (Volcano's {@code GetInt}), or {@code defaultValue}. A negative weight is used as it is,
     * as Volcano multiplies by it (the scorer then pushes tasks away from what it would favour).
     */
    public int weight(String key, int defaultValue) {
        return arguments.getInt(key, defaultValue);
    }

    /** Volcano's {@code GetInt}: a YAML integer, or {@code defaultValue}. */
    public int integer(String key, int defaultValue) {
        return arguments.getInt(key, defaultValue);
    }

    /** Volcano's {@code GetFloat64}: a YAML integer or float, or {@code defaultValue}. */
    public double number(String key, double defaultValue) {
        return arguments.getDouble(key, defaultValue);
    }

    /** Volcano's {@code GetBool}: a YAML boolean or a Go boolean string, or {@code defaultValue}. */
    public boolean flag(String key, boolean defaultValue) {
        return arguments.getBoolean(key, defaultValue);
    }

    /** Volcano's {@code GetString}: a YAML string, or {@code defaultValue}. */
    public String text(String key, String defaultValue) {
        return arguments.getString(key, defaultValue);
    }

    /** A warning about {@code key} of this plugin (where it was written, why, what is used instead). */
    public void warn(String key, String why) {
        arguments.warn(key, why);
    }

    /** A refusal of {@code key} of this plugin, for what Volcano refuses too. */
    public ConfException error(String key, String why) {
        return arguments.error(key, why);
    }
}
