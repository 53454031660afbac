package dev.caldera.kernel.plugin.predicates;

import dev.caldera.kernel.framework.PluginArguments;

/**
 * The arguments of current Volcano's predicates plugin ({@code plugins/predicates/predicates.go} {@code New},
 * {@code helper.go}), read the way it reads them.
 * <ul>
 *   <li>Honoured: {@code predicate.NodeAffinityEnable} (node selector and required node affinity),
 *       {@code predicate.TaintTolerationEnable}, {@code predicate.NodePortsEnable},
 *       {@code predicate.PodAffinityEnable} (InterPodAffinity) and {@code predicate.PodTopologySpreadEnable}
 *       (PodTopologySpread's DoNotSchedule constraints); all default true, read with Volcano's {@code GetBool}
 *       (a value of another type is ignored with a warning). NodeUnschedulable has no switch in Volcano and is
 *       always checked.</li>
 *   <li>Accepted with no effect: {@code predicate.NodeVolumeLimitsEnable}, {@code predicate.VolumeZoneEnable},
 *       {@code predicate.VolumeBindingEnable} (the kernel carries no volumes, so those kube filters pass every
 *       node; pods with volume claims are reported when read), and {@code predicate.CacheEnable} (Volcano's
 *       equivalence cache of the stable filters; compiling each placement profile once is the same thing).</li>
 *   <li>{@code volumebinding.weight}, {@code volumebinding.bindTimeoutSeconds} (while volume binding is on) and
 *       {@code dynamicresources.filterTimeoutSeconds}: Volcano decodes them with {@code Get[T]} and stops with a
 *       fatal error when they are not integers, and its volume binding plugin refuses a negative timeout; Caldera
 *       refuses the same configurations and otherwise ignores the values (it has no volumes).</li>
 *   <li>{@code predicate.GPUSharingEnable}, {@code predicate.GPUNumberEnable}, {@code predicate.ProportionalEnable}
 *       and {@code predicate.resources*}: older Volcano releases read them; current Volcano's predicates plugin
 *       does not (GPU sharing moved to the deviceshare plugin), so they are ignored, with a warning when a
 *       switch is on.</li>
 * </ul>
 */
record PredicateOptions(boolean nodeAffinity, boolean taintToleration, boolean nodePorts, boolean podAffinity,
                        boolean podTopologySpread) {
    static final String NODE_AFFINITY = "predicate.NodeAffinityEnable";
    static final String NODE_PORTS = "predicate.NodePortsEnable";
    static final String TAINT_TOLERATION = "predicate.TaintTolerationEnable";
    static final String POD_AFFINITY = "predicate.PodAffinityEnable";
    static final String POD_TOPOLOGY_SPREAD = "predicate.PodTopologySpreadEnable";
    static final String VOLUME_BINDING = "predicate.VolumeBindingEnable";

    private static final String[] ACCEPTED_FLAGS = {
        "predicate.NodeVolumeLimitsEnable", "predicate.VolumeZoneEnable", "predicate.CacheEnable",
    };
    private static final String[] RETIRED_FLAGS = {
        "predicate.GPUSharingEnable", "predicate.GPUNumberEnable", "predicate.ProportionalEnable",
    };

    static PredicateOptions from(PluginArguments args) {
        for (String key : ACCEPTED_FLAGS) {
            args.flag(key, false);
        }
        for (String key : RETIRED_FLAGS) {
            if (Boolean.TRUE.equals(args.raw().asMap().get(key))) {
                args.warn(key, "true is ignored: current Volcano's predicates plugin no longer reads it (GPU"
                        + " sharing moved to the deviceshare plugin, which Caldera does not implement)");
            }
        }
        if (args.flag(VOLUME_BINDING, true)) {
            checkVolumeBinding(args);
        }
        args.raw().decodeInt("dynamicresources.filterTimeoutSeconds");
        return new PredicateOptions(args.flag(NODE_AFFINITY, true), args.flag(TAINT_TOLERATION, true),
                args.flag(NODE_PORTS, true), args.flag(POD_AFFINITY, true), args.flag(POD_TOPOLOGY_SPREAD, true));
    }

    /** What Volcano's setUpVolumeBindingArgs and the volume binding plugin's validation refuse. */
    private static void checkVolumeBinding(PluginArguments args) {
        args.raw().decodeInt("volumebinding.weight");
        Long timeout = args.raw().decodeLong("volumebinding.bindTimeoutSeconds");
        if (timeout != null && timeout < 0) {
            throw args.error("volumebinding.bindTimeoutSeconds", timeout + " is negative: Volcano's volume binding"
                    + " plugin refuses it and the scheduler stops");
        }
    }
}
