package dev.caldera.k8s.run.feed;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroup;
import io.fabric8.volcano.api.model.scheduling.v1beta1.Queue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * fabric8 shared informers for Pods, Nodes, PodGroups, Queues, PriorityClasses and HyperNodes (where the cluster
 * serves them), feeding a {@link ClusterFeed}.
 * They list, then watch; a watch that expires (410 Gone) or breaks is relisted by fabric8, and a list that fails
 * (API server unreachable) is retried with fabric8's backoff, logging why. {@link #synced()} is true once every
 * informer has listed, is watching, and has handed its first list to the feed.
 * <p>
 * Threading: start/stop from one thread; callbacks arrive on fabric8's informer threads.
 */
public final class Informers implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Informers.class);

    /** Volcano's HyperNode resource; clusters without the CRD simply have none. */
    public static final ResourceDefinitionContext HYPERNODES = new ResourceDefinitionContext.Builder()
            .withGroup("topology.volcano.sh").withVersion("v1alpha1").withKind("HyperNode").withPlural("hypernodes")
            .withNamespaced(false).build();

    private final List<SharedIndexInformer<?>> all = new ArrayList<>();
    /** Informers of resources a cluster may not serve (404 on list: counted as synced and empty). */
    private final Set<SharedIndexInformer<?>> optional = ConcurrentHashMap.newKeySet();
    private final Set<SharedIndexInformer<?>> absent = ConcurrentHashMap.newKeySet();
    /** Objects each informer's handler has been told exist (adds minus deletes delivered). */
    private final Map<SharedIndexInformer<?>, AtomicLong> delivered = new ConcurrentHashMap<>();
    /** Informers whose handler has once caught up with their store. */
    private final Set<SharedIndexInformer<?>> caughtUp = ConcurrentHashMap.newKeySet();
    private SharedIndexInformer<Pod> pods;
    private SharedIndexInformer<PodGroup> podGroups;

    /** Creates and starts the informers (returns at once; see {@link #synced()}). */
    public Informers start(KubernetesClient client, ClusterFeed feed) {
        // reference objects first, so that pods resolve against their classes, queues, nodes and groups
        add("PriorityClass", client.scheduling().v1().priorityClasses().runnableInformer(0),
                feed::priorityClass, feed::priorityClassDeleted);
        add("Queue", client.resources(Queue.class).runnableInformer(0), feed::queue, feed::queueDeleted);
        add("Node", client.nodes().runnableInformer(0), feed::node, feed::nodeDeleted);
        podGroups = client.resources(PodGroup.class).inAnyNamespace().runnableInformer(0);
        add("PodGroup", podGroups, feed::podGroup, feed::podGroupDeleted);
        add("HyperNode", client.genericKubernetesResources(HYPERNODES).runnableInformer(0), feed::hyperNode,
                feed::hyperNodeDeleted);
        optional.add(all.get(all.size() - 1));
        pods = client.pods().inAnyNamespace().runnableInformer(0);
        add("Pod", pods, feed::pod, feed::podDeleted);
        for (SharedIndexInformer<?> informer : all) {
            informer.start();
        }
        return this;
    }

    private <T extends HasMetadata> void add(String kind, SharedIndexInformer<T> informer, Consumer<T> upsert,
                                             Consumer<T> delete) {
        AtomicLong held = new AtomicLong();
        delivered.put(informer, held);
        informer.addEventHandler(handler(upsert, held, (o, unknown) -> delete.accept(o)));
        informer.exceptionHandler((started, t) -> {
            if (!started && optional.contains(informer) && notServed(t)) {
                absent.add(informer);
                LOG.info("{}: not served by this API server (no CRD installed); scheduling without them", kind);
                return false;
            }
            LOG.warn("{} informer: {}; retrying{}", kind, t.getMessage() == null ? t.toString() : t.getMessage(),
                    started ? "" : " (its first list has not succeeded yet: the scheduler is not ready)");
            return true;
        });
        all.add(informer);
    }

    private static <T> ResourceEventHandler<T> handler(Consumer<T> upsert, AtomicLong held,
                                                       BiConsumer<T, Boolean> delete) {
        return new ResourceEventHandler<>() {
            @Override
            public void onAdd(T obj) {
                try {
                    upsert.accept(obj);
                } finally {
                    held.incrementAndGet();
                }
            }

            @Override
            public void onUpdate(T oldObj, T newObj) {
                upsert.accept(newObj);
            }

            @Override
            public void onDelete(T obj, boolean deletedFinalStateUnknown) {
                try {
                    delete.accept(obj, deletedFinalStateUnknown);
                } finally {
                    held.decrementAndGet();
                }
            }
        };
    }

    /**
     * True once every informer has completed its first list and has its watch open: a cycle before the watch
     * is open would decide on a list whose changes (a bind's echo, a deletion) arrive only when it opens.
     */
    public boolean synced() {
        if (all.isEmpty()) {
            return false;
        }
        for (SharedIndexInformer<?> i : all) {
            if (!absent.contains(i) && (!i.hasSynced() || !i.isWatching() || !delivered(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * True once the informer's handler has been given as many objects as its store holds. fabric8 marks an
     * informer synced when its store holds the first list, and hands the objects to the handler on another
     * thread afterwards: a cycle run at that moment would miss nodes or pods the cache has not been told of.
     * Checked until it first holds (O(objects) each time), then remembered.
     */
    private boolean delivered(SharedIndexInformer<?> informer) {
        if (caughtUp.contains(informer)) {
            return true;
        }
        if (delivered.get(informer).get() < informer.getStore().list().size()) {
            return false;
        }
        caughtUp.add(informer);
        return true;
    }

    private static boolean notServed(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof KubernetesClientException k && k.getCode() == 404) {
                return true;
            }
        }
        return false;
    }

    /** The pod as the informer last saw it, or null ({@code namespace/name}). */
    public Pod pod(String key) {
        return pods == null ? null : pods.getStore().getByKey(key);
    }

    /** The PodGroup as the informer last saw it, or null ({@code namespace/name}). */
    public PodGroup podGroup(String key) {
        return podGroups == null ? null : podGroups.getStore().getByKey(key);
    }

    @Override
    public void close() {
        for (SharedIndexInformer<?> i : all) {
            i.close();
        }
        all.clear();
    }
}
