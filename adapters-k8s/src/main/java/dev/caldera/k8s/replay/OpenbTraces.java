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
     * {@link #paper}, its node and pod lists read on a second thread from now on (while the caller does other work);
     * the supplier checks the rows as they are read and finishes the trace on the caller's thread, and throws what
     * {@link #paper} would.
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
     * Both lists read at once, each on a thread of its own: the node list's rows checked and handed over as soon as
     * they are, then converted to nodes on their thread; the pod list's rows handed over in blocks as the parser
     * reads them, which {@link #pods} checks (against the nodes' GPU models) and converts on the caller's thread while
     * the rest of the file is read. Errors come in the order of reading and checking one list after the other, then
     * converting the nodes: the node list's rows' from {@link #nodeRows}, the pod list's from {@link #pods}, the
     * nodes' conversion's from {@link #nodes}, which the caller asks for in that order.
     */
    private static final class Reading {
        /** Rows per block of the pod list: tens of blocks in a trace of 100,000 pods, the last one checked quickly. */
        private static final int BLOCK = 4096;

        private final CompletableFuture<List<NodeRow>> nodeRows = new CompletableFuture<>();
        private final CompletableFuture<Nodes> nodes = new CompletableFuture<>();
        private final RowBlocks podRows = new RowBlocks();
        private final boolean needTimes;

        Reading(Path nodeFile, Path podFile, boolean needTimes) {
            this.needTimes = needTimes;
            daemon("caldera-trace-nodes", () -> {
                List<NodeRow> rows;
                try {
                    rows = OpenbRows.nodes(nodeFile);
                } catch (RuntimeException | Error e) {
                    nodeRows.completeExceptionally(e);
                    return;
                }
                nodeRows.complete(rows);
                try {
                    nodes.complete(Nodes.of(rows));
                } catch (RuntimeException | Error e) {
                    nodes.completeExceptionally(e);
                }
            });
            daemon("caldera-trace-reader", () -> podRows.read(podFile, OpenbRows.podColumns(needTimes), BLOCK));
        }

        private static void daemon(String name, Runnable work) {
            Thread t = new Thread(work, name);
            t.setDaemon(true);
            t.start();
        }

        /** The node list's rows; throws what reading them threw, as it was. */
        List<NodeRow> nodeRows() {
            return join(nodeRows);
        }

        /**
         * The pod list's rows, checked and converted here as the reader hands them over; throws what reading or
         * checking them threw (a node list's error first). Once only.
         */
        OpenbRows.Pods pods() {
            return OpenbRows.pods(podRows, OpenbRows.models(nodeRows()), needTimes);
        }

        /** The nodes, converted; throws what converting them threw. */
        Nodes nodes() {
            return join(nodes);
        }

        private static <T> T join(CompletableFuture<T> f) {
            try {
                return f.join();
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
    }

    /**
     * The nodes of a node list: their events (at time 0, in file order), the objects that converted them (which go
     * on to convert the pods) and their GPUs in thousandths.
     */
    private record Nodes(TraceObjects objects, List<TraceEvent> events, long capacity) {
        /** Throws the conversion's error. */
        static Nodes of(List<NodeRow> rows) {
            TraceObjects objects = new TraceObjects();
            List<TraceEvent> events = new ArrayList<>(rows.size());
            return new Nodes(objects, events, addNodes(rows, objects, events));
        }
    }

    private static Trace paper(Path podFile, Reading reading, long seed, double tune) {
        OpenbRows.Pods read = reading.pods();
        List<PodRow> rows = read.rows();
        Nodes nodes = reading.nodes();
        TraceObjects objects = nodes.objects();
        List<TraceEvent> events = new ArrayList<>(nodes.events());
        long capacity = nodes.capacity();
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
     * The recorded trace, as soon as the replay can start: the node and pod lists read, and the nodes converted, on
     * threads of their own ({@link Reading}) while this one checks the pod rows as they are read (the nodes'
     * conversion's error thrown once the pod rows are checked, the order of reading one list after the other).
     * Every row is checked when this returns; the workload mix is then counted, and the pods made, their shapes
     * converted as they first come, and handed over with their events in time order, by a thread of their own
     * ({@link Maker}) while the caller makes the replay's engine and runs it.
     */
    private static Trace recorded(Path podFile, Reading reading) {
        OpenbRows.Pods read = reading.pods();
        Nodes nodes = reading.nodes();
        TraceObjects objects = nodes.objects();
        List<TraceEvent> nodeEvents = nodes.events();
        long capacity = nodes.capacity();
        List<PodRow> rows = read.rows();
        int eventCount = nodeEvents.size() + rows.size();
        long lastMs = 0;
        for (PodRow r : rows) {
            eventCount += r.deletedS() >= 0 ? 1 : 0;
            lastMs = Math.max(lastMs, 1000 * Math.max(r.createdS(), r.deletedS()));
        }
        Maker maker = new Maker(read, objects, nodeEvents, eventCount);
        Thread t = new Thread(maker, "caldera-trace-events");
        t.setDaemon(true);
        t.start();
        return Trace.streamed(podFile.getFileName() + " (recorded times)", maker.out, eventCount, rows.size(),
                () -> Reading.join(maker.mix), capacity, nodeEvents.size(), lastMs);
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
        /**
         * The trace's workload mix, worked out first thing on the maker's thread while the caller makes the replay's
         * engine (which asks for it last); off the replaying thread's path to its first event.
         */
        final CompletableFuture<WorkloadMix> mix = new CompletableFuture<>();

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
                mix.complete(workloadMix(read));
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
                mix.completeExceptionally(t); // nothing if the mix was worked out
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
