package dev.caldera.kernel.conf;

import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Checks a configuration's action and plugin names against what this build supports, the way current Volcano
 * treats them ({@code pkg/scheduler/util.go} {@code UnmarshalSchedulerConf}, {@code framework/framework.go}
 * {@code OpenSession}), and returns the configuration Caldera runs:
 * <ul>
 *   <li>an action Volcano does not know is refused, as Volcano refuses the whole configuration ("failed to
 *       find Action"); every such name is reported at once, each with its file, line and column;</li>
 *   <li>an action Volcano has and Caldera does not implement ({@code shuffle}, {@code gangpreempt},
 *       {@code gangreclaim}) is skipped with a warning: Volcano would run the configuration;</li>
 *   <li>a plugin Caldera does not implement, whether Volcano knows it or not, is skipped with a warning, as
 *       Volcano skips an unknown plugin ("Failed to get plugin", logged every session).</li>
 * </ul>
 */
public final class ConfValidator {
    private static final Consumer<String> LOG = LoggerFactory.getLogger(ConfValidator.class)::warn;

    private ConfValidator() {
    }

    /**
     * The configuration to run: unknown action names refused (one ConfException listing them all), actions and
     * plugins Caldera lacks dropped with one warning each; plugins unchecked when {@code knownPlugins} is null.
     */
    public static SchedulerConf validate(SchedulerConf conf, Set<String> knownActions, Set<String> knownPlugins,
                                         Consumer<String> warnings) {
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < conf.actions().size(); i++) {
            action(conf.actions().get(i), conf.actionOrigin(i), knownActions, problems, warnings);
        }
        if (!problems.isEmpty()) {
            throw new ConfException(String.join("; ", problems));
        }
        if (knownPlugins != null) {
            conf.tiers().forEach(t -> t.plugins().forEach(p -> plugin(p, knownPlugins, warnings)));
        }
        return conf.retaining(knownActions::contains, p -> knownPlugins == null || knownPlugins.contains(p.name()));
    }

    /** {@link #validate(SchedulerConf, Set, Set, Consumer)} with warnings logged. */
    public static SchedulerConf validate(SchedulerConf conf, Set<String> knownActions, Set<String> knownPlugins) {
        return validate(conf, knownActions, knownPlugins, LOG);
    }

    /** Checks actions only, for a plugin factory that cannot list its names. */
    public static SchedulerConf validate(SchedulerConf conf, Set<String> knownActions) {
        return validate(conf, knownActions, null, LOG);
    }

    private static void action(String name, Origin origin, Set<String> known, List<String> problems,
                               Consumer<String> warnings) {
        if (known.contains(name)) {
            return;
        }
        if (VolcanoNames.ACTIONS.contains(name)) {
            warnings.accept(origin.message("action '" + name + "' is not implemented by Caldera and is skipped;"
                    + " Volcano would run it, so decisions may differ from Volcano's"));
            return;
        }
        problems.add(origin.message("unknown action '" + name + "': Volcano refuses a configuration with an"
                + " unknown action (\"failed to find Action " + name + "\"); actions: " + String.join(", ", known)));
    }

    private static void plugin(PluginOption p, Set<String> known, Consumer<String> warnings) {
        if (known.contains(p.name())) {
            return;
        }
        if (VolcanoNames.PLUGINS.contains(p.name())) {
            warnings.accept(p.origin().message("plugin '" + p.name() + "' is not implemented by Caldera and is"
                    + " skipped; Volcano would run it, so decisions may differ from Volcano's"));
        } else {
            warnings.accept(p.origin().message("unknown plugin '" + p.name() + "' skipped, as Volcano skips it"
                    + " (\"Failed to get plugin " + p.name() + "\"); plugins: " + String.join(", ", known)));
        }
    }
}
