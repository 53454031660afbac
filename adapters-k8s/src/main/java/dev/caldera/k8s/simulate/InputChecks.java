package dev.caldera.k8s.simulate;

import dev.caldera.k8s.convert.UnmodelledFields;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.QueueAdmission;
import dev.caldera.kernel.cache.TaskSpec;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * Warnings about references that do not resolve, which Kubernetes or Volcano would also tolerate: pods whose
 * PodGroup is missing (Volcano leaves them alone), priority class names that do not exist (priority 0 or the
 * global default), pods on nodes that are not in the input; pod fields that would change where Volcano places a
 * pod but that Caldera does not model (one warning per kind of field, naming the pods); and queues that Volcano's
 * admission webhook would have refused ({@link QueueAdmission}).
 */
final class InputChecks {
    private static final int EXAMPLES = 3;

    private final SimulatedCluster cluster;
    private final Consumer<String> warnings;

    InputChecks(SimulatedCluster cluster, Consumer<String> warnings) {
        this.cluster = cluster;
        this.warnings = warnings;
    }

    void run() {
        Map<String, TreeSet<String>> missingGroups = new LinkedHashMap<>();
        Map<String, TreeSet<String>> missingClasses = new LinkedHashMap<>();
        Map<String, TreeSet<String>> missingNodes = new LinkedHashMap<>();
        Map<String, Integer> podsByQueue = new LinkedHashMap<>();
        Groups groups = new Groups(cluster.jobs());
        for (TaskSpec t : cluster.tasks().values()) {
            JobSpec group = groups.of(t);
            if (group == null && !t.job().startsWith("podgroup-")) {
                missingGroups.computeIfAbsent(groups.key(), k -> new TreeSet<>()).add(t.key());
            }
            if (group != null && t.nodeName() != null && dev.caldera.kernel.cluster.TaskStatus.onNode(t.status())) {
                podsByQueue.merge(group.queue(), 1, Integer::sum);
            }
            if (t.priority() == null && isMissing(t.priorityClassName())) {
                note(t.priorityClassName(), "Pod " + t.key(), missingClasses);
            }
            if (t.nodeName() != null && !cluster.nodes().containsKey(t.nodeName())) {
                missingNodes.computeIfAbsent(t.nodeName(), k -> new TreeSet<>()).add(t.key());
            }
        }
        for (JobSpec j : cluster.jobs().values()) {
            if (isMissing(j.priorityClassName())) {
                note(j.priorityClassName(), "PodGroup " + j.key(), missingClasses);
            }
        }
        report(missingGroups, "PodGroup %s is not in the input; its pods are not scheduled: %s");
        report(missingClasses, "PriorityClass %s is not in the input; priority 0 (or the global default) is used"
                + " for %s");
        report(missingNodes, "Node %s is not in the input; the pods on it hold no resources: %s");
        cluster.unmodelled().forEach((field, pods) -> warnings.accept(String.format(
                "%s is not modelled by Caldera (%s); scheduled as if absent: %s", field,
                UnmodelledFields.CONSEQUENCES.get(field), examples(pods))));
        queueAdmission(podsByQueue);
    }

    /**
     * What Volcano's queue webhook would have refused, each queue checked as if created among the others, given the
     * pods on a node per queue (counted in {@link #run}'s pass over the pods, which looked their groups up already).
     */
    private void queueAdmission(Map<String, Integer> podsByQueue) {
        for (String problem : QueueAdmission.review(cluster.queues().values(), podsByQueue)) {
            warnings.accept(problem + " (Volcano's queue admission would refuse it; scheduled as it is)");
        }
    }

    /** Whether a priority class is named but not in the input (the user's name is built only then). */
    private boolean isMissing(String className) {
        return className != null && !cluster.priorityClasses().containsKey(className);
    }

    private static void note(String className, String user, Map<String, TreeSet<String>> missing) {
        missing.computeIfAbsent(className, k -> new TreeSet<>()).add(user);
    }

    private void report(Map<String, TreeSet<String>> missing, String format) {
        missing.forEach((what, users) -> warnings.accept(String.format(format, what, examples(users))));
    }

    /**
     * A pod's PodGroup ({@code namespace/job}, the key and the spec, null when the input has none), joined and looked
     * up once for consecutive pods of one group: an input lists a job's pods together, so most pods take the group
     * found for the pod before them.
     */
    private static final class Groups {
        private final Map<String, JobSpec> jobs;
        private String namespace;
        private String job;
        private String key;
        private JobSpec spec;

        Groups(Map<String, JobSpec> jobs) {
            this.jobs = jobs;
        }

        /** The PodGroup of {@code t}, or null; {@link #key} is then its key. */
        JobSpec of(TaskSpec t) {
            if (!t.job().equals(job) || !t.namespace().equals(namespace)) {
                namespace = t.namespace();
                job = t.job();
                key = namespace + "/" + job;
                spec = jobs.get(key);
            }
            return spec;
        }

        /** The key of the group {@link #of} found last. */
        String key() {
            return key;
        }
    }

    private static String examples(TreeSet<String> users) {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        for (String u : users) {
            if (i == EXAMPLES) {
                return sb.append(" and ").append(users.size() - EXAMPLES).append(" more").toString();
            }
            sb.append(i++ == 0 ? "" : ", ").append(u);
        }
        return sb.toString();
    }
}
