package dev.caldera.k8s.run.embedded;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** RFC 7386's rules, with the RFC's own example (appendix A rows) and a Kubernetes status list. */
class JsonMergePatchTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void listsAreReplacedNotAppended() {
        assertThat(apply("{\"status\":{\"phase\":\"Pending\",\"conditions\":[{\"type\":\"A\"},{\"type\":\"B\"}]}}",
                "{\"status\":{\"conditions\":[{\"type\":\"A\"},{\"type\":\"B\"},{\"type\":\"C\"}]}}"))
                .isEqualTo(tree("{\"status\":{\"phase\":\"Pending\",\"conditions\":[{\"type\":\"A\"},{\"type\":\"B\"},"
                        + "{\"type\":\"C\"}]}}"));
    }

    @Test
    void nullRemovesAMemberAndObjectsMergeMemberByMember() {
        assertThat(apply("{\"a\":\"b\",\"c\":{\"d\":\"e\",\"f\":\"g\"}}", "{\"a\":\"z\",\"c\":{\"f\":null}}"))
                .isEqualTo(tree("{\"a\":\"z\",\"c\":{\"d\":\"e\"}}"));
        assertThat(apply("{\"a\":[{\"b\":\"c\"}]}", "{\"a\":[1]}")).isEqualTo(tree("{\"a\":[1]}"));
        assertThat(apply("{}", "{\"a\":{\"bb\":{\"ccc\":null}}}")).isEqualTo(tree("{\"a\":{\"bb\":{}}}"));
    }

    @Test
    void theTargetIsNotChanged() {
        JsonNode target = tree("{\"a\":{\"b\":1}}");
        JsonMergePatch.apply(target, tree("{\"a\":{\"b\":2}}"));
        assertThat(target).isEqualTo(tree("{\"a\":{\"b\":1}}"));
    }

    private static JsonNode apply(String target, String patch) {
        return JsonMergePatch.apply(tree(target), tree(patch));
    }

    private static JsonNode tree(String json) {
        try {
            return JSON.readTree(json);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
