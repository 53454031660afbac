package dev.caldera.bench.workload;

import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.placement.TaintEffect;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SyntheticClusterTest {
    private static final String GPU = SyntheticCluster.GPU;

    @Test
    void theSameSpecGivesTheSameCluster() {
        GeneratedCluster a = SyntheticCluster.generate(WorkloadSpec.headline(300, 500));
        GeneratedCluster b = SyntheticCluster.generate(WorkloadSpec.headline(300, 500));
        assertThat(a).isEqualTo(b);
        assertThat(SyntheticCluster.generate(new WorkloadSpec(300, 500, 0, 0.3, 0, 0.5, 0.1, 4, false, 43)))
                .isNotEqualTo(a);
    }

    @Test
    void headlineClusterHasGpuNodesTaintsRolesElasticGangsAndRunningPods() {
        GeneratedCluster c = SyntheticCluster.generate(WorkloadSpec.headline(1000, 3000));
        List<NodeSpec> gpuNodes = c.nodes().stream().filter(n -> n.allocatable().amount(GPU) > 0).toList();
        assertThat(gpuNodes).hasSizeBetween(200, 400)
                .allMatch(n -> n.taints().stream().anyMatch(t -> t.key().equals(GPU)
                        && t.effect() == TaintEffect.NO_SCHEDULE));
        assertThat(c.tasks()).filteredOn(t -> t.request().amount(GPU) > 0 && t.status() == TaskStatus.PENDING)
                .isNotEmpty()
                .allMatch(t -> t.placement().tolerations().stream().anyMatch(tol -> tol.key().equals(GPU)));
        assertThat(c.jobs()).anyMatch(j -> j.minTaskMember().containsKey("master"));
        assertThat(c.jobs()).anyMatch(j -> j.phase().equals("Inqueue") && j.minMember() < gangSize(c, j));
        assertThat(c.pendingPods()).isEqualTo(3000);
        assertThat(c.runningPods()).isPositive();
        assertThat(c.tasks()).anyMatch(t -> !t.placement().nodeSelector().isEmpty())
                .anyMatch(t -> !t.placement().preferredTerms().isEmpty());
        assertThat(c.jobs()).extracting(JobSpec::priorityClassName).contains(SyntheticCluster.URGENT_CLASS,
                SyntheticCluster.BATCH_CLASS);
    }

    @Test
    void aboutHalfOfTheRunningPodsArePreemptable() {
        GeneratedCluster c = SyntheticCluster.generate(WorkloadSpec.headline(1000, 0));
        List<TaskSpec> running = c.tasks().stream().filter(t -> t.status() == TaskStatus.RUNNING).toList();
        long preemptable = running.stream().filter(TaskSpec::preemptable).count();
        assertThat((double) preemptable / running.size()).isBetween(0.4, 0.6);
    }

    @Test
    void runningPodsTakeTheRequestedShareOfCpuAndNeverOverfillANode() {
        GeneratedCluster c = SyntheticCluster.generate(WorkloadSpec.headline(500, 0));
        Map<String, Long> usedCpu = usedCpu(c);
        long total = 0;
        for (NodeSpec n : c.nodes()) {
            assertThat(usedCpu.getOrDefault(n.name(), 0L)).isLessThanOrEqualTo(n.allocatable().amount("cpu"));
            total += n.allocatable().amount("cpu");
        }
        long used = usedCpu.values().stream().mapToLong(Long::longValue).sum();
        assertThat((double) used / total).isBetween(0.3, 0.31);
    }

    @Test
    void preemptionWorkloadFillsEveryNodeUntilNotEvenTheSmallestPodFits() {
        GeneratedCluster c = SyntheticCluster.generate(WorkloadSpec.preemption(200, 100));
        Map<String, Long> usedCpu = usedCpu(c);
        Map<String, Long> usedMemory = new HashMap<>();
        for (TaskSpec t : c.tasks()) {
            if (t.status() == TaskStatus.RUNNING) {
                usedMemory.merge(t.nodeName(), t.request().amount("memory"), Long::sum);
            }
        }
        for (NodeSpec n : c.nodes()) {
            long freeCpu = n.allocatable().amount("cpu") - usedCpu.getOrDefault(n.name(), 0L);
            long freeMemory = n.allocatable().amount("memory") - usedMemory.getOrDefault(n.name(), 0L);
            assertThat(freeCpu < 1_000 || freeMemory < 2L << 30).as("node %s has room left", n.name()).isTrue();
        }
        assertThat(c.jobs()).filteredOn(j -> j.phase().equals("Inqueue"))
                .allMatch(j -> j.priorityClassName().equals(SyntheticCluster.URGENT_CLASS));
    }

    @Test
    void plainWorkloadIsCpuAndMemoryOnlySinglePodJobs() {
        GeneratedCluster c = SyntheticCluster.generate(WorkloadSpec.plain(300, 400));
        assertThat(c.nodes()).allMatch(n -> n.taints().isEmpty() && n.allocatable().amount(GPU) == 0);
        assertThat(c.tasks()).allMatch(t -> t.placement().nodeSelector().isEmpty()
                && t.placement().tolerations().isEmpty() && t.role() == null);
        assertThat(c.jobs()).filteredOn(j -> j.phase().equals("Inqueue")).hasSize(400).allMatch(j -> j.minMember() == 1);
    }

    @Test
    void runningPodCountLimitIsHonoured() {
        GeneratedCluster c = SyntheticCluster.generate(WorkloadSpec.sized(100, 500, 500));
        assertThat(c.runningPods()).isEqualTo(500);
        assertThat(c.pendingPods()).isEqualTo(500);
    }

    @Test
    void badSharesAreRefusedByName() {
        assertThatThrownBy(() -> new WorkloadSpec(10, 10, 0, 1.5, 0, 0.5, 0, 1, false, 1))
                .hasMessageContaining("runningFraction").hasMessageContaining("1.5");
    }

    private static int gangSize(GeneratedCluster c, JobSpec job) {
        return (int) c.tasks().stream().filter(t -> t.job().equals(job.name())
                && t.namespace().equals(job.namespace())).count();
    }

    private static Map<String, Long> usedCpu(GeneratedCluster c) {
        Map<String, Long> used = new HashMap<>();
        for (TaskSpec t : c.tasks()) {
            if (t.status() == TaskStatus.RUNNING) {
                used.merge(t.nodeName(), t.request().amount("cpu"), Long::sum);
            }
        }
        return used;
    }
}
