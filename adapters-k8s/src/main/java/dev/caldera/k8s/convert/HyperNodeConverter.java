package dev.caldera.k8s.convert;

import dev.caldera.k8s.model.HyperNode;
import dev.caldera.kernel.topology.HyperNodeMember;
import dev.caldera.kernel.topology.HyperNodeSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * HyperNodes to kernel specs. The object must be well formed ({@code spec.tier} a number of 0 or more, every
 * member of type Node or HyperNode with exactly one selector); what it points at (unknown nodes, cycles, tiers
 * out of order) is judged by the kernel, which reports and skips what is wrong.
 */
public final class HyperNodeConverter {
    private HyperNodeConverter() {
    }

    public static HyperNodeSpec of(HyperNode hyperNode) {
        String object = ObjectNames.clusterScoped("HyperNode", hyperNode.metadata());
        String name = ObjectNames.requireName(object, hyperNode.metadata());
        HyperNode.Spec spec = hyperNode.spec();
        if (spec == null || spec.tier() == null) {
            throw new ConversionException(object, "spec.tier", "is required");
        }
        if (spec.tier() < 0) {
            throw new ConversionException(object, "spec.tier", "must be 0 or more, got " + spec.tier());
        }
        List<HyperNodeMember> members = new ArrayList<>();
        List<HyperNode.Member> given = spec.members() == null ? List.of() : spec.members();
        for (int i = 0; i < given.size(); i++) {
            members.add(member(given.get(i), object, "spec.members[" + i + "]"));
        }
        return new HyperNodeSpec(name, spec.tier(), ObjectNames.emptyToNull(spec.tierName()), members);
    }

    private static HyperNodeMember member(HyperNode.Member m, String object, String path) {
        HyperNodeMember.Type type = type(m.type(), object, path + ".type");
        HyperNode.Selector s = m.selector();
        if (s == null) {
            throw new ConversionException(object, path + ".selector", "is required");
        }
        int set = (s.exactMatch() != null ? 1 : 0) + (s.regexMatch() != null ? 1 : 0) + (s.labelMatch() != null ? 1 : 0);
        if (set != 1) {
            throw new ConversionException(object, path + ".selector", "must have exactly one of exactMatch,"
                    + " regexMatch, labelMatch (has " + set + ")");
        }
        if (s.exactMatch() != null) {
            return new HyperNodeMember(type, required(s.exactMatch().name(), object, path + ".selector.exactMatch.name"),
                    null, null);
        }
        if (s.regexMatch() != null) {
            return new HyperNodeMember(type, null,
                    required(s.regexMatch().pattern(), object, path + ".selector.regexMatch.pattern"), null);
        }
        return new HyperNodeMember(type, null, null,
                LabelSelectors.selector(s.labelMatch(), object, path + ".selector.labelMatch"));
    }

    private static HyperNodeMember.Type type(String type, String object, String path) {
        if ("Node".equals(type)) {
            return HyperNodeMember.Type.NODE;
        }
        if ("HyperNode".equals(type)) {
            return HyperNodeMember.Type.HYPER_NODE;
        }
        throw new ConversionException(object, path, type == null ? "is required (Node or HyperNode)"
                : "'" + type + "' is not Node or HyperNode");
    }

    private static String required(String value, String object, String path) {
        if (ObjectNames.emptyToNull(value) == null) {
            throw new ConversionException(object, path, "is required");
        }
        return value;
    }
}
