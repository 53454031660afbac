package dev.caldera.k8s.run.status;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;

/**
 * What the scheduler says in the status of a pod of ours that stays Pending: {@code PodScheduled=False}
 * (reason {@code Unschedulable}, the "0/N nodes are available: ..." message) and {@code nominatedNodeName}. The
 * patch is a strategic merge patch of {@code pods/status}, as kube-scheduler's {@code updatePod}
 * (pkg/scheduler/schedule_one.go, through {@code util.PatchPodStatus}) sends it: the API server merges the
 * condition list by {@code type}, so the kubelet's conditions stay. {@code lastTransitionTime} keeps the time the
 * pod's condition last changed status, as {@code podutil.UpdatePodCondition} does.
 * <p>
 * Threading: immutable.
 */
record PendingPodStatus(String uid, String message, String nominatedNode) {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String POD_SCHEDULED = "PodScheduled";

    /** The strategic merge patch for the pod {@code current} (the informer's copy); {@code now} RFC 3339. */
    ObjectNode patch(Pod current, String now) {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode status = root.putObject("status");
        status.putArray("conditions").addObject().put("type", POD_SCHEDULED).put("status", "False")
                .put("reason", "Unschedulable").put("message", message)
                .put("lastTransitionTime", unchangedSince(current, now));
        if (nominatedNode != null) {
            status.put("nominatedNodeName", nominatedNode);
        } else {
            status.putNull("nominatedNodeName");
        }
        return root;
    }

    /** The pod's PodScheduled=False transition time when it already says so, else {@code now}. */
    private static String unchangedSince(Pod pod, String now) {
        if (pod.getStatus() == null || pod.getStatus().getConditions() == null) {
            return now;
        }
        for (PodCondition c : pod.getStatus().getConditions()) {
            if (POD_SCHEDULED.equals(c.getType()) && "False".equals(c.getStatus()) && c.getLastTransitionTime() != null) {
                return c.getLastTransitionTime();
            }
        }
        return now;
    }
}
