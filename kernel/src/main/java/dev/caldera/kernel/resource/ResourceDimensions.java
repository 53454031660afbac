package dev.caldera.kernel.resource;

import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;

import java.util.ArrayList;
import java.util.List;

/**
 * Registry of resource dimensions: cpu, memory and pods first, then every scalar resource
 * (`nvidia.com/gpu`, `ephemeral-storage`, ...) in the order it is first seen.
 * <p>
 * Quantities are exact integers in a canonical unit: milli for cpu and scalars, bytes for memory,
 * a plain count for pods. Names exist only at the boundary; the kernel works on dimension indices.
 * <p>
 * Threading: NOT thread safe; owned by the scheduling thread (the cache registers while applying changes).
 */
public final class ResourceDimensions {
    public static final int CPU = 0;
    public static final int MEMORY = 1;
    public static final int PODS = 2;

    public static final String CPU_NAME = "cpu";
    public static final String MEMORY_NAME = "memory";
    public static final String PODS_NAME = "pods";

    private final Object2IntOpenHashMap<String> indexByName = new Object2IntOpenHashMap<>();
    private final List<String> names = new ArrayList<>();

    public ResourceDimensions() {
        indexByName.defaultReturnValue(-1);
        register(CPU_NAME);
        register(MEMORY_NAME);
        register(PODS_NAME);
    }

    /** The index of {@code name}, registering it as a new scalar dimension when first seen. */
    public int register(String name) {
        int index = indexByName.getInt(name);
        if (index >= 0) {
            return index;
        }
        index = names.size();
        names.add(name);
        indexByName.put(name, index);
        return index;
    }

    /** The index of {@code name}, or -1 when it was never registered. */
    public int find(String name) {
        return indexByName.getInt(name);
    }

    public int count() {
        return names.size();
    }

    public String name(int dimension) {
        return names.get(dimension);
    }

    /** True for every dimension that is neither cpu, memory nor pods. */
    public static boolean isScalar(int dimension) {
        return dimension > PODS;
    }

    /**
     * True when Volcano's {@code api.NewResource} keeps a resource of this name: cpu, memory, pods,
     * {@code ephemeral-storage} and the Kubernetes scalar resources (prefixed names, {@code hugepages-*},
     * {@code attachable-volumes-*}); quota names ({@code requests.*}, {@code limits.*}, {@code count/*}) never.
     */
    public static boolean countedByVolcano(String name) {
        if (name.equals(CPU_NAME) || name.equals(MEMORY_NAME) || name.equals(PODS_NAME)
                || name.equals("ephemeral-storage")) {
            return true;
        }
        if (name.startsWith("requests.") || name.startsWith("limits.") || name.startsWith("count/")) {
            return false;
        }
        return name.indexOf('/') >= 0 || name.startsWith("hugepages-") || name.startsWith("attachable-volumes-");
    }
}
