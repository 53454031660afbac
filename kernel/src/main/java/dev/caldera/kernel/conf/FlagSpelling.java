package dev.caldera.kernel.conf;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Suggests the real spelling of a mistyped enable flag. Volcano reads flags by exact, case-sensitive key
 * and silently ignores any other, so {@code enableOverused: false} leaves the overused check on; the hint
 * makes that visible.
 */
final class FlagSpelling {
    private static final List<String> KEYS = allKeys();

    private FlagSpelling() {
    }

    /** " (did you mean 'enabledOverused'? ...)" when {@code key} is a near miss of a flag, else "". */
    static String suggestion(String key) {
        String wanted = normalize(key);
        for (String known : KEYS) {
            if (normalize(known).equals(wanted)) {
                return " (did you mean '" + known + "'? Volcano reads only that spelling, so the flag keeps its"
                        + " default)";
            }
        }
        return "";
    }

    /** Case-folded, without the enable/enabled prefix: both spellings of one flag meet here. */
    private static String normalize(String key) {
        String k = key.toLowerCase(Locale.ROOT);
        if (k.startsWith("enabled")) {
            return k.substring("enabled".length());
        }
        return k.startsWith("enable") ? k.substring("enable".length()) : k;
    }

    private static List<String> allKeys() {
        List<String> keys = new ArrayList<>();
        for (PluginFlag f : PluginFlag.values()) {
            keys.add(f.key());
        }
        for (IgnoredFlag f : IgnoredFlag.values()) {
            keys.addAll(f.keys());
        }
        return List.copyOf(keys);
    }
}
