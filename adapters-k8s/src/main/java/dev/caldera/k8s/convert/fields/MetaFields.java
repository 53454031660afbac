package dev.caldera.k8s.convert.fields;

import java.util.Map;

/**
 * The {@code metadata} of an object as read, before any rule: what a manifest reader or a fabric8 object
 * supplies and the converters' rules turn into kernel specs. Absent fields are null.
 */
public final class MetaFields {
    public String name;
    public String namespace;
    public String uid;
    /** RFC 3339 text, checked by the rules. */
    public String creationTimestamp;
    public String deletionTimestamp;
    public Map<String, String> labels;
    public Map<String, String> annotations;
    public java.util.List<OwnerFields> ownerReferences;
}
