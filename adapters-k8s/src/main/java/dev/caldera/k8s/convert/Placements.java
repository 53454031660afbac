package dev.caldera.k8s.convert;

import dev.caldera.kernel.placement.HostPort;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.placement.PreferredTerm;
import dev.caldera.kernel.placement.SelectorOperator;
import dev.caldera.kernel.placement.SelectorRequirement;
import dev.caldera.kernel.placement.SelectorTerm;
import dev.caldera.kernel.placement.TaintEffect;
import dev.caldera.kernel.placement.Toleration;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.NodeAffinity;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PreferredSchedulingTerm;

import java.util.ArrayList;
import java.util.List;

/**
 * The placement part of a pod: node selector, required and preferred node affinity, tolerations and host
 * ports. Inter-pod affinity and topology spread are {@link InterPodTerms}.
 */
public final class Placements {
    private Placements() {
    }

    public static PlacementSpec of(PodSpec spec, String object) {
        NodeAffinity affinity = spec.getAffinity() == null ? null : spec.getAffinity().getNodeAffinity();
        List<SelectorTerm> required = List.of();
        List<PreferredTerm> preferred = List.of();
        if (affinity != null) {
            String base = "spec.affinity.nodeAffinity.";
            if (affinity.getRequiredDuringSchedulingIgnoredDuringExecution() != null) {
                required = terms(affinity.getRequiredDuringSchedulingIgnoredDuringExecution().getNodeSelectorTerms(),
                        object, base + "requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms");
            }
            preferred = preferred(affinity.getPreferredDuringSchedulingIgnoredDuringExecution(), object,
                    base + "preferredDuringSchedulingIgnoredDuringExecution");
        }
        return new PlacementSpec(spec.getNodeSelector(), required, preferred, tolerations(spec, object),
                hostPorts(spec, object));
    }

    private static List<SelectorTerm> terms(List<NodeSelectorTerm> terms, String object, String path) {
        List<SelectorTerm> out = new ArrayList<>();
        if (terms == null) {
            return out;
        }
        for (int i = 0; i < terms.size(); i++) {
            out.add(term(terms.get(i), object, path + "[" + i + "]"));
        }
        return out;
    }

    private static SelectorTerm term(NodeSelectorTerm term, String object, String path) {
        if (term == null) {
            return new SelectorTerm(List.of(), List.of());
        }
        return new SelectorTerm(requirements(term.getMatchExpressions(), object, path + ".matchExpressions"),
                requirements(term.getMatchFields(), object, path + ".matchFields"));
    }

    private static List<PreferredTerm> preferred(List<PreferredSchedulingTerm> terms, String object, String path) {
        List<PreferredTerm> out = new ArrayList<>();
        if (terms == null) {
            return out;
        }
        for (int i = 0; i < terms.size(); i++) {
            PreferredSchedulingTerm t = terms.get(i);
            String at = path + "[" + i + "]";
            int weight = t.getWeight() == null ? 0 : t.getWeight();
            if (weight < 1 || weight > 100) {
                throw new ConversionException(object, at + ".weight", "must be between 1 and 100, got " + weight);
            }
            out.add(new PreferredTerm(weight, term(t.getPreference(), object, at + ".preference")));
        }
        return out;
    }

    private static List<SelectorRequirement> requirements(List<NodeSelectorRequirement> list, String object,
                                                          String path) {
        List<SelectorRequirement> out = new ArrayList<>();
        if (list == null) {
            return out;
        }
        for (int i = 0; i < list.size(); i++) {
            NodeSelectorRequirement r = list.get(i);
            String at = path + "[" + i + "]";
            if (ObjectNames.emptyToNull(r.getKey()) == null) {
                throw new ConversionException(object, at + ".key", "is required");
            }
            SelectorOperator op = SelectorOperator.parse(r.getOperator());
            if (op == null) {
                throw new ConversionException(object, at + ".operator", "'" + r.getOperator()
                        + "' is not one of In, NotIn, Exists, DoesNotExist, Gt, Lt");
            }
            out.add(new SelectorRequirement(r.getKey(), op, r.getValues()));
        }
        return out;
    }

    private static List<Toleration> tolerations(PodSpec spec, String object) {
        List<Toleration> out = new ArrayList<>();
        List<io.fabric8.kubernetes.api.model.Toleration> list = spec.getTolerations();
        if (list == null) {
            return out;
        }
        for (int i = 0; i < list.size(); i++) {
            io.fabric8.kubernetes.api.model.Toleration t = list.get(i);
            String at = "spec.tolerations[" + i + "]";
            String operator = t.getOperator() == null || t.getOperator().isEmpty() ? "Equal" : t.getOperator();
            if (!operator.equals("Equal") && !operator.equals("Exists")) {
                throw new ConversionException(object, at + ".operator", "'" + t.getOperator()
                        + "' is not Equal or Exists");
            }
            out.add(new Toleration(t.getKey(), operator.equals("Exists"), t.getValue(),
                    effect(t.getEffect(), true, object, at + ".effect")));
        }
        return out;
    }

    /** A taint or toleration effect; an empty toleration effect matches every effect (null). */
    static TaintEffect effect(String text, boolean emptyAllowed, String object, String field) {
        if (text == null || text.isEmpty()) {
            if (emptyAllowed) {
                return null;
            }
            throw new ConversionException(object, field, "is required (NoSchedule, PreferNoSchedule or NoExecute)");
        }
        TaintEffect effect = TaintEffect.parse(text);
        if (effect == null) {
            throw new ConversionException(object, field, "'" + text
                    + "' is not one of NoSchedule, PreferNoSchedule, NoExecute");
        }
        return effect;
    }

    private static List<HostPort> hostPorts(PodSpec spec, String object) {
        List<HostPort> out = new ArrayList<>();
        List<Container> containers = spec.getContainers();
        if (containers == null) {
            return out;
        }
        for (int c = 0; c < containers.size(); c++) {
            List<ContainerPort> ports = containers.get(c).getPorts();
            for (int p = 0; ports != null && p < ports.size(); p++) {
                ContainerPort port = ports.get(p);
                Integer hostPort = port.getHostPort();
                if (hostPort == null || hostPort == 0) {
                    continue;
                }
                if (hostPort < 0 || hostPort > 65535) {
                    throw new ConversionException(object, "spec.containers[" + c + "].ports[" + p + "].hostPort",
                            "must be between 1 and 65535, got " + hostPort);
                }
                out.add(new HostPort(port.getProtocol(), hostPort, port.getHostIP()));
            }
        }
        return out;
    }
}
