package dev.caldera.k8s.run.status;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;
import java.util.UUID;

/**
 * Kubernetes Events ({@code Scheduled}, {@code FailedScheduling}, {@code Evict}) for pods, limited to
 * {@code perSecond} on average with bursts of {@code burst} (a token bucket), as client-go's event broadcaster
 * limits them; events over the limit are counted and dropped, never queued.
 * <p>
 * Threading: thread safe ({@link #offer} from bind workers and the scheduling thread; the writer drains).
 */
public final class EventRecorder {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final double perSecond;
    private final double burst;
    private final String component;
    private double tokens;
    private long lastNs = System.nanoTime();
    private long dropped;

    public EventRecorder(double perSecond, int burst, String component) {
        this.perSecond = perSecond;
        this.burst = burst;
        this.tokens = burst;
        this.component = component;
    }

    /** An Event about pod {@code namespace/name}, or null when the rate limit drops it. */
    public synchronized ObjectNode offer(String podKey, String uid, String type, String reason, String message) {
        long now = System.nanoTime();
        tokens = Math.min(burst, tokens + (now - lastNs) / 1e9 * perSecond);
        lastNs = now;
        if (tokens < 1) {
            dropped++;
            return null;
        }
        tokens--;
        return event(podKey, uid, type, reason, message);
    }

    public synchronized long dropped() {
        return dropped;
    }

    private ObjectNode event(String podKey, String uid, String type, String reason, String message) {
        int slash = podKey.indexOf('/');
        String ns = podKey.substring(0, slash);
        String pod = podKey.substring(slash + 1);
        String now = Instant.now().toString();
        ObjectNode e = JSON.createObjectNode().put("apiVersion", "v1").put("kind", "Event");
        e.putObject("metadata").put("namespace", ns).put("name", pod + "." + UUID.randomUUID().toString().substring(0, 8));
        e.putObject("involvedObject").put("apiVersion", "v1").put("kind", "Pod").put("namespace", ns)
                .put("name", pod).put("uid", uid);
        e.put("type", type).put("reason", reason).put("message", message)
                .put("firstTimestamp", now).put("lastTimestamp", now).put("count", 1);
        e.putObject("source").put("component", component);
        return e;
    }
}
