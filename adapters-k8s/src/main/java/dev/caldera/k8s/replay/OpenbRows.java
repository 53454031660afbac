package dev.caldera.k8s.replay;

import dev.caldera.k8s.manifest.ManifestException;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntList;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The rows of Alibaba's cluster-trace-gpu-v2023 ("openb") CSVs, read and checked whole before anything is
 * replayed. Node list: {@code sn,cpu_milli,memory_mib,gpu,model}. Pod list: {@code name,cpu_milli,memory_mib,
 * num_gpu,gpu_milli} and optionally {@code gpu_spec} (accepted models, '|'-separated), {@code creation_time},
 * {@code deletion_time}, {@code scheduled_time} (seconds); other columns ({@code qos}, {@code pod_phase}) are
 * not used. {@code gpu_milli} is per GPU: a pod with one GPU and {@code gpu_milli} below 1000 shares a device;
 * otherwise it takes {@code num_gpu} whole devices and {@code gpu_milli} must be 1000.
 * <p>
 * Every bad row is refused with {@code file:line} and why: missing or negative values, a share on more than
 * one GPU, a GPU model no node has, duplicate names, a deletion before the creation.
 */
final class OpenbRows {
    static final List<String> NODE_COLUMNS = List.of("sn", "cpu_milli", "memory_mib", "gpu", "model");
    static final List<String> POD_COLUMNS = List.of("name", "cpu_milli", "memory_mib", "num_gpu", "gpu_milli");
    static final long MIB = 1L << 20;

    private OpenbRows() {
    }

    record NodeRow(String name, long cpuMilli, long memoryMib, int gpus, String model, String source) {
    }

    /**
     * A pod row.
     *
     * @param shape    what it asks for; rows asking alike share one instance
     * @param shapeId  its shape's index in {@link Pods#shapes}
     * @param createdS creation time in seconds, or -1 when the file has none
     * @param deletedS deletion time in seconds, or -1
     * @param file     the file, as given
     * @param line     its line in the file
     */
    record PodRow(String name, TraceObjects.PodShape shape, int shapeId, long createdS, long deletedS, String file,
                  int line) {
        long gpuMilli() {
            return shape.gpuMilli();
        }

        /** {@code file:line}, built when asked for. */
        String source() {
            return file + ":" + line;
        }
    }

    /**
     * The pod list: its rows in file order and their distinct shapes, first seen first, with how many rows ask
     * for each (what the workload mix counts) and the first row that does.
     */
    record Pods(List<PodRow> rows, List<TraceObjects.PodShape> shapes, IntList rowsOfShape, IntList firstRowOfShape) {
    }

    /** The distinct shapes of a pod list, numbered as first seen, with their rows counted. */
    private static final class Shapes {
        /** Shape to id, open addressing: no entry object or boxed id per shape, no boxed id per row's look-up. */
        final Object2IntOpenHashMap<TraceObjects.PodShape> ids = new Object2IntOpenHashMap<>();
        final List<TraceObjects.PodShape> shapes = new ArrayList<>();
        final IntList rows = new IntArrayList();
        final IntList firstRow = new IntArrayList();

        Shapes() {
            ids.defaultReturnValue(-1);
        }

        /** The id of {@code shape}, counting row {@code r} for it. */
        int intern(TraceObjects.PodShape shape, int r) {
            int id = ids.putIfAbsent(shape, shapes.size());
            if (id < 0) {
                shapes.add(shape);
                rows.add(1);
                firstRow.add(r);
                return shapes.size() - 1;
            }
            rows.set(id, rows.getInt(id) + 1);
            return id;
        }
    }

    /** The columns of a pod list, resolved once. */
    private record PodColumns(int name, int cpu, int memory, int gpus, int milli, int spec, int created, int deleted) {
        PodColumns(CsvTable t) {
            this(t.column("name"), t.column("cpu_milli"), t.column("memory_mib"), t.column("num_gpu"),
                    t.column("gpu_milli"), t.column("gpu_spec"), t.column("creation_time"), t.column("deletion_time"));
        }
    }

    static List<NodeRow> nodes(Path path) {
        CsvTable t = CsvTable.read(path, NODE_COLUMNS);
        List<NodeRow> out = new ArrayList<>(t.size());
        Set<String> names = new HashSet<>();
        for (int r = 0; r < t.size(); r++) {
            String name = t.text(r, "sn");
            if (name.isEmpty()) {
                throw t.error(r, "sn", name, "is missing");
            }
            if (!names.add(name)) {
                throw t.error(r, "node " + name + " appears more than once");
            }
            long gpus = t.count(r, "gpu");
            if (gpus > 64) {
                throw t.error(r, "gpu", Long.toString(gpus), "must be at most 64");
            }
            String model = t.text(r, "model");
            if (model.equals("nan")) {
                model = "";
            }
            if (gpus > 0 && model.isEmpty()) {
                throw t.error(r, "model", model, "is missing for a node with GPUs");
            }
            out.add(new NodeRow(name, t.count(r, "cpu_milli"), t.count(r, "memory_mib"), (int) gpus, model, t.where(r)));
        }
        if (out.isEmpty()) {
            throw new ManifestException(path + ": no nodes");
        }
        return out;
    }

    /** The columns a pod list must have. */
    static List<String> podColumns(boolean needTimes) {
        return needTimes ? times(POD_COLUMNS) : POD_COLUMNS;
    }

    /** The pods; {@code models} are the GPU models of the nodes, which every {@code gpu_spec} entry must name. */
    static Pods pods(Path path, Set<String> models, boolean needTimes) {
        return pods(CsvTable.read(path, podColumns(needTimes)), models, needTimes);
    }

    /** The pods of a pod list read with {@link #podColumns}. */
    static Pods pods(CsvTable t, Set<String> models, boolean needTimes) {
        PodList list = new PodList(models, needTimes, t.size());
        list.add(t);
        return list.pods(t.file());
    }

    /**
     * The pods of a pod list read with {@link #podColumns} and handed over in blocks, each block's rows checked and
     * converted as it comes (while the rest of the file is read). Throws what {@link #pods(CsvTable, Set, boolean)}
     * would have after reading the file whole: an error reading it (a broken quote anywhere) before a row's.
     */
    static Pods pods(RowBlocks blocks, Set<String> models, boolean needTimes) {
        PodList list = new PodList(models, needTimes, 0);
        RuntimeException refused = null;
        String file = null;
        for (CsvTable t = blocks.next(); t != null; t = blocks.next()) {
            file = t.file();
            if (refused == null) {
                try {
                    list.add(t);
                } catch (RuntimeException e) {
                    refused = e; // thrown once the file was read without error
                }
            }
        }
        if (refused != null) {
            throw refused;
        }
        return list.pods(file);
    }

    /** A pod list's rows checked and converted, block after block in file order. */
    private static final class PodList {
        private final Set<String> models;
        private final boolean needTimes;
        private final List<PodRow> out;
        private final Set<String> names;
        private final Shapes shapes = new Shapes();
        private final Map<String, List<String>> specs = new HashMap<>();

        PodList(Set<String> models, boolean needTimes, int rows) {
            this.models = models;
            this.needTimes = needTimes;
            this.out = new ArrayList<>(rows);
            this.names = new HashSet<>(rows * 4 / 3 + 1);
        }

        /** The rows of {@code t}, the file's next block. */
        void add(CsvTable t) {
            PodColumns c = new PodColumns(t);
            for (int r = 0; r < t.size(); r++) {
                String name = t.text(r, c.name());
                if (name.isEmpty()) {
                    throw t.error(r, "name", name, "is missing");
                }
                if (!names.add(name)) {
                    throw t.error(r, "pod " + name + " appears more than once");
                }
                out.add(pod(t, r, c, name, models, specs, shapes, needTimes));
            }
        }

        Pods pods(String file) {
            if (out.isEmpty()) {
                throw new ManifestException(file + ": no pods");
            }
            return new Pods(out, shapes.shapes, shapes.rows, shapes.firstRow);
        }
    }

    private static PodRow pod(CsvTable t, int r, PodColumns c, String name, Set<String> models,
                              Map<String, List<String>> specs, Shapes shapes, boolean needTimes) {
        long cpu = t.count(r, c.cpu(), "cpu_milli");
        long memory = t.count(r, c.memory(), "memory_mib");
        long gpus = t.count(r, c.gpus(), "num_gpu");
        long milli = t.count(r, c.milli(), "gpu_milli");
        if (gpus > 64) {
            throw t.error(r, "num_gpu", Long.toString(gpus), "must be at most 64");
        }
        if (gpus == 0 && milli > 0) {
            throw t.error(r, "gpu_milli", Long.toString(milli), "must be 0 when num_gpu is 0");
        }
        if (gpus > 0 && (milli < 1 || milli > 1000)) {
            throw t.error(r, "gpu_milli", Long.toString(milli), "must be 1 to 1000 (thousandths of one GPU)");
        }
        if (gpus > 1 && milli != 1000) {
            throw t.error(r, "gpu_milli", Long.toString(milli), "must be 1000 when num_gpu is above 1 (a GPU is"
                    + " shared by one pod at most on one device)");
        }
        boolean share = gpus == 1 && milli < 1000;
        String spec = t.text(r, c.spec());
        List<String> accepted = specs.get(spec);
        if (accepted == null) {
            accepted = spec(t, r, spec, models);
            specs.put(spec, accepted);
        }
        long created = t.optionalCount(r, c.created(), "creation_time");
        long deleted = t.optionalCount(r, c.deleted(), "deletion_time");
        if (needTimes && created < 0) {
            throw t.error(r, "creation_time", "", "is missing");
        }
        if (deleted >= 0 && created >= 0 && deleted < created) {
            throw t.error(r, "deletion_time", Long.toString(deleted), "is before creation_time " + created);
        }
        TraceObjects.PodShape shape = new TraceObjects.PodShape(cpu, memory * MIB, share ? milli : 0,
                share ? 0 : (int) gpus, accepted, null, null, null);
        int id = shapes.intern(shape, t.first() + r);
        return new PodRow(name, shapes.shapes.get(id), id, created, deleted, t.file(), t.line(r));
    }

    /** The models a {@code gpu_spec} cell accepts, sorted; every one must be a model of the nodes. */
    private static List<String> spec(CsvTable t, int r, String spec, Set<String> models) {
        if (spec.isEmpty() || spec.equals("nan")) {
            return List.of();
        }
        Set<String> out = new TreeSet<>();
        for (String m : spec.split("\\|")) {
            String model = m.trim();
            if (model.isEmpty()) {
                continue;
            }
            if (!models.contains(model)) {
                throw t.error(r, "gpu_spec", spec, "names GPU type '" + model + "', which no node has (nodes have: "
                        + String.join(", ", new TreeSet<>(models)) + ")");
            }
            out.add(model);
        }
        return List.copyOf(out);
    }

    private static List<String> times(List<String> columns) {
        List<String> out = new ArrayList<>(columns);
        out.add("creation_time");
        out.add("deletion_time");
        return out;
    }

    static Set<String> models(List<NodeRow> nodes) {
        Set<String> out = new LinkedHashSet<>();
        for (NodeRow n : nodes) {
            if (n.gpus() > 0) {
                out.add(n.model());
            }
        }
        return out;
    }
}
