package dev.caldera.kernel.bind;

/**
 * Receives PodGroup status at the end of each cycle: the phase (Pending, Inqueue, Running, Unknown) and,
 * when the group could not be placed, the reason in Kubernetes wording (else null).
 */
@FunctionalInterface
public interface StatusSink {
    void status(String jobKey, String phase, String reason);
}
