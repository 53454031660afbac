package dev.caldera.kernel.action;

import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.conf.ConfException;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/** Builds actions by their volcano-scheduler.conf name; an unknown name is an error listing the known ones. */
public final class ActionRegistry {
    private static final Map<String, Function<ActionContext, Action>> FACTORIES = new LinkedHashMap<>();

    static {
        FACTORIES.put("enqueue", c -> new EnqueueAction());
        FACTORIES.put("allocate", ActionRegistry::allocate);
        FACTORIES.put("backfill", c -> new BackfillAction(c.selector(), c.statement()));
        FACTORIES.put("preempt", c -> new PreemptAction(c.statement(),
                PreemptOptions.from(c.conf().arguments("preempt"))));
        FACTORIES.put("reclaim", c -> new ReclaimAction(c.statement()));
    }

    private ActionRegistry() {
    }

    public static Action create(String name, ActionContext context) {
        Function<ActionContext, Action> f = FACTORIES.get(name);
        if (f == null) {
            throw new ConfException("unknown action '" + name + "' in 'actions'; supported: "
                    + String.join(", ", FACTORIES.keySet()));
        }
        return f.apply(context);
    }

    public static boolean isKnown(String name) {
        return FACTORIES.containsKey(name);
    }

    /** The supported action names, in registration order. */
    public static Set<String> names() {
        return Collections.unmodifiableSet(FACTORIES.keySet());
    }

    private static Action allocate(ActionContext c) {
        Arguments args = c.conf().arguments("allocate");
        boolean errorCache = args.getBoolean("predicateErrorCacheEnable", true);
        return new AllocateAction(c.conf().hasAction("enqueue"), errorCache, c.selector(), c.statement());
    }
}
