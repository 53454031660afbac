package dev.caldera.k8s.convert;

import java.util.Map;

/** The annotations (and labels) Volcano reads from pods and PodGroups, and how their values parse. */
public final class Annotations {
    /** Pod to PodGroup, same namespace. */
    public static final String GROUP_NAME = "scheduling.k8s.io/group-name";
    /** "false" protects a pod from preemption and reclaim; default true. */
    public static final String PREEMPTABLE = "volcano.sh/preemptable";
    /** The pod's role in its gang, for minTaskMember. */
    public static final String TASK_SPEC = "volcano.sh/task-spec";
    /** The queue of the PodGroup Volcano creates for a pod that names none. */
    public static final String QUEUE_NAME = "scheduling.volcano.sh/queue-name";
    /** A queue's path in hierarchical DRF, e.g. {@code root/eng/prod}. */
    public static final String HIERARCHY = "volcano.sh/hierarchy";
    /** The weights along that path, e.g. {@code 1/2/8}. */
    public static final String HIERARCHY_WEIGHTS = "volcano.sh/hierarchy-weights";
    /** The GPU devices a pod holds on its node (Volcano's deviceshare), comma-separated indices. */
    public static final String GPU_INDEX = "volcano.sh/gpu-index";
    /** A PodGroup's SLA waiting time (Go duration). */
    public static final String SLA_WAITING_TIME = "sla-waiting-time";

    private Annotations() {
    }

    static String get(Map<String, String> map, String key) {
        return map == null ? null : map.get(key);
    }

    /** The device mask of a {@code volcano.sh/gpu-index} value ("0,2"), 0 when absent. */
    static long gpuIndex(String text, String object) {
        if (text == null || text.isBlank()) {
            return 0;
        }
        long mask = 0;
        for (String part : text.split(",")) {
            int index;
            try {
                index = Integer.parseInt(part.trim());
            } catch (NumberFormatException e) {
                index = -1;
            }
            if (index < 0 || index > 63) {
                throw new ConversionException(object, "metadata.annotations[" + GPU_INDEX + "]",
                        "must list GPU indices 0 to 63 separated by commas, got '" + text + "'");
            }
            mask |= 1L << index;
        }
        return mask;
    }

    /** Go's strconv.ParseBool, which Volcano uses for annotation flags. */
    static boolean parseBool(String text, String object, String field) {
        switch (text) {
            case "1", "t", "T", "true", "TRUE", "True":
                return true;
            case "0", "f", "F", "false", "FALSE", "False":
                return false;
            default:
                throw new ConversionException(object, field, "must be true or false, got "
                        + dev.caldera.k8s.manifest.token.Quote.of(text));
        }
    }
}
