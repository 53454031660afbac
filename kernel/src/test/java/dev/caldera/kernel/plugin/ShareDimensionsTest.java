package dev.caldera.kernel.plugin;

import dev.caldera.kernel.framework.Dimensions;
import dev.caldera.kernel.framework.ShareDimensions;
import dev.caldera.kernel.resource.ResourceDimensions;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ShareDimensionsTest {
    @Test
    void cpuMemoryAndKubernetesScalarsCountButPodsAndEphemeralStorageDoNot() {
        ResourceDimensions registry = new ResourceDimensions();
        int gpu = registry.register("nvidia.com/gpu");
        registry.register("ephemeral-storage");
        int huge = registry.register("hugepages-2Mi");
        registry.register("requests.example.com/foo");
        int prefixed = registry.register("kubernetes.io/bar");
        ShareDimensions dims = new ShareDimensions();
        dims.refresh(new Dimensions(registry));
        assertThat(dims.dims()).containsExactly(ResourceDimensions.CPU, ResourceDimensions.MEMORY, gpu, huge,
                prefixed);
        assertThat(dims.stride()).isEqualTo(registry.count());
    }

    @Test
    void vectorsShorterThanTheRegistryReadAsZero() {
        assertThat(ShareDimensions.at(new long[] {5, 6}, 1)).isEqualTo(6);
        assertThat(ShareDimensions.at(new long[] {5, 6}, 3)).isZero();
        assertThat(ShareDimensions.at(null, 0)).isZero();
    }
}
