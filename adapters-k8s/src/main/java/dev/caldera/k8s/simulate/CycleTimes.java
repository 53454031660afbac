package dev.caldera.k8s.simulate;

import dev.caldera.kernel.scheduler.CycleStats;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The kernel's measured wall time for one cycle, in nanoseconds: the whole cycle (applying changes, opening
 * the session, the actions, closing), opening the session, and each action in configuration order (an action
 * named twice is summed). Parsing and JVM start are not in here.
 */
public record CycleTimes(long cycleNs, long openSessionNs, Map<String, Long> actionNs) {
    public CycleTimes {
        actionNs = Collections.unmodifiableMap(new LinkedHashMap<>(actionNs));
    }

    static CycleTimes of(CycleStats stats) {
        Map<String, Long> actions = new LinkedHashMap<>();
        for (int i = 0; i < stats.actionCount(); i++) {
            actions.merge(stats.actionName(i), stats.actionNs(i), Long::sum);
        }
        return new CycleTimes(stats.cycleNs(), stats.openNs(), actions);
    }
}
