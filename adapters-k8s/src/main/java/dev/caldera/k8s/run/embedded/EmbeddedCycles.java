package dev.caldera.k8s.run.embedded;

import dev.caldera.k8s.convert.PodConverter;
import dev.caldera.k8s.run.CycleOutcome;
import dev.caldera.k8s.run.LiveScheduler;
import dev.caldera.k8s.simulate.CycleReport;
import dev.caldera.k8s.simulate.PodEviction;
import dev.caldera.k8s.simulate.PodPlacement;
import dev.caldera.k8s.simulate.SimulationResult;
import dev.caldera.k8s.simulate.SimulationSummary;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroup;
import org.HdrHistogram.Histogram;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * {@code caldera run --embedded-api --cycles N}: runs exactly N live cycles against the embedded API server and
 * reports them in {@code simulate}'s contract, with binds as observed on the API server. Between cycles it waits
 * until every bind, eviction and status write has been answered and the informers have delivered the result,
 * so the next cycle starts from what the API server holds, as {@code simulate} plays its cycles. The session
 * clock is {@code simulate}'s: the newest creation time of the pods and PodGroups, plus one second per cycle.
 * <p>
 * Threading: the calling thread is the scheduling thread.
 */
public final class EmbeddedCycles {
    private static final long SETTLE_TIMEOUT_MS = 30_000;

    private final LiveScheduler live;
    private final KubernetesClient client;
    private final Map<String, PodView> observed = new ConcurrentHashMap<>();
    private int cycle;

    public EmbeddedCycles(LiveScheduler live, KubernetesClient client) {
        this.live = live;
        this.client = client;
        live.feed().observePods(p -> observed.put(PodConverter.uid(p), PodView.of(p)),
                p -> observed.put(PodConverter.uid(p), PodView.GONE));
    }

    /** Waits for the informers, sets the clock and runs {@code cycles} cycles. */
    public SimulationResult run(int cycles) {
        if (!live.awaitSynced(SETTLE_TIMEOUT_MS)) {
            throw new IllegalStateException("the informers did not sync within " + SETTLE_TIMEOUT_MS + " ms");
        }
        Map<String, Pod> start = apiPods();
        waitObserved(start);
        long startMs = newestCreationMs(start);
        live.clock(() -> startMs + (cycle - 1) * 1_000L);
        int runningAtStart = (int) start.values().stream().filter(PodConverter::isOnNode).count();
        List<CycleReport> reports = new ArrayList<>();
        Histogram times = new Histogram(3);
        Map<String, Pod> before = start;
        for (cycle = 1; cycle <= cycles; cycle++) {
            CycleOutcome outcome = live.cycle();
            times.recordValue(Math.max(1, outcome.times().cycleNs()));
            Map<String, Pod> after = settle();
            reports.add(report(outcome, before, after));
            before = after;
        }
        return new SimulationResult(reports, summary(reports, start, before, runningAtStart, cycles, times));
    }

    private CycleReport report(CycleOutcome o, Map<String, Pod> before, Map<String, Pod> after) {
        List<PodPlacement> binds = new ArrayList<>();
        after.forEach((uid, pod) -> {
            Pod was = before.get(uid);
            if (was != null && !PodConverter.isOnNode(was) && PodConverter.isOnNode(pod)) {
                binds.add(new PodPlacement(uid, key(pod), pod.getSpec().getNodeName(), group(pod)));
            }
        });
        binds.sort(Comparator.comparing(PodPlacement::pod));
        List<PodEviction> evictions = new ArrayList<>();
        for (PodEviction e : o.evictions()) {
            Pod now = after.get(e.uid());
            if (now == null || now.getMetadata().getDeletionTimestamp() != null) {
                evictions.add(e);
            }
        }
        return new CycleReport((int) o.cycle(), binds, evictions, o.pipelined(), o.podGroups(), o.times(),
                o.pendingTasks(), o.placed(), o.queues());
    }

    /** Waits until nothing is in flight and the informers hold what the API server holds; returns the pods. */
    private Map<String, Pod> settle() {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SETTLE_TIMEOUT_MS);
        while (!live.quiet()) {
            pause(deadline);
        }
        Map<String, Pod> pods = apiPods();
        waitObserved(pods);
        return pods;
    }

    private void waitObserved(Map<String, Pod> pods) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SETTLE_TIMEOUT_MS);
        while (!matches(pods)) {
            pause(deadline);
        }
    }

    private boolean matches(Map<String, Pod> pods) {
        for (Map.Entry<String, Pod> e : pods.entrySet()) {
            if (!PodView.of(e.getValue()).equals(observed.get(e.getKey()))) {
                return false;
            }
        }
        for (Map.Entry<String, PodView> e : observed.entrySet()) {
            if (e.getValue() != PodView.GONE && !pods.containsKey(e.getKey())) {
                return false;
            }
        }
        return true;
    }

    private static void pause(long deadlineNs) {
        if (System.nanoTime() > deadlineNs) {
            throw new IllegalStateException("the embedded API server's answers did not settle within "
                    + SETTLE_TIMEOUT_MS + " ms");
        }
        try {
            Thread.sleep(5);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private Map<String, Pod> apiPods() {
        Map<String, Pod> pods = new HashMap<>();
        for (Pod p : client.pods().inAnyNamespace().list().getItems()) {
            pods.put(PodConverter.uid(p), p);
        }
        return pods;
    }

    private long newestCreationMs(Map<String, Pod> pods) {
        long newest = 0;
        for (Pod p : pods.values()) {
            newest = Math.max(newest, creationMs(p));
        }
        for (PodGroup g : client.resources(PodGroup.class).inAnyNamespace().list().getItems()) {
            newest = Math.max(newest, creationMs(g));
        }
        return newest;
    }

    private static long creationMs(HasMetadata o) {
        String t = o.getMetadata().getCreationTimestamp();
        return t == null || t.isEmpty() ? 0 : Instant.parse(t).toEpochMilli();
    }

    private SimulationSummary summary(List<CycleReport> reports, Map<String, Pod> start, Map<String, Pod> end,
                                      int runningAtStart, int cycles, Histogram times) {
        int bound = 0;
        int evicted = 0;
        for (CycleReport r : reports) {
            bound += r.binds().size();
            evicted += r.evictions().size();
        }
        int pending = (int) end.values().stream().filter(p -> !PodConverter.isOnNode(p)).count();
        int nodes = client.nodes().list().getItems().size();
        return new SimulationSummary(nodes, start.size(), runningAtStart, bound, evicted, pending, reports.size(),
                "ran the " + cycles + (cycles == 1 ? " cycle" : " cycles") + " asked for",
                times.getValueAtPercentile(50), times.getValueAtPercentile(99), times.getMaxValue());
    }

    private static String key(Pod p) {
        String ns = p.getMetadata().getNamespace();
        return (ns == null ? "default" : ns) + "/" + p.getMetadata().getName();
    }

    private static String group(Pod p) {
        String ns = p.getMetadata().getNamespace();
        return (ns == null ? "default" : ns) + "/" + PodConverter.groupName(p);
    }

    /** What the report depends on in a pod: its node, its nomination, whether it is being deleted. */
    private record PodView(String node, String nominated, boolean deleting) {
        static final PodView GONE = new PodView("<gone>", null, true);

        static PodView of(Pod p) {
            String nominated = p.getStatus() == null ? null : p.getStatus().getNominatedNodeName();
            return new PodView(p.getSpec() == null ? null : emptyToNull(p.getSpec().getNodeName()),
                    emptyToNull(nominated), p.getMetadata().getDeletionTimestamp() != null);
        }

        private static String emptyToNull(String s) {
            return s == null || s.isEmpty() ? null : s;
        }
    }
}
