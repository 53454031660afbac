package dev.caldera.k8s.convert.fields;

import java.util.Map;

/** A Volcano Queue as read. */
public final class QueueFields {
    public final MetaFields meta = new MetaFields();
    public Integer weight;
    public Map<String, String> capability;
    /** {@code spec.guarantee.resource}. */
    public Map<String, String> guarantee;
    public Map<String, String> deserved;
    public Boolean reclaimable;
    public String parent;
    public Integer priority;
    public String state;
}
