package dev.caldera.k8s.convert;

import dev.caldera.kernel.cluster.TaskStatus;
import io.fabric8.kubernetes.api.model.Pod;

/**
 * A pod's task status, by Volcano's rule: Pending without a node, Bound with one; Running; Releasing once
 * the pod is being deleted; Succeeded, Failed and Unknown as the phase says. A pod without
 * {@code status.phase} is Pending, as the API server makes every new pod.
 */
final class PodStatuses {
    private PodStatuses() {
    }

    static byte of(Pod pod, String object) {
        boolean deleting = pod.getMetadata().getDeletionTimestamp() != null;
        boolean onNode = pod.getSpec().getNodeName() != null && !pod.getSpec().getNodeName().isEmpty();
        String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
        if (phase == null || phase.isEmpty()) {
            phase = "Pending";
        }
        return switch (phase) {
            case "Pending" -> deleting ? TaskStatus.RELEASING : onNode ? TaskStatus.BOUND : TaskStatus.PENDING;
            case "Running" -> deleting ? TaskStatus.RELEASING : TaskStatus.RUNNING;
            case "Succeeded" -> TaskStatus.SUCCEEDED;
            case "Failed" -> TaskStatus.FAILED;
            case "Unknown" -> TaskStatus.UNKNOWN;
            default -> throw new ConversionException(object, "status.phase", "'" + phase
                    + "' is not one of Pending, Running, Succeeded, Failed, Unknown");
        };
    }
}
