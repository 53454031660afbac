package dev.caldera.k8s.simulate;

import dev.caldera.k8s.convert.ConversionException;
import dev.caldera.k8s.convert.Fabric8Fields;
import dev.caldera.k8s.convert.PodGroupConverter;
import dev.caldera.k8s.convert.VcJobExpander;
import dev.caldera.k8s.manifest.ClusterManifest;
import dev.caldera.k8s.manifest.Location;
import dev.caldera.k8s.manifest.ManifestException;
import dev.caldera.k8s.manifest.Sourced;
import io.fabric8.kubernetes.api.model.HasMetadata;
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
        Map<String, Integer> priorities = new HashMap<>();
        for (Sourced<PriorityClass> pc : m.priorityClasses) {
            if (pc.object().getMetadata() != null && pc.object().getValue() != null) {
                priorities.put(pc.object().getMetadata().getName(), pc.object().getValue());
            }
        }
        expand(m.vcJobs, keys(m.podGroups), keys(m.pods), controlledJobs(m.podGroups), priorities,
                (g, at) -> m.podGroups.add(new Sourced<>(g, at)), (p, at) -> m.pods.add(new Sourced<>(p, at)));
    }

    /**
     * The expansion itself, given what the input holds: PodGroup and pod keys ({@code namespace/name}, updated
     * as objects are made), the Jobs a PodGroup names as controller, and the priority classes' values.
     */
    static void expand(List<Sourced<Job>> jobs, Set<String> groups, Set<String> pods, Set<String> controlled,
                       Map<String, Integer> priorities, java.util.function.BiConsumer<PodGroup, Location> addGroup,
                       java.util.function.BiConsumer<Pod, Location> addPod) {
        for (Sourced<Job> s : jobs) {
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
                addGroup.accept(e.podGroup(), s.location());
                groups.add(key(e.podGroup()));
            }
            for (Pod p : e.pods()) {
                addPod.accept(p, s.location());
                pods.add(key(p));
            }
        }
    }

    /** Jobs ({@code namespace/name}) that some PodGroup names as its controlling owner. */
    private static Set<String> controlledJobs(List<Sourced<PodGroup>> groups) {
        Set<String> out = new HashSet<>();
        for (Sourced<PodGroup> g : groups) {
            String job = PodGroupConverter.controllingJob(Fabric8Fields.meta(g.object().getMetadata()));
            if (job != null) {
                out.add(job);
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
