package dev.caldera.k8s.replay;

import dev.caldera.kernel.plugin.deviceshare.DeviceSharePlugin;
import dev.caldera.kernel.plugin.deviceshare.GpuNodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.ref.WeakReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The replay engine: determinism for a seed, conservation of pods (every arrived pod waiting, running,
 * finished or dropped, never two at once) and GPU accounting (the scheduler's device table equals what the
 * running pods hold; no device above capacity; a share on one device) checked after every step of virtual
 * time; and the protocols' rules (drop what the cycle after arrival does not place; withdraw a waiting pod
 * the trace deletes; run a pod for its duration).
 */
class ReplayEngineTest {
    @TempDir
    Path dir;

    private Trace events(String... lines) throws IOException {
        Path p = dir.resolve("trace.jsonl");
        Files.writeString(p, String.join("\n", lines) + "\n");
        return EventLog.read(p);
    }

    private static ReplayResult run(Trace t, String policy, boolean paper, List<String> placements) {
        try (ReplayEngine e = new ReplayEngine(t, ReplayConf.with(null, policy, 42),
                new ReplayEngine.Options(paper, 1000))) {
            long[] checked = {-1};
            ReplayResult r = e.run((time, done, total) -> {
                assertThat(e.states().conserved()).as("conservation at %d ms", time).isTrue();
                if (e.cycles() != checked[0]) {
                    checked[0] = e.cycles();
                    assertGpuAccounting(e, t);
                }
            });
            if (placements != null) {
                for (ReplayPod p : t.pods()) {
                    placements.add(p.uid() + "=" + PodStates.name(e.states().state[p.index()]) + "@"
                            + e.states().node[p.index()] + "/" + Long.toBinaryString(e.states().devices[p.index()]));
                }
            }
            return r;
        }
    }

    /** The plugin's devices hold exactly what running pods hold, each share on one device, none above capacity. */
    private static void assertGpuAccounting(ReplayEngine e, Trace t) {
        DeviceSharePlugin plugin = e.gpuPlugin();
        GpuNodes g = plugin.gpus();
        long held = 0;
        for (ReplayPod p : t.pods()) {
            int i = p.index();
            if (e.states().state[i] != PodStates.RUNNING || p.gpuMilli() == 0) {
                continue;
            }
            held += p.gpuMilli();
            int devices = Long.bitCount(e.states().devices[i]);
            assertThat(devices).as("devices of %s", p.uid()).isEqualTo(p.gpuMilli() < 1000 ? 1 : (int) (p.gpuMilli() / 1000));
        }
        long used = 0;
        for (int node = 0; node < g.rows(); node++) {
            for (int d = 0; d < g.devices(node); d++) {
                assertThat(g.free(node, d)).isBetween(0L, g.capacity(node));
                used += g.capacity(node) - g.free(node, d);
            }
        }
        assertThat(used / 1000).as("GPU thousandths held on devices").isEqualTo(held);
    }

    @Test
    void theSameSeedReplaysTheSameAndEveryStepConservesPodsAndGpus() {
        Trace t = OpenbTraces.paper(RepoFiles.gpuNodes(), RepoFiles.defaultPods(), 7, 1.3);
        List<String> first = new ArrayList<>();
        List<String> second = new ArrayList<>();
        ReplayResult a = run(t, "fgdfill", true, first);
        ReplayResult b = run(OpenbTraces.paper(RepoFiles.gpuNodes(), RepoFiles.defaultPods(), 7, 1.3), "fgdfill",
                true, second);

        assertThat(second).isEqualTo(first);
        assertThat(b.unallocatedGpuPercent()).isEqualTo(a.unallocatedGpuPercent());
        assertThat(b.allocationCurve()).isEqualTo(a.allocationCurve());
        assertThat(a.arrivedPods()).isEqualTo(t.pods().size());
        assertThat(a.placedPods() + a.droppedPods()).isEqualTo(a.arrivedPods());
        assertThat(a.unallocatedGpuPercent()).isBetween(3.0, 7.0);
    }

    @Test
    void aRecordedTraceReadOnceReplaysAsOneKeptWholeAndLetsThePodsThatLeftGo() {
        Path pods = RepoFiles.openb("openb_pod_list_gpuspec33.csv");
        Trace kept = OpenbTraces.recorded(RepoFiles.gpuNodes(), pods);
        Trace once = OpenbTraces.recorded(RepoFiles.gpuNodes(), pods);
        once.readOnce();
        WeakReference<ReplayPod> firstPod = new WeakReference<>(firstPod(once));
        ReplayResult a;
        try (ReplayEngine e = new ReplayEngine(kept, ReplayConf.with(null, "fgdfill", 42),
                new ReplayEngine.Options(false, 1000))) {
            a = e.run(null);
        }
        ReplayResult b;
        try (ReplayEngine e = new ReplayEngine(once, ReplayConf.with(null, "fgdfill", 42),
                new ReplayEngine.Options(false, 1000))) {
            b = e.run(null);
            // the engine still open: neither it nor the trace holds a pod that finished
            assertThat(e.states().state[firstPod(kept).index()]).isEqualTo(PodStates.FINISHED);
            assertThat(HandOffTest.collected(firstPod)).as("the first pod, finished, collected").isTrue();
        }

        assertThat(List.of(b.placedPods(), b.droppedPods(), b.finishedPods(), b.cycles(), b.events()))
                .isEqualTo(List.of(a.placedPods(), a.droppedPods(), a.finishedPods(), a.cycles(), a.events()));
        assertThat(b.allocationCurve()).isEqualTo(a.allocationCurve());
        assertThat(b.fragmentation()).isEqualTo(a.fragmentation());
        assertThatThrownBy(() -> once.events().get(0)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(once::pods).isInstanceOf(IllegalStateException.class);
    }

    private static ReplayPod firstPod(Trace t) {
        for (TraceEvent e : t.events()) {
            if (e instanceof TraceEvent.CreatePod c) {
                return c.pod();
            }
        }
        throw new AssertionError("no pod");
    }

    @Test
    void recordedTimesConserveEveryPodWithDeparturesAndWithdrawals() throws IOException {
        Trace t = events(
                "{\"time\": 0, \"kind\": \"node\", \"name\": \"g\", \"cpu\": \"16\", \"memory\": \"64Gi\", \"gpus\": 2, \"gpuModel\": \"T4\"}",
                "{\"time\": 1, \"kind\": \"pod\", \"name\": \"a\", \"cpu\": \"2\", \"memory\": \"1Gi\", \"gpu\": 0.6, \"duration\": 100}",
                "{\"time\": 1, \"kind\": \"pod\", \"name\": \"b\", \"cpu\": \"2\", \"memory\": \"1Gi\", \"gpu\": 0.6}",
                "{\"time\": 2, \"kind\": \"pod\", \"name\": \"c\", \"cpu\": \"2\", \"memory\": \"1Gi\", \"gpu\": 0.6}",
                "{\"time\": 3, \"kind\": \"pod\", \"name\": \"d\", \"cpu\": \"2\", \"memory\": \"1Gi\", \"gpu\": 1}",
                "{\"time\": 50, \"kind\": \"delete\", \"name\": \"d\"}",
                "{\"time\": 200, \"kind\": \"delete\", \"name\": \"b\"}");
        List<String> placements = new ArrayList<>();
        ReplayResult r = run(t, "fgd", false, placements);

        // a and b take a device each; c waits until a ends at 101 s; d (a whole GPU) never fits and is withdrawn
        assertThat(placements.get(0)).startsWith("default/a=finished@g/");
        assertThat(placements.get(1)).startsWith("default/b=finished@g/");
        assertThat(placements.get(2)).startsWith("default/c=running@g/");
        assertThat(placements.get(3)).isEqualTo("default/d=dropped@null/0");
        assertThat(r.placedPods()).isEqualTo(3);
        assertThat(r.droppedPods()).isEqualTo(1);
        assertThat(r.maxWaitSeconds()).isEqualTo(99.0);
    }

    @Test
    void thePaperProtocolDropsWhatTheCycleAfterArrivalCannotPlace() throws IOException {
        Trace t = events(
                "{\"time\": 0, \"kind\": \"node\", \"name\": \"g\", \"cpu\": \"16\", \"memory\": \"64Gi\", \"gpus\": 1, \"gpuModel\": \"T4\"}",
                "{\"time\": 0, \"kind\": \"pod\", \"name\": \"a\", \"cpu\": \"2\", \"memory\": \"1Gi\", \"gpu\": 0.7}",
                "{\"time\": 0, \"kind\": \"pod\", \"name\": \"b\", \"cpu\": \"2\", \"memory\": \"1Gi\", \"gpu\": 0.7}",
                "{\"time\": 0, \"kind\": \"pod\", \"name\": \"c\", \"cpu\": \"2\", \"memory\": \"1Gi\", \"gpu\": 0.3}");
        List<String> placements = new ArrayList<>();
        ReplayResult r = run(t, "bestfit", true, placements);

        assertThat(placements).containsExactly("default/a=running@g/1", "default/b=dropped@null/0",
                "default/c=running@g/1");
        // arrivals 0.7, 1.4, 1.7 GPUs against 1 GPU: allocation 70%, 70%, 100% (percent of the cluster's GPUs)
        assertThat(r.allocationCurve()).extracting(ReplayResult.CurvePoint::allocatedPercent).contains(70.0, 100.0);
        assertThat(r.gpuAllocationPercent()).isEqualTo(100.0);
        assertThat(Arrays.asList(r.arrivedPods(), r.placedPods(), r.droppedPods())).containsExactly(3, 2, 1);
    }

    @Test
    void aGangBindsWholeAndANodeThatLeavesTakesItsPodsWithIt() throws IOException {
        Trace t = events(
                "{\"time\": 0, \"kind\": \"node\", \"name\": \"g1\", \"cpu\": \"16\", \"memory\": \"64Gi\", \"gpus\": 2, \"gpuModel\": \"T4\"}",
                "{\"time\": 0, \"kind\": \"node\", \"name\": \"g2\", \"cpu\": \"16\", \"memory\": \"64Gi\", \"gpus\": 2, \"gpuModel\": \"T4\"}",
                "{\"time\": 0, \"kind\": \"group\", \"name\": \"gang\", \"minMember\": 3}",
                "{\"time\": 1, \"kind\": \"pod\", \"name\": \"w0\", \"group\": \"gang\", \"cpu\": \"1\", \"memory\": \"1Gi\", \"gpu\": 1}",
                "{\"time\": 1, \"kind\": \"pod\", \"name\": \"w1\", \"group\": \"gang\", \"cpu\": \"1\", \"memory\": \"1Gi\", \"gpu\": 1}",
                "{\"time\": 5, \"kind\": \"pod\", \"name\": \"w2\", \"group\": \"gang\", \"cpu\": \"1\", \"memory\": \"1Gi\", \"gpu\": 1}",
                "{\"time\": 10, \"kind\": \"remove-node\", \"name\": \"g1\"}");
        List<String> placements = new ArrayList<>();
        ReplayResult r = run(t, "fgdfill", false, placements);

        assertThat(r.placedPods()).isEqualTo(3);
        assertThat(r.meanWaitSeconds()).isGreaterThan(0);
        long onG1 = placements.stream().filter(p -> p.contains("=finished@g1/")).count();
        long onG2 = placements.stream().filter(p -> p.contains("=running@g2/")).count();
        assertThat(onG1 + onG2).isEqualTo(3);
        assertThat(onG1).isPositive();
    }
}
