package dev.caldera.kernel.plugin.deviceshare;

import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.placement.SelectorOperator;
import dev.caldera.kernel.placement.SelectorRequirement;
import dev.caldera.kernel.placement.SelectorTerm;

import java.util.Set;
import java.util.TreeSet;

/**
 * The workload mix of the pods a session sees (pending and placed, not finished), when nothing set one: each
 * task counts once under its shape (cpu, GPU share or whole devices, accepted GPU models). The accepted models come from the pod's placement: a node
 * selector on the model label, or required node affinity whose every term has {@code In} on the model label;
 * anything else accepts every model.
 * <p>
 * Threading: scheduling thread, at session open. Cost: O(tasks + classes); allocates the counts.
 */
final class MixFromPods {
    private MixFromPods() {
    }

    static WorkloadMix derive(SessionView s, GpuClasses gpu, String modelLabel) {
        int[] perClass = new int[s.classes().size()];
        boolean any = false;
        for (int t = 0; t < s.tasks().rows(); t++) {
            byte status = s.status(t);
            if (s.tasks().live(t) && status != TaskStatus.SUCCEEDED && status != TaskStatus.FAILED) {
                perClass[s.tasks().taskClass(t)]++;
                any = true;
            }
        }
        if (!any) {
            return WorkloadMix.EMPTY;
        }
        WorkloadMix.Counter counter = new WorkloadMix.Counter();
        for (int c = 0; c < perClass.length; c++) {
            if (perClass[c] == 0) {
                continue;
            }
            Set<String> models = models(s.profiles().spec(s.classes().profile(c)), modelLabel);
            WorkloadMix.Shape shape = new WorkloadMix.Shape(gpu.cpu[c], gpu.share[c], gpu.whole[c] > 0 && gpu.share[c] > 0 ? 0
                    : gpu.whole[c], models);
            counter.add(shape, perClass[c]);
        }
        return counter.mix();
    }

    /** The models a placement accepts, empty for any. */
    static Set<String> models(PlacementSpec spec, String modelLabel) {
        if (spec == null) {
            return Set.of();
        }
        String selected = spec.nodeSelector().get(modelLabel);
        if (selected != null) {
            return Set.of(selected);
        }
        if (spec.requiredTerms().isEmpty()) {
            return Set.of();
        }
        Set<String> out = new TreeSet<>();
        for (SelectorTerm term : spec.requiredTerms()) {
            boolean constrains = false;
            for (SelectorRequirement r : term.labelExpressions()) {
                if (r.key().equals(modelLabel) && r.operator() == SelectorOperator.IN) {
                    out.addAll(r.values());
                    constrains = true;
                }
            }
            if (!constrains) {
                return Set.of();
            }
        }
        return out;
    }
}
