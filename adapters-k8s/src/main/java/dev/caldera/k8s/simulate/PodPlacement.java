package dev.caldera.k8s.simulate;

/** A pod bound or pipelined to a node in one cycle; {@code pod} is {@code ns/name}, {@code podGroup} too. */
public record PodPlacement(String uid, String pod, String node, String podGroup) {
}
