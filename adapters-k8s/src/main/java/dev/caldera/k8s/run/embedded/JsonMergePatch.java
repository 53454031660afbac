package dev.caldera.k8s.run.embedded;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Map;

/**
 * A JSON merge patch (RFC 7386) applied as the Kubernetes API server applies {@code application/merge-patch+json}:
 * objects merge member by member, {@code null} removes a member, and anything else, lists included, replaces
 * what was there. fabric8's CRUD mock store merges by updating a Jackson tree in place, which appends to lists
 * and stores {@code null}s; a status patch carrying a condition list would then duplicate every condition.
 * <p>
 * Threading: stateless. Cost: O(size of the patch) plus one copy of the target.
 */
final class JsonMergePatch {
    private JsonMergePatch() {
    }

    /** {@code target} with {@code patch} applied; neither argument is changed. */
    static JsonNode apply(JsonNode target, JsonNode patch) {
        if (!patch.isObject()) {
            return patch.deepCopy();
        }
        ObjectNode result = target != null && target.isObject() ? ((ObjectNode) target).deepCopy()
                : JsonNodeFactory.instance.objectNode();
        for (Map.Entry<String, JsonNode> member : patch.properties()) {
            if (member.getValue().isNull()) {
                result.remove(member.getKey());
            } else {
                result.set(member.getKey(), apply(result.get(member.getKey()), member.getValue()));
            }
        }
        return result;
    }
}
