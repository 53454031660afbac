package dev.caldera.kernel.conf;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Enable flags that some Volcano release reads but Caldera does not honour, because the extension point
 * they switch belongs to an action or feature Caldera does not have. The parser accepts them so that real
 * configurations load; a flag set to {@code true} asks for something Caldera cannot do and is reported in
 * one WARN line, a flag set to {@code false} is honoured trivially (the point is off either way).
 */
enum IgnoredFlag {
    /** Volcano v1.7 spelled it {@code EnabledClusterOrder}; later releases {@code enabledClusterOrder}. */
    CLUSTER_ORDER("cluster ordering (multi-cluster dispatch)",
            "EnabledClusterOrder", "enabledClusterOrder", "enableClusterOrder"),
    /** Volcano v1.7 ordered namespaces in allocate; current Volcano has no such step and no such flag. */
    NAMESPACE_ORDER("namespace ordering (Volcano v1.7's; current Volcano has none)", "enableNamespaceOrder"),
    TARGET_JOB("target-job selection (elect and reserve actions)", "enableTargetJob"),
    RESERVED_NODES("node reservation (elect and reserve actions)", "enableReservedNodes"),
    VICTIM("victim selection for rescheduling (shuffle action)", "enabledVictim"),
    /** Seen on Volcano development branches (PreBind and node un-reservation). */
    PRE_BIND("pre-bind hooks", "enabledPreBind"),
    UNRESERVE_NODES("node un-reservation", "enabledUnreserveNodes");

    private static final Map<String, IgnoredFlag> BY_KEY = new HashMap<>();

    static {
        for (IgnoredFlag f : values()) {
            for (String key : f.keys) {
                BY_KEY.put(key, f);
            }
        }
    }

    private final String feature;
    private final List<String> keys;

    IgnoredFlag(String feature, String... keys) {
        this.feature = feature;
        this.keys = List.of(keys);
    }

    /** What the flag switches, for the warning: "pre-bind hooks". */
    String feature() {
        return feature;
    }

    List<String> keys() {
        return keys;
    }

    /** The flag spelled exactly {@code key}, or null. */
    static IgnoredFlag byKey(String key) {
        return BY_KEY.get(key);
    }
}
