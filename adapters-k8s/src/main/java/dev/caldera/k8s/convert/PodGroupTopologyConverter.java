package dev.caldera.k8s.convert;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.type.TypeFactory;
import dev.caldera.k8s.model.PodGroupTopology;
import dev.caldera.kernel.topology.NetworkTopologySpec;
import dev.caldera.kernel.topology.SubGroupPolicySpec;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A PodGroup's {@code spec.networkTopology} and {@code spec.subGroupPolicy} (read from the fields fabric8's
 * PodGroupSpec keeps as additional properties) to kernel specs. Mode defaults to hard, as Volcano's API does.
 */
public final class PodGroupTopologyConverter {

    private PodGroupTopologyConverter() {
    }

    /** {@code spec.networkTopology}, or null when the PodGroup has none. */
    public static NetworkTopologySpec networkTopology(Map<String, Object> specExtras, String object) {
        Object raw = specExtras == null ? null : plain(specExtras.get("networkTopology"));
        if (raw == null) {
            return null;
        }
        if (!(raw instanceof Map || raw instanceof ObjectNode)) {
            throw new ConversionException(object, "spec.networkTopology", "must be a mapping (mode, highestTierAllowed,"
                    + " highestTierName), got " + kind(raw));
        }
        return topology(bind(raw, PodGroupTopology.NetworkTopology.class, object, "spec.networkTopology"), object,
                "spec.networkTopology");
    }

    /** {@code spec.subGroupPolicy}, empty when the PodGroup has none. */
    public static List<SubGroupPolicySpec> subGroupPolicy(Map<String, Object> specExtras, String object) {
        Object raw = specExtras == null ? null : plain(specExtras.get("subGroupPolicy"));
        if (raw == null) {
            return List.of();
        }
        if (!(raw instanceof List || raw instanceof ArrayNode)) {
            throw new ConversionException(object, "spec.subGroupPolicy", "must be a list of policies, got " + kind(raw));
        }
        List<PodGroupTopology.SubGroupPolicy> given = bind(raw, TypeFactory.defaultInstance()
                .constructCollectionType(List.class, PodGroupTopology.SubGroupPolicy.class), object,
                "spec.subGroupPolicy");
        List<SubGroupPolicySpec> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < given.size(); i++) {
            String path = "spec.subGroupPolicy[" + i + "]";
            SubGroupPolicySpec p = policy(given.get(i), object, path);
            if (!names.add(p.name())) {
                throw new ConversionException(object, path + ".name", "'" + p.name() + "' is used twice");
            }
            out.add(p);
        }
        return out;
    }

    private static SubGroupPolicySpec policy(PodGroupTopology.SubGroupPolicy p, String object, String path) {
        if (p == null || ObjectNames.emptyToNull(p.name()) == null) {
            throw new ConversionException(object, path + ".name", "is required");
        }
        if (p.subGroupSize() != null && p.subGroupSize() < 0) {
            throw new ConversionException(object, path + ".subGroupSize", "must be 0 or more, got " + p.subGroupSize());
        }
        int minSubGroups = p.minSubGroups() == null ? 0 : p.minSubGroups();
        if (minSubGroups < 0) {
            throw new ConversionException(object, path + ".minSubGroups", "must be 0 or more, got " + minSubGroups);
        }
        NetworkTopologySpec topology = p.networkTopology() == null ? null
                : topology(p.networkTopology(), object, path + ".networkTopology");
        return new SubGroupPolicySpec(p.name(), topology, p.subGroupSize(), minSubGroups,
                LabelSelectors.selector(p.labelSelector(), object, path + ".labelSelector"), p.matchLabelKeys());
    }

    private static NetworkTopologySpec topology(PodGroupTopology.NetworkTopology t, String object, String path) {
        NetworkTopologySpec.Mode mode = NetworkTopologySpec.Mode.HARD;
        if (ObjectNames.emptyToNull(t.mode()) != null) {
            mode = NetworkTopologySpec.Mode.parse(t.mode());
            if (mode == null) {
                throw new ConversionException(object, path + ".mode", "'" + t.mode() + "' is not hard or soft");
            }
        }
        if (t.highestTierAllowed() != null && t.highestTierAllowed() < 0) {
            throw new ConversionException(object, path + ".highestTierAllowed", "must be 0 or more, got "
                    + t.highestTierAllowed());
        }
        return new NetworkTopologySpec(mode, t.highestTierAllowed(), t.highestTierName());
    }

    /**
     * The value as a reader gave it: a plain map, list or scalar (fabric8 decoding), or a Jackson tree (the
     * streaming manifest reader); scalars of a tree become their Java values, a null tree node null.
     */
    private static Object plain(Object raw) {
        if (!(raw instanceof JsonNode node) || node.isContainerNode()) {
            return raw;
        }
        if (node.isNull() || node.isMissingNode()) {
            return null;
        }
        return node.isTextual() ? node.asText() : node.isNumber() ? node.numberValue() : node.isBoolean()
                ? node.booleanValue() : node.toString();
    }

    private static String kind(Object raw) {
        return raw instanceof String ? "the string '" + raw + "'" : raw instanceof Number ? "the number " + raw
                : raw instanceof Boolean ? "a boolean" : raw instanceof List || raw instanceof ArrayNode ? "a list"
                : "a mapping";
    }

    private static <T> T bind(Object raw, Class<T> type, String object, String path) {
        return bind(raw, TypeFactory.defaultInstance().constructType(type), object, path);
    }

    private static <T> T bind(Object raw, com.fasterxml.jackson.databind.JavaType type, String object, String path) {
        try {
            return Mapper.MAPPER.convertValue(raw, type);
        } catch (IllegalArgumentException e) {
            throw new ConversionException(object, path + where(e.getCause()), "has a value of the wrong type");
        }
    }

    /** The field path inside the bound value of a binding error ({@code [0].subGroupSize}), or "". */
    private static String where(Throwable cause) {
        if (!(cause instanceof com.fasterxml.jackson.databind.JsonMappingException m)) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        for (com.fasterxml.jackson.databind.JsonMappingException.Reference r : m.getPath()) {
            if (r.getFieldName() != null) {
                sb.append('.').append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                sb.append('[').append(r.getIndex()).append(']');
            }
        }
        return sb.toString();
    }

    /** Built on first use: a PodGroup without topology never loads Jackson's databind. */
    private static final class Mapper {
        static final ObjectMapper MAPPER = new ObjectMapper()
                .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    }
}
