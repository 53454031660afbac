package dev.caldera.k8s.convert.fields;

import java.util.List;

/**
 * {@code spec.affinity.nodeAffinity}: the terms of {@code requiredDuringSchedulingIgnoredDuringExecution} (null
 * when that is absent) and {@code preferredDuringSchedulingIgnoredDuringExecution}.
 */
public final class NodeAffinityFields {
    public List<SelectorTermFields> required;
    public List<PreferredTermFields> preferred;
}
