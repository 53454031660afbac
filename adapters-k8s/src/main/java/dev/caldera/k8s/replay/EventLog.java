package dev.caldera.k8s.replay;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caldera.k8s.manifest.ManifestException;
import dev.caldera.k8s.quantity.Quantities;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.QueueSpec;
import dev.caldera.kernel.plugin.deviceshare.WorkloadMix;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Caldera's own trace format: JSON lines, one event per line, {@code time} in seconds (a number, fractions
 * allowed) and a {@code kind}: {@code node}, {@code remove-node}, {@code queue}, {@code group}, {@code pod},
 * {@code delete}. Blank lines and lines starting with {@code #} are skipped; events may come in any order and
 * apply in time order (file order for equal times). The whole file is read and checked before anything is
 * replayed; a bad line is refused with {@code file:line} and why. The fields are documented in
 * docs/REPLAY.md.
 */
public final class EventLog {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> KINDS = Set.of("node", "remove-node", "queue", "group", "pod", "delete");

    private final Path file;
    private final TraceObjects objects = new TraceObjects();
    private final List<TraceEvent> events = new ArrayList<>();
    private final List<ReplayPod> pods = new ArrayList<>();
    private final Map<String, Integer> podIndex = new HashMap<>();
    private final Set<String> nodes = new HashSet<>();
    private final Set<String> models = new TreeSet<>();
    private final Set<String> groups = new HashSet<>();
    private final List<Pending> pending = new ArrayList<>();
    private final WorkloadMix.Counter shapes = new WorkloadMix.Counter();

    private EventLog(Path file) {
        this.file = file;
    }

    /** Reads and checks the whole file. */
    public static Trace read(Path file) {
        EventLog log = new EventLog(file);
        log.readLines();
        log.resolve();
        return new Trace(file.getFileName() + " (events)", log.events, log.pods,
                log.shapes.mix());
    }

    /** A line whose meaning depends on lines that may come later (pods name groups and models, deletes name pods). */
    private record Pending(long timeMs, JsonNode event, String where) {
    }

    private void readLines() {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            int number = 0;
            while ((line = in.readLine()) != null) {
                number++;
                String trimmed = line.trim();
                if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                    continue;
                }
                line(trimmed, file + ":" + number);
            }
        } catch (IOException e) {
            throw new ManifestException(file + ": cannot read: " + e.getMessage(), e);
        }
        if (events.isEmpty() && pending.isEmpty()) {
            throw new ManifestException(file + ": no events");
        }
    }

    private void line(String text, String where) {
        JsonNode e;
        try {
            e = JSON.readTree(text);
        } catch (JsonProcessingException ex) {
            throw new ManifestException(where + ": not a JSON object: " + ex.getOriginalMessage());
        }
        if (e == null || !e.isObject()) {
            throw new ManifestException(where + ": not a JSON object");
        }
        String kind = text(e, "kind", where, null);
        if (!KINDS.contains(kind)) {
            throw new ManifestException(where + ": kind must be one of " + String.join(", ", new TreeSet<>(KINDS))
                    + ", got '" + kind + "'");
        }
        long timeMs = seconds(e, "time", where, true);
        switch (kind) {
            case "node" -> node(e, timeMs, where);
            case "remove-node" -> events.add(new TraceEvent.RemoveNode(timeMs, name(e, where), where));
            case "queue" -> queue(e, timeMs, where);
            case "group" -> group(e, timeMs, where);
            default -> pending.add(new Pending(timeMs, e, where));
        }
    }

    private void node(JsonNode e, long timeMs, String where) {
        String name = name(e, where);
        if (!nodes.add(name)) {
            throw new ManifestException(where + ": node " + name + " is defined twice");
        }
        int gpus = (int) whole(e, "gpus", where, 0, 64);
        String model = text(e, "gpuModel", where, "");
        if (gpus > 0 && model.isEmpty()) {
            throw new ManifestException(where + ": gpuModel is required for a node with GPUs");
        }
        if (gpus > 0) {
            models.add(model);
        }
        Map<String, String> labels = new LinkedHashMap<>();
        JsonNode l = e.get("labels");
        if (l != null && !l.isNull()) {
            if (!l.isObject()) {
                throw new ManifestException(where + ": labels must be an object of strings");
            }
            for (Map.Entry<String, JsonNode> f : l.properties()) {
                labels.put(f.getKey(), f.getValue().asText());
            }
        }
        ReplayNode n = new ReplayNode(objects.node(name, quantity(e, "cpu", where, true), quantity(e, "memory", where,
                true), gpus, model, labels, where), gpus, where);
        events.add(new TraceEvent.AddNode(timeMs, n));
    }

    private void queue(JsonNode e, long timeMs, String where) {
        int weight = (int) whole(e, "weight", where, 1, Integer.MAX_VALUE);
        events.add(new TraceEvent.AddQueue(timeMs, QueueSpec.open(name(e, where), Math.max(1, weight))));
    }

    private void group(JsonNode e, long timeMs, String where) {
        String name = name(e, where);
        if (!groups.add(name)) {
            throw new ManifestException(where + ": group " + name + " is defined twice");
        }
        int minMember = (int) whole(e, "minMember", where, 1, Integer.MAX_VALUE);
        String queue = text(e, "queue", where, "default");
        events.add(new TraceEvent.AddGroup(timeMs, new JobSpec(TraceObjects.NAMESPACE, name, queue, minMember, Map.of(),
                text(e, "priorityClass", where, null), null, "Pending", timeMs)));
    }

    /** Pods and deletes, once every node and group is known. */
    private void resolve() {
        for (Pending p : pending) {
            if (text(p.event(), "kind", p.where(), null).equals("pod")) {
                pod(p.event(), p.timeMs(), p.where());
            }
        }
        for (Pending p : pending) {
            if (text(p.event(), "kind", p.where(), null).equals("delete")) {
                String name = name(p.event(), p.where());
                Integer i = podIndex.get(name);
                if (i == null) {
                    throw new ManifestException(p.where() + ": delete names pod " + name + ", which no line creates");
                }
                events.add(new TraceEvent.DeletePod(p.timeMs(), i));
            }
        }
    }

    private void pod(JsonNode e, long timeMs, String where) {
        String name = name(e, where);
        if (podIndex.containsKey(name)) {
            throw new ManifestException(where + ": pod " + name + " is defined twice");
        }
        String group = text(e, "group", where, null);
        if (group != null && !groups.contains(group)) {
            throw new ManifestException(where + ": group " + group + " is not defined (add a line with kind group)");
        }
        long shareMilli = 0;
        int gpus = 0;
        double gpu = number(e, "gpu", where, 0);
        if (gpu > 0 && gpu < 1) {
            shareMilli = Math.round(gpu * 1000);
            if (Math.abs(shareMilli - gpu * 1000) > 1e-6 || shareMilli == 0) {
                throw new ManifestException(where + ": gpu " + gpu + " must be whole thousandths of a GPU");
            }
        } else if (gpu >= 1) {
            if (gpu != Math.rint(gpu) || gpu > 64) {
                throw new ManifestException(where + ": gpu must be a fraction below 1 (a share of one GPU) or a"
                        + " whole number of GPUs up to 64, got " + gpu);
            }
            gpus = (int) gpu;
        }
        List<String> accepted = models(e, where);
        long durationMs = e.has("duration") ? seconds(e, "duration", where, true) : -1;
        TraceObjects.PodShape shape = new TraceObjects.PodShape(quantity(e, "cpu", where, false),
                quantity(e, "memory", where, false), shareMilli, gpus, accepted, text(e, "queue", where, null),
                text(e, "priorityClass", where, null), group);
        int index = pods.size();
        ReplayPod p = objects.pod(index, name, shape, timeMs, -1, durationMs, where);
        pods.add(p);
        podIndex.put(name, index);
        events.add(new TraceEvent.CreatePod(timeMs, p));
        shapes.add(new WorkloadMix.Shape(shape.cpuMilli(), shareMilli * 1000, gpus, Set.copyOf(accepted)));
    }

    private List<String> models(JsonNode e, String where) {
        JsonNode m = e.get("gpuModels");
        if (m == null || m.isNull()) {
            return List.of();
        }
        if (!m.isArray()) {
            throw new ManifestException(where + ": gpuModels must be a list of GPU model names");
        }
        Set<String> out = new TreeSet<>();
        for (JsonNode v : m) {
            String model = v.asText();
            if (!models.contains(model)) {
                throw new ManifestException(where + ": gpuModels names GPU type '" + model + "', which no node has"
                        + " (nodes have: " + String.join(", ", models) + ")");
            }
            out.add(model);
        }
        return List.copyOf(out);
    }

    private static String name(JsonNode e, String where) {
        String name = text(e, "name", where, null);
        if (name == null || name.isBlank()) {
            throw new ManifestException(where + ": name is required");
        }
        return name;
    }

    private static String text(JsonNode e, String field, String where, String fallback) {
        JsonNode v = e.get(field);
        if (v == null || v.isNull()) {
            if (fallback == null && (field.equals("kind") || field.equals("name"))) {
                throw new ManifestException(where + ": " + field + " is required");
            }
            return fallback;
        }
        if (!v.isValueNode()) {
            throw new ManifestException(where + ": " + field + " must be a string");
        }
        return v.asText();
    }

    private static double number(JsonNode e, String field, String where, double fallback) {
        JsonNode v = e.get(field);
        if (v == null || v.isNull()) {
            return fallback;
        }
        if (!v.isNumber() || v.asDouble() < 0 || !Double.isFinite(v.asDouble())) {
            throw new ManifestException(where + ": " + field + " must be a number of at least 0, got " + v);
        }
        return v.asDouble();
    }

    private static long whole(JsonNode e, String field, String where, long fallback, long max) {
        JsonNode v = e.get(field);
        if (v == null || v.isNull()) {
            return fallback;
        }
        if (!v.isIntegralNumber() || v.asLong() < 0 || v.asLong() > max) {
            throw new ManifestException(where + ": " + field + " must be a whole number from 0 to " + max + ", got " + v);
        }
        return v.asLong();
    }

    /** Seconds (fractions allowed) as milliseconds. */
    private static long seconds(JsonNode e, String field, String where, boolean required) {
        JsonNode v = e.get(field);
        if (v == null || v.isNull()) {
            if (required) {
                throw new ManifestException(where + ": " + field + " is required (seconds)");
            }
            return -1;
        }
        double s = number(e, field, where, 0);
        return Math.round(s * 1000);
    }

    /** A Kubernetes quantity ("500m", "16Gi") or a plain number, in canonical units. */
    private static long quantity(JsonNode e, String field, String where, boolean required) {
        JsonNode v = e.get(field);
        String resource = field.equals("cpu") ? "cpu" : "memory";
        if (v == null || v.isNull()) {
            if (required) {
                throw new ManifestException(where + ": " + field + " is required");
            }
            return 0;
        }
        try {
            long amount = Quantities.canonical(resource, v.asText());
            if (amount < 0) {
                throw new IllegalArgumentException("must not be negative");
            }
            return amount;
        } catch (IllegalArgumentException ex) {
            throw new ManifestException(where + ": " + field + " '" + v.asText() + "' " + ex.getMessage());
        }
    }
}
