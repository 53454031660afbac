package dev.caldera.kernel.framework;

/** Rejects jobs that cannot be scheduled at all in this session (e.g. too few valid tasks for the gang). */
@FunctionalInterface
public interface JobValid {
    /** Null when valid, else why not. */
    JobValidation validate(int job);

    /**
     * True when the verdict reads nothing but the job's own rows as the session holds them: its PodGroup spec, its
     * status counts and requests ({@code SessionView.count}, {@code roleCount}), its tasks and their sub-groups
     * ({@code SessionView.topology}); not other jobs, queues, nodes, the clock or the plugin's own state across jobs.
     * A session that opens incrementally then asks again only for the jobs it lists as changed and keeps the others'
     * verdicts ({@code Session.validAtOpen}), and the allocate action asks only of the jobs with a pending task it
     * would place (a verdict kept nowhere changes nothing for the others). Fixed for the function's life; the
     * default promises nothing. A wrong promise leaves a stale verdict: {@code IncrementalOpenProperties} compares
     * every job's verdict with a fresh session's.
     */
    default boolean readsJobAlone() {
        return false;
    }
}
