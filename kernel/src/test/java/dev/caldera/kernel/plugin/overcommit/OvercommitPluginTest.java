package dev.caldera.kernel.plugin.overcommit;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.QueueSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.testing.ConfWarnings;
import dev.caldera.kernel.plugin.JobReservation;
import dev.caldera.kernel.plugin.Vote;
import dev.caldera.kernel.resource.ResourceDimensions;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.testing.Sessions;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Numbers worked out from Volcano v1.7's overcommit: need + used <= allocatable x factor. */
class OvercommitPluginTest {
    private static final int CPU = ResourceDimensions.CPU;
    private static final long G = 1_000_000_000L;
    private static final long GI = 1L << 30;

    private final ClusterCache cache = new ClusterCache();
    private Session session;
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
        cache.upsertTask(TaskSpec.builder("ns", "busy-0").job("busy").running("n1")
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
        cache.upsertTask(TaskSpec.builder("ns", "started-0").job("started").running("n1")
                .request(ResourceList.of("cpu", 500L, "memory", G)).build());
        open(Map.of());
        assertThat(plugin.inqueue(CPU)).isEqualTo(1500);
        assertThat(plugin.inqueue(ResourceDimensions.MEMORY)).isEqualTo(G);
    }

    @Test
    void aRunningJobsScalarMinimumIsReadInWholeUnitsAsV17Does() {
        int[] dims = {0, 1, 3};
        long[] min = {0, 0, 0, 2000};
        long[] out = new long[4];
        JobReservation.addRunningReserve(min, new long[4], 0, dims, out, 0);
        assertThat(out[3]).as("2 GPUs read as 2 milli-GPU when none is allocated").isEqualTo(2);
        out = new long[4];
        JobReservation.addRunningReserve(min, new long[] {0, 0, 0, 1000}, 0, dims, out, 0);
        assertThat(out[3]).as("2 - 1000 milli is not positive").isZero();
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
        cache.upsertQueue(QueueSpec.open("q", 1));
        session = Sessions.open(cache, Sessions.plugin("overcommit", arguments, "overcommit"));
        plugin = session.plugins.plugin(OvercommitPlugin.class);
    }

    private int job(String key) {
        return cache.jobRow(key);
    }

    private void node(String name, long cpuMilli, long memoryBytes) {
        cache.upsertNode(new NodeSpec(name, ResourceList.of("cpu", cpuMilli, "memory", memoryBytes, "pods", 110L),
                Map.of(), List.of(), false));
    }

    private void job(String name, ResourceList min, String phase, int minMember) {
        cache.upsertJob(new JobSpec("ns", name, "q", minMember, Map.of(), null, min, phase, 0));
    }
}
