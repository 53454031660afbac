package dev.caldera.k8s.convert;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.volcano.api.model.batch.v1alpha1.JobSpec;

import java.util.Map;

/**
 * The annotations and labels Volcano's Job controller puts on a vcjob's pods ({@code createJobPod},
 * {@code volcano.sh/apis} batch labels).
 */
final class ControllerKeys {
    static final String TASK_INDEX = "volcano.sh/task-index";
    static final String JOB_NAME = "volcano.sh/job-name";
    static final String QUEUE_NAME = "volcano.sh/queue-name";
    static final String JOB_NAMESPACE = "volcano.sh/job-namespace";
    static final String JOB_VERSION = "volcano.sh/job-version";
    static final String TEMPLATE = "volcano.sh/template-uid";
    static final String RETRY_COUNT = "volcano.sh/job-retry-count";
    static final String NUMA_POLICY = "volcano.sh/numa-topology-policy";
    private static final String[] FROM_JOB_ANNOTATIONS = {Annotations.PREEMPTABLE, "volcano.sh/cooldown-time",
        "volcano.sh/revocable-zone"};
    private static final String JDB_MIN = "volcano.sh/jdb-min-available";
    private static final String JDB_MAX = "volcano.sh/jdb-max-unavailable";

    private ControllerKeys() {
    }

    static void annotate(Map<String, String> annotations, Map<String, String> labels, ObjectMeta job, JobSpec spec,
                         VcTask task, int index, String group, String queue, Integer version, Integer retries) {
        String ix = Integer.toString(index);
        annotations.put(TASK_INDEX, ix);
        annotations.put(Annotations.TASK_SPEC, task.name());
        annotations.put(Annotations.GROUP_NAME, group);
        annotations.put(JOB_NAME, job.getName());
        annotations.put(QUEUE_NAME, queue);
        annotations.put(JOB_VERSION, Integer.toString(version == null ? 0 : version));
        annotations.put(TEMPLATE, job.getName() + "-" + task.name());
        annotations.put(RETRY_COUNT, Integer.toString(retries == null ? 0 : retries));
        String numa = task.spec().getTopologyPolicy();
        if (numa != null && !numa.isEmpty()) {
            annotations.put(NUMA_POLICY, numa);
        }
        Map<String, String> jobAnnotations = job.getAnnotations() == null ? Map.of() : job.getAnnotations();
        for (String key : FROM_JOB_ANNOTATIONS) {
            if (jobAnnotations.containsKey(key)) {
                annotations.put(key, jobAnnotations.get(key));
            }
        }
        if (jobAnnotations.containsKey(JDB_MIN)) {
            annotations.put(JDB_MIN, jobAnnotations.get(JDB_MIN));
        } else if (jobAnnotations.containsKey(JDB_MAX)) {
            annotations.put(JDB_MAX, jobAnnotations.get(JDB_MAX));
        }
        labels.put(TASK_INDEX, ix);
        labels.put(JOB_NAME, job.getName());
        labels.put(Annotations.TASK_SPEC, task.name());
        labels.put(JOB_NAMESPACE, ObjectNames.namespace(job));
        labels.put(QUEUE_NAME, queue);
        Map<String, String> jobLabels = job.getLabels() == null ? Map.of() : job.getLabels();
        for (String key : new String[] {Annotations.PREEMPTABLE, "volcano.sh/cooldown-time"}) {
            if (jobLabels.containsKey(key)) {
                labels.put(key, jobLabels.get(key));
            }
        }
    }
}
