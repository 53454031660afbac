package dev.caldera.k8s.run.status;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroup;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroupCondition;

import java.util.List;

/**
 * What the scheduler says in a PodGroup's status after a cycle: phase, running/succeeded/failed counts, and a
 * condition {@code Unschedulable} (with the kernel's reason) or {@code Scheduled}. The patch carries only those
 * fields; the condition list is the PodGroup's own with the condition of that type replaced in place or
 * appended, every other condition kept, as Volcano's {@code Session.UpdatePodGroupCondition}
 * (pkg/scheduler/framework/session.go) does, and the resourceVersion it was built from, so that a PodGroup
 * changed in between is answered 409 instead of losing that change.
 * <p>
 * Threading: immutable.
 */
record GroupStatus(String phase, String reason, int running, int succeeded, int failed) {
    private static final ObjectMapper JSON = new ObjectMapper().setDefaultPropertyInclusion(JsonInclude.Include.NON_NULL);
    static final String UNSCHEDULABLE = "Unschedulable";
    static final String SCHEDULED = "Scheduled";

    /** The JSON merge patch of {@code current} (the informer's copy) that says this; {@code now} RFC 3339. */
    ObjectNode patch(PodGroup current, String now) {
        ObjectNode root = JSON.createObjectNode();
        root.putObject("metadata").put("resourceVersion", current.getMetadata().getResourceVersion());
        ObjectNode status = root.putObject("status");
        status.put("phase", phase).put("running", running).put("succeeded", succeeded).put("failed", failed);
        ArrayNode conditions = status.putArray("conditions");
        String type = reason != null ? UNSCHEDULABLE : SCHEDULED;
        boolean placed = false;
        for (PodGroupCondition c : conditionsOf(current)) {
            if (!type.equals(c.getType())) {
                conditions.add(JSON.<ObjectNode>valueToTree(c));
            } else if (!placed) {
                conditions.add(condition(type, now));
                placed = true;
            }
        }
        if (!placed) {
            conditions.add(condition(type, now));
        }
        return root;
    }

    private ObjectNode condition(String type, String now) {
        ObjectNode c = JSON.createObjectNode().put("type", type).put("status", "True");
        if (reason != null) {
            c.put("reason", "NotEnoughResources").put("message", reason);
        } else {
            c.put("reason", "tasks in gang are ready to be scheduled").put("message", "");
        }
        return c.put("lastTransitionTime", now);
    }

    private static List<PodGroupCondition> conditionsOf(PodGroup g) {
        return g.getStatus() == null || g.getStatus().getConditions() == null ? List.of() : g.getStatus().getConditions();
    }
}
