package dev.caldera.kernel.cache;

import java.util.HashMap;
import java.util.Map;

/**
 * PriorityClass values by name, and the global default. Resolution follows Kubernetes for pods and
 * Volcano for PodGroups: an explicit priority wins, then the named class, then the global default, else 0.
 */
public final class PriorityClasses {
    private final Map<String, PriorityClassSpec> byName = new HashMap<>();
    private PriorityClassSpec globalDefault;
    private long version;

    /** Moves whenever a class is written or removed. */
    long version() {
        return version;
    }

    void put(PriorityClassSpec spec) {
        version++;
        PriorityClassSpec old = byName.put(spec.name(), spec);
        if (spec.globalDefault()) {
            globalDefault = spec;
        } else if (old != null && old == globalDefault) {
            globalDefault = null;
        }
    }

    void remove(String name) {
        version++;
        PriorityClassSpec old = byName.remove(name);
        if (old != null && old == globalDefault) {
            globalDefault = null;
        }
    }

    /** True when a class of that name exists. */
    public boolean contains(String name) {
        return byName.containsKey(name);
    }

    public int resolve(Integer explicit, String className) {
        if (explicit != null) {
            return explicit;
        }
        PriorityClassSpec spec = className == null ? null : byName.get(className);
        if (spec != null) {
            return spec.value();
        }
        return globalDefault == null ? 0 : globalDefault.value();
    }
}
