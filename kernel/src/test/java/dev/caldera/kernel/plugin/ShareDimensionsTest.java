package dev.caldera.kernel.plugin;

import dev.caldera.kernel.framework.Dimensions;
import dev.caldera.kernel.framework.ShareDimensions;
import dev.caldera.kernel.testing.PluginTables;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ShareDimensionsTest {
    @Test
    void cpuMemoryAndKubernetesScalarsCountButPodsAndEphemeralStorageDoNot() {
        Dimensions registry = PluginTables.dimensions("nvidia.com/gpu", "ephemeral-storage", "hugepages-2Mi",
                "requests.example.com/foo", "kubernetes.io/bar");
        int gpu = registry.find("nvidia.com/gpu");
        int huge = registry.find("hugepages-2Mi");
        int prefixed = registry.find("kubernetes.io/bar");
        ShareDimensions dims = new ShareDimensions();
        dims.refresh(registry);
        assertThat(dims.dims()).containsExactly(Dimensions.CPU, Dimensions.MEMORY, gpu, huge, prefixed);
        assertThat(dims.stride()).isEqualTo(registry.count());
    }

    @Test
    void vectorsShorterThanTheRegistryReadAsZero() {
        assertThat(ShareDimensions.at(new long[] {5, 6}, 1)).isEqualTo(6);
        assertThat(ShareDimensions.at(new long[] {5, 6}, 3)).isZero();
        assertThat(ShareDimensions.at(null, 0)).isZero();
    }
}
