package dev.caldera.k8s.run.status;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.caldera.k8s.convert.PodConverter;
import dev.caldera.k8s.run.bind.ApiCalls;
import dev.caldera.k8s.run.bind.BindOutcomes;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroup;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * PodGroup and pod status, written off the scheduling thread. The scheduling thread reports what it decided
 * ({@link #podGroup}, {@link #podUnschedulable}); only what differs from what was last written is queued, and
 * the queue is keyed by object, so several cycles' changes to one object coalesce into one write. A writer
 * thread drains it after each cycle ({@link #flush()}): PodGroup status ({@link GroupStatus}: phase, counts and
 * this scheduler's condition, every other condition kept; through the PodGroup itself, whose CRD has no status
 * subresource) and pod status ({@link PendingPodStatus}: {@code PodScheduled=False} and
 * {@code nominatedNodeName}, a strategic merge patch that leaves the kubelet's conditions alone), plus
 * rate-limited Events. Each write starts from the informer's copy of the object: a pod bound or deleted since
 * the cycle gets nothing, a PodGroup changed since is answered 409 and written again on the next round. What it
 * remembers about objects that are gone is forgotten every {@link #FORGET_INTERVAL_MS}.
 * <p>
 * Threading: report methods on the scheduling thread (and bind workers for events); writes on the writer thread.
 */
public final class StatusWriter implements BindOutcomes, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StatusWriter.class);
    static final long FORGET_INTERVAL_MS = 60_000;

    private final ApiCalls api;
    private final EventRecorder events;
    private final BooleanSupplier mayAct;
    private final Predicate<String> isPodGroupObject;
    private final Function<String, Pod> pods;
    private final Function<String, PodGroup> podGroups;
    private final Map<String, GroupStatus> writtenGroups = new ConcurrentHashMap<>();
    private final Map<String, PendingPodStatus> writtenPods = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, GroupStatus> pendingGroups = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, PendingPodStatus> pendingPods = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<ObjectNode> pendingEvents = new ConcurrentLinkedQueue<>();
    private final Semaphore wake = new Semaphore(0);
    private final Thread writer;
    private volatile boolean running = true;
    private volatile long writes;
    private volatile boolean busy;
    private long lastForgetNs = System.nanoTime();

    /**
     * @param isPodGroupObject true for PodGroups that exist as API objects (not the in-memory groups of pods
     *                         that name none)
     * @param pods             the informer's pod by {@code namespace/name}, or null
     * @param podGroups        the informer's PodGroup by {@code namespace/name}, or null
     */
    public StatusWriter(ApiCalls api, EventRecorder events, BooleanSupplier mayAct, Predicate<String> isPodGroupObject,
                        Function<String, Pod> pods, Function<String, PodGroup> podGroups) {
        this.api = api;
        this.events = events;
        this.mayAct = mayAct;
        this.isPodGroupObject = isPodGroupObject;
        this.pods = pods;
        this.podGroups = podGroups;
        this.writer = new Thread(this::run, "caldera-status-writer");
        writer.setDaemon(true);
        writer.start();
    }

    /** A PodGroup's phase, reason (null when placed) and pod counts after a cycle. */
    public void podGroup(String key, String phase, String reason, int running, int succeeded, int failed) {
        if (!isPodGroupObject.test(key)) {
            return;
        }
        GroupStatus s = new GroupStatus(phase, reason, running, succeeded, failed);
        if (!s.equals(writtenGroups.get(key))) {
            pendingGroups.put(key, s);
        }
    }

    /** A pod of ours that stays Pending: why, and the node it is nominated to (pipelined), or null. */
    public void podUnschedulable(String podKey, String uid, String message, String nominatedNode) {
        PendingPodStatus c = new PendingPodStatus(uid, message, nominatedNode);
        PendingPodStatus last = writtenPods.get(podKey);
        if (c.equals(last)) {
            return;
        }
        pendingPods.put(podKey, c);
        if (last == null || !Objects.equals(last.message(), message)) {
            event(podKey, uid, "Warning", "FailedScheduling", message);
        }
    }

    /** The pod no longer needs a PodScheduled=False condition from us (bound or gone). */
    public void podPlaced(String podKey) {
        writtenPods.remove(podKey);
        pendingPods.remove(podKey);
    }

    @Override
    public void bound(String uid, String key, String node) {
        podPlaced(key);
        event(key, uid, "Normal", "Scheduled", "Successfully assigned " + key + " to " + node);
    }

    @Override
    public void evicted(String uid, String key, String reason) {
        podPlaced(key);
        event(key, uid, "Normal", "Evict", "Pod is evicted, because of " + reason);
    }

    private void event(String podKey, String uid, String type, String reason, String message) {
        ObjectNode e = events.offer(podKey, uid, type, reason, message);
        if (e != null) {
            pendingEvents.add(e);
        }
    }

    /** Wakes the writer (after a cycle). Never blocks. */
    public void flush() {
        wake.release();
    }

    /** True when nothing is queued or being written. */
    public boolean idle() {
        return !busy && pendingGroups.isEmpty() && pendingPods.isEmpty() && pendingEvents.isEmpty();
    }

    /** Status writes sent since start. */
    public long writes() {
        return writes;
    }

    private void run() {
        while (running) {
            try {
                wake.tryAcquire(200, TimeUnit.MILLISECONDS);
                wake.drainPermits();
            } catch (InterruptedException e) {
                return;
            }
            forgetGoneEvery(FORGET_INTERVAL_MS);
            if (mayAct.getAsBoolean()) {
                busy = true;
                try {
                    writeGroups();
                    writePods();
                    writeEvents();
                } catch (RuntimeException e) {
                    LOG.error("status write failed: {}", e.toString());
                } finally {
                    busy = false;
                }
            }
        }
    }

    private void writeGroups() {
        for (Iterator<Map.Entry<String, GroupStatus>> it = pendingGroups.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<String, GroupStatus> e = it.next();
            String key = e.getKey();
            GroupStatus s = e.getValue();
            it.remove();
            PodGroup current = podGroups.apply(key);
            if (current == null) {
                continue; // deleted since the cycle
            }
            int slash = key.indexOf('/');
            int code = api.patchPodGroup(key.substring(0, slash), key.substring(slash + 1),
                    s.patch(current, Instant.now().toString()));
            writes++;
            if (code / 100 == 2) {
                writtenGroups.put(key, s);
            } else if (code != 404) {
                pendingGroups.putIfAbsent(key, s); // 409 (changed since the informer's copy), 5xx, no answer
            }
        }
    }

    private void writePods() {
        for (Iterator<Map.Entry<String, PendingPodStatus>> it = pendingPods.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<String, PendingPodStatus> e = it.next();
            String key = e.getKey();
            PendingPodStatus c = e.getValue();
            it.remove();
            Pod current = pods.apply(key);
            if (!stillPending(current, c.uid())) {
                continue; // bound, deleted or replaced since the cycle: nothing to say
            }
            int slash = key.indexOf('/');
            int code = api.patchPodStatus(key.substring(0, slash), key.substring(slash + 1),
                    c.patch(current, Instant.now().toString()));
            writes++;
            if (code / 100 == 2) {
                writtenPods.put(key, c);
            } else if (code != 404) {
                pendingPods.putIfAbsent(key, c);
            }
        }
    }

    private static boolean stillPending(Pod pod, String uid) {
        return pod != null && uid.equals(PodConverter.uid(pod)) && !PodConverter.isOnNode(pod)
                && pod.getMetadata().getDeletionTimestamp() == null;
    }

    private void forgetGoneEvery(long intervalMs) {
        if (System.nanoTime() - lastForgetNs >= TimeUnit.MILLISECONDS.toNanos(intervalMs)) {
            lastForgetNs = System.nanoTime();
            forgetGone();
        }
    }

    /**
     * Forgets what was written to pods that are no longer pending and PodGroups that no longer exist, so that a
     * long run does not keep every pod it ever wrote to. Called on the writer thread.
     */
    void forgetGone() {
        writtenPods.entrySet().removeIf(e -> !stillPending(pods.apply(e.getKey()), e.getValue().uid()));
        writtenGroups.keySet().removeIf(k -> !isPodGroupObject.test(k));
    }

    /** Pods and PodGroups whose written status is remembered. */
    int remembered() {
        return writtenPods.size() + writtenGroups.size();
    }

    private void writeEvents() {
        ObjectNode e;
        while ((e = pendingEvents.poll()) != null) {
            api.createEvent(e.path("metadata").path("namespace").asText(), e);
        }
    }

    @Override
    public void close() {
        running = false;
        writer.interrupt();
    }
}
