package dev.caldera.kernel.conf;

import java.util.Set;

/**
 * The action and plugin names current Volcano registers ({@code pkg/scheduler/actions/factory.go},
 * {@code pkg/scheduler/plugins/factory.go}). A configuration naming one Caldera does not implement is one
 * Volcano runs, so Caldera loads it and skips that entry with a warning; a name Volcano does not know is
 * handled as Volcano handles it (see {@link ConfValidator}).
 */
final class VolcanoNames {
    static final Set<String> ACTIONS = Set.of("enqueue", "allocate", "backfill", "preempt", "reclaim",
            "gangpreempt", "gangreclaim", "shuffle");

    static final Set<String> PLUGINS = Set.of("priority", "gang", "conformance", "drf", "proportion",
            "predicates", "nodeorder", "binpack", "overcommit", "sla", "capacity", "deviceshare", "extender",
            "network-topology-aware", "nodegroup", "numa-aware", "pdb", "rescheduling", "resource-strategy-fit",
            "resourcequota", "task-topology", "tdm", "usage", "cdp");

    private VolcanoNames() {
    }
}
