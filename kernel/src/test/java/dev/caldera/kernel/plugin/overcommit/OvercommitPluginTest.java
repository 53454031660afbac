package dev.caldera.kernel.plugin.overcommit;

import dev.caldera.kernel.testing.PluginCluster;
import dev.caldera.kernel.testing.Pod;
import dev.caldera.kernel.framework.Vote;
import dev.caldera.kernel.framework.Dimensions;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.testing.ConfWarnings;
import dev.caldera.kernel.testing.Sessions;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Numbers worked out from current Volcano's overcommit ({@code plugins/overcommit/overcommit.go}, with
 * {@code GetInqueueResource} and {@code CalculateAllocatedTaskNum} of plugins/util/util.go): need + used <=
 * allocatable x factor on the resources the job's minResources asks for.
 */
class OvercommitPluginTest {
    private static final int CPU = Dimensions.CPU;
    private static final long G = 1_000_000_000L;
    private static final long GI = 1L << 30;

    private final PluginCluster cluster = new PluginCluster();
    private SessionView session;
    private OvercommitPlugin plugin;

    @Test
    void aJobFittingTotalTimesTheDefaultFactorIsAdmitted() {
        node("n1", 2000, 4 * GI);
        node("n2", 4000, 16 * GI);
        job("pg1", ResourceList.of("cpu", 2000L, "memory", 2 * G), "Pending", 2);
        open(Map.of());
        assertThat(plugin.factor()).isEqualTo(1.2);
        assertThat(plugin.enqueueable(job("ns/pg1"))).isEqualTo(Vote.PERMIT);
    }

    @Test
    void whatTasksUseCountsAgainstTheOvercommittedTotal() {
        node("n1", 1000, 10 * G);
        job("busy", null, "Running", 1);
        cluster.upsertTask(Pod.builder("ns", "busy-0").job("busy").running("n1")
                .request(ResourceList.of("cpu", 1000L, "memory", G)).build());
        job("fits", ResourceList.of("cpu", 200L), "Pending", 1);
        job("too-big", ResourceList.of("cpu", 201L), "Pending", 1);
        open(Map.of());
        // 1000 x 1.2 - 1000 used leaves 200
        assertThat(plugin.enqueueable(job("ns/fits"))).isEqualTo(Vote.PERMIT);
        assertThat(plugin.enqueueable(job("ns/too-big"))).isEqualTo(Vote.REJECT);
    }

    @Test
    void inqueueJobsAndEachAdmissionReserveTheirMinResources() {
        node("n1", 1000, 10 * G);
        job("waiting", ResourceList.of("cpu", 600L), "Inqueue", 1);
        job("next", ResourceList.of("cpu", 600L), "Pending", 1);
        job("last", ResourceList.of("cpu", 1L), "Pending", 1);
        open(Map.of());
        assertThat(plugin.inqueue(CPU)).isEqualTo(600);
        assertThat(plugin.enqueueable(job("ns/next"))).isEqualTo(Vote.PERMIT);
        plugin.enqueued(job("ns/next"));
        assertThat(plugin.inqueue(CPU)).isEqualTo(1200);
        assertThat(plugin.enqueueable(job("ns/last"))).isEqualTo(Vote.REJECT);
    }

    @Test
    void aRunningJobReservesTheUnallocatedPartOfItsMinimum() {
        node("n1", 4000, 10 * G);
        job("started", ResourceList.of("cpu", 2000L, "memory", 2 * G), "Running", 1);
        cluster.upsertTask(Pod.builder("ns", "started-0").job("started").running("n1")
                .request(ResourceList.of("cpu", 500L, "memory", G)).build());
        open(Map.of());
        assertThat(plugin.inqueue(CPU)).isEqualTo(1500);
        assertThat(plugin.inqueue(Dimensions.MEMORY)).isEqualTo(G);
    }

    /** GetInqueueResource reads scalar minimums in the same milli units as the allocation it subtracts. */
    @Test
    void aRunningJobReservesTheUnallocatedPartOfAScalarMinimum() {
        cluster.upsertNode("n1", ResourceList.of("cpu", 8000L, "memory", 10 * G, "pods", 110L,
                "nvidia.com/gpu", 4000L), Map.of(), List.of(), false);
        job("gpus", ResourceList.of("cpu", 1000L, "nvidia.com/gpu", 2000L), "Running", 1);
        cluster.upsertTask(Pod.builder("ns", "gpus-0").job("gpus").running("n1")
                .request(ResourceList.of("cpu", 500L, "nvidia.com/gpu", 1000L)).build());
        open(Map.of());
        assertThat(plugin.inqueue(cluster.dims().find("nvidia.com/gpu"))).isEqualTo(1000);
    }

    /**
     * A Running PodGroup reserves once its tasks in AllocatedStatus (Bound ones too) reach minMember
     * ({@code CalculateAllocatedTaskNum}); v1.7 counted Running pods only.
     */
    @Test
    void boundTasksCountTowardsARunningJobsMinMember() {
        node("n1", 4000, 10 * G);
        job("starting", ResourceList.of("cpu", 3000L), "Running", 2);
        cluster.upsertTask(Pod.builder("ns", "starting-0").job("starting").running("n1")
                .request(ResourceList.of("cpu", 500L)).build());
        cluster.upsertTask(Pod.builder("ns", "starting-1").job("starting")
                .status(dev.caldera.kernel.cluster.TaskStatus.BOUND).nodeName("n1")
                .request(ResourceList.of("cpu", 500L)).build());
        open(Map.of());
        assertThat(plugin.inqueue(CPU)).isEqualTo(2000);
    }

    /** An Inqueue PodGroup reserves its minResources less what its scheduling-gated pods ask for. */
    @Test
    void gatedPodsDoNotReserve() {
        node("n1", 4000, 10 * G);
        job("gated", ResourceList.of("cpu", 3000L), "Inqueue", 1);
        cluster.upsertTask(Pod.builder("ns", "gated-0").job("gated").schedulingGated(true)
                .request(ResourceList.of("cpu", 1000L)).build());
        cluster.upsertTask(Pod.builder("ns", "gated-1").job("gated").request(ResourceList.of("cpu", 1000L)).build());
        open(Map.of());
        assertThat(plugin.inqueue(CPU)).isEqualTo(2000);
    }

    /**
     * {@code LessEqualWithDimensionAndResourcesName(idle, jobMinReq)}: only the resources minResources asks for
     * are compared; memory over the overcommitted total does not stop a job that asks for cpu only.
     */
    @Test
    void onlyTheResourcesTheMinimumAsksForAreChecked() {
        node("n1", 4000, G);
        job("busy", null, "Running", 1);
        cluster.upsertTask(Pod.builder("ns", "busy-0").job("busy").running("n1")
                .request(ResourceList.of("cpu", 100L, "memory", 2 * G)).build());
        job("cpu-only", ResourceList.of("cpu", 1000L), "Pending", 1);
        job("with-memory", ResourceList.of("cpu", 1000L, "memory", 1L), "Pending", 1);
        open(Map.of());
        assertThat(plugin.enqueueable(job("ns/cpu-only"))).isEqualTo(Vote.PERMIT);
        assertThat(plugin.enqueueable(job("ns/with-memory"))).isEqualTo(Vote.REJECT);
    }

    @Test
    void aJobWithoutMinResourcesIsAlwaysAdmitted() {
        node("n1", 100, G);
        job("free", null, "Pending", 1);
        open(Map.of());
        assertThat(plugin.enqueueable(job("ns/free"))).isEqualTo(Vote.PERMIT);
    }

    /** Volcano: plugins/overcommit/overcommit.go OnSessionOpen warns about a factor below 1 and uses 1.2. */
    @Test
    void aFactorBelowOneIsReplacedByTheDefaultWithAWarningNamingTheKey() {
        ConfWarnings warnings = new ConfWarnings();
        assertThat(new OvercommitPlugin(warnings.arguments("plugin 'overcommit'", "overcommit-factor", 0.8))
                .factor()).isEqualTo(1.2);
        assertThat(new OvercommitPlugin(warnings.arguments("plugin 'overcommit'", "overcommit-factor", 0L))
                .factor()).isEqualTo(1.2);
        assertThat(warnings.lines).containsExactly(
                "plugin 'overcommit': argument 'overcommit-factor': 0.8 is below 1, which Volcano does not allow;"
                        + " the default 1.2 is used, as Volcano does",
                "plugin 'overcommit': argument 'overcommit-factor': 0.0 is below 1, which Volcano does not allow;"
                        + " the default 1.2 is used, as Volcano does");
    }

    /** GetFloat64 takes integers and floats; a string is ignored with a warning. */
    @Test
    void aFactorThatIsNotANumberIsIgnoredAsVolcanoIgnoresIt() {
        ConfWarnings warnings = new ConfWarnings();
        assertThat(new OvercommitPlugin(warnings.arguments("o", "overcommit-factor", "1.5")).factor()).isEqualTo(1.2);
        assertThat(new OvercommitPlugin(warnings.arguments("o", "overcommit-factor", 2L)).factor()).isEqualTo(2.0);
        assertThat(warnings.lines).containsExactly("o: argument 'overcommit-factor': '1.5' is not a number (it is"
                + " written as a string; drop the quotes); ignored as Volcano does, the default 1.2 is used");
    }

    private void open(Map<String, Object> arguments) {
        cluster.openQueue("q", 1);
        session = Sessions.open(cluster, Sessions.plugin("overcommit", arguments, "overcommit"));
        plugin = session.plugins().plugin(OvercommitPlugin.class);
    }

    private int job(String key) {
        return cluster.jobRow(key);
    }

    private void node(String name, long cpuMilli, long memoryBytes) {
        cluster.upsertNode(name, ResourceList.of("cpu", cpuMilli, "memory", memoryBytes, "pods", 110L),
                Map.of(), List.of(), false);
    }

    private void job(String name, ResourceList min, String phase, int minMember) {
        cluster.upsertJob("ns", name, "q", minMember, Map.of(), null, min, phase, 0);
    }
}
