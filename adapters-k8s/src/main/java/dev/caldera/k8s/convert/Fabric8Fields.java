package dev.caldera.k8s.convert;

import dev.caldera.k8s.convert.fields.ContainerFields;
import dev.caldera.k8s.convert.fields.MetaFields;
import dev.caldera.k8s.convert.fields.NodeAffinityFields;
import dev.caldera.k8s.convert.fields.NodeFields;
import dev.caldera.k8s.convert.fields.OwnerFields;
import dev.caldera.k8s.convert.fields.PodFields;
import dev.caldera.k8s.convert.fields.PodGroupFields;
import dev.caldera.k8s.convert.fields.PortFields;
import dev.caldera.k8s.convert.fields.PreferredTermFields;
import dev.caldera.k8s.convert.fields.PriorityClassFields;
import dev.caldera.k8s.convert.fields.QueueFields;
import dev.caldera.k8s.convert.fields.RequirementFields;
import dev.caldera.k8s.convert.fields.SelectorTermFields;
import dev.caldera.k8s.convert.fields.TaintFields;
import dev.caldera.k8s.convert.fields.TolerationFields;
import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeAffinity;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PreferredSchedulingTerm;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroup;
import io.fabric8.volcano.api.model.scheduling.v1beta1.Queue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Fabric8 objects (from informers, or decoded with Jackson) as the field views the converters' rules read, so
 * that an object from the API server and the same object read from a manifest go through one set of rules.
 * Empty fabric8 collections stay as they are; the rules treat empty and absent alike.
 * <p>
 * Threading: stateless.
 */
public final class Fabric8Fields {
    private Fabric8Fields() {
    }

    public static PodFields pod(Pod pod) {
        PodFields f = new PodFields();
        meta(pod.getMetadata(), f.meta);
        PodSpec spec = pod.getSpec();
        if (spec != null) {
            f.spec = true;
            f.schedulerName = spec.getSchedulerName();
            f.priority = spec.getPriority();
            f.priorityClassName = spec.getPriorityClassName();
            f.preemptionPolicy = spec.getPreemptionPolicy();
            f.schedulingGated = spec.getSchedulingGates() != null && !spec.getSchedulingGates().isEmpty();
            f.nodeName = spec.getNodeName();
            f.nodeSelector = spec.getNodeSelector();
            affinity(spec.getAffinity(), f);
            f.topologySpreadConstraints = spec.getTopologySpreadConstraints();
            f.tolerations = list(spec.getTolerations(), Fabric8Fields::toleration);
            f.containers = list(spec.getContainers(), Fabric8Fields::container);
            f.initContainers = list(spec.getInitContainers(), Fabric8Fields::container);
            f.overhead = quantities(spec.getOverhead());
            f.volumeSources = UnmodelledFields.volumeSources(spec.getVolumes());
            f.resourceClaims = spec.getResourceClaims() != null && !spec.getResourceClaims().isEmpty();
            f.podResources = UnmodelledFields.podResources(spec.getResources());
        }
        if (pod.getStatus() != null) {
            f.phase = pod.getStatus().getPhase();
            f.nominatedNodeName = pod.getStatus().getNominatedNodeName();
        }
        return f;
    }

    public static NodeFields node(Node node) {
        NodeFields f = new NodeFields();
        meta(node.getMetadata(), f.meta);
        if (node.getSpec() != null) {
            f.unschedulable = node.getSpec().getUnschedulable();
            f.taints = list(node.getSpec().getTaints(), t -> {
                TaintFields taint = new TaintFields();
                taint.key = t.getKey();
                taint.value = t.getValue();
                taint.effect = t.getEffect();
                return taint;
            });
        }
        if (node.getStatus() != null) {
            f.allocatable = quantities(node.getStatus().getAllocatable());
            f.capacity = quantities(node.getStatus().getCapacity());
        }
        return f;
    }

    public static PodGroupFields podGroup(PodGroup group) {
        PodGroupFields f = new PodGroupFields();
        meta(group.getMetadata(), f.meta);
        if (group.getSpec() != null) {
            f.minMember = group.getSpec().getMinMember();
            f.minTaskMember = group.getSpec().getMinTaskMember();
            f.queue = group.getSpec().getQueue();
            f.priorityClassName = group.getSpec().getPriorityClassName();
            f.minResources = quantities(group.getSpec().getMinResources());
            f.specExtras = group.getSpec().getAdditionalProperties();
        }
        if (group.getStatus() != null) {
            f.phase = group.getStatus().getPhase();
        }
        return f;
    }

    public static QueueFields queue(Queue queue) {
        QueueFields f = new QueueFields();
        meta(queue.getMetadata(), f.meta);
        var spec = queue.getSpec();
        if (spec != null) {
            f.weight = spec.getWeight();
            f.capability = quantities(spec.getCapability());
            f.guarantee = spec.getGuarantee() == null ? null : quantities(spec.getGuarantee().getResource());
            f.deserved = quantities(spec.getDeserved());
            f.reclaimable = spec.getReclaimable();
            f.parent = spec.getParent();
            f.priority = spec.getPriority();
        }
        if (queue.getStatus() != null) {
            f.state = queue.getStatus().getState();
        }
        return f;
    }

    public static PriorityClassFields priorityClass(PriorityClass pc) {
        PriorityClassFields f = new PriorityClassFields();
        meta(pc.getMetadata(), f.meta);
        f.value = pc.getValue();
        f.globalDefault = pc.getGlobalDefault();
        return f;
    }

    /** The metadata of any fabric8 object (null is an object without metadata). */
    public static MetaFields meta(ObjectMeta meta) {
        MetaFields f = new MetaFields();
        meta(meta, f);
        return f;
    }

    private static void meta(ObjectMeta meta, MetaFields f) {
        if (meta == null) {
            return;
        }
        f.name = meta.getName();
        f.namespace = meta.getNamespace();
        f.uid = meta.getUid();
        f.creationTimestamp = meta.getCreationTimestamp();
        f.deletionTimestamp = meta.getDeletionTimestamp();
        f.labels = meta.getLabels();
        f.annotations = meta.getAnnotations();
        f.ownerReferences = list(meta.getOwnerReferences(), r -> {
            OwnerFields o = new OwnerFields();
            o.apiVersion = r.getApiVersion();
            o.kind = r.getKind();
            o.name = r.getName();
            o.controller = r.getController();
            return o;
        });
    }

    private static void affinity(Affinity affinity, PodFields f) {
        if (affinity == null) {
            return;
        }
        f.interPodAffinity = affinity;
        NodeAffinity node = affinity.getNodeAffinity();
        if (node == null) {
            return;
        }
        NodeAffinityFields a = new NodeAffinityFields();
        if (node.getRequiredDuringSchedulingIgnoredDuringExecution() != null) {
            a.required = list(node.getRequiredDuringSchedulingIgnoredDuringExecution().getNodeSelectorTerms(),
                    Fabric8Fields::term);
            if (a.required == null) {
                a.required = List.of();
            }
        }
        a.preferred = list(node.getPreferredDuringSchedulingIgnoredDuringExecution(), Fabric8Fields::preferred);
        f.nodeAffinity = a;
    }

    private static PreferredTermFields preferred(PreferredSchedulingTerm t) {
        PreferredTermFields p = new PreferredTermFields();
        p.weight = t.getWeight();
        p.preference = t.getPreference() == null ? null : term(t.getPreference());
        return p;
    }

    private static SelectorTermFields term(NodeSelectorTerm t) {
        if (t == null) {
            return null;
        }
        SelectorTermFields s = new SelectorTermFields();
        s.matchExpressions = list(t.getMatchExpressions(), Fabric8Fields::requirement);
        s.matchFields = list(t.getMatchFields(), Fabric8Fields::requirement);
        return s;
    }

    private static RequirementFields requirement(NodeSelectorRequirement r) {
        RequirementFields f = new RequirementFields();
        f.key = r.getKey();
        f.operator = r.getOperator();
        f.values = r.getValues();
        return f;
    }

    private static TolerationFields toleration(io.fabric8.kubernetes.api.model.Toleration t) {
        TolerationFields f = new TolerationFields();
        f.key = t.getKey();
        f.operator = t.getOperator();
        f.value = t.getValue();
        f.effect = t.getEffect();
        return f;
    }

    private static ContainerFields container(Container c) {
        ContainerFields f = new ContainerFields();
        if (c.getResources() != null) {
            f.requests = quantities(c.getResources().getRequests());
            f.limits = quantities(c.getResources().getLimits());
        }
        f.restartPolicy = c.getRestartPolicy();
        f.ports = list(c.getPorts(), Fabric8Fields::port);
        return f;
    }

    private static PortFields port(ContainerPort p) {
        PortFields f = new PortFields();
        f.hostPort = p.getHostPort();
        f.protocol = p.getProtocol();
        f.hostIP = p.getHostIP();
        return f;
    }

    /** Quantities as written ({@code 500m}): fabric8 splits them into amount and format. */
    static Map<String, String> quantities(Map<String, Quantity> quantities) {
        if (quantities == null) {
            return null;
        }
        Map<String, String> out = new LinkedHashMap<>();
        quantities.forEach((k, v) -> out.put(k, QuantityMaps.text(v)));
        return out;
    }

    private static <T, R> List<R> list(List<T> items, Function<T, R> view) {
        if (items == null) {
            return null;
        }
        List<R> out = new ArrayList<>(items.size());
        for (T t : items) {
            out.add(t == null ? null : view.apply(t));
        }
        return out;
    }
}
