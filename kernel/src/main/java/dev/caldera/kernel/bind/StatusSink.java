package dev.caldera.kernel.bind;

/**
 * Receives PodGroup status at the end of each cycle: the phase (Pending, Inqueue, Running, Unknown) and,
 * when the group could not be placed, the reason in Kubernetes wording (else null). The reason's text is built
 * when first read ({@code toString()}), so a sink that ignores it costs no allocation; it stays readable until
 * the next cycle opens, so a sink that keeps it keeps {@code reason.toString()}.
 */
@FunctionalInterface
public interface StatusSink {
    /** Takes no status: the scheduler, seeing it, does not walk the PodGroups to publish theirs. */
    StatusSink IGNORE = (jobKey, phase, reason) -> { };

    void status(String jobKey, String phase, CharSequence reason);
}
