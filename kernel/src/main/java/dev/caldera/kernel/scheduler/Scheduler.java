package dev.caldera.kernel.scheduler;

import dev.caldera.kernel.action.Action;
import dev.caldera.kernel.action.ActionContext;
import dev.caldera.kernel.action.ActionRegistry;
import dev.caldera.kernel.bind.Sinks;
import dev.caldera.kernel.bind.StatusSink;
import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cluster.JobPhase;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.conf.ConfValidator;
import dev.caldera.kernel.conf.SchedulerConf;
import dev.caldera.kernel.framework.Plugin;
import dev.caldera.kernel.framework.PluginChain;
import dev.caldera.kernel.framework.PluginFactory;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.select.IncrementalSelector;
import dev.caldera.kernel.select.NodeSelector;
import dev.caldera.kernel.select.ScanSelector;
import dev.caldera.kernel.select.ShardPool;
import dev.caldera.kernel.session.Session;
import dev.caldera.kernel.statement.Statement;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * Runs scheduling cycles over a {@link ClusterCache}: apply queued changes, open a session, run the
 * configured actions in order, close the session and publish PodGroup status. Built once per
 * configuration; everything it owns is reused from cycle to cycle.
 * <p>
 * Threading: {@link #runOnce()} on one thread (the scheduling thread); adapters feed the cache from any
 * thread meanwhile.
 */
public final class Scheduler implements AutoCloseable {
    private final ClusterCache cache;
    private final Session session;
    private final PluginChain chain;
    private final Action[] actions;
    private final CycleStats stats;
    private final CycleMetrics metrics;
    private final ShardPool pool;
    private final NodeSelector selector;
    private final boolean detail;
    private long cycles;

    public Scheduler(ClusterCache cache, SchedulerConf requested, PluginFactory plugins, SchedulerOptions options,
                     Sinks sinks) {
        SchedulerConf conf = validate(requested, plugins);
        this.cache = cache;
        this.chain = PluginChain.build(conf.tiers(), plugins);
        this.detail = options.cycleDetail();
        chain.timed(detail);
        this.session = new Session(cache, chain);
        session.sinks(sinks);
        this.pool = options.filterWorkers() > 1 ? new ShardPool(options.filterWorkers()) : null;
        this.selector = options.incremental()
                ? new IncrementalSelector(session, pool, options.parallelThreshold())
                : new ScanSelector(session, pool, options.parallelThreshold());
        ActionContext context = new ActionContext(conf, selector, new Statement(session));
        actions = new Action[conf.actions().size()];
        String[] names = new String[actions.length];
        for (int i = 0; i < actions.length; i++) {
            actions[i] = ActionRegistry.create(conf.actions().get(i), context);
            names[i] = actions[i].name();
        }
        Plugin[] built = chain.plugins();
        String[] pluginNames = new String[built.length];
        for (int i = 0; i < built.length; i++) {
            pluginNames[i] = built[i].name();
        }
        stats = new CycleStats(names, pluginNames);
        metrics = new CycleMetrics(names);
    }

    /**
     * The configuration this scheduler runs: every unknown action refused at once, before anything is built;
     * actions and plugins Caldera lacks skipped with a warning, as Volcano skips unknown plugins (plugin names
     * only when the factory is a registry that can list them).
     */
    private static SchedulerConf validate(SchedulerConf conf, PluginFactory plugins) {
        if (plugins instanceof PluginRegistry registry) {
            return ConfValidator.validate(conf, ActionRegistry.names(), registry.names());
        }
        return ConfValidator.validate(conf, ActionRegistry.names());
    }

    /**
     * Runs one cycle; the returned stats are reused by the next cycle. Without {@link SchedulerOptions#cycleDetail}
     * only the cycle's number and duration are measured.
     */
    public CycleStats runOnce() {
        stats.clear();
        stats.cycle(++cycles);
        long start = System.nanoTime();
        cache.applyChanges();
        cache.resolveJobPriorities();
        long t = detail ? System.nanoTime() : 0;
        session.open();
        if (detail) {
            long now = System.nanoTime();
            stats.openNs(now - t);
            t = now;
            stats.pendingTasks(countPending());
        }
        for (int i = 0; i < actions.length; i++) {
            actions[i].execute(session);
            if (detail) {
                long now = System.nanoTime();
                stats.actionNs(i, now - t);
                t = now;
            }
        }
        if (detail) {
            stats.placed(session.decisions().bindCount() + countInSession(TaskStatus.PIPELINED));
        }
        session.close();
        publishStatus();
        long end = System.nanoTime();
        stats.cycleNs(end - start);
        if (detail) {
            stats.closeNs(end - t);
            for (int i = 0; i < stats.pluginCount(); i++) {
                stats.pluginOpenNs(i, chain.openNs(i));
                stats.pluginCloseNs(i, chain.closeNs(i));
            }
            metrics.record(stats);
        }
        return stats;
    }

    /** The clock sessions read their time from (epoch ms); the wall clock unless a simulator sets its own. */
    public void clock(java.util.function.LongSupplier clockMs) {
        session.clock(clockMs);
    }

    /** The session of the last cycle (still readable until the next cycle opens). */
    public Session session() {
        return session;
    }

    public CycleMetrics metrics() {
        return metrics;
    }

    /**
     * Node selections answered by the incremental selector's per-class views since this scheduler was built:
     * 0 with the scan selector, or when the plugins do not allow incremental selection (then every task is
     * scanned). Differential tests check it so that they never compare the scan with itself.
     */
    public long incrementalSelections() {
        return selector instanceof IncrementalSelector inc && inc.enabled() ? inc.fromViews() : 0;
    }

    /** Tasks left Pipelined by the last cycle, into {@code out} (cleared first). */
    public void pipelinedTasks(IntArrayList out) {
        out.clear();
        for (int i = 0; i < session.jobCount(); i++) {
            int job = session.job(i);
            if (session.count(job, TaskStatus.PIPELINED) == 0) {
                continue;
            }
            IntArrayList tasks = session.jobTable().tasks(job);
            for (int k = 0; k < tasks.size(); k++) {
                if (session.status(tasks.getInt(k)) == TaskStatus.PIPELINED) {
                    out.add(tasks.getInt(k));
                }
            }
        }
    }

    /** A PodGroup's reason text for people: why it is not placed, or null. */
    public String reason(int job) {
        return session.conditions().message(job);
    }

    private int countPending() {
        return countInSession(TaskStatus.PENDING);
    }

    private int countInSession(byte status) {
        int n = 0;
        for (int i = 0; i < session.jobCount(); i++) {
            n += session.count(session.job(i), status);
        }
        return n;
    }

    /** Every PodGroup's phase and reason to the status sink; nothing to {@link StatusSink#IGNORE}. */
    private void publishStatus() {
        StatusSink sink = session.sinks().status();
        if (sink == StatusSink.IGNORE) {
            return;
        }
        for (int j = 0; j < cache.jobs().rows(); j++) {
            if (cache.jobs().hasSpec(j)) {
                sink.status(cache.jobs().key(j), JobPhase.name(cache.jobState().phase(j)), session.conditions().messageText(j));
            }
        }
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.close();
        }
    }
}
