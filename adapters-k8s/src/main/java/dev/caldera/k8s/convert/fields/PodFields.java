package dev.caldera.k8s.convert.fields;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.TopologySpreadConstraint;

import java.util.List;
import java.util.Map;

/**
 * A Pod as read, field by field, before any rule ({@code PodConverter} holds the rules). Both readers fill it:
 * the streaming manifest reader straight from the text, and {@code Fabric8Fields} from a fabric8 object (the
 * live scheduler's informers). Absent fields are null; {@code spec} tells whether {@code spec} was there.
 * <p>
 * Rare, deeply nested fields keep fabric8's types ({@link #interPodAffinity}, {@link #topologySpreadConstraints}):
 * the streaming reader decodes such a subtree with Jackson when it meets one, so its rules are written once
 * against fabric8 types.
 */
public final class PodFields {
    public final MetaFields meta = new MetaFields();
    public boolean spec;
    public String schedulerName;
    public Integer priority;
    public String priorityClassName;
    public String preemptionPolicy;
    public boolean schedulingGated;
    public String nodeName;
    public Map<String, String> nodeSelector;
    public NodeAffinityFields nodeAffinity;
    /** {@code spec.affinity} with its {@code podAffinity} and {@code podAntiAffinity} (node affinity: above). */
    public Affinity interPodAffinity;
    public List<TopologySpreadConstraint> topologySpreadConstraints;
    public List<TolerationFields> tolerations;
    public List<ContainerFields> containers;
    public List<ContainerFields> initContainers;
    public Map<String, String> overhead;
    public String phase;
    public String nominatedNodeName;
    /** Sources of {@code spec.volumes[*]} the kernel does not model: persistentVolumeClaim, ephemeral, csi. */
    public java.util.Set<String> volumeSources;
    /** {@code spec.resourceClaims} is not empty. */
    public boolean resourceClaims;
    /** Pod-level {@code spec.resources} sets a request or limit. */
    public boolean podResources;
}
