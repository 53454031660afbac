package dev.caldera.k8s.run;

import dev.caldera.k8s.run.embedded.EmbeddedApiServer;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroup;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroupBuilder;
import io.fabric8.volcano.api.model.scheduling.v1beta1.QueueBuilder;

import org.awaitility.Awaitility;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * An embedded API server with a default queue, helpers to create nodes, PodGroups and pods, and live schedulers
 * running their loop on threads of their own. Everything is closed with the cluster, each resource even when
 * closing another failed.
 * <p>
 * Tests wait on conditions ({@link #eventually}, {@link #cyclesPass}), never for a fixed time: the deadline
 * ({@link #DEADLINE}) is reached only when something is broken, so a loaded machine makes a test slower, not
 * red. Nothing is static but constants; every cluster has its own server on a free port.
 */
final class LiveCluster implements AutoCloseable {
    final EmbeddedApiServer server = new EmbeddedApiServer().start();
    final KubernetesClient client = server.client();
    private final List<LiveScheduler> schedulers = new ArrayList<>();
    private final List<KubernetesClient> clients = new ArrayList<>();

    LiveCluster() {
        client.resource(new QueueBuilder().withNewMetadata().withName("default").endMetadata()
                .withNewSpec().withWeight(1).withReclaimable(true).endSpec()
                .withNewStatus().withState("Open").endStatus().build()).create();
    }

    /** One replica without leader election, period 100 ms, early cycles at most every 10 ms. */
    static RunOptions fast() {
        return RunOptions.defaults().withPeriod(100, 10);
    }

    LiveScheduler start(RunOptions options) {
        KubernetesClient own = server.client();
        clients.add(own);
        LiveScheduler live;
        try {
            live = new LiveScheduler(own, options).start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        schedulers.add(live);
        Thread t = new Thread(live::runLoop, "test-scheduler-" + schedulers.size());
        t.setDaemon(true);
        t.start();
        return live;
    }

    void node(String name, int cpus) {
        Node n = new NodeBuilder().withNewMetadata().withName(name).endMetadata().withNewStatus()
                .withAllocatable(Map.of("cpu", new Quantity(String.valueOf(cpus)), "memory", new Quantity("64Gi"),
                        "pods", new Quantity("110"))).endStatus().build();
        client.resource(n).create();
    }

    void podGroup(String ns, String name, int minMember) {
        PodGroup g = new PodGroupBuilder().withNewMetadata().withName(name).withNamespace(ns).endMetadata()
                .withNewSpec().withMinMember(minMember).withQueue("default").endSpec().build();
        client.resource(g).create();
    }

    /** A pod of ours in PodGroup {@code group}, requesting {@code cpus} (a quantity: 1, 500m). */
    void pod(String ns, String name, String group, String cpus) {
        client.resource(podOf(ns, name, group, cpus)).create();
    }

    /** Such a pod, not created; {@code group} null: a pod that names no PodGroup. */
    static Pod podOf(String ns, String name, String group, String cpus) {
        return new PodBuilder().withNewMetadata().withName(name).withNamespace(ns)
                .withAnnotations(group == null ? Map.of() : Map.of("scheduling.k8s.io/group-name", group)).endMetadata()
                .withNewSpec().withSchedulerName("volcano").addNewContainer().withName("main").withImage("busybox")
                .withNewResources().withRequests(Map.of("cpu", new Quantity(cpus))).endResources()
                .endContainer().endSpec().build();
    }

    /** A gang: its PodGroup and {@code size} pods {@code name-0 ...}. */
    List<String> gang(String ns, String name, int size, int minMember, String cpus) {
        podGroup(ns, name, minMember);
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            pod(ns, name + "-" + i, name, cpus);
            keys.add(ns + "/" + name + "-" + i);
        }
        return keys;
    }

    /** The node the pod is bound to on the API server, or null. */
    String nodeOf(String podKey) {
        int slash = podKey.indexOf('/');
        Pod p = client.pods().inNamespace(podKey.substring(0, slash)).withName(podKey.substring(slash + 1)).get();
        if (p == null || p.getSpec().getNodeName() == null || p.getSpec().getNodeName().isEmpty()) {
            return null;
        }
        return p.getSpec().getNodeName();
    }

    boolean allBound(List<String> keys) {
        for (String k : keys) {
            if (nodeOf(k) == null) {
                return false;
            }
        }
        return true;
    }

    /**
     * How long a condition may take before the test fails: far beyond what a loaded 2-core machine needs (an
     * informer sync, a bind with two retries), so reached only when the condition will never hold.
     */
    static final Duration DEADLINE = Duration.ofSeconds(90);

    /** Waits until {@code condition} holds (polled every 20 ms; exceptions count as not yet), else fails naming {@code what}. */
    static void eventually(String what, BooleanSupplier condition) {
        Awaitility.await(what).atMost(DEADLINE).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(20))
                .pollInSameThread().ignoreExceptions().until(condition::getAsBoolean);
    }

    /** Waits until {@code live} has run {@code n} more cycles: the time in which a decision it would make shows. */
    static void cyclesPass(LiveScheduler live, int n) {
        long target = live.cyclesRun() + n;
        eventually(n + " more scheduling cycles", () -> live.cyclesRun() >= target);
    }

    @Override
    public void close() {
        List<AutoCloseable> all = new ArrayList<>(schedulers);
        all.addAll(clients);
        all.add(client);
        all.add(server);
        RuntimeException first = null;
        for (AutoCloseable resource : all) {
            try {
                resource.close();
            } catch (Exception e) {
                if (first == null) {
                    first = new IllegalStateException("closing the live cluster", e);
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
