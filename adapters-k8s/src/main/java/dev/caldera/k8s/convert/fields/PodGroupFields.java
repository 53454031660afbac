package dev.caldera.k8s.convert.fields;

import java.util.Map;

/** A Volcano PodGroup as read. */
public final class PodGroupFields {
    public final MetaFields meta = new MetaFields();
    public Integer minMember;
    public Map<String, Integer> minTaskMember;
    public String queue;
    public String priorityClassName;
    public Map<String, String> minResources;
    public String phase;
    /**
     * {@code spec.networkTopology} and {@code spec.subGroupPolicy} as raw values (Jackson trees from a manifest,
     * maps from fabric8's additional properties), bound by {@code PodGroupTopologyConverter}.
     */
    public Map<String, Object> specExtras;
}
