package dev.caldera.k8s.run.embedded;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Map;
import java.util.Set;

/**
 * A strategic merge patch of {@code pods/status} turned into the JSON merge patch that has the same effect on
 * one pod, as the API server applies it: {@code status.conditions} is merged by {@code type} (its patchMergeKey
 * in PodStatus: an entry replaces the fields it names in the condition of its type, or is appended;
 * {@code $patch: delete} removes that condition), every other field merges as in a JSON merge patch.
 * {@code $setElementOrder/conditions} is accepted and the order left as it is. Lists of PodStatus that the
 * embedded server does not merge by key (podIPs, hostIPs, resourceClaimStatuses) and other directives are
 * refused rather than applied wrongly.
 * <p>
 * Threading: stateless.
 */
final class StrategicPodStatusPatch {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String CONDITIONS = "conditions";
    private static final Set<String> UNMODELLED = Set.of("podIPs", "hostIPs", "resourceClaimStatuses");

    private StrategicPodStatusPatch() {
    }

    /**
     * The JSON merge patch for {@code pod} (the stored object) that applies {@code patch}, with the pod's
     * resourceVersion so that a change in between is refused (409).
     *
     * @throws IllegalArgumentException for what this server does not apply (the message says what)
     */
    static ObjectNode toMergePatch(JsonNode pod, JsonNode patch) {
        ObjectNode merge = NODES.objectNode();
        merge.putObject("metadata").set("resourceVersion", pod.path("metadata").path("resourceVersion"));
        ObjectNode status = merge.putObject("status");
        for (Map.Entry<String, JsonNode> f : patch.path("status").properties()) {
            String name = f.getKey();
            if (name.equals("$setElementOrder/" + CONDITIONS)) {
                continue;
            }
            if (name.startsWith("$") || UNMODELLED.contains(name)) {
                throw new IllegalArgumentException("the embedded API server does not apply status." + name
                        + " of a strategic merge patch");
            }
            status.set(name, name.equals(CONDITIONS) ? conditions(pod.path("status").path(CONDITIONS), f.getValue())
                    : f.getValue());
        }
        return merge;
    }

    private static ArrayNode conditions(JsonNode current, JsonNode patch) {
        ArrayNode merged = NODES.arrayNode();
        current.forEach(c -> merged.add(c.deepCopy()));
        for (JsonNode entry : patch) {
            String type = entry.path("type").asText("");
            if (type.isEmpty()) {
                throw new IllegalArgumentException("a status.conditions entry without its merge key 'type'");
            }
            int at = indexOf(merged, type);
            if (entry.path("$patch").asText("").equals("delete")) {
                if (at >= 0) {
                    merged.remove(at);
                }
            } else if (at >= 0) {
                mergeFields((ObjectNode) merged.get(at), entry);
            } else {
                ObjectNode added = NODES.objectNode();
                mergeFields(added, entry);
                merged.add(added);
            }
        }
        return merged;
    }

    private static void mergeFields(ObjectNode into, JsonNode entry) {
        for (Map.Entry<String, JsonNode> f : entry.properties()) {
            if (f.getValue().isNull()) {
                into.remove(f.getKey());
            } else {
                into.set(f.getKey(), f.getValue());
            }
        }
    }

    private static int indexOf(ArrayNode conditions, String type) {
        for (int i = 0; i < conditions.size(); i++) {
            if (type.equals(conditions.get(i).path("type").asText())) {
                return i;
            }
        }
        return -1;
    }
}
