package dev.caldera.k8s.simulate;

/** A PodGroup's phase after a cycle and, when it was not placed, why (Kubernetes wording), else null. */
public record PodGroupStatus(String name, String phase, String reason) {
}
