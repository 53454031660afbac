package dev.caldera.kernel.plugin.binpack;

import dev.caldera.kernel.plugin.PluginArguments;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The arguments of Volcano v1.7's binpack plugin: {@code binpack.weight} (default 1; 0 switches the plugin
 * off), {@code binpack.cpu} and {@code binpack.memory} (default 1), {@code binpack.resources} (a comma
 * separated list of extra resources) and {@code binpack.resources.<name>} (default 1 each). As in Volcano,
 * cpu and memory always take {@code binpack.cpu} / {@code binpack.memory}, even when listed as extras.
 * <p>
 * Volcano silently replaces a negative resource weight by 1 and ignores a mistyped value; Caldera rejects
 * both with a ConfException naming the key.
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
                extra.put(name, args.weight(RESOURCES + "." + name, 1));
            }
        }
        return new BinpackWeights(args.weight(WEIGHT, 1), args.weight(CPU, 1), args.weight(MEMORY, 1), extra);
    }
}
