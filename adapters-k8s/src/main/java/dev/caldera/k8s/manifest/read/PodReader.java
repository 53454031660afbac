package dev.caldera.k8s.manifest.read;

import dev.caldera.k8s.convert.fields.ContainerFields;
import dev.caldera.k8s.convert.fields.NodeAffinityFields;
import dev.caldera.k8s.convert.fields.PodFields;
import dev.caldera.k8s.convert.fields.PortFields;
import dev.caldera.k8s.convert.fields.PreferredTermFields;
import dev.caldera.k8s.convert.fields.RequirementFields;
import dev.caldera.k8s.convert.fields.SelectorTermFields;
import dev.caldera.k8s.convert.fields.TolerationFields;
import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.PodAffinity;
import io.fabric8.kubernetes.api.model.PodAntiAffinity;
import io.fabric8.kubernetes.api.model.TopologySpreadConstraint;

import java.util.List;

/**
 * Reads a Pod's text straight into {@link PodFields}: the metadata, the scheduling part of {@code spec}
 * (containers' resources and host ports, node selector and affinity, tolerations, priority, gates) and
 * {@code status.phase} / {@code nominatedNodeName}. Pod affinity and topology spread constraints, rare and deep,
 * are decoded into fabric8 types ({@link Fabric8Values}). Everything else is skipped unread.
 * <p>
 * To read another pod field: add a case here and the same field in {@code Fabric8Fields.pod}, and use it in
 * {@code PodConverter}.
 */
final class PodReader implements KindReader {
    private final PodFields pod = new PodFields();

    PodFields fields() {
        return pod;
    }

    @Override
    public void field(String key, Values v) {
        switch (key) {
            case "metadata" -> MetaReader.read(v, pod.meta);
            case "spec" -> spec(v);
            case "status" -> status(v);
            default -> v.skip();
        }
    }

    private void spec(Values v) {
        if (!v.map("spec")) {
            return;
        }
        pod.spec = true;
        String key;
        while ((key = v.nextField()) != null) {
            switch (key) {
                case "schedulerName" -> pod.schedulerName = v.sharedString("spec.schedulerName");
                case "priority" -> pod.priority = v.integer("spec.priority");
                case "priorityClassName" -> pod.priorityClassName = v.sharedString("spec.priorityClassName");
                case "preemptionPolicy" -> pod.preemptionPolicy = v.string("spec.preemptionPolicy");
                case "schedulingGates" -> {
                    List<Object> gates = v.list("spec.schedulingGates", PodReader::skipped);
                    pod.schedulingGated = gates != null && !gates.isEmpty();
                }
                case "nodeName" -> pod.nodeName = v.sharedString("spec.nodeName");
                case "nodeSelector" -> pod.nodeSelector = v.stringMap("spec.nodeSelector");
                case "affinity" -> affinity(v);
                case "topologySpreadConstraints" -> pod.topologySpreadConstraints = v.list(
                        "spec.topologySpreadConstraints", PodReader::spreadConstraint);
                case "tolerations" -> pod.tolerations = v.list("spec.tolerations", PodReader::toleration);
                case "containers" -> pod.containers = v.list("spec.containers", PodReader::container);
                case "initContainers" -> pod.initContainers = v.list("spec.initContainers", PodReader::container);
                case "overhead" -> pod.overhead = v.quantityMap("spec.overhead");
                case "volumes" -> pod.volumeSources = volumeSources(v);
                case "resourceClaims" -> {
                    List<Object> claims = v.list("spec.resourceClaims", PodReader::skipped);
                    pod.resourceClaims = claims != null && !claims.isEmpty();
                }
                case "resources" -> pod.podResources = podResources(v);
                default -> v.skip();
            }
        }
    }

    private void status(Values v) {
        if (!v.map("status")) {
            return;
        }
        String key;
        while ((key = v.nextField()) != null) {
            switch (key) {
                case "phase" -> pod.phase = v.sharedString("status.phase");
                case "nominatedNodeName" -> pod.nominatedNodeName = v.sharedString("status.nominatedNodeName");
                default -> v.skip();
            }
        }
    }

    /** Which volume sources the pod's volumes use (the kernel models none; a warning names them). */
    private static java.util.Set<String> volumeSources(Values v) {
        java.util.Set<String> sources = new java.util.LinkedHashSet<>();
        v.list("spec.volumes", (w, p) -> {
            if (w.map(p)) {
                String key;
                while ((key = w.nextField()) != null) {
                    sources.add(key);
                    w.skip();
                }
            }
            return Boolean.TRUE;
        });
        return sources;
    }

    /** Whether pod-level {@code spec.resources} sets any request or limit. */
    private static boolean podResources(Values v) {
        if (!v.map("spec.resources")) {
            return false;
        }
        boolean any = false;
        String key;
        while ((key = v.nextField()) != null) {
            if (key.equals("requests") || key.equals("limits")) {
                java.util.Map<String, String> m = v.quantityMap("spec.resources." + key);
                any |= m != null && !m.isEmpty();
            } else {
                v.skip();
            }
        }
        return any;
    }

    private static TopologySpreadConstraint spreadConstraint(Values v, String path) {
        return Fabric8Values.read(v, path, TopologySpreadConstraint.class);
    }

    private static Object skipped(Values v, String path) {
        v.skip();
        return Boolean.TRUE;
    }

    private static ContainerFields container(Values v, String path) {
        ContainerFields c = new ContainerFields();
        if (!v.map(path)) {
            return c;
        }
        String key;
        while ((key = v.nextField()) != null) {
            switch (key) {
                case "resources" -> resources(v, path, c);
                case "restartPolicy" -> c.restartPolicy = v.string(path + ".restartPolicy");
                case "ports" -> c.ports = v.list(path + ".ports", PodReader::port);
                default -> v.skip();
            }
        }
        return c;
    }

    /** The container's {@code resources}; {@code container} is the container's path (paths made only for a message). */
    private static void resources(Values v, String container, ContainerFields c) {
        if (!v.map(container, ".resources")) {
            return;
        }
        String key;
        while ((key = v.nextField()) != null) {
            switch (key) {
                case "requests" -> c.requests = v.quantityMap(container, ".resources.requests");
                case "limits" -> c.limits = v.quantityMap(container, ".resources.limits");
                default -> v.skip();
            }
        }
    }

    private static PortFields port(Values v, String path) {
        PortFields port = new PortFields();
        if (!v.map(path)) {
            return port;
        }
        String key;
        while ((key = v.nextField()) != null) {
            switch (key) {
                case "hostPort" -> port.hostPort = v.integer(path + ".hostPort");
                case "protocol" -> port.protocol = v.string(path + ".protocol");
                case "hostIP" -> port.hostIP = v.string(path + ".hostIP");
                default -> v.skip();
            }
        }
        return port;
    }

    private static TolerationFields toleration(Values v, String path) {
        TolerationFields t = new TolerationFields();
        if (!v.map(path)) {
            return t;
        }
        String key;
        while ((key = v.nextField()) != null) {
            switch (key) {
                case "key" -> t.key = v.string(path, ".key");
                case "operator" -> t.operator = v.string(path, ".operator");
                case "value" -> t.value = v.string(path, ".value");
                case "effect" -> t.effect = v.string(path, ".effect");
                default -> v.skip();
            }
        }
        return t;
    }

    private void affinity(Values v) {
        if (!v.map("spec.affinity")) {
            return;
        }
        String key;
        while ((key = v.nextField()) != null) {
            switch (key) {
                case "nodeAffinity" -> pod.nodeAffinity = nodeAffinity(v, "spec.affinity.nodeAffinity");
                case "podAffinity" -> interPod().setPodAffinity(
                        Fabric8Values.read(v, "spec.affinity.podAffinity", PodAffinity.class));
                case "podAntiAffinity" -> interPod().setPodAntiAffinity(
                        Fabric8Values.read(v, "spec.affinity.podAntiAffinity", PodAntiAffinity.class));
                default -> v.skip();
            }
        }
    }

    private Affinity interPod() {
        if (pod.interPodAffinity == null) {
            pod.interPodAffinity = new Affinity();
        }
        return pod.interPodAffinity;
    }

    private static NodeAffinityFields nodeAffinity(Values v, String path) {
        NodeAffinityFields a = new NodeAffinityFields();
        if (!v.map(path)) {
            return null;
        }
        String key;
        while ((key = v.nextField()) != null) {
            switch (key) {
                case "requiredDuringSchedulingIgnoredDuringExecution" -> a.required = required(v,
                        path + "." + key);
                case "preferredDuringSchedulingIgnoredDuringExecution" -> a.preferred = v.list(path + "." + key,
                        PodReader::preferred);
                default -> v.skip();
            }
        }
        return a;
    }

    /** A node selector: its terms (an empty list when it has none). */
    private static List<SelectorTermFields> required(Values v, String path) {
        if (!v.map(path)) {
            return null;
        }
        List<SelectorTermFields> terms = List.of();
        String key;
        while ((key = v.nextField()) != null) {
            if (key.equals("nodeSelectorTerms")) {
                List<SelectorTermFields> read = v.list(path + ".nodeSelectorTerms", PodReader::term);
                terms = read == null ? List.of() : read;
            } else {
                v.skip();
            }
        }
        return terms;
    }

    private static PreferredTermFields preferred(Values v, String path) {
        PreferredTermFields t = new PreferredTermFields();
        if (!v.map(path)) {
            return t;
        }
        String key;
        while ((key = v.nextField()) != null) {
            switch (key) {
                case "weight" -> t.weight = v.integer(path + ".weight");
                case "preference" -> t.preference = term(v, path + ".preference");
                default -> v.skip();
            }
        }
        return t;
    }

    private static SelectorTermFields term(Values v, String path) {
        if (!v.map(path)) {
            return null;
        }
        SelectorTermFields t = new SelectorTermFields();
        String key;
        while ((key = v.nextField()) != null) {
            switch (key) {
                case "matchExpressions" -> t.matchExpressions = v.list(path + "." + key, PodReader::requirement);
                case "matchFields" -> t.matchFields = v.list(path + "." + key, PodReader::requirement);
                default -> v.skip();
            }
        }
        return t;
    }

    private static RequirementFields requirement(Values v, String path) {
        RequirementFields r = new RequirementFields();
        if (!v.map(path)) {
            return r;
        }
        String key;
        while ((key = v.nextField()) != null) {
            switch (key) {
                case "key" -> r.key = v.string(path + ".key");
                case "operator" -> r.operator = v.string(path + ".operator");
                case "values" -> r.values = v.strings(path + ".values");
                default -> v.skip();
            }
        }
        return r;
    }
}
