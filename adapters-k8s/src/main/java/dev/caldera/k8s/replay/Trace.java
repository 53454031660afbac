package dev.caldera.k8s.replay;

import dev.caldera.kernel.plugin.deviceshare.WorkloadMix;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A whole trace, read and checked: events in time order (stable for equal times), the pods they refer to
 * by index, and the workload mix fragmentation is measured against (the trace's typical pod shapes).
 * <p>
 * Immutable after construction.
 */
public final class Trace {
    private final String name;
    private final List<TraceEvent> events;
    private final List<ReplayPod> pods;
    private final WorkloadMix mix;

    public Trace(String name, List<TraceEvent> events, List<ReplayPod> pods, WorkloadMix mix) {
        this.name = name;
        this.events = inTimeOrder(events) ? List.copyOf(events) : sorted(events);
        this.pods = List.copyOf(pods);
        this.mix = mix;
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

    public List<TraceEvent> events() {
        return events;
    }

    public List<ReplayPod> pods() {
        return pods;
    }

    public WorkloadMix mix() {
        return mix;
    }

    /** GPUs of the nodes the trace adds, in thousandths. */
    public long gpuCapacityMilli() {
        long sum = 0;
        for (TraceEvent e : events) {
            if (e instanceof TraceEvent.AddNode a) {
                sum += 1000L * a.node().gpus();
            }
        }
        return sum;
    }

    public int nodeCount() {
        int n = 0;
        for (TraceEvent e : events) {
            n += e instanceof TraceEvent.AddNode ? 1 : 0;
        }
        return n;
    }
}
