package dev.caldera.k8s.run;

import dev.caldera.k8s.convert.PodConverter;
import dev.caldera.k8s.run.bind.ApiCalls;
import dev.caldera.k8s.run.bind.BindOutcomes;
import dev.caldera.k8s.run.bind.BindPipeline;
import dev.caldera.k8s.run.bind.RetryBackoff;
import dev.caldera.k8s.run.feed.ClusterFeed;
import dev.caldera.k8s.run.feed.Informers;
import dev.caldera.k8s.run.feed.MalformedObjects;
import dev.caldera.k8s.run.http.HealthServer;
import dev.caldera.k8s.run.leader.Leadership;
import dev.caldera.k8s.run.metrics.VolcanoMetrics;
import dev.caldera.k8s.run.status.EventRecorder;
import dev.caldera.k8s.run.status.StatusWriter;
import dev.caldera.kernel.action.ActionRegistry;
import dev.caldera.kernel.bind.Sinks;
import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.conf.ConfReloader;
import dev.caldera.kernel.conf.ConfValidator;
import dev.caldera.kernel.conf.SchedulerConf;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.scheduler.CycleStats;
import dev.caldera.kernel.scheduler.Scheduler;
import dev.caldera.kernel.scheduler.SchedulerOptions;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * {@code caldera run}: the kernel's scheduler on a live API server. Informers feed the cache through the
 * converters {@code simulate} uses; after every informer has synced, the scheduling loop runs a cycle each
 * period (a pending pod's arrival may start one early, at most once per {@code minIntervalMs}) while this
 * replica leads; commits go to the {@link BindPipeline}, PodGroup and pod status to the {@link StatusWriter},
 * both off the scheduling thread. The configuration file is re-read before each cycle (a bad file keeps the
 * last good configuration).
 * <p>
 * Threading: {@link #runLoop()} or {@link #cycle()} on one thread (the scheduling thread); {@link #stop()}
 * from any thread.
 */
public final class LiveScheduler implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LiveScheduler.class);

    private final KubernetesClient client;
    private final RunOptions options;
    private final ClusterCache cache = new ClusterCache();
    private final MalformedObjects malformed = new MalformedObjects();
    private final ClusterFeed feed;
    private final Informers informers = new Informers();
    private final ConfReloader confReloader;
    private final VolcanoMetrics metrics = new VolcanoMetrics();
    private final ApiCalls api;
    private final CycleReporter reporter;
    private Leadership leadership;
    private BindPipeline pipeline;
    private StatusWriter status;
    private HealthServer http;
    private SchedulerConf conf;
    private Scheduler scheduler;
    private LongSupplier clockMs;
    private volatile Thread loopThread;
    private volatile boolean running = true;
    private volatile boolean wakeRequested;
    private volatile long lastLoopNs = System.nanoTime();
    private volatile long cyclesRun;
    private long lastCycleStartNs;

    public LiveScheduler(KubernetesClient client, RunOptions options) {
        this.client = client;
        this.options = options;
        this.api = new ApiCalls(client, options.apiTimeoutMs());
        this.feed = new ClusterFeed(cache, new PodConverter(options.schedulerNames()), this::wake, malformed);
        this.confReloader = options.conf() == null ? null : new ConfReloader(options.conf(), LiveScheduler::validate);
        this.conf = confReloader == null ? SchedulerConf.volcanoDefault() : confReloader.current();
        this.reporter = new CycleReporter(cache);
    }

    private static void validate(SchedulerConf conf) {
        ConfValidator.validate(conf, ActionRegistry.names(), PluginRegistry.defaults().names());
    }

    /** Starts informers, leader election, bind workers, the status writer and the HTTP endpoints. */
    public LiveScheduler start() throws IOException {
        leadership = options.leaderElect()
                ? Leadership.elect(client, options.leaseNamespace(), options.leaseName(), options.identity(),
                        15 * options.periodMs(), 10 * options.periodMs(), 2 * options.periodMs(), this::wake)
                : Leadership.always(options.identity());
        pipeline = new BindPipeline(api, cache, this::resync, this::stillPending, feed::podGone, leadership::isLeader, options.bindWorkers(),
                options.bindQueue(), new RetryBackoff(100, 10_000));
        status = new StatusWriter(api, new EventRecorder(options.eventsPerSecond(),
                (int) Math.max(1, 10 * options.eventsPerSecond()), "caldera-scheduler"), leadership::isLeader,
                feed::isPodGroupObject, informers::pod, informers::podGroup);
        pipeline.listen(status);
        pipeline.listen(new BindOutcomes() {
            @Override
            public void bound(String uid, String key, String node) {
                metrics.bindResult("bound");
                boundLatency(key);
            }

            @Override
            public void bindFailed(String uid, String key, String node, int code) {
                metrics.bindResult("failed");
            }

            @Override
            public void bindDropped(String uid, String key, String node, int code) {
                metrics.bindResult("dropped");
            }
        });
        scheduler = newScheduler(conf);
        informers.start(client, feed);
        if (options.httpPort() >= 0) {
            http = new HealthServer(new InetSocketAddress(options.httpPort()), metrics, this::health, this::readiness,
                    () -> leadership.role());
        }
        return this;
    }

    private Scheduler newScheduler(SchedulerConf c) {
        Scheduler s = new Scheduler(cache, c, PluginRegistry.defaults(), SchedulerOptions.DEFAULT,
                new Sinks(pipeline.binds(), pipeline.evictions(), reporter.statusSink(status)));
        if (clockMs != null) {
            s.clock(clockMs);
        }
        return s;
    }

    /** The clock sessions read (epoch ms); the wall clock unless set (the embedded run sets a simulated one). */
    public void clock(LongSupplier clock) {
        clockMs = clock;
        scheduler.clock(clock);
    }

    /**
     * Runs the scheduling loop until {@link #stop()}; the calling thread becomes the scheduling thread. While the
     * informers list (and while this replica stands by) the loop applies the changes they queued to the cache as
     * they arrive, on this thread as the cache's contract requires: a restart's tens of thousands of changes
     * are then in the tables when the first cycle starts, instead of being applied inside it. Applying earlier
     * applies the same changes in the same order, so no decision changes.
     */
    public void runLoop() {
        loopThread = Thread.currentThread();
        boolean waitingLogged = false;
        long appliedWhileWaiting = 0;
        boolean syncLogged = false;
        while (running) {
            lastLoopNs = System.nanoTime();
            if (!informers.synced()) {
                if (!waitingLogged) {
                    LOG.info("waiting for the informers to sync");
                    waitingLogged = true;
                }
                appliedWhileWaiting += cache.applyChanges();
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
                continue;
            }
            if (!syncLogged) {
                LOG.info("informers synced: {} nodes, {} pods in the cache ({} changes applied while they listed)",
                        cache.liveNodeCount(), cache.tasks().liveCount(), appliedWhileWaiting);
                syncLogged = true;
            }
            if (!leadership.isLeader()) {
                cache.applyChanges();
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(Math.min(options.periodMs(), 200)));
                continue;
            }
            if (dueNow()) {
                lastCycleStartNs = System.nanoTime();
                wakeRequested = false;
                try {
                    cycle(false);
                } catch (RuntimeException e) {
                    LOG.error("scheduling cycle failed", e);
                }
            }
        }
    }

    /** Waits until the next cycle is due: the period elapsed, or an early wake past the minimum interval. */
    private boolean dueNow() {
        long now = System.nanoTime();
        long periodNs = TimeUnit.MILLISECONDS.toNanos(options.periodMs());
        long minNs = TimeUnit.MILLISECONDS.toNanos(options.minIntervalMs());
        long dueAt = lastCycleStartNs == 0 ? now : lastCycleStartNs + periodNs;
        long earlyAt = lastCycleStartNs + minNs;
        long at = wakeRequested ? Math.min(dueAt, Math.max(earlyAt, now)) : dueAt;
        if (now >= at) {
            return true;
        }
        LockSupport.parkNanos(Math.min(at - now, TimeUnit.MILLISECONDS.toNanos(200)));
        return false;
    }

    /** A pending pod arrived (or leadership changed): a cycle may start early. */
    void wake() {
        wakeRequested = true;
        Thread t = loopThread;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    /** Runs one cycle on the calling thread (the scheduling thread). */
    public CycleOutcome cycle() {
        return cycle(true);
    }

    /**
     * One cycle; {@code withPodGroups}: the outcome lists every PodGroup's status (a sorted copy of them all, which
     * the loop, reading no outcome, spares itself every cycle).
     */
    private CycleOutcome cycle(boolean withPodGroups) {
        reloadConf();
        reporter.beginCycle(withPodGroups);
        CycleStats stats = scheduler.runOnce();
        CycleOutcome outcome = reporter.endCycle(scheduler, stats, status, metrics);
        status.flush();
        cyclesRun++; // only the scheduling thread writes it
        return outcome;
    }

    /** Pod creation to bind, for Volcano's task latency; a pod the informer lacks or cannot date is left out. */
    private void boundLatency(String key) {
        Pod pod = informers.pod(key);
        String created = pod == null ? null : pod.getMetadata().getCreationTimestamp();
        if (created != null) {
            try {
                metrics.bound(OffsetDateTime.parse(created).toInstant().toEpochMilli(), System.currentTimeMillis());
            } catch (DateTimeParseException e) {
                LOG.debug("pod {}: creationTimestamp {} unreadable: {}", key, created, e.getMessage());
            }
        }
    }

    /** Cycles run since start (any thread). */
    public long cyclesRun() {
        return cyclesRun;
    }

    private void reloadConf() {
        if (confReloader == null) {
            return;
        }
        SchedulerConf next = confReloader.reload();
        if (next != conf) {
            conf = next;
            Scheduler old = scheduler;
            scheduler = newScheduler(next);
            old.close();
            LOG.info("scheduler rebuilt for the new configuration: actions {}", next.actions());
        }
    }

    private void resync(String uid, String key) {
        feed.refeed(uid, informers.pod(key));
    }

    /** The informer still shows the pod waiting for a node (not bound elsewhere, not gone, not terminating). */
    private boolean stillPending(String uid, String key) {
        Pod pod = informers.pod(key);
        return pod != null && uid.equals(PodConverter.uid(pod)) && !PodConverter.isOnNode(pod)
                && pod.getMetadata().getDeletionTimestamp() == null;
    }

    /** Waits up to {@code timeoutMs} for every informer to sync; true when they did. */
    public boolean awaitSynced(long timeoutMs) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (!informers.synced()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
        }
        return true;
    }

    /** True when no bind, eviction or status write is waiting or in flight. */
    public boolean quiet() {
        return pipeline.outstanding() == 0 && status.idle();
    }

    private String health() {
        boolean stalled = loopThread != null
                && System.nanoTime() - lastLoopNs > TimeUnit.MILLISECONDS.toNanos(Math.max(30_000, 30 * options.periodMs()));
        return stalled ? "scheduling loop has not run for over 30 periods" : null;
    }

    private String readiness() {
        return informers.synced() ? null : "informers not synced yet";
    }

    public ClusterFeed feed() {
        return feed;
    }

    public Informers informers() {
        return informers;
    }

    public Leadership leadership() {
        return leadership;
    }

    public VolcanoMetrics metrics() {
        return metrics;
    }

    public MalformedObjects malformed() {
        return malformed;
    }

    public ConfReloader confReloader() {
        return confReloader;
    }

    /** The configuration in force. */
    public SchedulerConf conf() {
        return conf;
    }

    /** Port of the HTTP endpoints, or -1. */
    public int httpPort() {
        return http == null ? -1 : http.port();
    }

    /** Stops the loop (it finishes the cycle it is in). Any thread. */
    public void stop() {
        running = false;
        wake();
    }

    /** Graceful shutdown: stop scheduling, drain binds (bounded), release the lease, stop informers. */
    @Override
    public void close() {
        stop();
        if (pipeline != null) {
            pipeline.drain(options.drainTimeoutMs());
        }
        if (status != null) {
            status.close();
        }
        if (leadership != null) {
            leadership.close();
        }
        informers.close();
        if (http != null) {
            http.close();
        }
        if (scheduler != null) {
            scheduler.close();
        }
        api.close();
    }
}
