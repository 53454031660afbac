package dev.caldera.k8s.replay;

import dev.caldera.kernel.plugin.deviceshare.WorkloadMix;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Supplier;

/**
 * A whole trace, read and checked: events in time order (stable for equal times), the pods they refer to
 * by index, and the workload mix fragmentation is measured against (the trace's typical pod shapes).
 * <p>
 * A trace is either made whole ({@link #Trace}) or {@linkplain #streamed streamed}: checked whole, its nodes
 * and its pods' shapes converted, but its pods and their events still being made, in time order, on another
 * thread; {@link #events()} then waits for an event not yet made (a replay that overtakes the maker), and
 * {@link #pods()} for every pod. What a replay needs before its first event (how many pods and events, the GPU
 * capacity, the span of time, the mix) is known either way.
 * <p>
 * Immutable after construction (a streamed trace's lists only fill up; a trace {@linkplain #readOnce read once}
 * lets its events go as they are taken); any thread, but for {@link #readOnce} and {@link #taken}.
 */
public final class Trace {
    private final String name;
    private final List<TraceEvent> events;
    private final Supplier<List<ReplayPod>> pods;
    private final int podCount;
    /** The mix, or (streamed) the mix as the maker works it out, waited for when asked. */
    private final Supplier<WorkloadMix> mix;
    private final long gpuCapacityMilli;
    private final int nodeCount;
    private final long spanMs;
    /** A streamed trace's events as they are made; null for a trace made whole. */
    private final HandOff<TraceEvent> handOff;
    /** Set by {@link #readOnce}: the events taken are let go. */
    private boolean once;

    public Trace(String name, List<TraceEvent> events, List<ReplayPod> pods, WorkloadMix mix) {
        this.name = name;
        this.events = inTimeOrder(events) ? List.copyOf(events) : sorted(events);
        List<ReplayPod> all = List.copyOf(pods);
        this.pods = () -> all;
        this.podCount = all.size();
        this.mix = () -> mix;
        long capacity = 0;
        int nodes = 0;
        for (TraceEvent e : this.events) {
            if (e instanceof TraceEvent.AddNode a) {
                capacity += 1000L * a.node().gpus();
                nodes++;
            }
        }
        this.gpuCapacityMilli = capacity;
        this.nodeCount = nodes;
        int n = this.events.size();
        this.spanMs = n == 0 ? 0 : this.events.get(n - 1).timeMs() - this.events.get(0).timeMs();
        this.handOff = null;
    }

    private Trace(String name, HandOff<TraceEvent> handOff, int eventCount, int podCount, Supplier<WorkloadMix> mix,
                  long gpuCapacityMilli, int nodeCount, long spanMs) {
        this.name = name;
        this.handOff = handOff;
        this.events = handOff.asList(eventCount);
        this.pods = this::streamedPods;
        this.podCount = podCount;
        this.mix = mix;
        this.gpuCapacityMilli = gpuCapacityMilli;
        this.nodeCount = nodeCount;
        this.spanMs = spanMs;
    }

    /**
     * A trace whose {@code eventCount} events (in time order) and {@code podCount} pods are being made on another
     * thread: the events as {@code events} hands them over, the pods (by index, each from its creation event) once
     * {@code events} is finished; its mix as {@code mix} gives it (which may wait for that thread to work it out).
     *
     * @param spanMs virtual time from the first event to the last
     */
    static Trace streamed(String name, HandOff<TraceEvent> events, int eventCount, int podCount, Supplier<WorkloadMix> mix,
                          long gpuCapacityMilli, int nodeCount, long spanMs) {
        return new Trace(name, events, eventCount, podCount, mix, gpuCapacityMilli, nodeCount, spanMs);
    }

    /** A streamed trace's pods, each taken from its creation event once all are made (nothing else keeps them). */
    private List<ReplayPod> streamedPods() {
        if (once) {
            throw new IllegalStateException("the trace is read once: its pods were let go as the replay took them");
        }
        handOff.awaitAll();
        ReplayPod[] all = new ReplayPod[podCount];
        for (TraceEvent e : events) {
            if (e instanceof TraceEvent.CreatePod c) {
                all[c.pod().index()] = c.pod();
            }
        }
        return Arrays.asList(all);
    }

    /**
     * The caller replays this trace once (no {@code --repeat}): a streamed trace's events, and the pods that only
     * they hold, are let go as the replay takes them ({@link #taken}), so that the pods that left are collected
     * instead of kept, and copied by every collection, to the end of a long run; {@link #events} and {@link #pods}
     * cannot be read again. A trace made whole keeps everything (its lists are its maker's). Threading: the
     * replay's, before it starts.
     */
    public void readOnce() {
        once = true;
    }

    /**
     * The replay will not read the events below {@code below} again: let go when the trace is {@linkplain #readOnce
     * read once}, else nothing. The replay's thread; O(events let go).
     */
    void taken(int below) {
        if (once && handOff != null) {
            handOff.release(below);
        }
    }

    /** True when no event comes before an earlier one (readers that make their events in order skip the sort). */
    private static boolean inTimeOrder(List<TraceEvent> events) {
        for (int i = 1; i < events.size(); i++) {
            if (events.get(i).timeMs() < events.get(i - 1).timeMs()) {
                return false;
            }
        }
        return true;
    }

    private static List<TraceEvent> sorted(List<TraceEvent> events) {
        List<TraceEvent> sorted = new ArrayList<>(events);
        sorted.sort(Comparator.comparingLong(TraceEvent::timeMs));
        return List.copyOf(sorted);
    }

    public String name() {
        return name;
    }

    /** The events in time order; an event not made yet (streamed) is waited for. */
    public List<TraceEvent> events() {
        return events;
    }

    /** Every pod by index; a streamed trace's once all are made. */
    public List<ReplayPod> pods() {
        return pods.get();
    }

    /** How many pods {@link #pods} holds, known before they are made. */
    public int podCount() {
        return podCount;
    }

    /** The trace's workload mix; a streamed trace's may wait for the thread that makes its events to work it out. */
    public WorkloadMix mix() {
        return mix.get();
    }

    /** GPUs of the nodes the trace adds, in thousandths. */
    public long gpuCapacityMilli() {
        return gpuCapacityMilli;
    }

    public int nodeCount() {
        return nodeCount;
    }

    /** Virtual time from the first event to the last. */
    public long spanMs() {
        return spanMs;
    }
}
