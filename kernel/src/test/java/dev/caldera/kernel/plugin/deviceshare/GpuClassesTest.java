package dev.caldera.kernel.plugin.deviceshare;

import dev.caldera.kernel.framework.Classes;
import dev.caldera.kernel.framework.Dimensions;
import dev.caldera.kernel.framework.Profiles;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.testing.PluginCluster;
import dev.caldera.kernel.testing.Pod;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A class's digest is its content's: a profile id freed and given to another spec object digests that spec's text,
 * whether the refresh reuses a digest kept for an equal value or not (another spec), as a fresh decoder would.
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
