package dev.caldera.kernel.framework;

import dev.caldera.kernel.cluster.TaskClasses;

/**
 * The session's task classes as a plugin sees them: tasks of one class share a request vector, a placement
 * profile and an inter-pod profile, so a plugin may compute per class instead of per task.
 * <p>
 * Threading: the scheduling thread and filter workers while it waits. Cost: O(1) getters, no allocation.
 */
public final class Classes {
    private final TaskClasses classes;

    public Classes(TaskClasses classes) {
        this.classes = classes;
    }

    public int size() {
        return classes.size();
    }

    /** The class's request vector (never changes once the class exists; shared: read only). */
    public long[] request(int cls) {
        return classes.request(cls);
    }

    public long request(int cls, int dim) {
        return classes.request(cls, dim);
    }

    /** The class's placement profile id ({@code PlacementProfiles}). */
    public int profile(int cls) {
        return classes.profile(cls);
    }

    /** The class's inter-pod profile id ({@code InterPodProfiles}). */
    public int interPod(int cls) {
        return classes.interPod(cls);
    }

    public boolean bestEffort(int cls) {
        return classes.bestEffort(cls);
    }
}
