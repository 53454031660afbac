package dev.caldera.k8s.convert.fields;

import java.util.List;
import java.util.Map;

/** A Node as read: allocatable and capacity as written, taints, cordon. */
public final class NodeFields {
    public final MetaFields meta = new MetaFields();
    public Map<String, String> allocatable;
    public Map<String, String> capacity;
    public List<TaintFields> taints;
    public Boolean unschedulable;
}
