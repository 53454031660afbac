package dev.caldera.kernel.framework;

import dev.caldera.kernel.resource.ResourceDimensions;

/**
 * The resource dimensions as a plugin sees them: the cache's {@code ResourceDimensions} registry behind its
 * getters only (count, name, find), so a plugin cannot register a dimension; cpu, memory and pods are
 * {@link #CPU}, {@link #MEMORY} and {@link #PODS}, scalar resources follow in the order first seen.
 * <p>
 * Threading: the scheduling thread (and filter workers while it waits). Cost: as the registry's (O(1)
 * getters, {@link #find} one hash lookup), no allocation.
 */
public final class Dimensions {
    public static final int CPU = ResourceDimensions.CPU;
    public static final int MEMORY = ResourceDimensions.MEMORY;
    public static final int PODS = ResourceDimensions.PODS;

    private final ResourceDimensions registry;

    public Dimensions(ResourceDimensions registry) {
        this.registry = registry;
    }

    /** How many dimensions are registered (the length of a full request vector). */
    public int count() {
        return registry.count();
    }

    public String name(int dimension) {
        return registry.name(dimension);
    }

    /** The index of {@code name}, or -1 when no node or request named it. */
    public int find(String name) {
        return registry.find(name);
    }

    /** True for every dimension that is neither cpu, memory nor pods. */
    public static boolean isScalar(int dimension) {
        return ResourceDimensions.isScalar(dimension);
    }
}
