package dev.caldera.kernel.plugin.predicates;

import dev.caldera.kernel.conf.ConfException;
import dev.caldera.kernel.plugin.PluginArguments;

/**
 * The {@code predicate.*} arguments of Volcano v1.7's predicates plugin, checked when the plugin is built.
 * <ul>
 *   <li>Honoured: {@code predicate.NodeAffinityEnable} (node selector and required node affinity),
 *       {@code predicate.TaintTolerationEnable}, {@code predicate.NodePortsEnable}; all default true.
 *       NodeUnschedulable has no switch in Volcano and is always checked.</li>
 *   <li>Accepted with no effect: {@code predicate.PodAffinityEnable}, {@code predicate.NodeVolumeLimitsEnable},
 *       {@code predicate.VolumeZoneEnable}, {@code predicate.PodTopologySpreadEnable} (the kernel carries no
 *       pod affinity, volumes or topology spread constraints, so those kube filters pass every node), and
 *       {@code predicate.CacheEnable} (Volcano's equivalence cache of the stable filters; compiling each
 *       placement profile once is the same thing, so results do not change).</li>
 *   <li>Rejected when switched on: {@code predicate.GPUSharingEnable}, {@code predicate.GPUNumberEnable},
 *       {@code predicate.ProportionalEnable}: Caldera does not implement them and will not pretend to.
 *       {@code predicate.resources} and {@code predicate.resources.<name>.cpu|memory} (the proportional
 *       rates) are type-checked only.</li>
 * </ul>
 * A value of the wrong type is a {@link ConfException} naming the plugin, the key and why.
 */
record PredicateOptions(boolean nodeAffinity, boolean taintToleration, boolean nodePorts) {
    static final String NODE_AFFINITY = "predicate.NodeAffinityEnable";
    static final String NODE_PORTS = "predicate.NodePortsEnable";
    static final String TAINT_TOLERATION = "predicate.TaintTolerationEnable";
    static final String RESOURCES = "predicate.resources";

    private static final String[] ACCEPTED_FLAGS = {
        "predicate.PodAffinityEnable", "predicate.NodeVolumeLimitsEnable", "predicate.VolumeZoneEnable",
        "predicate.PodTopologySpreadEnable", "predicate.CacheEnable",
    };
    private static final String[] UNSUPPORTED_FLAGS = {
        "predicate.GPUSharingEnable", "predicate.GPUNumberEnable", "predicate.ProportionalEnable",
    };

    static PredicateOptions from(PluginArguments args) {
        for (String key : ACCEPTED_FLAGS) {
            args.flag(key, false);
        }
        for (String key : UNSUPPORTED_FLAGS) {
            if (args.flag(key, false)) {
                throw new ConfException(PredicatesPlugin.NAME + ": " + key + "=true is not supported by Caldera");
            }
        }
        checkProportionalRates(args);
        return new PredicateOptions(args.flag(NODE_AFFINITY, true), args.flag(TAINT_TOLERATION, true),
                args.flag(NODE_PORTS, true));
    }

    private static void checkProportionalRates(PluginArguments args) {
        for (String resource : args.text(RESOURCES, "").split(",")) {
            String name = resource.trim();
            if (!name.isEmpty()) {
                args.number(RESOURCES + "." + name + ".cpu", 1.0);
                args.number(RESOURCES + "." + name + ".memory", 1.0);
            }
        }
    }
}
