package dev.caldera.kernel.plugin.deviceshare;

import dev.caldera.kernel.framework.Classes;
import dev.caldera.kernel.framework.Dimensions;
import dev.caldera.kernel.framework.Profiles;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.testing.PluginCluster;
import dev.caldera.kernel.testing.Pod;
import dev.caldera.kernel.testing.PluginSessions;
import dev.caldera.kernel.framework.SessionView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A class's digest is its content's: a profile id freed and given to another spec object digests that spec's text,
 * whether the refresh reuses a digest kept for an equal value or not (another spec), as a fresh decoder would. It is
 * made only for a plugin that reads it.
 */
class GpuClassesTest {
    private final PluginCluster cluster = new PluginCluster();
    private final Classes classes = cluster.classes();
    private final Profiles<PlacementSpec> profiles = cluster.profiles();
    private final Dimensions dims = cluster.dims();

    @Test
    void aProfileGivenAgainToAnEqualSpecDigestsAsBefore() {
        GpuClasses decoder = new GpuClasses();
        int cls = classAfterFreeing(decoder, GpuClusters.models("T4"), GpuClusters.models("T4"));
        assertThat(decoder.hash[cls]).isEqualTo(freshHash(cls));
    }

    @Test
    void aProfileGivenToAnotherSpecDigestsThatSpec() {
        GpuClasses decoder = new GpuClasses();
        int cls = classAfterFreeing(decoder, GpuClusters.models("T4"), GpuClusters.models("V100"));
        assertThat(decoder.hash[cls]).isEqualTo(freshHash(cls));
    }

    /**
     * The random policy, the random tie-break and the score memo of a policy reading more than a class's shape read
     * its digest; a policy reading the shape alone, with ties by node order or none, leaves it unmade (0).
     */
    @ParameterizedTest
    @CsvSource({"fgdfill, shuffled, false", "fgd, rank, false", "fgdfill, random, true", "random, shuffled, true",
            "bestfit, random, true"})
    void aClassIsDigestedOnlyWhenThePluginReadsItsDigest(String policy, String ties, boolean read) {
        PluginCluster gpus = PluginSessions.cluster();
        GpuClusters.node(gpus, "n1", 32, 2, "T4");
        GpuClusters.pod(gpus, "p", ResourceList.of("cpu", 1000L, DeviceSharePlugin.GPU_MEMORY, 500_000L),
                GpuClusters.models("T4"), null, 0);
        SessionView s = PluginSessions.open(gpus, GpuClusters.deviceshare(policy, DeviceShareOptions.TIE_BREAK, ties));
        GpuClasses opened = s.plugins().plugin(DeviceSharePlugin.class).state().classes;
        int cls = s.tasks().taskClass(PluginSessions.task(gpus, "p"));

        assertThat(opened.hash[cls] != 0).isEqualTo(read);
        assertThat(opened.shapeHash[cls]).isNotZero();
    }

    @ParameterizedTest
    @CsvSource({"true", "false"})
    void aRefreshAfterNothingNewDecodesNothing(boolean digests) {
        GpuClasses decoder = new GpuClasses();
        decoder.digests = digests;
        pod("p1", GpuClusters.models("T4"));
        refresh(decoder);
        long version = decoder.version;

        refresh(decoder);

        assertThat(decoder.version).isEqualTo(version);
    }

    /** A pod on {@code first} decoded, the pod gone (its class and profile freed), then a pod on {@code second}. */
    private int classAfterFreeing(GpuClasses decoder, PlacementSpec first, PlacementSpec second) {
        String uid = pod("p1", first);
        refresh(decoder);
        cluster.removeTask(uid);
        cluster.applyChanges();
        refresh(decoder); // the freed class is read against a freed profile id
        int cls = cluster.tasks().taskClass(cluster.taskRow(pod("p2", second)));
        refresh(decoder);
        return cls;
    }

    private String pod(String name, PlacementSpec placement) {
        Pod pod = Pod.builder("ns", name).job("j").placement(placement)
                .request(ResourceList.of("cpu", 1000L, DeviceSharePlugin.GPU_MEMORY, 500_000L)).build();
        cluster.upsertTask(pod);
        cluster.applyChanges();
        return pod.uid();
    }

    private long freshHash(int cls) {
        GpuClasses fresh = new GpuClasses();
        refresh(fresh);
        return fresh.hash[cls];
    }

    private void refresh(GpuClasses decoder) {
        classes.refresh();
        decoder.refresh(classes, dims, profiles, dims.find(DeviceSharePlugin.GPU_MEMORY), -1);
    }
}
