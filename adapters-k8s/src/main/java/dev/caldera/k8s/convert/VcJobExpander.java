package dev.caldera.k8s.convert;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.volcano.api.model.batch.v1alpha1.Job;
import io.fabric8.volcano.api.model.batch.v1alpha1.JobSpec;
import io.fabric8.volcano.api.model.batch.v1alpha1.TaskSpec;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroup;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroupBuilder;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroupSpec;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;

/**
 * What Volcano's Job controller creates for a {@code batch.volcano.sh/v1alpha1} Job (vcjob) when its SyncJob runs
 * ({@code pkg/controllers/job}: {@code createOrUpdatePodGroup}, {@code calcPGMinResources}, {@code syncJob},
 * {@code createJobPod}), after the admission webhook's defaults ({@code pkg/webhooks/admission/jobs/mutate}):
 * <ul>
 *   <li>the PodGroup {@code <job>-<job uid>}, with the Job's annotations and labels and a controller reference to
 *       it; minMember = {@code spec.minAvailable} (0 means the sum of the tasks' minAvailable, each defaulting to
 *       its replicas); minTaskMember per task; the queue ({@code default} when unset), priority class and
 *       {@code networkTopology}; minResources = the requests of the first minAvailable pods, tasks of higher
 *       priority class first (tasks' minAvailable first, then filled up from their other replicas);</li>
 *   <li>per task and index {@code i < replicas}, the pod {@code <job>-<task>-<i>} from the task's template, with
 *       the scheduler name and priority class of the Job where the template sets none, and the controller's
 *       annotations ({@code scheduling.k8s.io/group-name}, {@code volcano.sh/task-spec}, task index, job name,
 *       queue, version, template, retry count, and the Job's preemptable, cooldown, revocable-zone and
 *       disruption-budget annotations) and labels.</li>
 * </ul>
 * Only what is absent is made: a PodGroup already in the input (named {@code <job>-<uid>}, or {@code <job>} as
 * before Volcano 1.5, or controlled by the Job) is kept, and so is every pod whose name already exists, so a dump
 * of a running cluster is never doubled. A Job without {@code metadata.uid} (written by hand) gets a stable uid
 * derived from its namespace and name. Jobs in a finished or terminating state get nothing, as the controller
 * creates pods only for Pending, Running and Restarting Jobs.
 * <p>
 * Threading: stateless, any thread.
 */
public final class VcJobExpander {
    /** The phases whose Jobs the controller still syncs (an unset phase is Pending). */
    private static final Set<String> SYNCED = Set.of("", "Pending", "Running", "Restarting");
    private static final String DEFAULT_TASK = "default";

    private VcJobExpander() {
    }

    /** What the controller would add: the PodGroup when absent (null otherwise) and the absent pods. */
    public record Expansion(PodGroup podGroup, List<Pod> pods) {
        public Expansion {
            pods = List.copyOf(pods);
        }
    }

    /**
     * Expands {@code job}. {@code podGroupExists} and {@code podExists} answer for {@code namespace/name} keys;
     * {@code priorityOf} gives a PriorityClass's value (0 for an unknown or empty name).
     */
    public static Expansion expand(Job job, Predicate<String> podGroupExists, Predicate<String> podExists,
                                   ToIntFunction<String> priorityOf) {
        ObjectMeta meta = job.getMetadata();
        String object = ObjectNames.namespaced("Job", meta);
        String name = ObjectNames.requireName(object, meta);
        String ns = ObjectNames.namespace(meta);
        JobSpec spec = job.getSpec() == null ? new JobSpec() : job.getSpec();
        String phase = job.getStatus() == null || job.getStatus().getState() == null
                || job.getStatus().getState().getPhase() == null ? "" : job.getStatus().getState().getPhase();
        if (!SYNCED.contains(phase)) {
            return new Expansion(null, List.of());
        }
        List<VcTask> tasks = VcTask.of(spec, object, priorityOf);
        String uid = uid(meta, ns, name);
        String group = name + "-" + uid;
        boolean hasGroup = podGroupExists.test(ns + "/" + group) || podGroupExists.test(ns + "/" + name);
        PodGroup pg = hasGroup ? null : podGroup(job, ns, group, uid, tasks, object);
        List<Pod> pods = new ArrayList<>();
        for (VcTask t : tasks) {
            for (int i = 0; i < t.replicas(); i++) {
                String podName = name + "-" + t.name() + "-" + i;
                if (!podExists.test(ns + "/" + podName)) {
                    pods.add(pod(job, t, i, podName, group, uid));
                }
            }
        }
        return new Expansion(pg, pods);
    }

    /** The Job's uid, or a stable one derived from {@code namespace/name} for a hand-written Job. */
    static String uid(ObjectMeta meta, String ns, String name) {
        String uid = ObjectNames.emptyToNull(meta.getUid());
        return uid != null ? uid : UUID.nameUUIDFromBytes(("batch.volcano.sh/Job/" + ns + "/" + name)
                .getBytes(StandardCharsets.UTF_8)).toString();
    }

    /** The webhook's minAvailable default: the tasks' minAvailable summed when the Job sets 0. */
    static int minAvailable(JobSpec spec, List<VcTask> tasks) {
        int set = spec.getMinAvailable() == null ? 0 : spec.getMinAvailable();
        if (set != 0) {
            return set;
        }
        int sum = 0;
        for (VcTask t : tasks) {
            sum += t.minAvailable();
        }
        return sum;
    }

    private static PodGroup podGroup(Job job, String ns, String group, String uid, List<VcTask> tasks, String object) {
        ObjectMeta meta = job.getMetadata();
        JobSpec spec = job.getSpec() == null ? new JobSpec() : job.getSpec();
        int minAvailable = minAvailable(spec, tasks);
        Map<String, Integer> minTaskMember = new LinkedHashMap<>();
        tasks.forEach(t -> minTaskMember.put(t.name(), t.minAvailable()));
        PodGroupSpec pgSpec = new PodGroupSpec();
        pgSpec.setMinMember(minAvailable);
        pgSpec.setMinTaskMember(minTaskMember);
        pgSpec.setQueue(queue(spec));
        pgSpec.setPriorityClassName(ObjectNames.emptyToNull(spec.getPriorityClassName()));
        pgSpec.setMinResources(quantities(MinResources.of(tasks, minAvailable, object)));
        Object topology = spec.getAdditionalProperties().get("networkTopology");
        if (topology != null) {
            pgSpec.setAdditionalProperty("networkTopology", topology);
        }
        return new PodGroupBuilder()
                .withMetadata(new ObjectMetaBuilder().withNamespace(ns).withName(group)
                        .withAnnotations(copy(meta.getAnnotations())).withLabels(copy(meta.getLabels()))
                        .withCreationTimestamp(meta.getCreationTimestamp())
                        .withOwnerReferences(new OwnerReferenceBuilder().withApiVersion("batch.volcano.sh/v1alpha1")
                                .withKind("Job").withName(meta.getName()).withUid(uid).withController(true)
                                .withBlockOwnerDeletion(true).build())
                        .build())
                .withSpec(pgSpec)
                .build();
    }

    private static Pod pod(Job job, VcTask t, int index, String podName, String group, String uid) {
        ObjectMeta jobMeta = job.getMetadata();
        JobSpec spec = job.getSpec();
        PodTemplateSpec template = t.template();
        ObjectMeta tm = template.getMetadata() == null ? new ObjectMeta() : template.getMetadata();
        PodSpec podSpec = new PodBuilder().withSpec(template.getSpec()).build().getSpec();
        if (ObjectNames.emptyToNull(podSpec.getSchedulerName()) == null) {
            podSpec.setSchedulerName(schedulerName(spec));
        }
        if (ObjectNames.emptyToNull(podSpec.getPriorityClassName()) == null
                && ObjectNames.emptyToNull(spec.getPriorityClassName()) != null) {
            podSpec.setPriorityClassName(spec.getPriorityClassName());
        }
        Map<String, String> annotations = copy(tm.getAnnotations());
        Map<String, String> labels = copy(tm.getLabels());
        ControllerKeys.annotate(annotations, labels, jobMeta, spec, t, index, group, queue(spec),
                job.getStatus() == null ? null : job.getStatus().getVersion(),
                job.getStatus() == null ? null : job.getStatus().getRetryCount());
        return new PodBuilder()
                .withMetadata(new ObjectMetaBuilder().withNamespace(ObjectNames.namespace(jobMeta)).withName(podName)
                        .withAnnotations(annotations).withLabels(labels)
                        .withCreationTimestamp(jobMeta.getCreationTimestamp())
                        .withOwnerReferences(new OwnerReferenceBuilder().withApiVersion("batch.volcano.sh/v1alpha1")
                                .withKind("Job").withName(jobMeta.getName()).withUid(uid).withController(true)
                                .withBlockOwnerDeletion(true).build())
                        .build())
                .withSpec(podSpec)
                .withStatus(new PodStatusBuilder().withPhase("Pending").build())
                .build();
    }

    static String queue(JobSpec spec) {
        String q = ObjectNames.emptyToNull(spec.getQueue());
        return q == null ? "default" : q;
    }

    /** The webhook fills an unset scheduler name with the scheduler's name, {@code volcano} by default. */
    static String schedulerName(JobSpec spec) {
        String s = ObjectNames.emptyToNull(spec.getSchedulerName());
        return s == null ? "volcano" : s;
    }

    /** Canonical amounts back to quantities: milli-units with "m", memory and pods as whole numbers. */
    private static Map<String, Quantity> quantities(Map<String, Long> amounts) {
        Map<String, Quantity> out = new LinkedHashMap<>();
        amounts.forEach((r, v) -> out.put(r, new Quantity(dev.caldera.k8s.quantity.Quantities.isMilli(r)
                ? v + "m" : Long.toString(v))));
        return out;
    }

    private static Map<String, String> copy(Map<String, String> m) {
        return m == null ? new LinkedHashMap<>() : new LinkedHashMap<>(m);
    }

    /** The webhook's task name default: {@code default<index>} for a task without a name. */
    static String taskName(TaskSpec t, int index) {
        String n = ObjectNames.emptyToNull(t.getName());
        return n != null ? n : DEFAULT_TASK + index;
    }
}
