package dev.caldera.k8s.convert;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Pod requests as the Kubernetes scheduler computes them (containers, init containers, sidecars, overhead). */
class PodRequestsTest {
    private static final long MI = 1L << 20;

    @Test
    void appContainersAreSummed() {
        PodSpec spec = new PodSpecBuilder().withContainers(container("a", "500m", "1Gi"), container("b", "1", "512Mi"))
                .build();
        assertThat(PodRequests.of(spec, "Pod ns/p")).containsEntry("cpu", 1500L).containsEntry("memory", 1536 * MI);
    }

    @Test
    void theLargestInitContainerWinsWhenItNeedsMoreThanTheApps() {
        PodSpec spec = new PodSpecBuilder()
                .withInitContainers(container("init-small", "200m", "64Mi"), container("init-big", "3", "128Mi"))
                .withContainers(container("app", "1", "1Gi"))
                .build();
        assertThat(PodRequests.of(spec, "Pod ns/p")).containsEntry("cpu", 3000L).containsEntry("memory", 1024 * MI);
    }

    @Test
    void aSidecarAddsToTheAppsAndToEveryLaterInitContainer() {
        Container sidecar = new ContainerBuilder(container("proxy", "100m", "64Mi")).withRestartPolicy("Always").build();
        PodSpec spec = new PodSpecBuilder()
                .withInitContainers(sidecar, container("migrate", "2", "64Mi"))
                .withContainers(container("app", "1", "1Gi"))
                .build();
        // init phase: proxy 100m + migrate 2 = 2100m; running: app 1 + proxy 100m = 1100m
        assertThat(PodRequests.of(spec, "Pod ns/p")).containsEntry("cpu", 2100L).containsEntry("memory", 1088 * MI);
    }

    @Test
    void overheadIsAddedOnTop() {
        PodSpec spec = new PodSpecBuilder().withContainers(container("app", "1", "1Gi"))
                .withOverhead(Map.of("cpu", new Quantity("250m"), "memory", new Quantity("120Mi"))).build();
        assertThat(PodRequests.of(spec, "Pod ns/p")).containsEntry("cpu", 1250L).containsEntry("memory", 1144 * MI);
    }

    @Test
    void aLimitWithoutARequestIsTheRequestAsTheApiServerDefaultsIt() {
        Container c = new ContainerBuilder().withName("gpu").withNewResources()
                .addToRequests("cpu", new Quantity("2"))
                .addToLimits("cpu", new Quantity("4"))
                .addToLimits("nvidia.com/gpu", new Quantity("1"))
                .endResources().build();
        PodSpec spec = new PodSpecBuilder().withContainers(c).build();
        assertThat(PodRequests.of(spec, "Pod ns/p")).containsEntry("cpu", 2000L).containsEntry("nvidia.com/gpu", 1000L);
    }

    @Test
    void aContainerWithoutResourcesRequestsNothing() {
        PodSpec spec = new PodSpecBuilder().withContainers(new ContainerBuilder().withName("a").build()).build();
        assertThat(PodRequests.of(spec, "Pod ns/p")).isEmpty();
    }

    @Test
    void anInvalidRequestNamesThePodAndTheField() {
        PodSpec spec = new PodSpecBuilder().withContainers(container("a", "1", "1Gi"), container("b", "2x", "1Gi"))
                .build();
        assertThatThrownBy(() -> PodRequests.of(spec, "Pod ns/p"))
                .isInstanceOf(ConversionException.class)
                .hasMessageStartingWith("Pod ns/p: spec.containers[1].resources.requests.cpu: '2x' is not a quantity");
    }

    @Test
    void aNegativeOverheadNamesTheField() {
        PodSpec spec = new PodSpecBuilder().withContainers(container("a", "1", "1Gi"))
                .withOverhead(Map.of("memory", new Quantity("-1Mi"))).build();
        assertThatThrownBy(() -> PodRequests.of(spec, "Pod ns/p"))
                .hasMessage("Pod ns/p: spec.overhead.memory: '-1Mi' is negative");
    }

    static Container container(String name, String cpu, String memory) {
        Map<String, Quantity> requests = new LinkedHashMap<>();
        requests.put("cpu", new Quantity(cpu));
        requests.put("memory", new Quantity(memory));
        return new ContainerBuilder().withName(name).withNewResources().withRequests(requests).endResources().build();
    }
}
