package dev.caldera.kernel.plugin.binpack;

import dev.caldera.kernel.framework.PluginArguments;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The arguments of Volcano's binpack plugin ({@code plugins/binpack/binpack.go}, {@code calculateWeight}):
 * {@code binpack.weight} (default 1; 0 switches the plugin off; a negative weight is used as it is, turning
 * packing into spreading), {@code binpack.cpu} and {@code binpack.memory} (default 1), {@code binpack.resources}
 * (a comma separated list of extra resources) and {@code binpack.resources.<name>} (default 1 each). As in
 * Volcano, cpu and memory always take {@code binpack.cpu} / {@code binpack.memory}, even when listed as extras.
 * <p>
 * As in Volcano, a negative resource weight becomes 1 and a value of the wrong type is ignored (the default
 * stays); Caldera says so in a warning naming the key, where Volcano is silent or logs it.
 */
record BinpackWeights(int weight, int cpu, int memory, Map<String, Integer> resources) {
    static final String WEIGHT = "binpack.weight";
    static final String CPU = "binpack.cpu";
    static final String MEMORY = "binpack.memory";
    static final String RESOURCES = "binpack.resources";

    BinpackWeights {
        resources = Map.copyOf(resources);
    }

    static BinpackWeights from(PluginArguments args) {
        Map<String, Integer> extra = new LinkedHashMap<>();
        for (String listed : args.text(RESOURCES, "").split(",")) {
            String name = listed.trim();
            if (!name.isEmpty()) {
                extra.put(name, resourceWeight(args, RESOURCES + "." + name));
            }
        }
        return new BinpackWeights(args.weight(WEIGHT, 1), resourceWeight(args, CPU), resourceWeight(args, MEMORY),
                extra);
    }

    /** Volcano replaces a negative resource weight by 1. */
    private static int resourceWeight(PluginArguments args, String key) {
        int w = args.weight(key, 1);
        if (w < 0) {
            args.warn(key, w + " is negative; Volcano's binpack uses 1 instead, and so does Caldera");
            return 1;
        }
        return w;
    }
}
