package dev.caldera.k8s.manifest;

import com.fasterxml.jackson.databind.JsonNode;

/** One Kubernetes object as read (a List's items are separate documents), with where it starts. */
public record ManifestDocument(Location location, JsonNode tree) {
    public String kind() {
        return text("kind");
    }

    public String apiVersion() {
        return text("apiVersion");
    }

    /** {@code metadata.name}, or null. */
    public String name() {
        JsonNode name = tree.path("metadata").path("name");
        return name.isTextual() && !name.asText().isEmpty() ? name.asText() : null;
    }

    /** {@code metadata.namespace}, or null. */
    public String namespace() {
        JsonNode ns = tree.path("metadata").path("namespace");
        return ns.isTextual() && !ns.asText().isEmpty() ? ns.asText() : null;
    }

    /** The API group of apiVersion ("" for the core group). */
    public String group() {
        String v = apiVersion();
        if (v == null) {
            return null;
        }
        int slash = v.indexOf('/');
        return slash < 0 ? "" : v.substring(0, slash);
    }

    private String text(String field) {
        JsonNode n = tree.get(field);
        return n != null && n.isTextual() && !n.asText().isEmpty() ? n.asText() : null;
    }
}
