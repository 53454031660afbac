package dev.caldera.k8s.replay;

import dev.caldera.kernel.bind.Sinks;
import dev.caldera.kernel.bind.StatusSink;
import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.QueueSpec;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.conf.SchedulerConf;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.plugin.deviceshare.DeviceSharePlugin;
import dev.caldera.kernel.scheduler.CycleStats;
import dev.caldera.kernel.scheduler.Scheduler;
import dev.caldera.kernel.scheduler.SchedulerOptions;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongHeapPriorityQueue;

import java.util.List;

/**
 * Replays a {@link Trace} through the real scheduler in virtual time: a {@link ClusterCache} fed the trace's
 * nodes, queues, groups and pods as their events come, and the kernel's {@link Scheduler} run on it, cycle by
 * cycle, on a virtual clock. A cycle runs at the end of each scheduling period in which something happened
 * while pods wait (an arrival, a departure, a node change); empty periods are skipped. A pod the scheduler
 * binds runs on its node (its task is updated to Running with the GPU devices it was given) until the trace
 * deletes it or its duration ends; a waiting pod the trace deletes is withdrawn. With
 * {@link Options#dropUnplaced} (the FGD paper's protocol) a pod still waiting after the cycle that saw it
 * arrive is dropped.
 * <p>
 * A streamed trace's events ({@link Trace#streamed}) are taken as they are made; a pod is read from its creation
 * event, never from {@link Trace#pods} (which waits for them all).
 * <p>
 * The same trace, configuration and seed give the same run. Threading: one thread; not reusable.
 */
public final class ReplayEngine implements AutoCloseable {
    private static final int POD_BITS = 22;
    private static final java.lang.management.ThreadMXBean CPU = java.lang.management.ManagementFactory.getThreadMXBean();

    /**
     * @param dropUnplaced drop a pod that the cycle after its arrival does not place
     * @param periodMs     the scheduling period: cycles run at multiples of it
     */
    public record Options(boolean dropUnplaced, long periodMs) {
        public Options {
            if (periodMs < 1) {
                throw new IllegalArgumentException("the scheduling period must be at least 1 ms, got " + periodMs);
            }
        }
    }

    /** Told after every cycle: virtual time, events applied so far, and how many there are in all. */
    public interface Progress {
        void update(long timeMs, long eventsDone, long eventsTotal);
    }

    private final Trace trace;
    private final Options options;
    /** Every change is made on the replay's thread, the one that schedules. */
    private final ClusterCache cache = ClusterCache.oneThread();
    private final Scheduler scheduler;
    private final DeviceSharePlugin gpu;
    private final PodStates pods;
    /**
     * The pods waiting or running, by index: what the replay reads of a pod after its arrival, taken from its
     * creation event rather than from {@link Trace#pods}, which a streamed trace fills only as fast as it is made.
     * A pod that finished or was dropped is let go (null): nothing reads it again, and a trace
     * {@linkplain Trace#readOnce read once} holds it no longer either.
     */
    private final ReplayPod[] arrived;
    private final ReplayRecorder recorder;
    private final IntArrayList waiting = new IntArrayList();
    private final IntArrayList stillWaiting = new IntArrayList();
    private final LongHeapPriorityQueue finishes = new LongHeapPriorityQueue();
    private long clockMs;
    private long eventsDone;
    private boolean changed;

    public ReplayEngine(Trace trace, SchedulerConf conf, Options options) {
        this(trace, conf, options, SchedulerOptions.DEFAULT);
    }

    /** With scheduler tuning (filter workers, the incremental selector), which must not change any decision. */
    public ReplayEngine(Trace trace, SchedulerConf conf, Options options, SchedulerOptions tuning) {
        if (trace.podCount() >= 1 << POD_BITS) {
            throw new IllegalArgumentException("a trace holds at most " + ((1 << POD_BITS) - 1) + " pods");
        }
        this.trace = trace;
        this.options = options;
        this.pods = new PodStates(trace.podCount());
        this.arrived = new ReplayPod[trace.podCount()];
        Sinks sinks = new Sinks((uid, key, node) -> bound(uid, node), (uid, key, reason) -> true, StatusSink.IGNORE);
        // the recorder reads a cycle's duration alone
        this.scheduler = new Scheduler(cache, conf, PluginRegistry.defaults(), tuning.withoutCycleDetail(), sinks);
        scheduler.clock(() -> clockMs);
        this.gpu = scheduler.session().plugins().plugin(DeviceSharePlugin.class);
        if (gpu != null) {
            gpu.workloadMix(trace.mix());
        }
        this.recorder = new ReplayRecorder(trace, pods, gpu);
        cache.upsertQueue(QueueSpec.open("default", 1));
    }

    /** Runs the whole trace. */
    public ReplayResult run(Progress progress) {
        long start = System.nanoTime();
        long cpuStart = CPU.getCurrentThreadCpuTime();
        List<TraceEvent> events = trace.events();
        int next = 0;
        while (next < events.size() || !finishes.isEmpty()) {
            long t = next < events.size() ? events.get(next).timeMs() : Long.MAX_VALUE;
            if (!finishes.isEmpty()) {
                t = Math.min(t, finishes.firstLong() >>> POD_BITS);
            }
            clockMs = Math.max(clockMs, alignUp(t));
            while (!finishes.isEmpty() && (finishes.firstLong() >>> POD_BITS) <= clockMs) {
                leave(finishes.dequeueLong() & ((1L << POD_BITS) - 1), false);
            }
            while (next < events.size() && events.get(next).timeMs() <= clockMs) {
                apply(events.get(next++));
            }
            trace.taken(next);
            if (changed && !waiting.isEmpty()) {
                cycle();
            }
            recorder.afterStep(clockMs);
            if (progress != null) {
                progress.update(clockMs, eventsDone, events.size());
            }
        }
        return recorder.result(System.nanoTime() - start, CPU.getCurrentThreadCpuTime() - cpuStart, eventsDone, clockMs);
    }

    private long alignUp(long t) {
        long p = options.periodMs();
        return Math.floorDiv(t + p - 1, p) * p;
    }

    private void apply(TraceEvent e) {
        eventsDone++;
        if (e instanceof TraceEvent.CreatePod c) {
            arrive(c.pod());
        } else if (e instanceof TraceEvent.DeletePod d) {
            leave(d.pod(), true);
        } else if (e instanceof TraceEvent.AddNode a) {
            cache.upsertNode(a.node().spec());
            recorder.nodeAdded(a.node());
            changed = true;
        } else if (e instanceof TraceEvent.RemoveNode r) {
            removeNode(r.name());
        } else if (e instanceof TraceEvent.AddQueue q) {
            cache.upsertQueue(q.queue());
            changed = true;
        } else if (e instanceof TraceEvent.AddGroup g) {
            cache.upsertJob(g.group());
            changed = true;
        }
    }

    private void arrive(ReplayPod p) {
        int i = p.index();
        if (pods.state[i] != PodStates.NOT_ARRIVED) {
            return;
        }
        arrived[i] = p;
        if (p.groupArrival() != null) {
            cache.submit(p.groupArrival());
        }
        cache.submit(p.arrival());
        pods.arrive(i, p.uid());
        waiting.add(i);
        recorder.arrived(p);
        changed = true;
    }

    /** The pod leaves: finished if it ran, withdrawn (dropped) if it still waited. */
    private void leave(long pod, boolean deleted) {
        int i = (int) pod;
        byte s = pods.state[i];
        if (s != PodStates.WAITING && s != PodStates.RUNNING) {
            return;
        }
        ReplayPod p = arrived[i];
        forget(p);
        if (s == PodStates.RUNNING) {
            pods.move(i, PodStates.FINISHED);
            recorder.departed(p);
            changed = true;
        } else {
            pods.move(i, PodStates.DROPPED);
            waiting.rem(i);
        }
        arrived[i] = null;
    }

    private void forget(ReplayPod p) {
        cache.removeTask(p.uid());
        if (p.group() != null) {
            cache.removeJob(p.groupKey());
        }
    }

    private void removeNode(String name) {
        cache.removeNode(name);
        for (int i = 0; i < pods.state.length; i++) {
            if (pods.state[i] == PodStates.RUNNING && name.equals(pods.node[i])) {
                leave(i, true);
            }
        }
        changed = true;
    }

    private void cycle() {
        changed = false;
        CycleStats stats = scheduler.runOnce();
        recorder.cycle(stats, clockMs);
        stillWaiting.clear();
        for (int k = 0; k < waiting.size(); k++) {
            int i = waiting.getInt(k);
            if (pods.state[i] != PodStates.WAITING) {
                continue;
            }
            if (options.dropUnplaced()) {
                forget(arrived[i]);
                pods.move(i, PodStates.DROPPED);
                arrived[i] = null;
            } else {
                stillWaiting.add(i);
            }
        }
        waiting.clear();
        waiting.addAll(stillWaiting);
    }

    /** The bind sink: the pod now runs on {@code node} with the devices the scheduler gave it. */
    private boolean bound(String uid, String node) {
        int i = pods.waitingIndex(uid);
        if (i < 0) {
            return false;
        }
        ReplayPod p = arrived[i];
        long devices = gpu == null ? 0 : gpu.devices(cache.taskRow(uid));
        pods.move(i, PodStates.RUNNING);
        pods.node[i] = node;
        pods.placedAtMs[i] = clockMs;
        pods.devices[i] = devices;
        // the informer's echo: the pod as created, running on the node with those devices (built by the cache only
        // if it must rewrite the pod in full)
        cache.moveTask(p.uid(), TaskStatus.RUNNING, node, devices);
        if (p.durationMs() >= 0) {
            finishes.enqueue((clockMs + p.durationMs()) << POD_BITS | i);
        }
        recorder.placed(p, clockMs);
        return true;
    }

    /** The pods' states (tests check conservation and accounting on it). */
    PodStates states() {
        return pods;
    }

    ClusterCache cache() {
        return cache;
    }

    /** Cycles run so far. */
    long cycles() {
        return recorder.cycles();
    }

    DeviceSharePlugin gpuPlugin() {
        return gpu;
    }

    @Override
    public void close() {
        scheduler.close();
    }
}
