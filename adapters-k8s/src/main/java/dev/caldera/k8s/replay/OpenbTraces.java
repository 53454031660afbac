package dev.caldera.k8s.replay;

import dev.caldera.k8s.replay.OpenbRows.NodeRow;
import dev.caldera.k8s.replay.OpenbRows.PodRow;
import dev.caldera.kernel.plugin.deviceshare.WorkloadMix;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

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
        if (!(tune > 0)) {
            throw new IllegalArgumentException("tune must be above 0, got " + tune);
        }
        List<NodeRow> nodes = OpenbRows.nodes(nodeFile);
        OpenbRows.Pods read = OpenbRows.pods(podFile, OpenbRows.models(nodes), false);
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
     * The trace's own timing: creation and deletion columns, in seconds. Each distinct pod shape is converted
     * once, in file order (as converting pod by pod meets them, so a conversion error names the same row), and
     * the pods are made from them. The events come in time order (for equal times: nodes, then by pod in file
     * order, a pod's creation before its deletion), the order {@link Trace} would sort them in, without sorting
     * the events themselves.
     */
    public static Trace recorded(Path nodeFile, Path podFile) {
        List<NodeRow> nodes = OpenbRows.nodes(nodeFile);
        OpenbRows.Pods read = OpenbRows.pods(podFile, OpenbRows.models(nodes), true);
        List<PodRow> rows = read.rows();
        TraceObjects objects = new TraceObjects();
        List<TraceEvent> events = new ArrayList<>(nodes.size() + 2 * rows.size());
        addNodes(nodes, objects, events);
        TraceObjects.Converted[] converted = new TraceObjects.Converted[read.shapes().size()];
        for (int s = 0; s < converted.length; s++) {
            converted[s] = objects.convert(read.shapes().get(s), rows.get(read.firstRowOfShape().getInt(s)).source());
        }
        Made made = new Made(rows.size());
        made.make(rows, converted, 0, rows.size());
        made.addEvents(events);
        return new Trace(podFile.getFileName() + " (recorded times)", events, Arrays.asList(made.pods()),
                workloadMix(read));
    }

    /** The pods of a recorded trace and their times, by pod index. */
    private record Made(ReplayPod[] pods, long[] createdMs, long[] deletedMs) {
        Made(int n) {
            this(new ReplayPod[n], new long[n], new long[n]);
        }

        /** Makes the pods of rows {@code from} to {@code to}. */
        void make(List<PodRow> rows, TraceObjects.Converted[] converted, int from, int to) {
            for (int i = from; i < to; i++) {
                PodRow r = rows.get(i);
                createdMs[i] = r.createdS() * 1000;
                deletedMs[i] = r.deletedS() < 0 ? -1 : r.deletedS() * 1000;
                pods[i] = TraceObjects.pod(i, r.name(), r.shape(), converted[r.shapeId()], createdMs[i], deletedMs[i],
                        -1, r.source());
            }
        }

        /** The pods' creations and deletions, merged in time order (ties: by pod, a creation before a deletion). */
        void addEvents(List<TraceEvent> events) {
            int n = pods.length;
            int[] creations = TimeOrder.of(createdMs);
            int[] deletions = TimeOrder.of(deletedMs);
            int c = 0;
            int d = TimeOrder.firstAtOrAfter(deletions, deletedMs, 0);
            while (c < n || d < n) {
                if (d == n || c < n && TimeOrder.before(createdMs[creations[c]], creations[c],
                        deletedMs[deletions[d]], deletions[d])) {
                    int i = creations[c++];
                    events.add(new TraceEvent.CreatePod(createdMs[i], pods[i]));
                } else {
                    int i = deletions[d++];
                    events.add(new TraceEvent.DeletePod(deletedMs[i], i));
                }
            }
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
