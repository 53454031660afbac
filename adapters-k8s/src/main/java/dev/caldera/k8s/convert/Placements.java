package dev.caldera.k8s.convert;

import dev.caldera.k8s.convert.fields.ContainerFields;
import dev.caldera.k8s.convert.fields.NodeAffinityFields;
import dev.caldera.k8s.convert.fields.PodFields;
import dev.caldera.k8s.convert.fields.PortFields;
import dev.caldera.k8s.convert.fields.PreferredTermFields;
import dev.caldera.k8s.convert.fields.RequirementFields;
import dev.caldera.k8s.convert.fields.SelectorTermFields;
import dev.caldera.k8s.convert.fields.TolerationFields;
import dev.caldera.k8s.manifest.token.Quote;
import dev.caldera.kernel.placement.HostPort;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.placement.PreferredTerm;
import dev.caldera.kernel.placement.SelectorOperator;
import dev.caldera.kernel.placement.SelectorRequirement;
import dev.caldera.kernel.placement.SelectorTerm;
import dev.caldera.kernel.placement.TaintEffect;
import dev.caldera.kernel.placement.Toleration;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The placement part of a pod: node selector, required and preferred node affinity, tolerations and host
 * ports, checked as the API server checks them (operators, values per operator, weights, ports). Inter-pod
 * affinity and topology spread are {@link InterPodTerms}.
 */
public final class Placements {
    private static final String AFFINITY = "spec.affinity.nodeAffinity.";
    /** How many distinct placements {@link #shared} keeps per thread. */
    static final int SHARED_MAX = 1 << 12;
    private static final ThreadLocal<Map<PlacementSpec, PlacementSpec>> SHARED =
            ThreadLocal.withInitial(java.util.HashMap::new);

    private Placements() {
    }

    public static PlacementSpec of(PodFields pod, String object) {
        NodeAffinityFields affinity = pod.nodeAffinity;
        List<SelectorTerm> required = List.of();
        List<PreferredTerm> preferred = List.of();
        if (affinity != null) {
            if (affinity.required != null) {
                required = terms(affinity.required, object,
                        AFFINITY + "requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms");
            }
            preferred = preferred(affinity.preferred, object,
                    AFFINITY + "preferredDuringSchedulingIgnoredDuringExecution");
        }
        Map<String, String> selector = selector(pod.nodeSelector, object);
        List<Toleration> tolerations = tolerations(pod.tolerations, object);
        List<HostPort> hostPorts = hostPorts(pod.containers, object);
        if ((selector == null || selector.isEmpty()) && required.isEmpty() && preferred.isEmpty()
                && tolerations.isEmpty() && hostPorts.isEmpty()) {
            // most pods: the one constant the cache's interner knows by identity, not a spec equal to it that it
            // would hash and compare (its lists' hashCode and equals) for every pod of a dump
            return PlacementSpec.NONE;
        }
        return shared(new PlacementSpec(selector, required, preferred, tolerations, hostPorts));
    }

    /**
     * {@code spec}, or the equal spec this thread converted first (at most {@link #SHARED_MAX} kept per thread):
     * pods of one job, and of many jobs, carry the same node selector or tolerations, and the cache's interner
     * ({@code SpecInterner}) knows a spec object it has seen by identity, where a new equal object costs it a
     * hash and a comparison of the spec's maps and lists on the scheduling thread (on the 5,000-node dump, 12,000
     * pods with a zone selector or a GPU toleration, about 25 ms of its first cycle).
     */
    static PlacementSpec shared(PlacementSpec spec) {
        Map<PlacementSpec, PlacementSpec> kept = SHARED.get();
        PlacementSpec first = kept.get(spec);
        if (first != null) {
            return first;
        }
        if (kept.size() < SHARED_MAX) {
            kept.put(spec, spec);
        }
        return spec;
    }

    private static Map<String, String> selector(Map<String, String> selector, String object) {
        if (selector != null) {
            for (Map.Entry<String, String> e : selector.entrySet()) {
                if (e.getValue() == null) {
                    throw new ConversionException(object, "spec.nodeSelector." + e.getKey(), "needs a value");
                }
            }
        }
        return selector;
    }

    private static List<SelectorTerm> terms(List<SelectorTermFields> terms, String object, String path) {
        List<SelectorTerm> out = new ArrayList<>();
        for (int i = 0; i < terms.size(); i++) {
            out.add(term(terms.get(i), object, path + "[" + i + "]"));
        }
        return out;
    }

    private static SelectorTerm term(SelectorTermFields term, String object, String path) {
        if (term == null) {
            return new SelectorTerm(List.of(), List.of());
        }
        return new SelectorTerm(requirements(term.matchExpressions, object, path + ".matchExpressions"),
                requirements(term.matchFields, object, path + ".matchFields"));
    }

    private static List<PreferredTerm> preferred(List<PreferredTermFields> terms, String object, String path) {
        List<PreferredTerm> out = new ArrayList<>();
        for (int i = 0; terms != null && i < terms.size(); i++) {
            PreferredTermFields t = terms.get(i);
            String at = path + "[" + i + "]";
            int weight = t == null || t.weight == null ? 0 : t.weight;
            if (weight < 1 || weight > 100) {
                throw new ConversionException(object, at + ".weight", "must be between 1 and 100, got " + weight);
            }
            out.add(new PreferredTerm(weight, term(t.preference, object, at + ".preference")));
        }
        return out;
    }

    private static List<SelectorRequirement> requirements(List<RequirementFields> list, String object,
                                                          String path) {
        List<SelectorRequirement> out = new ArrayList<>();
        for (int i = 0; list != null && i < list.size(); i++) {
            out.add(requirement(list.get(i), object, path + "[" + i + "]"));
        }
        return out;
    }

    /** Kubernetes' ValidateNodeSelectorRequirement: the values each operator takes. */
    private static SelectorRequirement requirement(RequirementFields r, String object, String at) {
        if (r == null || ObjectNames.emptyToNull(r.key) == null) {
            throw new ConversionException(object, at + ".key", "is required");
        }
        SelectorOperator op = SelectorOperator.parse(r.operator);
        if (op == null) {
            throw new ConversionException(object, at + ".operator", Quote.of(r.operator)
                    + " is not one of In, NotIn, Exists, DoesNotExist, Gt, Lt");
        }
        List<String> values = r.values == null ? List.of() : r.values;
        for (int v = 0; v < values.size(); v++) {
            if (values.get(v) == null) {
                throw new ConversionException(object, at + ".values[" + v + "]", "is required (a string)");
            }
        }
        switch (op) {
            case IN, NOT_IN -> {
                if (values.isEmpty()) {
                    throw new ConversionException(object, at + ".values", "must not be empty for " + r.operator);
                }
            }
            case EXISTS, DOES_NOT_EXIST -> {
                if (!values.isEmpty()) {
                    throw new ConversionException(object, at + ".values", "must be empty for " + r.operator);
                }
            }
            default -> integerValue(values, object, at, r.operator);
        }
        return new SelectorRequirement(r.key, op, values);
    }

    /** Gt and Lt take exactly one value, a 64-bit integer. */
    private static void integerValue(List<String> values, String object, String at, String operator) {
        if (values.size() != 1) {
            throw new ConversionException(object, at + ".values", "must hold exactly one integer for " + operator
                    + ", got " + values.size() + " values");
        }
        try {
            Long.parseLong(values.get(0));
        } catch (NumberFormatException e) {
            throw new ConversionException(object, at + ".values[0]", Quote.of(values.get(0))
                    + " is not an integer (" + operator + " compares numbers)");
        }
    }

    private static List<Toleration> tolerations(List<TolerationFields> list, String object) {
        List<Toleration> out = new ArrayList<>();
        for (int i = 0; list != null && i < list.size(); i++) {
            TolerationFields t = list.get(i) == null ? new TolerationFields() : list.get(i);
            String at = "spec.tolerations[" + i + "]";
            String operator = t.operator == null || t.operator.isEmpty() ? "Equal" : t.operator;
            if (!operator.equals("Equal") && !operator.equals("Exists")) {
                throw new ConversionException(object, at + ".operator", Quote.of(t.operator)
                        + " is not Equal or Exists");
            }
            out.add(new Toleration(t.key, operator.equals("Exists"), t.value,
                    effect(t.effect, true, object, at + ".effect")));
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
            throw new ConversionException(object, field, Quote.of(text)
                    + " is not one of NoSchedule, PreferNoSchedule, NoExecute");
        }
        return effect;
    }

    private static List<HostPort> hostPorts(List<ContainerFields> containers, String object) {
        List<HostPort> out = new ArrayList<>();
        for (int c = 0; containers != null && c < containers.size(); c++) {
            List<PortFields> ports = containers.get(c) == null ? null : containers.get(c).ports;
            for (int p = 0; ports != null && p < ports.size(); p++) {
                PortFields port = ports.get(p);
                Integer hostPort = port == null ? null : port.hostPort;
                if (hostPort == null || hostPort == 0) {
                    continue;
                }
                if (hostPort < 0 || hostPort > 65535) {
                    throw new ConversionException(object, "spec.containers[" + c + "].ports[" + p + "].hostPort",
                            "must be between 1 and 65535, got " + hostPort);
                }
                out.add(new HostPort(port.protocol, hostPort, port.hostIP));
            }
        }
        return out;
    }
}
