package dev.caldera.kernel.topology;

import dev.caldera.kernel.placement.LabelSelector;

/**
 * One {@code spec.members[]} entry of a HyperNode: a Node or a HyperNode, chosen by exactly one of an exact
 * name, a regular expression over node names (unanchored, as Go's {@code MatchString}), or a label selector
 * over node labels (Node members only). The others are null.
 */
public record HyperNodeMember(Type type, String exactName, String regex, LabelSelector labels) {
    /** {@code spec.members[].type}. */
    public enum Type {
        NODE("Node"),
        HYPER_NODE("HyperNode");

        private final String wire;

        Type(String wire) {
            this.wire = wire;
        }

        public String wire() {
            return wire;
        }
    }

    public HyperNodeMember {
        if (type == null) {
            throw new IllegalArgumentException("type is required (Node or HyperNode)");
        }
        int set = (exactName != null ? 1 : 0) + (regex != null ? 1 : 0) + (labels != null ? 1 : 0);
        if (set != 1) {
            throw new IllegalArgumentException("selector must have exactly one of exactMatch, regexMatch, labelMatch");
        }
        if (exactName != null && exactName.isEmpty()) {
            throw new IllegalArgumentException("selector.exactMatch.name is empty");
        }
        if (regex != null && regex.isEmpty()) {
            throw new IllegalArgumentException("selector.regexMatch.pattern is empty");
        }
    }

    public static HyperNodeMember node(String name) {
        return new HyperNodeMember(Type.NODE, name, null, null);
    }

    public static HyperNodeMember hyperNode(String name) {
        return new HyperNodeMember(Type.HYPER_NODE, name, null, null);
    }

    public static HyperNodeMember nodesMatching(String regex) {
        return new HyperNodeMember(Type.NODE, null, regex, null);
    }

    public static HyperNodeMember nodesLabelled(LabelSelector labels) {
        return new HyperNodeMember(Type.NODE, null, null, labels);
    }

    /** How the member reads in a report: {@code Node "n1"}, {@code Node regex "^rack1-"}, ... */
    public String describe() {
        String what = exactName != null ? "\"" + exactName + "\"" : regex != null ? "regex \"" + regex + "\""
                : "labels " + labels.matchLabels() + (labels.matchExpressions().isEmpty() ? ""
                : " " + labels.matchExpressions());
        return type.wire() + " " + what;
    }
}
