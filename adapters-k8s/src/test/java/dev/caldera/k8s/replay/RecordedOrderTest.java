package dev.caldera.k8s.replay;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A recorded openb trace makes its events in time order itself: they must be those a stable sort by time of the
 * trace's events in file order (nodes, then each pod's creation and deletion) gives, ties included; and its pods,
 * made beside the replay on a thread of their own, those the one-thread conversion makes.
 */
class RecordedOrderTest {
    private static final String NODES = "sn,cpu_milli,memory_mib,gpu,model\nn1,32000,131072,2,T4\nn2,64000,262144,8,G2\n";
    private static final String HEADER = "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,"
            + "creation_time,deletion_time,scheduled_time\n";

    @TempDir
    Path dir;

    @Test
    void eventsComeAsAStableSortByTimeOfTheFilesOrder() throws IOException {
        // unsorted creations, ties between creations, deletions and a pod's own creation and deletion, no deletion
        Trace t = trace(HEADER + "a,1000,1024,0,0,,LS,Running,5,9,\nb,1000,1024,0,0,,LS,Running,0,5,\n"
                + "c,1000,1024,0,0,,LS,Running,5,5,\nd,1000,1024,1,500,T4,LS,Running,3,,\n"
                + "e,1000,1024,0,0,,LS,Running,0,0,\nf,1000,1024,0,0,,LS,Running,9,12,\n");

        assertThat(describe(t, t.events())).isEqualTo(describe(t, stableSort(t)));
        assertThat(describe(t, t.events())).containsExactly("node n1", "node n2", "create b @0", "create e @0",
                "delete e @0", "create d @3000", "create a @5000", "delete b @5000", "create c @5000", "delete c @5000",
                "delete a @9000", "create f @9000", "delete f @12000");
    }

    @Test
    void aLongRandomTraceIsInTheSortedOrderAndItsPodsAreTheOneThreadConversion() throws IOException {
        SplittableRandom random = new SplittableRandom(17);
        StringBuilder rows = new StringBuilder(HEADER);
        for (int i = 0; i < 10_000; i++) {
            long created = random.nextInt(500);
            String deleted = random.nextInt(4) == 0 ? "" : Long.toString(created + random.nextInt(50));
            String gpu = random.nextBoolean() ? "1," + (1 + random.nextInt(999)) + ",T4" : "0,0,";
            rows.append("p").append(i).append(',').append(1000 * (1 + random.nextInt(8))).append(",1024,").append(gpu)
                    .append(",LS,Running,").append(created).append(',').append(deleted).append(",\n");
        }
        Trace t = trace(rows.toString());

        assertThat(describe(t, t.events())).isEqualTo(describe(t, stableSort(t)));
        List<OpenbRows.PodRow> read = OpenbRows.pods(dir.resolve("pods.csv"), Set.of("T4", "G2"), true).rows();
        TraceObjects one = new TraceObjects();
        for (int i = 0; i < read.size(); i++) {
            OpenbRows.PodRow r = read.get(i);
            ReplayPod p = one.pod(i, r.name(), r.shape(), r.createdS() * 1000,
                    r.deletedS() < 0 ? -1 : r.deletedS() * 1000, -1, r.source());
            ReplayPod made = t.pods().get(i);
            // the same pod, its source kept as file and line rather than joined
            assertThat(new ReplayPod(made.index(), made.arrival(), made.groupArrival(), made.gpuMilli(),
                    made.createdMs(), made.deletedMs(), made.durationMs(), made.source(), 0)).isEqualTo(p);
        }
    }

    private Trace trace(String pods) throws IOException {
        Path n = dir.resolve("nodes.csv");
        Path p = dir.resolve("pods.csv");
        Files.writeString(n, NODES);
        Files.writeString(p, pods);
        return OpenbTraces.recorded(n, p);
    }

    /** The trace's events in file order, sorted by time with the (stable) sort {@link Trace} applies. */
    private static List<TraceEvent> stableSort(Trace t) {
        List<TraceEvent> fileOrder = new ArrayList<>();
        for (TraceEvent e : t.events()) {
            if (e instanceof TraceEvent.AddNode) {
                fileOrder.add(e);
            }
        }
        for (ReplayPod p : t.pods()) {
            fileOrder.add(new TraceEvent.CreatePod(p.createdMs(), p));
            if (p.deletedMs() >= 0) {
                fileOrder.add(new TraceEvent.DeletePod(p.deletedMs(), p.index()));
            }
        }
        return new Trace("sorted", fileOrder, t.pods(), t.mix()).events();
    }

    private static List<String> describe(Trace t, List<TraceEvent> events) {
        List<String> out = new ArrayList<>();
        for (TraceEvent e : events) {
            if (e instanceof TraceEvent.CreatePod c) {
                out.add("create " + c.pod().task().name() + " @" + c.timeMs());
            } else if (e instanceof TraceEvent.DeletePod d) {
                out.add("delete " + t.pods().get(d.pod()).task().name() + " @" + d.timeMs());
            } else if (e instanceof TraceEvent.AddNode a) {
                out.add("node " + a.node().name());
            }
        }
        return out;
    }

}
