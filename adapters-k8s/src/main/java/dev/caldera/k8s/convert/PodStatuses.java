package dev.caldera.k8s.convert;

import dev.caldera.k8s.convert.fields.PodFields;
import dev.caldera.kernel.cluster.TaskStatus;

/**
 * A pod's task status, by Volcano's rule: Pending without a node, Bound with one; Running; Releasing once
 * the pod is being deleted; Succeeded, Failed and Unknown as the phase says. A pod without
 * {@code status.phase} is Pending, as the API server makes every new pod. {@code deletionTimestamp} must be an
 * RFC 3339 time, as the API server requires.
 */
final class PodStatuses {
    private PodStatuses() {
    }

    static byte of(PodFields pod, String object) {
        boolean deleting = pod.meta.deletionTimestamp != null;
        if (deleting) {
            Timestamps.epochMs(pod.meta.deletionTimestamp, object, "metadata.deletionTimestamp");
        }
        boolean onNode = ObjectNames.emptyToNull(pod.nodeName) != null;
        String phase = ObjectNames.emptyToNull(pod.phase);
        if (phase == null) {
            phase = "Pending";
        }
        return switch (phase) {
            case "Pending" -> deleting ? TaskStatus.RELEASING : onNode ? TaskStatus.BOUND : TaskStatus.PENDING;
            case "Running" -> deleting ? TaskStatus.RELEASING : TaskStatus.RUNNING;
            case "Succeeded" -> TaskStatus.SUCCEEDED;
            case "Failed" -> TaskStatus.FAILED;
            case "Unknown" -> TaskStatus.UNKNOWN;
            default -> throw new ConversionException(object, "status.phase", dev.caldera.k8s.manifest.token.Quote.of(phase)
                    + " is not one of Pending, Running, Succeeded, Failed, Unknown");
        };
    }
}
