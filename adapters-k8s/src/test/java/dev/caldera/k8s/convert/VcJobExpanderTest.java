package dev.caldera.k8s.convert;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.volcano.api.model.batch.v1alpha1.Job;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroup;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.caldera.k8s.testing.Manifests.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The vcjob expansion against current Volcano's Job controller ({@code pkg/controllers/job/job_controller_actions.go}
 * {@code createOrUpdatePodGroup}, {@code calcPGMinResources}, {@code syncJob}; {@code job_controller_util.go}
 * {@code createJobPod}, {@code CalcFirstCountResources}, {@code CalcPGMinResources}) and the job admission defaults
 * ({@code pkg/webhooks/admission/jobs/mutate/mutate_job.go}).
 */
class VcJobExpanderTest {
    private static final String JOB = """
            apiVersion: batch.volcano.sh/v1alpha1
            kind: Job
            metadata:
              name: tf
              namespace: ml
              uid: 1234
              annotations: {volcano.sh/preemptable: "false", team: vision}
              labels: {app: tf}
            spec:
              minAvailable: 3
              queue: research
              priorityClassName: high
              tasks:
              - name: ps
                replicas: 1
                template:
                  spec:
                    priorityClassName: urgent
                    containers: [{name: c, resources: {requests: {cpu: "2", memory: 4Gi}}}]
              - name: worker
                replicas: 4
                minAvailable: 2
                template:
                  metadata: {labels: {role: worker}}
                  spec:
                    containers: [{name: c, resources: {requests: {cpu: "1", nvidia.com/gpu: "1"}}}]
            """;

    private static VcJobExpander.Expansion expand(String yaml, Set<String> groups, Set<String> pods) {
        return VcJobExpander.expand(read(yaml, Job.class), groups::contains, pods::contains,
                name -> name.equals("urgent") ? 1000 : 0);
    }

    @Test
    void thePodGroupIsTheControllersWithMinimumsAndMinResources() {
        PodGroup pg = expand(JOB, Set.of(), Set.of()).podGroup();
        assertThat(pg.getMetadata().getName()).isEqualTo("tf-1234");
        assertThat(pg.getMetadata().getNamespace()).isEqualTo("ml");
        assertThat(pg.getMetadata().getAnnotations()).containsEntry("team", "vision");
        assertThat(pg.getMetadata().getLabels()).containsEntry("app", "tf");
        assertThat(pg.getMetadata().getOwnerReferences().get(0).getKind()).isEqualTo("Job");
        assertThat(pg.getSpec().getMinMember()).isEqualTo(3);
        assertThat(pg.getSpec().getMinTaskMember()).containsExactlyInAnyOrderEntriesOf(Map.of("ps", 1, "worker", 2));
        assertThat(pg.getSpec().getQueue()).isEqualTo("research");
        assertThat(pg.getSpec().getPriorityClassName()).isEqualTo("high");
        // minAvailable 3 = the tasks' minimums (1 + 2): ps (priority class urgent first), then two workers
        assertThat(quantities(pg)).containsExactlyInAnyOrderEntriesOf(Map.of("cpu", "4000m", "memory",
                Long.toString(4L << 30), "nvidia.com/gpu", "2000m", "pods", "3"));
    }

    @Test
    void aJobMinimumBelowTheTasksMinimumsCountsTheFirstPodsByPriority() {
        PodGroup pg = expand(JOB.replace("minAvailable: 3", "minAvailable: 2"), Set.of(), Set.of()).podGroup();
        // CalcFirstCountResources: the ps pod (priority 1000) then one worker
        assertThat(quantities(pg)).containsExactlyInAnyOrderEntriesOf(Map.of("cpu", "3000m", "memory",
                Long.toString(4L << 30), "nvidia.com/gpu", "1000m", "pods", "2"));
    }

    @Test
    void anUnsetMinAvailableIsTheTasksMinimumsAndFillsFromReplicas() {
        PodGroup pg = expand(JOB.replace("  minAvailable: 3\n", ""), Set.of(), Set.of()).podGroup();
        assertThat(pg.getSpec().getMinMember()).isEqualTo(3);
        PodGroup five = expand(JOB.replace("minAvailable: 3", "minAvailable: 4"), Set.of(), Set.of()).podGroup();
        // CalcPGMinResources: the minimums (ps + 2 workers), then one more worker from the spare replicas
        assertThat(quantities(five)).containsEntry("cpu", "5000m").containsEntry("pods", "4");
    }

    @Test
    void podsAreNamedJobTaskIndexAndCarryTheControllersKeys() {
        List<Pod> pods = expand(JOB, Set.of(), Set.of()).pods();
        assertThat(pods).extracting(p -> p.getMetadata().getName())
                .containsExactly("tf-ps-0", "tf-worker-0", "tf-worker-1", "tf-worker-2", "tf-worker-3");
        Pod w = pods.get(2);
        assertThat(w.getMetadata().getAnnotations()).containsEntry("scheduling.k8s.io/group-name", "tf-1234")
                .containsEntry("volcano.sh/task-spec", "worker").containsEntry("volcano.sh/task-index", "1")
                .containsEntry("volcano.sh/job-name", "tf").containsEntry("volcano.sh/queue-name", "research")
                .containsEntry("volcano.sh/template-uid", "tf-worker").containsEntry("volcano.sh/job-version", "0")
                .containsEntry("volcano.sh/preemptable", "false");
        assertThat(w.getMetadata().getLabels()).containsEntry("role", "worker")
                .containsEntry("volcano.sh/job-namespace", "ml").containsEntry("volcano.sh/task-index", "1");
        assertThat(w.getSpec().getSchedulerName()).isEqualTo("volcano");
        assertThat(w.getSpec().getPriorityClassName()).isEqualTo("high");
        assertThat(pods.get(0).getSpec().getPriorityClassName()).isEqualTo("urgent");
        assertThat(w.getStatus().getPhase()).isEqualTo("Pending");
    }

    @Test
    void whatTheDumpAlreadyHoldsIsNotDoubled() {
        VcJobExpander.Expansion e = expand(JOB, Set.of("ml/tf-1234"), Set.of("ml/tf-ps-0", "ml/tf-worker-0"));
        assertThat(e.podGroup()).isNull();
        assertThat(e.pods()).extracting(p -> p.getMetadata().getName())
                .containsExactly("tf-worker-1", "tf-worker-2", "tf-worker-3");
        assertThat(expand(JOB, Set.of("ml/tf"), Set.of()).podGroup()).as("the pre-1.5 PodGroup name").isNull();
    }

    @Test
    void aHandWrittenJobGetsAStableUidAndDefaultNames() {
        String yaml = """
                apiVersion: batch.volcano.sh/v1alpha1
                kind: Job
                metadata: {name: j}
                spec:
                  tasks:
                  - replicas: 2
                    template: {spec: {containers: [{name: c}]}}
                """;
        VcJobExpander.Expansion a = expand(yaml, Set.of(), Set.of());
        VcJobExpander.Expansion b = expand(yaml, Set.of(), Set.of());
        assertThat(a.podGroup().getMetadata().getName()).isEqualTo(b.podGroup().getMetadata().getName())
                .startsWith("j-");
        assertThat(a.podGroup().getSpec().getQueue()).isEqualTo("default");
        assertThat(a.podGroup().getSpec().getMinMember()).isEqualTo(2);
        assertThat(a.pods()).extracting(p -> p.getMetadata().getName()).containsExactly("j-default0-0",
                "j-default0-1");
    }

    @Test
    void finishedJobsGetNothingAndBadTasksSayWhere() {
        String done = JOB + "status: {state: {phase: Completed}}\n";
        assertThat(expand(done, Set.of(), Set.of()).pods()).isEmpty();
        String bad = JOB.replace("containers: [{name: c, resources: {requests: {cpu: \"2\", memory: 4Gi}}}]",
                "containers: []");
        assertThatThrownBy(() -> expand(bad, Set.of(), Set.of())).isInstanceOf(ConversionException.class)
                .hasMessageContaining("Job ml/tf").hasMessageContaining("spec.tasks[0].template.spec.containers");
    }

    private static Map<String, String> quantities(PodGroup pg) {
        Map<String, String> out = new java.util.TreeMap<>();
        pg.getSpec().getMinResources().forEach((k, v) -> out.put(k, v.toString()));
        return out;
    }
}
