package dev.caldera.kernel.action;

import dev.caldera.kernel.framework.FitErrors;
import dev.caldera.kernel.session.Session;

import java.util.Arrays;

/**
 * Remembers that a task class fit no node, so the next task of the same class fails at once with the
 * same reasons instead of filtering every node again. Exact, not a heuristic: an entry is used only while
 * no operation has given resources back since it was recorded ({@code NodeJournal.frees()} unchanged), so
 * nodes can only have become fuller; and only when every predicate is node-local, for the class and for the
 * task at hand (a task whose inter-pod terms tie it to other pods may fit once a pod is placed).
 * <p>
 * Threading: scheduling thread. No allocation once sized, except a FitErrors per class on first failure.
 */
final class PredicateErrorCache {
    private long[] failedAtFrees = new long[0];
    private long[] failedInSession = new long[0];
    private FitErrors[] errors = new FitErrors[0];
    private boolean enabled;

    void open(Session s, boolean enable) {
        enabled = enable && s.plugins().predicatesNodeLocal();
        int n = s.classTable().size();
        if (failedAtFrees.length < n) {
            failedAtFrees = Arrays.copyOf(failedAtFrees, n);
            failedInSession = Arrays.copyOf(failedInSession, n);
            errors = Arrays.copyOf(errors, n);
        }
    }

    /** The cached errors of the task's class, or null when the class must be filtered. */
    FitErrors lookup(Session s, int task) {
        int cls = s.taskTable().taskClass(task);
        if (!enabled || failedInSession[cls] != s.id() || failedAtFrees[cls] != s.journal().frees()
                || !s.plugins().nodeLocal(task)) {
            return null;
        }
        return errors[cls];
    }

    void failed(Session s, int task, FitErrors why) {
        if (!enabled || !s.plugins().nodeLocal(task)) {
            return;
        }
        int cls = s.taskTable().taskClass(task);
        if (errors[cls] == null) {
            errors[cls] = new FitErrors();
        }
        errors[cls].copyFrom(why);
        failedAtFrees[cls] = s.journal().frees();
        failedInSession[cls] = s.id();
    }
}
