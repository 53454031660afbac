package dev.caldera.kernel.plugin.networktopology;

import dev.caldera.kernel.framework.PluginArguments;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The arguments of Volcano's network-topology-aware plugin ({@code plugins/network-topology-aware},
 * {@code getPriorityWeight}, {@code getNormalPodConfig}, {@code getMaxHyperNodesForEviction}): {@code weight}
 * (default 1) scales every score; {@code hypernode.binpack.cpu}, {@code hypernode.binpack.memory} (default 1)
 * and {@code hypernode.binpack.resources} (a comma separated list of extra resources) with
 * {@code hypernode.binpack.resources.<name>} (default 1) weigh the resources of the HyperNode bin-packing
 * score; {@code hypernode.binpack.normal-pod.enable} (default true) and
 * {@code hypernode.binpack.normal-pod.fading} (default 0.8) shape the score of pods without network topology;
 * {@code hypernode.gradient.evict.max-hypernodes} (default 8) caps the HyperNodes an eviction search looks at.
 * As in Volcano, a negative weight or fading and a max-hypernodes of 0 or less fall back to the default (with a
 * warning naming the key).
 */
record TopologyWeights(int weight, int cpu, int memory, Map<String, Integer> resources, boolean normalPodEnable,
                       double normalPodFading, int evictMaxHyperNodes) {
    static final String WEIGHT = "weight";
    static final String CPU = "hypernode.binpack.cpu";
    static final String MEMORY = "hypernode.binpack.memory";
    static final String RESOURCES = "hypernode.binpack.resources";
    static final String NORMAL_POD_ENABLE = "hypernode.binpack.normal-pod.enable";
    static final String NORMAL_POD_FADING = "hypernode.binpack.normal-pod.fading";
    static final String EVICT_MAX_HYPERNODES = "hypernode.gradient.evict.max-hypernodes";

    TopologyWeights {
        resources = Map.copyOf(resources);
    }

    static TopologyWeights from(PluginArguments args) {
        Map<String, Integer> extra = new LinkedHashMap<>();
        for (String listed : args.text(RESOURCES, "").split(",")) {
            String name = listed.trim();
            if (!name.isEmpty()) {
                extra.put(name, nonNegative(args, RESOURCES + "." + name));
            }
        }
        double fading = args.number(NORMAL_POD_FADING, 0.8);
        if (fading < 0) {
            args.warn(NORMAL_POD_FADING, fading + " is negative; Volcano uses 0.8 instead, and so does Caldera");
            fading = 0.8;
        }
        int evictMax = args.integer(EVICT_MAX_HYPERNODES, 8);
        if (evictMax <= 0) {
            args.warn(EVICT_MAX_HYPERNODES, evictMax + " is not positive; Volcano uses 8 instead, and so does Caldera");
            evictMax = 8;
        }
        return new TopologyWeights(nonNegative(args, WEIGHT), nonNegative(args, CPU), nonNegative(args, MEMORY), extra,
                args.flag(NORMAL_POD_ENABLE, true), fading, evictMax);
    }

    private static int nonNegative(PluginArguments args, String key) {
        int w = args.weight(key, 1);
        if (w < 0) {
            args.warn(key, w + " is negative; Volcano's network-topology-aware plugin uses 1 instead, and so does"
                    + " Caldera");
            return 1;
        }
        return w;
    }
}
