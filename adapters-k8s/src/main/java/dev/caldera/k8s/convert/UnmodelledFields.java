package dev.caldera.k8s.convert;

import dev.caldera.k8s.convert.fields.PodFields;
import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.PodAffinityTerm;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.WeightedPodAffinityTerm;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The pod fields that change where Volcano may place a pod but that the kernel does not model, so that a
 * reader can say so instead of scheduling the pod as if they were absent: claims of persistent or ephemeral
 * volumes and inline CSI volumes (Volcano's VolumeBinding, VolumeZone and NodeVolumeLimits filters), resource
 * claims (DynamicResources), pod-level resources (the request is the containers' sum here), and namespace
 * selectors of pod affinity terms that read namespace labels other than {@code kubernetes.io/metadata.name}
 * (the only namespace label the kernel knows, because the API server sets it on every namespace).
 * <p>
 * Threading: stateless.
 */
public final class UnmodelledFields {
    /** Each field kind, as reported, with what ignoring it means. */
    public static final Map<String, String> CONSEQUENCES = Map.of(
            "spec.volumes[].persistentVolumeClaim", "volume binding, volume zones and volume limits are not checked",
            "spec.volumes[].ephemeral", "volume binding, volume zones and volume limits are not checked",
            "spec.volumes[].csi", "CSI volume limits are not checked",
            "spec.resourceClaims", "dynamic resource allocation is not checked",
            "spec.resources", "pod-level resources are not read; the request is the containers' sum",
            "spec.affinity.*.namespaceSelector",
            "only the kubernetes.io/metadata.name namespace label is known; other namespace labels are empty");

    private UnmodelledFields() {
    }

    /** The kinds of unmodelled fields the pod spec sets, in a stable order (keys of {@link #CONSEQUENCES}). */
    public static List<String> of(PodSpec spec) {
        io.fabric8.kubernetes.api.model.Pod pod = new io.fabric8.kubernetes.api.model.Pod();
        pod.setSpec(spec);
        return of(Fabric8Fields.pod(pod));
    }

    /** The same, from the pod's field view (what a manifest reader or {@link Fabric8Fields} filled). */
    public static List<String> of(PodFields pod) {
        Set<String> found = new LinkedHashSet<>();
        if (pod.volumeSources != null) {
            for (String source : List.of("persistentVolumeClaim", "ephemeral", "csi")) {
                if (pod.volumeSources.contains(source)) {
                    found.add("spec.volumes[]." + source);
                }
            }
        }
        if (pod.resourceClaims) {
            found.add("spec.resourceClaims");
        }
        if (pod.podResources) {
            found.add("spec.resources");
        }
        if (readsNamespaceLabels(pod.interPodAffinity)) {
            found.add("spec.affinity.*.namespaceSelector");
        }
        return new ArrayList<>(found);
    }

    /** The volume sources of fabric8 volumes that {@link #of(PodFields)} looks at. */
    static Set<String> volumeSources(List<Volume> volumes) {
        Set<String> found = new LinkedHashSet<>();
        for (int i = 0; volumes != null && i < volumes.size(); i++) {
            Volume v = volumes.get(i);
            if (v.getPersistentVolumeClaim() != null) {
                found.add("persistentVolumeClaim");
            }
            if (v.getEphemeral() != null) {
                found.add("ephemeral");
            }
            if (v.getCsi() != null) {
                found.add("csi");
            }
        }
        return found;
    }

    /** Whether fabric8's pod-level resources set any request or limit. */
    static boolean podResources(io.fabric8.kubernetes.api.model.ResourceRequirements r) {
        return r != null && (notEmpty(r.getRequests()) || notEmpty(r.getLimits()));
    }

    private static boolean readsNamespaceLabels(Affinity affinity) {
        if (affinity == null) {
            return false;
        }
        List<PodAffinityTerm> terms = new ArrayList<>();
        if (affinity.getPodAffinity() != null) {
            addAll(terms, affinity.getPodAffinity().getRequiredDuringSchedulingIgnoredDuringExecution(),
                    affinity.getPodAffinity().getPreferredDuringSchedulingIgnoredDuringExecution());
        }
        if (affinity.getPodAntiAffinity() != null) {
            addAll(terms, affinity.getPodAntiAffinity().getRequiredDuringSchedulingIgnoredDuringExecution(),
                    affinity.getPodAntiAffinity().getPreferredDuringSchedulingIgnoredDuringExecution());
        }
        for (PodAffinityTerm t : terms) {
            io.fabric8.kubernetes.api.model.LabelSelector ns = t == null ? null : t.getNamespaceSelector();
            if (ns != null && readsOtherLabels(ns)) {
                return true;
            }
        }
        return false;
    }

    private static boolean readsOtherLabels(io.fabric8.kubernetes.api.model.LabelSelector s) {
        String name = "kubernetes.io/metadata.name";
        if (s.getMatchLabels() != null && s.getMatchLabels().keySet().stream().anyMatch(k -> !name.equals(k))) {
            return true;
        }
        return s.getMatchExpressions() != null
                && s.getMatchExpressions().stream().anyMatch(r -> !name.equals(r.getKey()));
    }

    private static void addAll(List<PodAffinityTerm> into, List<PodAffinityTerm> required,
                               List<WeightedPodAffinityTerm> preferred) {
        if (required != null) {
            into.addAll(required);
        }
        if (preferred != null) {
            preferred.forEach(w -> into.add(w.getPodAffinityTerm()));
        }
    }

    private static boolean notEmpty(Map<?, ?> map) {
        return map != null && !map.isEmpty();
    }
}
