package dev.caldera.k8s.replay;

import dev.caldera.k8s.manifest.ManifestException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Reading openb CSVs: the paper's protocol (FGD simulator, pkg/simulator/simulator.go SortClusterPods with
 * shuffling, TunePodsByNodeTotalResource) and the recorded times; every bad row refused with file:line before
 * anything is replayed.
 */
class OpenbTracesTest {
    private static final String NODES = "sn,cpu_milli,memory_mib,gpu,model\nn1,32000,131072,2,T4\nn2,64000,262144,8,G2\n";
    private static final String HEADER = "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,"
            + "creation_time,deletion_time,scheduled_time\n";

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void thePaperProtocolShufflesWithTheSeedAndPadsToTheTunedGpus() {
        Trace a = OpenbTraces.paper(RepoFiles.gpuNodes(), RepoFiles.defaultPods(), 42, 1.3);
        Trace again = OpenbTraces.paper(RepoFiles.gpuNodes(), RepoFiles.defaultPods(), 42, 1.3);
        Trace other = OpenbTraces.paper(RepoFiles.gpuNodes(), RepoFiles.defaultPods(), 43, 1.3);

        assertThat(names(a)).isEqualTo(names(again)).isNotEqualTo(names(other));
        assertThat(a.gpuCapacityMilli()).isEqualTo(6212_000L);
        long asked = a.pods().stream().mapToLong(ReplayPod::gpuMilli).sum();
        assertThat(asked).isLessThanOrEqualTo(8_075_600L).isGreaterThan(8_075_600L - 8_000);
        assertThat(a.pods().subList(0, 8152)).allMatch(p -> !p.task().name().contains("-tuned-"));
        assertThat(a.pods().subList(8152, a.pods().size())).allMatch(p -> p.task().name().contains("-tuned-"));
        assertThat(a.events()).allMatch(e -> e.timeMs() == 0);
    }

    @Test
    void recordedTimesAreTheCreationAndDeletionColumns() throws IOException {
        Path pods = write("pods.csv", HEADER + "p1,4000,8192,1,500,,LS,Running,10,70,12\n"
                + "p2,8000,16384,2,1000,T4,LS,Running,5,6,5\n" + "p3,2000,1024,0,0,,BE,Pending,20,40,\n");
        Trace t = OpenbTraces.recorded(write("nodes.csv", NODES), pods);

        assertThat(t.events()).extracting(TraceEvent::timeMs).containsSubsequence(0L, 5_000L, 6_000L, 10_000L,
                20_000L, 40_000L, 70_000L);
        ReplayPod p2 = t.pods().get(1);
        assertThat(p2.gpuMilli()).isEqualTo(2000);
        assertThat(p2.task().placement().requiredTerms()).hasSize(1);
        assertThat(p2.source()).isEqualTo(pods + ":3");
        assertThat(t.pods().get(0).gpuMilli()).isEqualTo(500);
        assertThat(t.mix().entries()).hasSize(3);
        // worked out on the thread that makes the pods, the mix is the one counted on the caller's (the paper's)
        assertThat(t.mix()).isEqualTo(OpenbTraces.paper(write("nodes.csv", NODES), pods, 42, 1.0).mix());
    }

    @Test
    void badRowsAreRefusedWithFileAndLine() throws IOException {
        Path nodes = write("nodes.csv", NODES);
        assertRefused(nodes, HEADER + "p1,4000,8192,1,500,,LS,Running,10,70,12\np2,-5,1,0,0,,LS,Running,1,2,1\n",
                ":3: column cpu_milli must not be negative, got '-5'");
        assertRefused(nodes, HEADER + "p1,4000,8192,1,500,A100,LS,Running,10,70,12\n",
                ":2: column gpu_spec names GPU type 'A100', which no node has (nodes have: G2, T4)");
        assertRefused(nodes, HEADER + "p1,4000,8192,1\n", ":2: column gpu_milli is missing");
        assertRefused(nodes, "name,cpu_milli,memory_mib,num_gpu\np1,1,1,0\n",
                ":1: header lacks column(s) gpu_milli");
        assertRefused(nodes, HEADER + "p1,4000,8192,2,500,,LS,Running,10,70,12\n",
                "column gpu_milli must be 1000 when num_gpu is above 1");
        assertRefused(nodes, HEADER + "p1,4000,8192,1,1500,,LS,Running,10,70,12\n",
                "column gpu_milli must be 1 to 1000 (thousandths of one GPU), got '1500'");
        assertRefused(nodes, HEADER + "p1,4000,8192,0,0,,LS,Running,10,5,12\n",
                ":2: column deletion_time is before creation_time 10, got '5'");
        assertRefused(nodes, HEADER + "p1,4000,8192,0,0,,LS,Running,1,5,1\np1,1,1,0,0,,LS,Running,1,5,1\n",
                ":3: pod p1 appears more than once");
        assertRefused(nodes, HEADER + "p1,4k,8192,0,0,,LS,Running,1,5,1\n",
                ":2: column cpu_milli must be a whole number, got '4k'");
        assertThatThrownBy(() -> OpenbTraces.recorded(write("n.csv", NODES + "n1,1,1,1,T4\n"), write("p.csv", HEADER
                + "p1,1,1,0,0,,LS,Running,1,5,1\n"))).isInstanceOf(ManifestException.class)
                .hasMessageEndingWith("n.csv:4: node n1 appears more than once");
    }

    @Test
    void aBadNodeRowIsReportedBeforeABadPodFileThoughThePodFileIsReadFirstOnAnotherThread() throws IOException {
        Path nodes = write("n.csv", NODES + "n1,1,1,1,T4\n");
        Path pods = write("p.csv", HEADER + "p1,1,1,0,0,,LS,Running,1,5,1\np2,1,1,0,0,,\"LS\n");
        assertThatThrownBy(() -> OpenbTraces.recorded(nodes, pods)).isInstanceOf(ManifestException.class)
                .hasMessageEndingWith("n.csv:4: node n1 appears more than once");
        assertThatThrownBy(() -> OpenbTraces.recorded(write("n2.csv", NODES), pods))
                .isInstanceOf(ManifestException.class).hasMessageContaining("p.csv: cannot read CSV");
    }

    private void assertRefused(Path nodes, String pods, String expected) throws IOException {
        Path p = write("pods.csv", pods);
        assertThatThrownBy(() -> OpenbTraces.recorded(nodes, p)).isInstanceOf(ManifestException.class)
                .hasMessageStartingWith(p.toString()).hasMessageContaining(expected);
    }

    private static List<String> names(Trace t) {
        return t.pods().stream().map(p -> p.task().name()).toList();
    }
}
