package dev.caldera.k8s.convert;

import io.fabric8.kubernetes.api.model.ObjectMeta;

/** How objects are named in messages and keys: {@code Pod ns/name}, {@code Node n1}. */
final class ObjectNames {
    static final String DEFAULT_NAMESPACE = "default";

    private ObjectNames() {
    }

    static String name(ObjectMeta meta) {
        return meta == null ? null : emptyToNull(meta.getName());
    }

    /** The namespace, {@code default} when unset (as kubectl applies it). */
    static String namespace(ObjectMeta meta) {
        String ns = meta == null ? null : emptyToNull(meta.getNamespace());
        return ns == null ? DEFAULT_NAMESPACE : ns;
    }

    static String namespaced(String kind, ObjectMeta meta) {
        String name = name(meta);
        return kind + " " + namespace(meta) + "/" + (name == null ? "<unnamed>" : name);
    }

    static String clusterScoped(String kind, ObjectMeta meta) {
        String name = name(meta);
        return kind + " " + (name == null ? "<unnamed>" : name);
    }

    /** Fails with "metadata.name is required" when the object has no name. */
    static String requireName(String object, ObjectMeta meta) {
        String name = name(meta);
        if (name == null) {
            throw new ConversionException(object, "metadata.name", "is required");
        }
        return name;
    }

    static String emptyToNull(String s) {
        return s == null || s.isEmpty() ? null : s;
    }
}
