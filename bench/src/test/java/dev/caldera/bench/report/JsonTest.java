package dev.caldera.bench.report;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JsonTest {

    @Test
    void readsNestedObjectsArraysAndLiteralsInOrder() {
        Object doc = Json.parse(" {\"b\": [1, 2.5e3, -3], \"a\": {\"t\": true, \"f\": false, \"n\": null}, \"s\": \"x\"} ");
        assertThat(doc).isInstanceOf(Map.class);
        @SuppressWarnings("unchecked")
        Map<String, Object> map = (Map<String, Object>) doc;
        assertThat(map.keySet()).containsExactly("b", "a", "s");
        assertThat(map.get("b")).isEqualTo(List.of(1.0, 2500.0, -3.0));
        @SuppressWarnings("unchecked")
        Map<String, Object> a = (Map<String, Object>) map.get("a");
        assertThat(a).containsEntry("t", true).containsEntry("f", false).containsEntry("n", null);
    }

    @Test
    void decodesStringEscapes() {
        assertThat(Json.parse("\"a\\\"b\\\\c\\n\\u00e9\"")).isEqualTo("a\"b\\c\n\u00e9");
    }

    @Test
    void emptyContainers() {
        assertThat(Json.parse("[]")).isEqualTo(List.of());
        assertThat(Json.parse("{}")).isEqualTo(Map.of());
    }

    @Test
    void errorsNameTheLineAndColumnAndWhatWasFound() {
        assertThatThrownBy(() -> Json.parse("{\"a\" 1}")).hasMessageStartingWith("JSON: Unexpected character ('1'")
                .hasMessageEndingWith("at line 1, column 6");
        assertThatThrownBy(() -> Json.parse("[1,\n 2")).hasMessageContaining("end-of-input")
                .hasMessageContaining("line 2");
        assertThatThrownBy(() -> Json.parse("")).isInstanceOf(IllegalArgumentException.class);
    }
}
