package dev.caldera.k8s.replay;

import dev.caldera.k8s.manifest.ManifestException;
import dev.caldera.k8s.replay.OpenbRows.NodeRow;
import dev.caldera.k8s.replay.OpenbRows.PodRow;
import dev.caldera.kernel.plugin.deviceshare.WorkloadMix;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * Replayable traces from openb CSVs, in two protocols.
 * <ul>
 *   <li>{@link #paper}: the FGD paper's (its simulator's {@code SortClusterPods} with shuffling, then
 *       {@code TunePodsByNodeTotalResource}): pods sorted by name and shuffled with the seed, then padded by
 *       resampling the trace's pods (seeded, with replacement; names {@code <pod>-tuned-<i>}) until the GPUs
 *       asked for would pass {@code tune} times the nodes' GPUs; no departures. Pods arrive in that order.</li>
 *   <li>{@link #recorded}: the trace's own timing: each pod arrives at its {@code creation_time} and is
 *       deleted at its {@code deletion_time} (it leaves its node, or is withdrawn if it still waits).</li>
 * </ul>
 * Both hand the scheduler the trace's workload mix ({@link #workloadMix}): FGD measures fragmentation against
 * its typical shapes (the most frequent, covering 95% of the pods, as FGD's simulator chooses them).
 */
public final class OpenbTraces {
    /** Below this many distinct pod shapes they are converted on one thread. */
    private static final int PARALLEL_SHAPES = 64;

    private OpenbTraces() {
    }

    /** The paper's protocol: all pods arrive at time 0, in the seeded order, padded to {@code tune} x GPUs. */
    public static Trace paper(Path nodeFile, Path podFile, long seed, double tune) {
        return startPaper(nodeFile, podFile, seed, tune).get();
    }

    /**
     * {@link #paper}, its pod list tokenized on a second thread from now on (while the caller does other work);
     * the supplier finishes the trace on the caller's thread and throws what {@link #paper} would.
     */
    public static Supplier<Trace> startPaper(Path nodeFile, Path podFile, long seed, double tune) {
        if (!(tune > 0)) {
            throw new IllegalArgumentException("tune must be above 0, got " + tune);
        }
        SecondThread<CsvTable> podTable = startReading(podFile, false);
        return () -> paper(nodeFile, podFile, podTable, seed, tune);
    }

    /** The trace's own timing: creation and deletion columns, in seconds. */
    public static Trace recorded(Path nodeFile, Path podFile) {
        return startRecorded(nodeFile, podFile).get();
    }

    /** {@link #recorded}, its pod list tokenized on a second thread from now on, as {@link #startPaper}. */
    public static Supplier<Trace> startRecorded(Path nodeFile, Path podFile) {
        SecondThread<CsvTable> podTable = startReading(podFile, true);
        return () -> recorded(nodeFile, podFile, podTable);
    }

    private static SecondThread<CsvTable> startReading(Path podFile, boolean needTimes) {
        return SecondThread.start("caldera-trace-reader", () -> CsvTable.read(podFile, OpenbRows.podColumns(needTimes)));
    }

    private static Trace paper(Path nodeFile, Path podFile, SecondThread<CsvTable> podTable, long seed, double tune) {
        List<NodeRow> nodes = OpenbRows.nodes(nodeFile);
        OpenbRows.Pods read = OpenbRows.pods(podTable.join(), OpenbRows.models(nodes), false);
        List<PodRow> rows = read.rows();
        TraceObjects objects = new TraceObjects();
        List<TraceEvent> events = new ArrayList<>();
        long capacity = addNodes(nodes, objects, events);
        List<PodRow> byName = new ArrayList<>(rows);
        byName.sort(Comparator.comparing(PodRow::name));
        SplittableRandom random = new SplittableRandom(seed);
        List<PodRow> order = new ArrayList<>(byName);
        shuffle(order, random);
        List<String> names = new ArrayList<>();
        for (PodRow r : order) {
            names.add(r.name());
        }
        pad(order, names, byName, capacity, tune, random);
        List<ReplayPod> pods = new ArrayList<>(order.size());
        for (int i = 0; i < order.size(); i++) {
            // every pod arrives at time 0; its creation time is its place in the order, which the scheduler's job
            // order (creation time first) then follows
            ReplayPod p = objects.pod(i, names.get(i), order.get(i).shape(), i, -1, -1, order.get(i).source());
            pods.add(p);
            events.add(new TraceEvent.CreatePod(0, p));
        }
        return new Trace(podFile.getFileName() + " (paper protocol, seed " + seed + ", tune " + tune + ")", events,
                pods, workloadMix(read));
    }

    /**
     * The recorded trace, made on two threads where it pays, with the errors of reading it on one: the node
     * list's rows, the pod list's (CSV, then rows), the nodes' conversion, then the pod shapes' in file order.
     * The nodes are converted while the pod list is still being tokenized, their error kept until the pod rows
     * are checked; each distinct pod shape is converted once, the shapes in two halves at once (a conversion
     * error names the shape's first row, and the lower half's error comes first, as converting pod by pod would
     * meet them). Everything that can refuse the trace is done when this returns; the pods are then made from
     * their shapes' conversions and handed over with their events, in time order, by a thread of their own
     * ({@link Maker}) while the replay runs: making a pod cannot fail.
     */
    private static Trace recorded(Path nodeFile, Path podFile, SecondThread<CsvTable> podTable) {
        List<NodeRow> nodes = OpenbRows.nodes(nodeFile);
        TraceObjects objects = new TraceObjects();
        List<TraceEvent> events = new ArrayList<>(nodes.size());
        ManifestException nodeError = null;
        long capacity = 0;
        try {
            capacity = addNodes(nodes, objects, events);
        } catch (ManifestException e) {
            nodeError = e;
        }
        OpenbRows.Pods read = OpenbRows.pods(podTable.join(), OpenbRows.models(nodes), true);
        if (nodeError != null) {
            throw nodeError;
        }
        List<PodRow> rows = read.rows();
        TraceObjects.Converted[] converted = new TraceObjects.Converted[read.shapes().size()];
        TwoHalves.run(converted.length, PARALLEL_SHAPES, "caldera-trace-shapes", (from, to) -> {
            for (int s = from; s < to; s++) {
                converted[s] = objects.convertUncached(read.shapes().get(s),
                        rows.get(read.firstRowOfShape().getInt(s)).source());
            }
        });
        int eventCount = events.size() + rows.size();
        long lastMs = 0;
        for (PodRow r : rows) {
            eventCount += r.deletedS() >= 0 ? 1 : 0;
            lastMs = Math.max(lastMs, 1000 * Math.max(r.createdS(), r.deletedS()));
        }
        Maker maker = new Maker(rows, converted, events, eventCount);
        Thread t = new Thread(maker, "caldera-trace-events");
        t.setDaemon(true);
        t.start();
        return Trace.streamed(podFile.getFileName() + " (recorded times)", maker.out, eventCount, maker.pods,
                workloadMix(read), capacity, nodes.size(), lastMs);
    }

    /**
     * Makes the pods of a recorded trace and hands their events over in time order, after the nodes' (for equal
     * times: nodes, then by pod in file order, a pod's creation before its deletion: the order {@link Trace}
     * would sort them in). Runs on a thread of its own; what it throws (it has nothing to refuse) fails the hand-off.
     */
    private static final class Maker implements Runnable {
        private final List<PodRow> rows;
        private final TraceObjects.Converted[] converted;
        private final List<TraceEvent> nodeEvents;
        private final ReplayPod[] pods;
        private final long[] createdMs;
        private final long[] deletedMs;
        final HandOff<TraceEvent> out;

        Maker(List<PodRow> rows, TraceObjects.Converted[] converted, List<TraceEvent> nodeEvents, int eventCount) {
            this.rows = rows;
            this.converted = converted;
            this.nodeEvents = nodeEvents;
            this.pods = new ReplayPod[rows.size()];
            this.createdMs = new long[rows.size()];
            this.deletedMs = new long[rows.size()];
            this.out = new HandOff<>(eventCount);
        }

        @Override
        public void run() {
            try {
                for (TraceEvent e : nodeEvents) {
                    out.add(e);
                }
                for (int i = 0; i < rows.size(); i++) {
                    PodRow r = rows.get(i);
                    createdMs[i] = r.createdS() * 1000;
                    deletedMs[i] = r.deletedS() < 0 ? -1 : r.deletedS() * 1000;
                }
                addEvents();
                out.finish();
            } catch (Throwable t) {
                out.fail(t);
            }
        }

        /** The pods' creations and deletions, merged in time order (ties: by pod, a creation before a deletion). */
        private void addEvents() {
            int n = pods.length;
            int[] creations = TimeOrder.of(createdMs);
            int[] deletions = TimeOrder.of(deletedMs);
            int c = 0;
            int d = TimeOrder.firstAtOrAfter(deletions, deletedMs, 0);
            while (c < n || d < n) {
                if (d == n || c < n && TimeOrder.before(createdMs[creations[c]], creations[c],
                        deletedMs[deletions[d]], deletions[d])) {
                    int i = creations[c++];
                    out.add(new TraceEvent.CreatePod(createdMs[i], make(i)));
                } else {
                    int i = deletions[d++];
                    out.add(new TraceEvent.DeletePod(deletedMs[i], i));
                }
            }
        }

        private ReplayPod make(int i) {
            PodRow r = rows.get(i);
            pods[i] = TraceObjects.pod(i, r.name(), r.shape(), converted[r.shapeId()], createdMs[i], deletedMs[i], -1,
                    r.source());
            return pods[i];
        }
    }

    private static long addNodes(List<NodeRow> nodes, TraceObjects objects, List<TraceEvent> events) {
        long capacity = 0;
        for (NodeRow n : nodes) {
            events.add(new TraceEvent.AddNode(0, new ReplayNode(objects.node(n.name(), n.cpuMilli(),
                    n.memoryMib() * OpenbRows.MIB, n.gpus(), n.model(), Map.of(), n.source()), n.gpus(), n.source())));
            capacity += 1000L * n.gpus();
        }
        return capacity;
    }

    /** Fisher-Yates with the seeded generator. */
    private static <T> void shuffle(List<T> list, SplittableRandom random) {
        for (int i = list.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            T t = list.get(i);
            list.set(i, list.get(j));
            list.set(j, t);
        }
    }

    /**
     * Adds pods drawn from {@code pool} until the next one would take the GPUs asked for past {@code tune} x
     * {@code capacity}; when the trace already asks for more, drops random pods until it does not.
     */
    private static void pad(List<PodRow> order, List<String> names, List<PodRow> pool, long capacity, double tune,
                            SplittableRandom random) {
        double target = tune * capacity;
        long asked = 0;
        for (PodRow r : order) {
            asked += r.gpuMilli();
        }
        while (asked > target && !order.isEmpty()) {
            int i = random.nextInt(order.size());
            asked -= order.get(i).gpuMilli();
            order.remove(i);
            names.remove(i);
        }
        for (int i = 0; asked < target; i++) {
            PodRow r = pool.get(random.nextInt(pool.size()));
            if (asked + r.gpuMilli() > target) {
                break;
            }
            order.add(r);
            names.add(r.name() + "-tuned-" + i);
            asked += r.gpuMilli();
        }
    }

    /**
     * Every pod shape of the file (cpu, GPU per device, devices, models; memory is not part of it, as in FGD's
     * simulator) weighted by its share of the pods; FGD then keeps the shapes covering 95% of the pods. Counted
     * per distinct pod shape of the file, in the order first seen: the counts and the order of first sight, hence
     * the mix, are those of counting row by row.
     */
    static WorkloadMix workloadMix(OpenbRows.Pods read) {
        WorkloadMix.Counter counter = new WorkloadMix.Counter();
        for (int s = 0; s < read.shapes().size(); s++) {
            TraceObjects.PodShape shape = read.shapes().get(s);
            counter.add(new WorkloadMix.Shape(shape.cpuMilli(), shape.shareMilli() * 1000, shape.gpus(),
                    Set.copyOf(shape.models())), read.rowsOfShape().getInt(s));
        }
        return counter.mix();
    }
}
