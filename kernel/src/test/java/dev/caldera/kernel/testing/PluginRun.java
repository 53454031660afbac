package dev.caldera.kernel.testing;

import dev.caldera.kernel.bind.Sinks;
import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.conf.SchedulerConf;
import dev.caldera.kernel.conf.Tier;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.scheduler.Scheduler;
import dev.caldera.kernel.scheduler.SchedulerOptions;
import it.unimi.dsi.fastutil.ints.IntArrayList;

import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Whole scheduling cycles for a plugin test ({@link PluginCluster#scheduler}): the real scheduler with the
 * registry's plugins and the default options, its sinks given as the three callbacks below (by default every
 * bind and eviction succeeds and statuses are dropped). The test sees the session a cycle left as a
 * {@link SessionView}.
 */
public final class PluginRun implements AutoCloseable {
    /** A bind handed to the adapter: true if it was accepted. */
    @FunctionalInterface
    public interface Binds {
        boolean bind(String uid, String key, String node);
    }

    /** An eviction handed to the adapter: true if it was accepted. */
    @FunctionalInterface
    public interface Evictions {
        boolean evict(String uid, String key, String reason);
    }

    /** A PodGroup's phase and, when it was not placed, the reason, at session close. */
    @FunctionalInterface
    public interface Statuses {
        void status(String job, String phase, CharSequence reason);
    }

    private final ClusterCache cache;
    private final SchedulerConf conf;
    private Binds binds = (u, k, n) -> true;
    private Evictions evictions = (u, k, r) -> true;
    private Statuses statuses = (j, p, r) -> { };
    private LongSupplier clock;
    private SchedulerOptions options = SchedulerOptions.DEFAULT;
    private Scheduler scheduler;

    PluginRun(ClusterCache cache, List<String> actions, List<Tier> tiers) {
        this.cache = cache;
        this.conf = new SchedulerConf(actions, tiers, Map.of());
    }

    public PluginRun binds(Binds sink) {
        binds = sink;
        return this;
    }

    public PluginRun evictions(Evictions sink) {
        evictions = sink;
        return this;
    }

    public PluginRun statuses(Statuses sink) {
        statuses = sink;
        return this;
    }

    /** The scheduler's options ({@code SchedulerOptions}' fields), in place of the defaults. */
    public PluginRun options(int filterWorkers, int parallelThreshold, boolean incremental) {
        options = new SchedulerOptions(filterWorkers, parallelThreshold, incremental);
        return this;
    }

    /** The sessions' clock (milliseconds), as {@code Scheduler.clock}. */
    public PluginRun clock(LongSupplier clockMs) {
        clock = clockMs;
        return this;
    }

    /** Runs one cycle (the scheduler is built at the first). */
    public PluginRun runOnce() {
        scheduler().runOnce();
        return this;
    }

    /** The session of the last cycle (closed, its state as the cycle left it). */
    public SessionView session() {
        return scheduler().session();
    }

    /** The tasks the last cycle pipelined (not bound), into {@code out}. */
    public void pipelinedTasks(IntArrayList out) {
        scheduler().pipelinedTasks(out);
    }

    private Scheduler scheduler() {
        if (scheduler == null) {
            Sinks sinks = new Sinks(binds::bind, evictions::evict, statuses::status);
            scheduler = new Scheduler(cache, conf, PluginRegistry.defaults(), options, sinks);
            if (clock != null) {
                scheduler.clock(clock);
            }
        }
        return scheduler;
    }

    @Override
    public void close() {
        if (scheduler != null) {
            scheduler.close();
        }
    }
}
