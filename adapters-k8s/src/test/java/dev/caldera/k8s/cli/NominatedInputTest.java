package dev.caldera.k8s.cli;

import dev.caldera.k8s.testing.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 11, "nominations never block forever": a pending pod that this scheduler will never schedule holds no room
 * on the node it is nominated to. A pod of another scheduler is not Volcano's to place (Volcano's cache takes only
 * pods whose {@code schedulerName} it serves, {@code pkg/scheduler/cache/event_handlers.go},
 * {@code responsibleForPod}); the same pod for Volcano, with a higher priority, does hold the room, as
 * kube-scheduler's nominator keeps it against pods of lower priority.
 */
class NominatedInputTest {
    private static final String P_ON_N1 = "{\"pod\":\"ns/p\",\"node\":\"n1\"}";

    @TempDir
    Path dir;

    /** The JSON output without white space. */
    private static String binds(CliRun run) {
        return run.out().replaceAll("\\s", "");
    }

    private static String cluster(String nominatedScheduler) {
        return """
                apiVersion: v1
                kind: Node
                metadata: {name: n1}
                status: {allocatable: {cpu: "4", memory: 8Gi, pods: "10"}}
                ---
                apiVersion: v1
                kind: Pod
                metadata: {name: waiting, namespace: ns}
                spec:
                  schedulerName: %s
                  priority: 1000
                  nodeSelector: {never: matches}
                  containers: [{name: c, resources: {requests: {cpu: "3"}}}]
                status: {phase: Pending, nominatedNodeName: n1}
                ---
                apiVersion: v1
                kind: Pod
                metadata: {name: p, namespace: ns}
                spec:
                  schedulerName: volcano
                  containers: [{name: c, resources: {requests: {cpu: "2"}}}]
                """.formatted(nominatedScheduler);
    }

    private CliRun simulate(String nominatedScheduler) throws IOException {
        Path file = dir.resolve(nominatedScheduler + ".yaml");
        Files.writeString(file, cluster(nominatedScheduler));
        return CliRun.of("simulate", "--cycles", "1", "--output", "json", file.toString());
    }

    @Test
    void aPodOfAnotherSchedulerNominatedToANodeHoldsNoRoomThere() throws IOException {
        CliRun run = simulate("default-scheduler");
        assertThat(run.status()).as(run.toString()).isZero();
        assertThat(binds(run)).contains(P_ON_N1);
    }

    @Test
    void theSamePodForVolcanoHoldsTheRoomAgainstALowerPriorityPod() throws IOException {
        CliRun run = simulate("volcano");
        assertThat(run.status()).as(run.toString()).isZero();
        assertThat(binds(run)).doesNotContain(P_ON_N1);
    }
}
