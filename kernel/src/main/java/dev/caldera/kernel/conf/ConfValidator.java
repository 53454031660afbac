package dev.caldera.kernel.conf;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Checks a configuration's action and plugin names against what this build supports, and reports every
 * unknown name at once, with where it is and the supported names, so one edit fixes them all.
 * Volcano itself skips an unknown plugin with a log line; Caldera refuses to start with a configuration it
 * would silently run differently.
 */
public final class ConfValidator {
    private ConfValidator() {
    }

    /** Checks actions and plugins; throws one ConfException listing every unknown name. */
    public static void validate(SchedulerConf conf, Set<String> knownActions, Set<String> knownPlugins) {
        List<String> problems = new ArrayList<>();
        unknownActions(conf, knownActions, problems);
        unknownPlugins(conf, knownPlugins, problems);
        if (!problems.isEmpty()) {
            throw new ConfException("scheduler configuration: " + String.join("; ", problems));
        }
    }

    /** Checks actions only, for a plugin factory that cannot list its names. */
    public static void validate(SchedulerConf conf, Set<String> knownActions) {
        validate(conf, knownActions, null);
    }

    private static void unknownActions(SchedulerConf conf, Set<String> known, List<String> problems) {
        List<String> unknown = new ArrayList<>();
        for (int i = 0; i < conf.actions().size(); i++) {
            String name = conf.actions().get(i);
            if (!known.contains(name)) {
                unknown.add("'" + name + "' (actions[" + i + "])");
            }
        }
        report("action", unknown, known, problems);
    }

    private static void unknownPlugins(SchedulerConf conf, Set<String> known, List<String> problems) {
        if (known == null) {
            return;
        }
        List<String> unknown = new ArrayList<>();
        for (int t = 0; t < conf.tiers().size(); t++) {
            List<PluginOption> plugins = conf.tiers().get(t).plugins();
            for (int p = 0; p < plugins.size(); p++) {
                if (!known.contains(plugins.get(p).name())) {
                    unknown.add("'" + plugins.get(p).name() + "' (tiers[" + t + "].plugins[" + p + "])");
                }
            }
        }
        report("plugin", unknown, known, problems);
    }

    private static void report(String kind, List<String> unknown, Set<String> known, List<String> problems) {
        if (unknown.isEmpty()) {
            return;
        }
        String noun = unknown.size() == 1 ? "unknown " + kind + " " : "unknown " + kind + "s ";
        problems.add(noun + String.join(", ", unknown) + "; supported " + kind + "s: " + String.join(", ", known));
    }
}
