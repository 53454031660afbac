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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
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
    private OpenbTraces() {
    }

    /** The paper's protocol: all pods arrive at time 0, in the seeded order, padded to {@code tune} x GPUs. */
    public static Trace paper(Path nodeFile, Path podFile, long seed, double tune) {
        return startPaper(nodeFile, podFile, seed, tune).get();
    }

    /**
     * {@link #paper}, its node and pod lists read and checked on a second thread from now on (while the caller does
     * other work); the supplier finishes the trace on the caller's thread and throws what {@link #paper} would.
     */
    public static Supplier<Trace> startPaper(Path nodeFile, Path podFile, long seed, double tune) {
        if (!(tune > 0)) {
            throw new IllegalArgumentException("tune must be above 0, got " + tune);
        }
        Reading reading = new Reading(nodeFile, podFile, false);
        return () -> paper(podFile, reading, seed, tune);
    }

    /** The trace's own timing: creation and deletion columns, in seconds. */
    public static Trace recorded(Path nodeFile, Path podFile) {
        return startRecorded(nodeFile, podFile).get();
    }

    /** {@link #recorded}, its lists read on a second thread from now on, as {@link #startPaper}. */
    public static Supplier<Trace> startRecorded(Path nodeFile, Path podFile) {
        Reading reading = new Reading(nodeFile, podFile, true);
        return () -> recorded(podFile, reading);
    }

    /**
     * The rows of both lists, read and checked on a thread of their own: the node list's first, handed over as soon
     * as they are (the caller converts the nodes meanwhile), then the pod list's, checked against the nodes' GPU
     * models. A node list's error is thrown by {@link #nodes}, a pod list's by {@link #pods}: the caller asks for
     * the nodes first, so errors come in the order of reading one list after the other.
     */
    private static final class Reading {
        private final CompletableFuture<List<NodeRow>> nodes = new CompletableFuture<>();
        private final SecondThread<OpenbRows.Pods> pods;

        Reading(Path nodeFile, Path podFile, boolean needTimes) {
            pods = SecondThread.start("caldera-trace-reader", () -> {
                List<NodeRow> n;
                try {
                    n = OpenbRows.nodes(nodeFile);
                } catch (RuntimeException | Error e) {
                    nodes.completeExceptionally(e);
                    throw e;
                }
                nodes.complete(n);
                return OpenbRows.pods(CsvTable.read(podFile, OpenbRows.podColumns(needTimes)), OpenbRows.models(n),
                        needTimes);
            });
        }

        /** The node list's rows; throws what reading them threw, as it was. */
        List<NodeRow> nodes() {
            try {
                return nodes.join();
            } catch (CompletionException e) {
                if (e.getCause() instanceof RuntimeException r) {
                    throw r;
                }
                if (e.getCause() instanceof Error err) {
                    throw err;
                }
                throw e;
            }
        }

        /** The pod list's rows, once read; throws what reading them threw. Once only. */
        OpenbRows.Pods pods() {
            return pods.join();
        }
    }

    private static Trace paper(Path podFile, Reading reading, long seed, double tune) {
        List<NodeRow> nodes = reading.nodes();
        OpenbRows.Pods read = reading.pods();
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
     * The recorded trace, as soon as the replay can start: the node and pod lists' rows read and checked on the
     * reader's thread ({@link Reading}) while this one converts the nodes (their error kept until the pod rows are
     * checked, the order of reading one list after the other). Every row is checked when this returns; the pods are
     * then made, their shapes converted as they first come, and handed over with their events in time order by a
     * thread of their own ({@link Maker}) while the replay runs.
     */
    private static Trace recorded(Path podFile, Reading reading) {
        List<NodeRow> nodes = reading.nodes();
        TraceObjects objects = new TraceObjects();
        List<TraceEvent> events = new ArrayList<>(nodes.size());
        ManifestException nodeError = null;
        long capacity = 0;
        try {
            capacity = addNodes(nodes, objects, events);
        } catch (ManifestException e) {
            nodeError = e;
        }
        OpenbRows.Pods read = reading.pods();
        if (nodeError != null) {
            throw nodeError;
        }
        List<PodRow> rows = read.rows();
        int eventCount = events.size() + rows.size();
        long lastMs = 0;
        for (PodRow r : rows) {
            eventCount += r.deletedS() >= 0 ? 1 : 0;
            lastMs = Math.max(lastMs, 1000 * Math.max(r.createdS(), r.deletedS()));
        }
        Maker maker = new Maker(read, objects, events, eventCount);
        Thread t = new Thread(maker, "caldera-trace-events");
        t.setDaemon(true);
        t.start();
        return Trace.streamed(podFile.getFileName() + " (recorded times)", maker.out, eventCount, rows.size(),
                workloadMix(read), capacity, nodes.size(), lastMs);
    }

    /**
     * Makes the pods of a recorded trace and hands their events over in time order, after the nodes' (for equal
     * times: nodes, then by pod in file order, a pod's creation before its deletion: the order {@link Trace}
     * would sort them in). Each distinct pod shape is converted when its first pod is made. Runs on a thread of
     * its own; what it throws fails the hand-off, and the replay taking the events throws it.
     * <p>
     * A shape the converters refuse (a row can pass its checks and still ask for more than the kernel's units
     * hold) is found only when its first pod is made, which may be well into the replay: then the shapes are
     * converted in file order up to it, and the first refused one's error is thrown, naming its first row, as
     * converting them all before the replay would have; the replay stops there, before any report is written.
     * <p>
     * The maker takes the pod rows over: a row is let go (null in the list) once its pod is made, so that a trace
     * {@linkplain Trace#readOnce read once} keeps neither.
     */
    private static final class Maker implements Runnable {
        private final List<PodRow> rows;
        /** {@code file:line} of each shape's first row, what its conversion's error names. */
        private final String[] shapeSource;
        private final OpenbRows.Pods read;
        private final TraceObjects objects;
        private final TraceObjects.Converted[] converted;
        private final List<TraceEvent> nodeEvents;
        private final long[] createdMs;
        private final long[] deletedMs;
        final HandOff<TraceEvent> out;

        Maker(OpenbRows.Pods read, TraceObjects objects, List<TraceEvent> nodeEvents, int eventCount) {
            this.rows = read.rows();
            this.read = read;
            this.objects = objects;
            this.converted = new TraceObjects.Converted[read.shapes().size()];
            this.shapeSource = new String[converted.length];
            this.nodeEvents = nodeEvents;
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
                for (int s = 0; s < shapeSource.length; s++) {
                    shapeSource[s] = rows.get(read.firstRowOfShape().getInt(s)).source();
                }
                addEvents();
                out.finish();
            } catch (Throwable t) {
                out.fail(t);
            }
        }

        /** The pods' creations and deletions, merged in time order (ties: by pod, a creation before a deletion). */
        private void addEvents() {
            int n = rows.size();
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
            PodRow r = rows.set(i, null);
            return TraceObjects.pod(i, r.name(), r.shape(), converted(r.shapeId()), createdMs[i], deletedMs[i], -1,
                    r.file(), r.line());
        }

        /** Shape {@code s} converted, once; if the converters refuse it, the first refusal in file order. */
        private TraceObjects.Converted converted(int s) {
            if (converted[s] == null) {
                try {
                    converted[s] = convert(s);
                } catch (ManifestException refused) {
                    for (int before = 0; before < s; before++) {
                        if (converted[before] == null) {
                            converted[before] = convert(before);
                        }
                    }
                    throw refused;
                }
            }
            return converted[s];
        }

        private TraceObjects.Converted convert(int s) {
            return objects.convertUncached(read.shapes().get(s), shapeSource[s]);
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
