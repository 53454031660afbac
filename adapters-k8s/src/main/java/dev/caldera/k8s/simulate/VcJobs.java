package dev.caldera.k8s.simulate;

import dev.caldera.k8s.convert.ConversionException;
import dev.caldera.k8s.convert.VcJobExpander;
import dev.caldera.k8s.manifest.ClusterManifest;
import dev.caldera.k8s.manifest.ManifestException;
import dev.caldera.k8s.manifest.Sourced;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;
import io.fabric8.volcano.api.model.batch.v1alpha1.Job;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroup;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Adds to a manifest what Volcano's Job controller would have created for its vcjobs ({@link VcJobExpander}):
 * the PodGroup of a Job when no PodGroup of that name, or controlled by that Job, is in the input, and every
 * pod {@code <job>-<task>-<index>} that is not. The made objects carry the Job's file and line.
 * <p>
 * Threading: one thread.
 */
final class VcJobs {
    private VcJobs() {
    }

    static void expandInto(ClusterManifest m) {
        if (m.vcJobs.isEmpty()) {
            return;
        }
        Set<String> groups = keys(m.podGroups);
        Set<String> pods = keys(m.pods);
        Set<String> controlled = controlledJobs(m.podGroups);
        Map<String, Integer> priorities = new HashMap<>();
        for (Sourced<PriorityClass> pc : m.priorityClasses) {
            if (pc.object().getMetadata() != null && pc.object().getValue() != null) {
                priorities.put(pc.object().getMetadata().getName(), pc.object().getValue());
            }
        }
        for (Sourced<Job> s : m.vcJobs) {
            Job job = s.object();
            String jobKey = key(job);
            VcJobExpander.Expansion e;
            try {
                e = VcJobExpander.expand(job, k -> controlled.contains(jobKey) || groups.contains(k), pods::contains,
                        name -> priorities.getOrDefault(name, 0));
            } catch (ConversionException | IllegalArgumentException ex) {
                throw new ManifestException(s.location() + ": " + ex.getMessage(), ex);
            }
            if (e.podGroup() != null) {
                m.podGroups.add(new Sourced<>(e.podGroup(), s.location()));
                groups.add(key(e.podGroup()));
            }
            for (Pod p : e.pods()) {
                m.pods.add(new Sourced<>(p, s.location()));
                pods.add(key(p));
            }
        }
    }

    /** Jobs ({@code namespace/name}) that some PodGroup names as its controlling owner. */
    private static Set<String> controlledJobs(List<Sourced<PodGroup>> groups) {
        Set<String> out = new HashSet<>();
        for (Sourced<PodGroup> g : groups) {
            List<OwnerReference> owners = g.object().getMetadata() == null ? null
                    : g.object().getMetadata().getOwnerReferences();
            for (OwnerReference o : owners == null ? List.<OwnerReference>of() : owners) {
                if ("Job".equals(o.getKind()) && o.getApiVersion() != null
                        && o.getApiVersion().startsWith("batch.volcano.sh/") && Boolean.TRUE.equals(o.getController())) {
                    out.add(namespace(g.object()) + "/" + o.getName());
                }
            }
        }
        return out;
    }

    private static <T extends HasMetadata> Set<String> keys(List<Sourced<T>> objects) {
        Set<String> out = new HashSet<>();
        for (Sourced<T> s : objects) {
            out.add(key(s.object()));
        }
        return out;
    }

    private static String key(HasMetadata o) {
        return namespace(o) + "/" + (o.getMetadata() == null ? null : o.getMetadata().getName());
    }

    private static String namespace(HasMetadata o) {
        String ns = o.getMetadata() == null ? null : o.getMetadata().getNamespace();
        return ns == null || ns.isEmpty() ? "default" : ns;
    }
}
