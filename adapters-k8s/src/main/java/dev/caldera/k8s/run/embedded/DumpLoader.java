package dev.caldera.k8s.run.embedded;

import dev.caldera.k8s.manifest.ClusterManifest;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caldera.k8s.manifest.Sourced;
import dev.caldera.k8s.model.HyperNode;
import dev.caldera.k8s.run.feed.Informers;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClassBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.volcano.api.model.scheduling.v1beta1.Queue;
import io.fabric8.volcano.api.model.scheduling.v1beta1.QueueBuilder;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Creates the objects of a cluster dump in an API server over HTTP, in the order a cluster would have them:
 * PriorityClasses, Queues, Nodes, HyperNodes, PodGroups, Pods. Adds what every Volcano cluster has when the dump lacks it
 * (the {@code default} queue, the two system priority classes), as {@code simulate} assumes them too. An object
 * without {@code metadata.creationTimestamp} is created with 1970-01-01T00:00:00Z, the time {@code simulate}
 * gives it, so that both order work alike.
 * <p>
 * Threading: one caller; pods are created on a few threads.
 */
public final class DumpLoader {
    private static final ObjectMapper GENERIC = new ObjectMapper().setDefaultPropertyInclusion(
            com.fasterxml.jackson.annotation.JsonInclude.Value.construct(
                    com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL,
                    com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL));
    static final String EPOCH = "1970-01-01T00:00:00Z";
    private static final int THREADS = 4;

    private final KubernetesClient client;

    public DumpLoader(KubernetesClient client) {
        this.client = client;
    }

    /** Creates everything; returns the number of objects created. */
    public int load(ClusterManifest manifest) {
        int n = 0;
        Set<String> classes = new HashSet<>();
        for (Sourced<io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass> s : manifest.priorityClasses) {
            classes.add(s.object().getMetadata().getName());
            n += create(s.object());
        }
        n += createMissingClass(classes, "system-cluster-critical", 2_000_000_000);
        n += createMissingClass(classes, "system-node-critical", 2_000_001_000);
        boolean hasDefault = false;
        for (Sourced<Queue> s : manifest.queues) {
            hasDefault |= "default".equals(s.object().getMetadata().getName());
            n += create(s.object());
        }
        if (!hasDefault) {
            n += create(new QueueBuilder().withNewMetadata().withName("default").endMetadata()
                    .withNewSpec().withWeight(1).withReclaimable(true).endSpec()
                    .withNewStatus().withState("Open").endStatus().build());
        }
        n += createAll(manifest.nodes);
        for (Sourced<HyperNode> s : manifest.hyperNodes) {
            GenericKubernetesResource g = GENERIC.convertValue(s.object(), GenericKubernetesResource.class);
            n += create(g, () -> client.genericKubernetesResources(Informers.HYPERNODES).resource(g).create());
        }
        n += createAll(manifest.podGroups);
        n += createAll(manifest.pods);
        return n;
    }

    private int createMissingClass(Set<String> present, String name, int value) {
        return present.contains(name) ? 0
                : create(new PriorityClassBuilder().withNewMetadata().withName(name).endMetadata().withValue(value).build());
    }

    private <T extends HasMetadata> int createAll(List<Sourced<T>> objects) {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS, r -> {
            Thread t = new Thread(r, "caldera-dump-loader");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Integer>> done = new ArrayList<>(objects.size());
            for (Sourced<T> s : objects) {
                done.add(pool.submit(() -> create(s.object())));
            }
            int n = 0;
            for (Future<Integer> f : done) {
                n += f.get();
            }
            return n;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while loading the dump", e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    private int create(HasMetadata object) {
        return create(object, () -> client.resource(object).create());
    }

    private int create(HasMetadata object, Runnable creation) {
        ObjectMeta meta = object.getMetadata();
        if (meta.getCreationTimestamp() == null || meta.getCreationTimestamp().isEmpty()) {
            meta.setCreationTimestamp(EPOCH);
        }
        if (meta.getNamespace() == null && namespaced(object)) {
            meta.setNamespace("default");
        }
        try {
            try {
                creation.run();
            } catch (KubernetesClientException e) {
                if (e.getCode() != 409) {
                    throw e;
                }
                // the dump names the object twice: the last one wins, as in simulate
                client.resource(object).delete();
                creation.run();
            }
            return 1;
        } catch (KubernetesClientException e) {
            throw new IllegalStateException("cannot create " + object.getKind() + " " + describe(meta)
                    + " in the embedded API server: " + e.getMessage(), e);
        }
    }

    private static boolean namespaced(HasMetadata object) {
        return object instanceof io.fabric8.kubernetes.api.model.Pod
                || object instanceof io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroup;
    }

    private static String describe(ObjectMeta meta) {
        return (meta.getNamespace() == null ? "" : meta.getNamespace() + "/") + meta.getName();
    }
}
