package dev.caldera.kernel.testing;

import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.placement.InterPodSpec;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.resource.ResourceList;

import java.util.Map;

/**
 * A pod as a plugin test writes it, for {@link PluginCluster#upsertTask}: the cache's task spec behind the same
 * builder methods, kept in this package so that a plugin test never names the cache
 * ({@code KernelLayersTest.pluginTestsSeeTheFrameworkAlone}).
 */
public final class Pod {
    final TaskSpec spec;

    private Pod(TaskSpec spec) {
        this.spec = spec;
    }

    public static Builder builder(String namespace, String name) {
        return new Builder(TaskSpec.builder(namespace, name));
    }

    public String key() {
        return spec.key();
    }

    public String uid() {
        return spec.uid();
    }

    public String namespace() {
        return spec.namespace();
    }

    public String name() {
        return spec.name();
    }

    public String job() {
        return spec.job();
    }

    public long creationMs() {
        return spec.creationMs();
    }

    public ResourceList request() {
        return spec.request();
    }

    public Builder toBuilder() {
        return new Builder(spec.toBuilder());
    }

    /** {@link TaskSpec.Builder}'s methods, one for one. */
    public static final class Builder {
        private final TaskSpec.Builder b;

        private Builder(TaskSpec.Builder b) {
            this.b = b;
        }

        public Builder uid(String v) { b.uid(v); return this; }
        public Builder job(String v) { b.job(v); return this; }
        public Builder request(ResourceList v) { b.request(v); return this; }
        public Builder priority(Integer v) { b.priority(v); return this; }
        public Builder priorityClassName(String v) { b.priorityClassName(v); return this; }
        public Builder role(String v) { b.role(v); return this; }
        public Builder preemptable(boolean v) { b.preemptable(v); return this; }
        public Builder creationMs(long v) { b.creationMs(v); return this; }
        public Builder status(byte v) { b.status(v); return this; }
        public Builder nodeName(String v) { b.nodeName(v); return this; }
        public Builder nominatedNodeName(String v) { b.nominatedNodeName(v); return this; }
        public Builder placement(PlacementSpec v) { b.placement(v); return this; }
        public Builder critical(boolean v) { b.critical(v); return this; }
        public Builder preemptNever(boolean v) { b.preemptNever(v); return this; }
        public Builder schedulingGated(boolean v) { b.schedulingGated(v); return this; }
        public Builder labels(Map<String, String> v) { b.labels(v); return this; }
        public Builder interPod(InterPodSpec v) { b.interPod(v); return this; }
        public Builder gpuDevices(long v) { b.gpuDevices(v); return this; }
        public Builder running(String node) { b.running(node); return this; }

        public Pod build() {
            return new Pod(b.build());
        }
    }
}
