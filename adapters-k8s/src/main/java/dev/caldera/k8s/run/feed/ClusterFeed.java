package dev.caldera.k8s.run.feed;

import dev.caldera.k8s.convert.ConversionException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caldera.k8s.convert.HyperNodeConverter;
import dev.caldera.k8s.convert.NodeConverter;
import dev.caldera.k8s.convert.PodConverter;
import dev.caldera.k8s.convert.PodGroupConverter;
import dev.caldera.k8s.convert.PriorityClassConverter;
import dev.caldera.k8s.convert.QueueConverter;
import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.ClusterChange;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.k8s.model.HyperNode;
import dev.caldera.kernel.cluster.TaskStatus;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroup;
import io.fabric8.volcano.api.model.scheduling.v1beta1.Queue;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Informer events to kernel cache changes, through the same converters {@code simulate} uses: pods of our
 * scheduler names become tasks (with the PodGroup Volcano's controller would create when they name none), other
 * schedulers' pods only while they sit on a node (they take room), Nodes, PodGroups, Queues and PriorityClasses
 * their specs, HyperNodes (topology.volcano.sh) theirs. A pod of ours arriving Pending calls {@code pendingArrived} (the loop may start a cycle early).
 * <p>
 * Threading: any thread (informer callbacks); it submits to the cache's lock-free queue. Pod methods are
 * synchronized so that a refeed and an informer event for the same pod cannot interleave (the informer
 * delivers on one thread, so there is no contention in the common case).
 */
public final class ClusterFeed {
    private static final ObjectMapper HYPERNODE = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    private final ClusterCache cache;
    private final PodConverter pods;
    private final Runnable pendingArrived;
    private final MalformedObjects malformed;
    private final UnmodelledPods unmodelled = new UnmodelledPods();
    /**
     * The shadow group (its key) of each pod of ours that named no PodGroup when it arrived, by pod uid. Removed
     * by that key, never by the pod's current group name: the pod may since name a real PodGroup (Volcano's
     * controller creates one and annotates the pod), which must stay.
     */
    private final ConcurrentHashMap<String, String> shadows = new ConcurrentHashMap<>();
    /** PodGroups that exist as API objects ({@code namespace/name}). */
    private final Set<String> podGroupObjects = ConcurrentHashMap.newKeySet();
    /** Uids of pods the API server said are gone (404) before the informer delivered their deletion. */
    private final Set<String> gone = ConcurrentHashMap.newKeySet();
    /** The resourceVersion of each pod as last delivered by the informer. */
    private final ConcurrentHashMap<String, String> seenVersion = new ConcurrentHashMap<>();
    private volatile Consumer<Pod> podObserved = p -> { };
    private volatile Consumer<Pod> podGone = p -> { };

    public ClusterFeed(ClusterCache cache, PodConverter pods, Runnable pendingArrived, MalformedObjects malformed) {
        this.cache = cache;
        this.pods = pods;
        this.pendingArrived = pendingArrived;
        this.malformed = malformed;
    }

    public synchronized void pod(Pod pod) {
        try {
            convertPod(pod);
            seenVersion.put(PodConverter.uid(pod), String.valueOf(pod.getMetadata().getResourceVersion()));
        } finally {
            podObserved.accept(pod);
        }
    }

    /**
     * Feeds {@code current} (the informer store's copy) again, to undo what the cache assumed (a refused
     * eviction left the pod Releasing). Only when it is the version the informer last delivered: a stale copy
     * must not bring back a deleted pod or an older state.
     */
    public synchronized void refeed(String uid, Pod current) {
        if (current != null && uid.equals(PodConverter.uid(current))
                && String.valueOf(current.getMetadata().getResourceVersion()).equals(seenVersion.get(uid))) {
            convertPod(current);
        }
    }

    private void convertPod(Pod pod) {
        String uid = PodConverter.uid(pod);
        if (gone.contains(uid)) {
            return; // a late copy of a pod the API server already said is gone
        }
        boolean ours = pods.isOurs(pod);
        if (!ours && !PodConverter.isOnNode(pod)) {
            cache.removeTask(uid); // another scheduler's pod that holds no node (or no longer)
            return;
        }
        TaskSpec task = convert("Pod", pod, () -> pods.task(pod));
        if (task == null) {
            return;
        }
        if (ours) {
            unmodelled.check(pod, task.key());
        }
        boolean named = PodConverter.hasGroup(pod);
        if (ours && !named && !shadows.containsKey(uid)) {
            JobSpec shadow = convert("Pod", pod, () -> pods.shadowGroup(pod));
            if (shadow != null) {
                cache.upsertJob(shadow);
                shadows.put(uid, shadow.key());
            }
        }
        cache.upsertTask(task);
        if (named) {
            dropShadow(uid); // the pod now names its PodGroup: the task has moved there, the shadow is empty
        }
        if (ours && task.status() == TaskStatus.PENDING) {
            pendingArrived.run();
        }
    }

    /** The API server said the pod of {@code uid} does not exist: forget it, and ignore late copies of it. */
    public synchronized void podGone(String uid) {
        gone.add(uid);
        cache.removeTask(uid);
    }

    /** Called after each pod change has been handed to the cache (for tests and the embedded run's report). */
    public void observePods(Consumer<Pod> changed, Consumer<Pod> deleted) {
        podObserved = changed;
        podGone = deleted;
    }

    /** True when {@code key} ({@code namespace/name}) is a PodGroup object of the API. */
    public boolean isPodGroupObject(String key) {
        return podGroupObjects.contains(key);
    }

    public synchronized void podDeleted(Pod pod) {
        String uid = PodConverter.uid(pod);
        seenVersion.remove(uid);
        gone.remove(uid);
        cache.removeTask(uid);
        dropShadow(uid);
        podGone.accept(pod);
    }

    private void dropShadow(String uid) {
        String shadow = shadows.remove(uid);
        if (shadow != null) {
            cache.removeJob(shadow);
        }
    }

    public void node(Node node) {
        var spec = convert("Node", node, () -> NodeConverter.of(node));
        if (spec != null) {
            cache.upsertNode(spec);
        }
    }

    public void nodeDeleted(Node node) {
        cache.removeNode(node.getMetadata().getName());
    }

    public void podGroup(PodGroup group) {
        var spec = convert("PodGroup", group, () -> PodGroupConverter.of(group));
        if (spec != null) {
            podGroupObjects.add(spec.key());
            cache.upsertJob(spec);
        }
    }

    public void podGroupDeleted(PodGroup group) {
        String key = namespace(group) + "/" + group.getMetadata().getName();
        podGroupObjects.remove(key);
        cache.removeJob(key);
    }

    public void queue(Queue queue) {
        var spec = convert("Queue", queue, () -> QueueConverter.of(queue));
        if (spec != null) {
            cache.upsertQueue(spec);
        }
    }

    public void queueDeleted(Queue queue) {
        cache.removeQueue(queue.getMetadata().getName());
    }

    public void priorityClass(PriorityClass pc) {
        var spec = convert("PriorityClass", pc, () -> PriorityClassConverter.of(pc));
        if (spec != null) {
            cache.upsertPriorityClass(spec);
        }
    }

    public void priorityClassDeleted(PriorityClass pc) {
        cache.submit(new ClusterChange.RemovePriorityClass(pc.getMetadata().getName()));
    }

    public void hyperNode(GenericKubernetesResource object) {
        var spec = convert("HyperNode", object, () -> HyperNodeConverter.of(HYPERNODE.convertValue(object, HyperNode.class)));
        if (spec != null) {
            cache.upsertHyperNode(spec);
        }
    }

    public void hyperNodeDeleted(GenericKubernetesResource object) {
        cache.removeHyperNode(object.getMetadata().getName());
    }

    private <S> S convert(String kind, HasMetadata object, Supplier<S> conversion) {
        String name = describe(kind, object);
        try {
            S spec = conversion.get();
            malformed.fine(name);
            return spec;
        } catch (ConversionException | IllegalArgumentException e) {
            malformed.skipped(name, e.getMessage() == null ? e.toString() : e.getMessage());
            return null;
        }
    }

    private static String describe(String kind, HasMetadata o) {
        String ns = o.getMetadata().getNamespace();
        return kind + " " + (ns == null || ns.isEmpty() ? "" : ns + "/") + o.getMetadata().getName();
    }

    private static String namespace(HasMetadata o) {
        String ns = o.getMetadata().getNamespace();
        return ns == null || ns.isEmpty() ? "default" : ns;
    }
}
