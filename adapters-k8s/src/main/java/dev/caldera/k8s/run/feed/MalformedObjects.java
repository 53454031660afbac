package dev.caldera.k8s.run.feed;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Objects from the API that cannot be converted (a PodGroup with a negative minMember, a pod with an unknown
 * phase, ...): each is logged once with the reason, not on every informer event, and skipped; a later good
 * version clears it.
 * <p>
 * Threading: thread safe (informer threads).
 */
public final class MalformedObjects {
    private static final Logger LOG = LoggerFactory.getLogger(MalformedObjects.class);

    private final ConcurrentHashMap<String, String> current = new ConcurrentHashMap<>();
    private final AtomicLong skipped = new AtomicLong();
    private final AtomicLong logged = new AtomicLong();

    /** {@code object} (e.g. {@code PodGroup ml/pg}) was skipped because of {@code why}. */
    void skipped(String object, String why) {
        skipped.incrementAndGet();
        if (!why.equals(current.put(object, why))) {
            logged.incrementAndGet();
            LOG.error("skipping {} from the API server: {} (logged once until the object changes)", object, why);
        }
    }

    /** {@code object} converted cleanly (again). */
    void fine(String object) {
        if (!current.isEmpty() && current.remove(object) != null) {
            LOG.info("{} is valid again", object);
        }
    }

    /** Objects currently skipped. */
    public int count() {
        return current.size();
    }

    /** Error lines written since start (one per object and reason). */
    public long logged() {
        return logged.get();
    }

    /** Informer events skipped since start. */
    public long skippedEvents() {
        return skipped.get();
    }
}
