package dev.caldera.k8s.convert;

import dev.caldera.k8s.convert.fields.MetaFields;
import io.fabric8.kubernetes.api.model.ObjectMeta;

/** How objects are named in messages and keys: {@code Pod ns/name}, {@code Node n1}. */
final class ObjectNames {
    static final String DEFAULT_NAMESPACE = "default";

    private ObjectNames() {
    }

    static String name(MetaFields meta) {
        return emptyToNull(meta.name);
    }

    /** The namespace, {@code default} when unset (as kubectl applies it). */
    static String namespace(MetaFields meta) {
        String ns = emptyToNull(meta.namespace);
        return ns == null ? DEFAULT_NAMESPACE : ns;
    }

    static String namespaced(String kind, MetaFields meta) {
        String name = name(meta);
        return kind + " " + namespace(meta) + "/" + (name == null ? "<unnamed>" : name);
    }

    static String clusterScoped(String kind, MetaFields meta) {
        String name = name(meta);
        return kind + " " + (name == null ? "<unnamed>" : name);
    }

    /** For rules still written against a fabric8 {@link ObjectMeta} (kinds read whole). */
    static String clusterScoped(String kind, ObjectMeta meta) {
        return clusterScoped(kind, Fabric8Fields.meta(meta));
    }

    static String requireName(String object, ObjectMeta meta) {
        return requireName(object, Fabric8Fields.meta(meta));
    }

    static String namespace(ObjectMeta meta) {
        return namespace(Fabric8Fields.meta(meta));
    }

    static String namespaced(String kind, ObjectMeta meta) {
        return namespaced(kind, Fabric8Fields.meta(meta));
    }

    /** Fails with "metadata.name is required" when the object has no name. */
    static String requireName(String object, MetaFields meta) {
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
