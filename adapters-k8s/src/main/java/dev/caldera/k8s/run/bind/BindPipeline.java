package dev.caldera.k8s.run.bind;

import dev.caldera.kernel.bind.BindSink;
import dev.caldera.kernel.bind.EvictSink;
import dev.caldera.kernel.cache.ClusterCache;
import org.jctools.queues.MpmcArrayQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.BiConsumer;
import java.util.function.BiPredicate;
import java.util.function.Consumer;

/**
 * Committed binds and evictions on their way to the API server. The scheduling thread hands work over through
 * {@link #binds()} and {@link #evictions()}, which only offer to a bounded JCTools queue and never block; a few
 * bind worker threads drain it and call the API ({@link ApiCalls}).
 * <ul>
 *   <li>A pod never has two binds in flight (a second hand-off for it is refused) and is bound at most once: the
 *       API server answers 409 to a second binding, which is dropped, never retried.</li>
 *   <li>5xx or no answer: the task goes back to Pending in the cache ({@link ClusterCache#bindFailed}) and its
 *       next bind waits out a per-pod exponential backoff ({@link RetryBackoff}).</li>
 *   <li>409 Conflict: dropped, never re-sent; the task stays Binding (Pending echoes do not undo it) until the
 *       informer shows where the pod is (freed again if it still shows no node after
 *       {@link #CONFLICT_RECHECK_MS}). 404 Not Found: dropped, and the pod forgotten for good ({@code gone}).
 *       A bind whose pod the informer already shows bound or gone is dropped before the call.</li>
 *   <li>Evictions use the Eviction API (policy/v1): a 429 (PodDisruptionBudget) is respected and the pod
 *       resynced; a 404 falls back to deleting the pod (clusters without the Eviction API).</li>
 *   <li>Work runs only while {@code mayAct} says so (the leader); otherwise it is dropped like a failure.</li>
 * </ul>
 * Threading: the sinks from the scheduling thread (and the backoff timer); everything else on bind workers.
 * Cost per hand-off: one queue offer, one set insert, no lock.
 */
public final class BindPipeline implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(BindPipeline.class);
    /** How long a 409 may go without the informer showing where the pod is before the task is freed again. */
    static final long CONFLICT_RECHECK_MS = 10_000;

    private final ApiCalls api;
    private final ClusterCache cache;
    private final BiConsumer<String, String> resync;
    private final BooleanSupplier mayAct;
    private final BiPredicate<String, String> stillPending;
    private final Consumer<String> gone;
    private final RetryBackoff backoff;
    private final MpmcArrayQueue<Work> queue;
    private final Semaphore ready = new Semaphore(0);
    private final Set<String> inFlight = ConcurrentHashMap.newKeySet();
    private final AtomicInteger outstanding = new AtomicInteger();
    private final List<BindOutcomes> listeners = new CopyOnWriteArrayList<>();
    private final ScheduledExecutorService delayed;
    private final Thread[] workers;
    private volatile boolean accepting = true;
    private volatile boolean running = true;

    /**
     * @param resync  re-feeds a pod (uid, {@code namespace/name}) from the informer's store into the cache
     * @param stillPending (uid, key): the informer still shows the pod waiting for a node; a bind whose pod
     *                     was bound elsewhere or deleted meanwhile is dropped without calling the API
     * @param gone     the pod of this uid no longer exists (404): forget it for good
     * @param mayAct  true while this replica may write (the leader)
     */
    public BindPipeline(ApiCalls api, ClusterCache cache, BiConsumer<String, String> resync,
                        BiPredicate<String, String> stillPending, Consumer<String> gone, BooleanSupplier mayAct,
                        int workers, int capacity, RetryBackoff backoff) {
        this.api = api;
        this.cache = cache;
        this.resync = resync;
        this.stillPending = stillPending;
        this.gone = gone;
        this.mayAct = mayAct;
        this.backoff = backoff;
        this.queue = new MpmcArrayQueue<>(capacity);
        this.delayed = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "caldera-bind-backoff"));
        this.workers = new Thread[workers];
        for (int i = 0; i < workers; i++) {
            this.workers[i] = daemon(this::work, "caldera-bind-" + i);
            this.workers[i].start();
        }
    }

    public void listen(BindOutcomes listener) {
        listeners.add(listener);
    }

    /** The kernel's bind sink: offers the bind; false (the kernel unallocates the task) when refused. */
    public BindSink binds() {
        return (uid, key, node) -> offer(new Work(uid, key, node, null));
    }

    /** The kernel's eviction sink. */
    public EvictSink evictions() {
        return (uid, key, reason) -> offer(new Work(uid, key, null, reason));
    }

    private boolean offer(Work w) {
        if (!accepting || !inFlight.add(w.uid)) {
            LOG.warn("{} of {} refused: {}", w.isBind() ? "bind" : "eviction", w.key,
                    accepting ? "one is already in flight" : "shutting down");
            return false;
        }
        outstanding.incrementAndGet();
        long waitMs = w.isBind() ? backoff.waitMs(w.uid, System.currentTimeMillis()) : 0;
        if (waitMs > 0) {
            delayed.schedule(() -> enqueue(w), waitMs, TimeUnit.MILLISECONDS);
            return true;
        }
        if (!queue.offer(w)) {
            inFlight.remove(w.uid);
            outstanding.decrementAndGet();
            LOG.warn("bind queue full ({} entries): {} of {} refused", queue.capacity(),
                    w.isBind() ? "bind" : "eviction", w.key);
            return false;
        }
        ready.release();
        return true;
    }

    private void enqueue(Work w) {
        if (!queue.offer(w)) {
            finish(w); // full after the backoff: give the task back, the next cycle decides again
            cache.bindFailed(w.uid, "bind queue full");
            return;
        }
        ready.release();
    }

    private void work() {
        while (running) {
            try {
                if (!ready.tryAcquire(100, TimeUnit.MILLISECONDS)) {
                    continue;
                }
            } catch (InterruptedException e) {
                return;
            }
            Work w = queue.poll();
            if (w != null) {
                execute(w);
            }
        }
    }

    private void execute(Work w) {
        try {
            if (!mayAct.getAsBoolean()) {
                finish(w);
                if (w.isBind()) {
                    cache.bindFailed(w.uid, "not the leader any more");
                } else {
                    resync.accept(w.uid, w.key);
                }
                return;
            }
            if (w.isBind()) {
                bind(w);
            } else {
                evict(w);
            }
        } catch (RuntimeException e) {
            LOG.error("{} of {} failed: {}", w.isBind() ? "bind" : "eviction", w.key, e.toString());
            finish(w);
            if (w.isBind()) {
                cache.bindFailed(w.uid, e.toString());
            }
        }
    }

    private void bind(Work w) {
        if (!stillPending.test(w.uid, w.key)) {
            // the informer already holds the truth (bound elsewhere, or gone) and has handed it to the cache
            backoff.forget(w.uid);
            finish(w);
            listeners.forEach(l -> l.bindDropped(w.uid, w.key, w.node, 0));
            return;
        }
        int slash = w.key.indexOf('/');
        int code = api.bind(w.key.substring(0, slash), w.key.substring(slash + 1), w.uid, w.node);
        if (code / 100 == 2) {
            backoff.forget(w.uid);
            finish(w);
            listeners.forEach(l -> l.bound(w.uid, w.key, w.node));
        } else if (code == 409) {
            // already bound (or the uid changed): the task stays Binding, which an informer echo of a Pending pod
            // does not undo, until the informer delivers where the pod really is; never re-sent
            backoff.forget(w.uid);
            finish(w);
            LOG.info("bind of {} to {} dropped: HTTP 409 (the pod is already bound)", w.key, w.node);
            delayed.schedule(() -> unstick(w), CONFLICT_RECHECK_MS, TimeUnit.MILLISECONDS);
            listeners.forEach(l -> l.bindDropped(w.uid, w.key, w.node, code));
        } else if (code == 404) {
            // the pod is gone: the cache forgets it now, and a late informer copy cannot bring it back
            backoff.forget(w.uid);
            finish(w);
            LOG.info("bind of {} to {} dropped: HTTP 404 (the pod is gone)", w.key, w.node);
            gone.accept(w.uid);
            listeners.forEach(l -> l.bindDropped(w.uid, w.key, w.node, code));
        } else {
            long delay = backoff.failed(w.uid, System.currentTimeMillis());
            finish(w);
            String why = code == ApiCalls.UNREACHABLE ? "no answer from the API server" : "HTTP " + code;
            cache.bindFailed(w.uid, why + "; next try in " + delay + " ms at the earliest");
            listeners.forEach(l -> l.bindFailed(w.uid, w.key, w.node, code));
        }
    }

    /** After a 409, should the informer still show the pod waiting, let the scheduler decide it again. */
    private void unstick(Work w) {
        if (stillPending.test(w.uid, w.key)) {
            cache.bindFailed(w.uid, "HTTP 409 but the pod still shows no node after " + CONFLICT_RECHECK_MS + " ms");
        }
    }

    private void evict(Work w) {
        int slash = w.key.indexOf('/');
        String ns = w.key.substring(0, slash);
        String name = w.key.substring(slash + 1);
        int code = api.evict(ns, name);
        if (code == 404) {
            int deleted = api.deletePod(ns, name); // no Eviction API here, or the pod is gone already
            code = deleted == 404 ? 200 : deleted;
        }
        finish(w);
        if (code / 100 == 2) {
            listeners.forEach(l -> l.evicted(w.uid, w.key, w.reason));
            return;
        }
        int refused = code;
        LOG.info("eviction of {} refused: HTTP {}{}", w.key, code,
                code == 429 ? " (a PodDisruptionBudget does not allow it now)" : "");
        resync.accept(w.uid, w.key);
        listeners.forEach(l -> l.evictRefused(w.uid, w.key, refused));
    }

    private void finish(Work w) {
        inFlight.remove(w.uid);
        outstanding.decrementAndGet();
    }

    /** Binds and evictions handed over and not finished (queued, delayed or in flight). */
    public int outstanding() {
        return outstanding.get();
    }

    /** Stops taking work, waits up to {@code timeoutMs} for what is queued to finish, then stops the workers. */
    public void drain(long timeoutMs) {
        accepting = false;
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (outstanding.get() > 0 && System.nanoTime() < deadline) {
            sleepMs(10);
        }
        if (outstanding.get() > 0) {
            LOG.warn("{} binds/evictions not finished at shutdown", outstanding.get());
        }
        close();
    }

    @Override
    public void close() {
        accepting = false;
        running = false;
        delayed.shutdownNow();
        for (Thread t : workers) {
            t.interrupt();
        }
    }

    private static void sleepMs(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    /** One bind ({@code node} set) or eviction ({@code reason} set). */
    private record Work(String uid, String key, String node, String reason) {
        boolean isBind() {
            return node != null;
        }
    }
}
