package dev.caldera.k8s.simulate;

import dev.caldera.k8s.testing.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bad queue hierarchies in a dump are reported as Volcano's admission webhook words them
 * ({@code validate_queue.go}), and the capacity plugin then refuses the cycle as Volcano's does
 * ({@code buildHierarchicalQueueAttrs}: unknown parent, cycle, a job in a queue with children), never a crash.
 */
class QueueHierarchyWarningsTest {
    private static final String CONF = """
            actions: "enqueue, allocate, backfill, reclaim"
            tiers:
            - plugins: [{name: priority}, {name: gang}]
            - plugins: [{name: predicates}, {name: capacity, enableHierarchy: true}]
            """;
    private static final String NODE = """
            apiVersion: v1
            kind: Node
            metadata: {name: n1}
            status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
            """;

    private static String queue(String name, String parent, String spec) {
        return "---\napiVersion: scheduling.volcano.sh/v1beta1\nkind: Queue\nmetadata: {name: " + name + "}\nspec: {"
                + (parent == null ? "" : "parent: " + parent + ", ") + spec + "}\n";
    }

    private static String job(String name, String queue) {
        return "---\napiVersion: scheduling.volcano.sh/v1beta1\nkind: PodGroup\nmetadata: {name: " + name
                + ", namespace: ns}\nspec: {minMember: 1, queue: " + queue + "}\n---\napiVersion: v1\nkind: Pod\n"
                + "metadata: {name: " + name + "-0, namespace: ns, annotations: {scheduling.k8s.io/group-name: "
                + name + "}}\nspec: {schedulerName: volcano, containers: [{name: c, resources: {requests: {cpu: \"1\""
                + "}}}]}\n";
    }

    private static CliRun run(Path dir, String cluster) throws IOException {
        Path conf = Files.writeString(dir.resolve("scheduler.conf"), CONF);
        Path input = Files.writeString(dir.resolve("cluster.yaml"), cluster);
        return CliRun.of("simulate", "--conf", conf.toString(), "--cycles", "1", input.toString());
    }

    @Test
    void aJobInAnInnerQueueIsReportedAndNothingIsScheduled(@TempDir Path dir) throws IOException {
        CliRun r = run(dir, NODE + queue("org", null, "weight: 1") + queue("team", "org", "weight: 1")
                + job("busy", "org"));
        assertThat(r.status()).as(r.toString()).isZero();
        assertThat(r.err()).contains("caldera: warning: queue hierarchy: the queue org of job ns/busy is not a leaf"
                + " queue (it has child queues); the capacity plugin refuses every job while this lasts");
        assertThat(r.out()).contains("nothing bound, evicted or pipelined");
    }

    @Test
    void aCycleAndAnUnknownParentAreReportedNeverACrash(@TempDir Path dir) throws IOException {
        CliRun r = run(dir, NODE + queue("a", "b", "weight: 1") + queue("b", "a", "weight: 1")
                + queue("lost", "nowhere", "weight: 1") + job("j", "a"));
        assertThat(r.status()).as(r.toString()).isZero();
        assertThat(r.err()).contains("Queue lost: failed to get parent queue nowhere of queue lost: queue nowhere"
                + " not found (Volcano's queue admission would refuse it; scheduled as it is)");
        assertThat(r.err()).contains("Queue a: queue a exceeds the maximum allowed depth of 5");
        assertThat(r.err()).containsPattern("queue hierarchy: (cycle detected in queue hierarchy for queue [ab]"
                + "|the queue lost has invalid parent queue nowhere)");
        assertThat(r.out()).contains("nothing bound, evicted or pipelined");
    }

    @Test
    void childrenAboveTheirParentAreReportedAndScheduled(@TempDir Path dir) throws IOException {
        CliRun r = run(dir, NODE + queue("org", null, "deserved: {cpu: \"2\"}, guarantee: {resource: {cpu: \"1\"}}")
                + queue("team", "org", "deserved: {cpu: \"3\"}, guarantee: {resource: {cpu: \"2\"}}") + job("j", "team"));
        assertThat(r.status()).as(r.toString()).isZero();
        assertThat(r.err()).contains("Queue team: parent queue org validation failed: sum of children's guarantee"
                + " (cpu 2000.00, memory 0.00) exceeds parent's guarantee limit (cpu 1000.00, memory 0.00)");
        assertThat(r.err()).contains("queue hierarchy: sum of child queue guarantees exceeds parent queue org");
        assertThat(r.out()).contains("n1: j-0");
    }
    /** Only the pods on a node count against a parent queue (not a pending one, not one that finished there). */
    @Test
    void aParentQueueWithPodsOnANodeIsReportedCountingOnlyThose(@TempDir Path dir) throws IOException {
        String onNode = job("busy", "org").replace("spec: {schedulerName: volcano,", "spec: {schedulerName: volcano,"
                + " nodeName: n1,") + "status: {phase: Running}\n";
        String done = job("done", "org").replace("spec: {schedulerName: volcano,", "spec: {schedulerName: volcano,"
                + " nodeName: n1,") + "status: {phase: Succeeded}\n";
        CliRun r = run(dir, NODE + queue("org", null, "weight: 1") + onNode + done + job("waiting", "org")
                + queue("team", "org", "weight: 1"));
        assertThat(r.status()).as(r.toString()).isZero();
        assertThat(r.err()).contains("Queue team: queue org cannot be the parent queue of queue team because it has"
                + " allocated Pods: 1 (Volcano's queue admission would refuse it; scheduled as it is)");
    }
}
