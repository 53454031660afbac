package dev.caldera.kernel.plugin.deviceshare;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The mix of requests a cluster expects, which fragmentation is measured against: request shapes with their
 * share of arrivals (weights summing to 1), most frequent first. Count a workload's shapes with a
 * {@link Counter}; FGD keeps only its {@link #typical} shapes (the most frequent until they cover 95% of the
 * pods, as the FGD paper's simulator chooses its "typical pods").
 * <p>
 * Immutable; any thread.
 */
public final class WorkloadMix {
    /** No shape: fragmentation is zero everywhere and the fragmentation policies score every node alike. */
    public static final WorkloadMix EMPTY = new WorkloadMix(List.of());

    private final List<Entry> entries;

    private WorkloadMix(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    /**
     * One request shape: {@code shareUnits} of one device (canonical milli units of {@code volcano.sh/gpu-memory})
     * or {@code wholeDevices} idle devices or neither (a cpu-only pod); {@code models}: the GPU models it
     * accepts, empty for any.
     */
    public record Shape(long cpuMilli, long shareUnits, int wholeDevices, Set<String> models) {
        public Shape {
            if (cpuMilli < 0 || shareUnits < 0 || wholeDevices < 0) {
                throw new IllegalArgumentException("negative amount in shape: cpu " + cpuMilli + ", share "
                        + shareUnits + ", whole " + wholeDevices);
            }
            if (shareUnits > 0 && wholeDevices > 0) {
                throw new IllegalArgumentException("a shape asks for a share of one device or whole devices, not both");
            }
            models = models == null ? Set.of() : Set.copyOf(new TreeSet<>(models));
        }

        /**
         * The record's own equality, written out: the generated one (and {@link #hashCode}) is linked through method
         * handles at its first call (ObjectMethods' bootstrap), ~20 ms of C1 code at the start of a replay, which
         * counts the trace's pods by shape ({@link Counter}).
         */
        @Override
        public boolean equals(Object o) {
            return o instanceof Shape s && cpuMilli == s.cpuMilli && shareUnits == s.shareUnits
                    && wholeDevices == s.wholeDevices && models.equals(s.models);
        }

        @Override
        public int hashCode() {
            return ((Long.hashCode(cpuMilli) * 31 + Long.hashCode(shareUnits)) * 31 + wholeDevices) * 31
                    + models.hashCode();
        }

        /** The models as one sorted, '|'-joined string (the tie-break of equally frequent shapes). */
        String modelKey() {
            return String.join("|", new TreeSet<>(models));
        }
    }

    /** A shape and its share of arrivals. */
    public record Entry(Shape shape, double weight) {
    }

    public List<Entry> entries() {
        return entries;
    }

    public int size() {
        return entries.size();
    }

    /** A mix of the given entries as they are (weights are used as given). */
    public static WorkloadMix of(List<Entry> entries) {
        return new WorkloadMix(entries);
    }

    /**
     * The most frequent shapes until together they make at least {@code popularity} (0 to 1) of the arrivals,
     * weights renormalized over the kept shapes (FGD's simulator, {@code GetTypicalPods}). Entries are taken in
     * this mix's order: by decreasing weight, equal weights larger shape first (cpu, then GPU per device, then
     * devices, then models), so the cut is deterministic.
     */
    public WorkloadMix typical(double popularity) {
        if (!(popularity > 0 && popularity <= 1)) {
            throw new IllegalArgumentException("popularity must be above 0 and at most 1, got " + popularity);
        }
        List<Entry> kept = new ArrayList<>();
        double covered = 0;
        for (Entry e : entries) {
            if (covered >= popularity - 1e-12) {
                break;
            }
            kept.add(e);
            covered += e.weight();
        }
        List<Entry> out = new ArrayList<>(kept.size());
        for (Entry e : kept) {
            out.add(new Entry(e.shape(), e.weight() / covered));
        }
        return new WorkloadMix(out);
    }

    private static int largerFirst(Shape a, Shape b) {
        int c = Long.compare(b.cpuMilli(), a.cpuMilli());
        if (c == 0) {
            c = Boolean.compare(b.wholeDevices() > 0, a.wholeDevices() > 0);
        }
        if (c == 0) {
            c = Long.compare(b.shareUnits(), a.shareUnits());
        }
        if (c == 0) {
            c = Integer.compare(b.wholeDevices(), a.wholeDevices());
        }
        return c != 0 ? c : b.modelKey().compareTo(a.modelKey());
    }

    /** Counts shapes; {@link #mix} turns the counts into weights. */
    public static final class Counter {
        private final Map<Shape, Long> counts = new LinkedHashMap<>();

        public Counter add(Shape shape) {
            return add(shape, 1);
        }

        public Counter add(Shape shape, long count) {
            if (count > 0) {
                counts.merge(shape, count, Long::sum);
            }
            return this;
        }

        /** Every counted shape, weighted by its share of the count, most frequent first. */
        public WorkloadMix mix() {
            List<Map.Entry<Shape, Long>> sorted = new ArrayList<>(counts.entrySet());
            sorted.sort(Comparator.<Map.Entry<Shape, Long>>comparingLong(Map.Entry::getValue).reversed()
                    .thenComparing(Map.Entry::getKey, WorkloadMix::largerFirst));
            long total = 0;
            for (Map.Entry<Shape, Long> e : sorted) {
                total += e.getValue();
            }
            List<Entry> out = new ArrayList<>(sorted.size());
            for (Map.Entry<Shape, Long> e : sorted) {
                out.add(new Entry(e.getKey(), (double) e.getValue() / total));
            }
            return new WorkloadMix(out);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WorkloadMix other && entries.equals(other.entries);
    }

    @Override
    public int hashCode() {
        return entries.hashCode();
    }

    @Override
    public String toString() {
        return "WorkloadMix" + entries;
    }
}
