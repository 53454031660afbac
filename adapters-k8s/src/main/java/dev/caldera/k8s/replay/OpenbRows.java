package dev.caldera.k8s.replay;

import dev.caldera.k8s.manifest.ManifestException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
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
     * @param shareMilli thousandths of one GPU when the pod shares a device, else 0
     * @param gpus       whole devices when it does not share, else 0
     * @param createdS   creation time in seconds, or -1 when the file has none
     * @param deletedS   deletion time in seconds, or -1
     */
    record PodRow(String name, long cpuMilli, long memoryMib, long shareMilli, int gpus, List<String> models,
                  long createdS, long deletedS, String source) {
        long gpuMilli() {
            return shareMilli > 0 ? shareMilli : 1000L * gpus;
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

    /** The pods; {@code models} are the GPU models of the nodes, which every {@code gpu_spec} entry must name. */
    static List<PodRow> pods(Path path, Set<String> models, boolean needTimes) {
        CsvTable t = CsvTable.read(path, needTimes ? times(POD_COLUMNS) : POD_COLUMNS);
        List<PodRow> out = new ArrayList<>(t.size());
        Set<String> names = new HashSet<>();
        for (int r = 0; r < t.size(); r++) {
            String name = t.text(r, "name");
            if (name.isEmpty()) {
                throw t.error(r, "name", name, "is missing");
            }
            if (!names.add(name)) {
                throw t.error(r, "pod " + name + " appears more than once");
            }
            out.add(pod(t, r, name, models, needTimes));
        }
        if (out.isEmpty()) {
            throw new ManifestException(path + ": no pods");
        }
        return out;
    }

    private static PodRow pod(CsvTable t, int r, String name, Set<String> models, boolean needTimes) {
        long cpu = t.count(r, "cpu_milli");
        long memory = t.count(r, "memory_mib");
        long gpus = t.count(r, "num_gpu");
        long milli = t.count(r, "gpu_milli");
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
        List<String> accepted = spec(t, r, models);
        long created = t.has("creation_time") ? t.optionalCount(r, "creation_time") : -1;
        long deleted = t.has("deletion_time") ? t.optionalCount(r, "deletion_time") : -1;
        if (needTimes && created < 0) {
            throw t.error(r, "creation_time", "", "is missing");
        }
        if (deleted >= 0 && created >= 0 && deleted < created) {
            throw t.error(r, "deletion_time", Long.toString(deleted), "is before creation_time " + created);
        }
        return new PodRow(name, cpu, memory, share ? milli : 0, share ? 0 : (int) gpus, accepted, created, deleted,
                t.where(r));
    }

    private static List<String> spec(CsvTable t, int r, Set<String> models) {
        String spec = t.has("gpu_spec") ? t.text(r, "gpu_spec") : "";
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
