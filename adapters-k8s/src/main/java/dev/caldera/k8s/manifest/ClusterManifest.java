package dev.caldera.k8s.manifest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caldera.k8s.model.HyperNode;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;
import io.fabric8.volcano.api.model.batch.v1alpha1.Job;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroup;
import io.fabric8.volcano.api.model.scheduling.v1beta1.Queue;

import dev.caldera.k8s.manifest.read.JacksonMessages;
import dev.caldera.k8s.manifest.read.ManifestKinds;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The objects of a cluster dump that scheduling reads, decoded into fabric8 model classes: Nodes and Pods
 * ({@code v1}), Volcano PodGroups and Queues ({@code scheduling.volcano.sh}), Volcano Jobs
 * ({@code batch.volcano.sh}, expanded by {@link dev.caldera.k8s.convert.VcJobExpander} into the PodGroup and
 * pods their controller would create), PriorityClasses ({@code scheduling.k8s.io}) and Volcano HyperNodes
 * ({@code topology.volcano.sh}, our own {@link HyperNode} model). Other kinds are skipped with one warning line
 * per kind.
 */
public final class ClusterManifest {
    public static final String SUPPORTED = ManifestKinds.SUPPORTED;

    public final List<Sourced<Node>> nodes = new ArrayList<>();
    public final List<Sourced<Pod>> pods = new ArrayList<>();
    public final List<Sourced<PodGroup>> podGroups = new ArrayList<>();
    public final List<Sourced<Queue>> queues = new ArrayList<>();
    public final List<Sourced<PriorityClass>> priorityClasses = new ArrayList<>();
    public final List<Sourced<HyperNode>> hyperNodes = new ArrayList<>();
    public final List<Sourced<Job>> vcJobs = new ArrayList<>();

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private ClusterManifest() {
    }

    /** Decodes {@code documents}; warnings (skipped kinds) go to {@code warnings}, one line each. */
    public static ClusterManifest of(List<ManifestDocument> documents, Consumer<String> warnings) {
        ClusterManifest m = new ClusterManifest();
        Map<String, Skipped> skipped = new LinkedHashMap<>();
        for (ManifestDocument d : documents) {
            requireHeader(d);
            if (!m.take(d)) {
                skipped.computeIfAbsent(d.kind() + " (" + d.apiVersion() + ")", k -> new Skipped(d)).count++;
            }
        }
        skipped.forEach((what, s) -> warnings.accept(s.first.location() + ": skipping " + s.count + " " + what
                + (s.count == 1 ? " object" : " objects") + ": " + why(s.first)));
        return m;
    }

    private boolean take(ManifestDocument d) {
        String kind = d.kind();
        String group = d.group();
        switch (kind) {
            case "Node" -> { return add(d, group.isEmpty(), Node.class, nodes); }
            case "Pod" -> { return add(d, group.isEmpty(), Pod.class, pods); }
            case "PodGroup" -> { return add(d, group.equals("scheduling.volcano.sh"), PodGroup.class, podGroups); }
            case "Queue" -> { return add(d, group.equals("scheduling.volcano.sh"), Queue.class, queues); }
            case "Job" -> { return add(d, group.equals("batch.volcano.sh"), Job.class, vcJobs); }
            case "PriorityClass" -> {
                return add(d, group.equals("scheduling.k8s.io"), PriorityClass.class, priorityClasses);
            }
            case HyperNode.KIND -> { return add(d, group.equals(HyperNode.GROUP), HyperNode.class, hyperNodes); }
            default -> { return false; }
        }
    }

    private static <T> boolean add(ManifestDocument d, boolean groupMatches, Class<T> type, List<Sourced<T>> into) {
        if (!groupMatches) {
            return false;
        }
        into.add(new Sourced<>(decode(d, type), d.location()));
        return true;
    }

    private static String why(ManifestDocument d) {
        return switch (d.kind()) {
            case "PodGroup", "Queue" -> "not Volcano's " + d.kind() + " (scheduling.volcano.sh)";
            case HyperNode.KIND -> "not Volcano's HyperNode (" + HyperNode.GROUP + ")";
            default -> "caldera simulate reads " + ManifestKinds.SUPPORTED;
        };
    }

    private static void requireHeader(ManifestDocument d) {
        if (d.apiVersion() == null) {
            throw new ManifestException(d.location() + ": " + describe(d) + ": apiVersion is required");
        }
        if (d.kind() == null) {
            throw new ManifestException(d.location() + ": " + describe(d) + ": kind is required");
        }
    }

    private static String describe(ManifestDocument d) {
        String name = d.name();
        String kind = d.kind() == null ? "object" : d.kind();
        if (name == null) {
            return kind + " without metadata.name";
        }
        return kind + " " + (d.namespace() == null ? "" : d.namespace() + "/") + name;
    }

    private static <T> T decode(ManifestDocument d, Class<T> type) {
        try {
            return MAPPER.treeToValue(d.tree(), type);
        } catch (JsonMappingException e) {
            String path = JacksonMessages.path(e);
            throw new ManifestException(d.location() + ": " + describe(d) + ": " + (path.isEmpty() ? "(document)"
                    : path) + ": " + JacksonMessages.simplify(e), e);
        } catch (JsonProcessingException e) {
            throw new ManifestException(d.location() + ": " + describe(d) + ": " + JacksonMessages.simplify(e), e);
        }
    }

    private static final class Skipped {
        final ManifestDocument first;
        int count;

        Skipped(ManifestDocument first) {
            this.first = first;
        }
    }
}
