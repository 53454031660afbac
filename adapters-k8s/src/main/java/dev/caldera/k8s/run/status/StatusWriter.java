package dev.caldera.k8s.run.status;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.caldera.k8s.run.bind.ApiCalls;
import dev.caldera.k8s.run.bind.BindOutcomes;
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
import java.util.function.Predicate;

/**
 * PodGroup and pod status, written off the scheduling thread. The scheduling thread reports what it decided
 * ({@link #podGroup}, {@link #podUnschedulable}); only what differs from what was last written is queued, and
 * the queue is keyed by object, so several cycles' changes to one object coalesce into one write. A writer
 * thread drains it after each cycle ({@link #flush()}): PodGroup {@code status} (phase; condition
 * {@code Scheduled} or {@code Unschedulable} with the kernel's reason, the same text {@code simulate} prints;
 * running, succeeded and failed counts) and pod {@code status} ({@code PodScheduled=False} with the
 * "0/N nodes are available: ..." message; {@code nominatedNodeName}: the kernel's nomination), as JSON merge patches
 * of the status subresources, plus rate-limited Events.
 * <p>
 * Threading: report methods on the scheduling thread (and bind workers for events); writes on the writer thread.
 */
public final class StatusWriter implements BindOutcomes, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StatusWriter.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ApiCalls api;
    private final EventRecorder events;
    private final BooleanSupplier mayAct;
    private final Predicate<String> isPodGroupObject;
    private final Map<String, GroupStatus> writtenGroups = new ConcurrentHashMap<>();
    private final Map<String, PodCondition> writtenPods = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, GroupStatus> pendingGroups = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, PodCondition> pendingPods = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<ObjectNode> pendingEvents = new ConcurrentLinkedQueue<>();
    private final Semaphore wake = new Semaphore(0);
    private final Thread writer;
    private volatile boolean running = true;
    private volatile long writes;
    private volatile boolean busy;

    /**
     * @param isPodGroupObject true for PodGroups that exist as API objects (not the in-memory groups of pods
     *                         that name none)
     */
    public StatusWriter(ApiCalls api, EventRecorder events, BooleanSupplier mayAct, Predicate<String> isPodGroupObject) {
        this.api = api;
        this.events = events;
        this.mayAct = mayAct;
        this.isPodGroupObject = isPodGroupObject;
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
        PodCondition c = new PodCondition(uid, message, nominatedNode);
        PodCondition last = writtenPods.get(podKey);
        if (c.equals(last)) {
            return;
        }
        pendingPods.put(podKey, c);
        if (last == null || !Objects.equals(last.message, message)) {
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
            int slash = key.indexOf('/');
            int code = api.patchStatus(ApiCalls.podGroupPath(key.substring(0, slash), key.substring(slash + 1)),
                    s.patch());
            writes++;
            if (code / 100 == 2) {
                writtenGroups.put(key, s);
            } else if (code != 404) {
                pendingGroups.putIfAbsent(key, s); // try again next round
            }
        }
    }

    private void writePods() {
        for (Iterator<Map.Entry<String, PodCondition>> it = pendingPods.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<String, PodCondition> e = it.next();
            String key = e.getKey();
            PodCondition c = e.getValue();
            it.remove();
            int slash = key.indexOf('/');
            int code = api.patchStatus(ApiCalls.podPath(key.substring(0, slash), key.substring(slash + 1)), c.patch());
            writes++;
            if (code / 100 == 2) {
                writtenPods.put(key, c);
            } else if (code != 404) {
                pendingPods.putIfAbsent(key, c);
            }
        }
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

    /** What a PodGroup's status says. */
    record GroupStatus(String phase, String reason, int running, int succeeded, int failed) {
        ObjectNode patch() {
            ObjectNode root = JSON.createObjectNode();
            ObjectNode status = root.putObject("status");
            status.put("phase", phase).put("running", running).put("succeeded", succeeded).put("failed", failed);
            ArrayNode conditions = status.putArray("conditions");
            ObjectNode c = conditions.addObject();
            String now = Instant.now().toString();
            if (reason != null) {
                c.put("type", "Unschedulable").put("status", "True").put("reason", "NotEnoughResources")
                        .put("message", reason).put("lastTransitionTime", now);
            } else {
                c.put("type", "Scheduled").put("status", "True")
                        .put("reason", "tasks in gang are ready to be scheduled").put("message", "")
                        .put("lastTransitionTime", now);
            }
            return root;
        }
    }

    /** What a pending pod's status says. */
    record PodCondition(String uid, String message, String nominatedNode) {
        ObjectNode patch() {
            ObjectNode root = JSON.createObjectNode();
            ObjectNode status = root.putObject("status");
            ObjectNode c = status.putArray("conditions").addObject();
            c.put("type", "PodScheduled").put("status", "False").put("reason", "Unschedulable")
                    .put("message", message).put("lastTransitionTime", Instant.now().toString());
            if (nominatedNode != null) {
                status.put("nominatedNodeName", nominatedNode);
            } else {
                status.putNull("nominatedNodeName");
            }
            return root;
        }
    }
}
