package dev.caldera.kernel.plugin.deviceshare;

import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.framework.PluginArguments;

/**
 * The arguments of the {@code deviceshare} plugin. Volcano's own: {@code deviceshare.GPUSharingEnable}
 * (shares of one device, {@code volcano.sh/gpu-memory}), {@code deviceshare.GPUNumberEnable} (whole devices,
 * {@code volcano.sh/gpu-number}), {@code deviceshare.SchedulePolicy}, {@code deviceshare.ScheduleWeight} and
 * {@code deviceshare.NodeLockEnable} (accepted, nothing to lock in the kernel). Caldera's:
 * {@code deviceshare.GPUModelLabel} (the node label naming the GPU model, default
 * {@code nvidia.com/gpu.product}), {@code deviceshare.Seed} (the policies' random choices),
 * {@code deviceshare.TieBreak} ({@code shuffled}, the default: a seeded node order fixed for the run, as the
 * FGD paper's simulator breaks ties; {@code random}: redrawn for every placement; {@code rank}: node-name
 * order) and {@code deviceshare.Popularity} (the share of pods the workload mix derived from the
 * cluster's pods covers, default 0.95 as in FGD's simulator).
 * <p>
 * Differences from Volcano: both enable flags may be true together (Volcano refuses that); vGPU and NPU
 * sharing ({@code deviceshare.VGPUEnable}, {@code deviceshare.AscendMindClusterVNPUEnable},
 * {@code deviceshare.AscendHAMiVNPUEnable}) are refused.
 */
record DeviceShareOptions(boolean sharing, boolean number, Policy policy, int weight, String modelLabel, long seed,
                          TieBreak.Mode ties, double popularity) {
    static final String NAME = "deviceshare";
    static final String SHARING = "deviceshare.GPUSharingEnable";
    static final String NUMBER = "deviceshare.GPUNumberEnable";
    static final String POLICY = "deviceshare.SchedulePolicy";
    static final String WEIGHT = "deviceshare.ScheduleWeight";
    static final String MODEL_LABEL = "deviceshare.GPUModelLabel";
    static final String SEED = "deviceshare.Seed";
    static final String TIE_BREAK = "deviceshare.TieBreak";
    static final String POPULARITY = "deviceshare.Popularity";
    static final String DEFAULT_MODEL_LABEL = "nvidia.com/gpu.product";
    private static final String[] REFUSED = {
        "deviceshare.VGPUEnable", "deviceshare.AscendMindClusterVNPUEnable", "deviceshare.AscendHAMiVNPUEnable"};

    static DeviceShareOptions from(PluginArguments args) {
        for (String key : REFUSED) {
            if (args.flag(key, false)) {
                throw args.error(key, "is not supported by Caldera (only whole and shared GPUs are), got 'true'");
            }
        }
        args.flag("deviceshare.NodeLockEnable", false);
        String policyName = args.text(POLICY, "");
        Policy policy = policyName.isEmpty() ? Policy.NONE : Policy.parse(policyName);
        if (policy == null) {
            throw args.error(POLICY, "must be one of " + String.join(", ", Policy.names()) + ", got "
                    + Arguments.quote(policyName));
        }
        String tieText = args.text(TIE_BREAK, "shuffled");
        TieBreak.Mode ties = TieBreak.Mode.parse(tieText);
        if (ties == null) {
            throw args.error(TIE_BREAK, "must be shuffled, random or rank, got " + Arguments.quote(tieText));
        }
        double popularity = args.number(POPULARITY, 0.95);
        if (!(popularity > 0 && popularity <= 1)) {
            throw args.error(POPULARITY, "must be above 0 and at most 1, got " + Arguments.quote(popularity));
        }
        String label = args.text(MODEL_LABEL, DEFAULT_MODEL_LABEL);
        if (label.isBlank()) {
            throw args.error(MODEL_LABEL, "must name a node label, got " + Arguments.quote(label));
        }
        return new DeviceShareOptions(args.flag(SHARING, false), args.flag(NUMBER, false), policy,
                args.weight(WEIGHT, 1), label, args.integer(SEED, 0), ties, popularity);
    }

    boolean enabled() {
        return sharing || number;
    }
}
