package dev.caldera.k8s.simulate;

/** A pod evicted in one cycle; {@code reason} is {@code preempt} or {@code reclaim}. */
public record PodEviction(String uid, String pod, String reason, String podGroup) {
}
