package dev.caldera.kernel.framework;

import dev.caldera.kernel.cluster.TaskClasses;

/**
 * The session's task classes as a plugin sees them: tasks of one class share a request vector, a placement
 * profile and an inter-pod profile, so a plugin may compute per class instead of per task.
 * <p>
 * The columns are held here (taken again from the classes by {@link #refresh}, which the session calls at every
 * open: classes are made only while the cache applies changes, before a session opens), so a read is one array
 * access behind a final getter; a class's request vector is handed out as its {@link Request} view, made here
 * when the class's array is new.
 * <p>
 * Threading: the scheduling thread and filter workers while it waits. Cost: O(1) getters, no allocation;
 * {@link #refresh} O(classes) when a class was made since the last one (else O(1)), allocating a view per new class
 * vector.
 */
public final class Classes {
    private final TaskClasses classes;
    private long[][] request;
    private Request[] views = new Request[0];
    private int[] profile;
    private int[] interPod;
    private boolean[] bestEffort;
    /** The table's {@link TaskClasses#births} when the views were last made: none is made again while it holds. */
    private long viewedBirths = -1;

    public Classes(TaskClasses classes) {
        this.classes = classes;
        refresh();
    }

    /** Takes the columns again (they are reallocated when a class is made beyond the capacity). Called at open. */
    public void refresh() {
        request = classes.requestColumn();
        if (views.length < request.length) {
            views = java.util.Arrays.copyOf(views, request.length);
        }
        if (classes.births() != viewedBirths) {
            viewedBirths = classes.births();
            makeViews();
        }
        profile = classes.profileColumn();
        interPod = classes.interPodColumn();
        bestEffort = classes.bestEffortColumn();
    }

    /** A view for each class whose vector is new (a class was made since the last refresh). */
    private void makeViews() {
        for (int c = 0, n = classes.size(); c < n; c++) {
            long[] vector = request[c];
            if (vector == null) {
                views[c] = null;
            } else if (views[c] == null || !views[c].of(vector)) {
                views[c] = new Request(vector);
            }
        }
    }

    public int size() {
        return classes.size();
    }

    /** Classes made so far ({@link TaskClasses#births}): while it holds, every class is as it was. */
    public long births() {
        return classes.births();
    }

    /** The class's request vector, read only (never changes once the class exists). */
    public Request request(int cls) {
        return views[cls];
    }

    public long request(int cls, int dim) {
        return request[cls][dim];
    }

    /** The class's placement profile id ({@code PlacementProfiles}). */
    public int profile(int cls) {
        return profile[cls];
    }

    /** The class's inter-pod profile id ({@code InterPodProfiles}). */
    public int interPod(int cls) {
        return interPod[cls];
    }

    public boolean bestEffort(int cls) {
        return bestEffort[cls];
    }
}
