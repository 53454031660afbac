package dev.caldera.k8s.convert;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Volcano's {@code calcPGMinResources} for a vcjob's PodGroup: tasks ordered by the priority of their template's
 * priority class (highest first; stable otherwise). When the Job's minAvailable is below the tasks' minAvailable
 * summed, the requests of the first minAvailable pods in that order ({@code CalcFirstCountResources}); otherwise
 * each task's minAvailable pods, then pods from the tasks' other replicas until minAvailable is reached
 * ({@code CalcPGMinResources}). Pod requests are the Kubernetes effective request, plus one {@code pods}, as
 * the quota usage Volcano sums.
 */
final class MinResources {
    private MinResources() {
    }

    static Map<String, Long> of(List<VcTask> tasks, int minAvailable, String object) {
        List<VcTask> byPriority = new ArrayList<>(tasks);
        byPriority.sort((a, b) -> Integer.compare(b.priority(), a.priority()));
        int taskMinimums = 0;
        for (VcTask t : tasks) {
            taskMinimums += t.minAvailable();
        }
        Map<String, Long> out = new LinkedHashMap<>();
        if (minAvailable < taskMinimums) {
            firstCount(byPriority, minAvailable, out);
        } else {
            minimumsThenFill(byPriority, minAvailable, out);
        }
        return out;
    }

    private static void firstCount(List<VcTask> tasks, int count, Map<String, Long> out) {
        for (VcTask t : tasks) {
            if (count <= t.replicas()) {
                add(out, t, count);
                return;
            }
            add(out, t, t.replicas());
            count -= t.replicas();
        }
    }

    private static void minimumsThenFill(List<VcTask> tasks, int minAvailable, Map<String, Long> out) {
        int pods = 0;
        for (VcTask t : tasks) {
            int take = Math.min(t.minAvailable(), minAvailable - pods);
            add(out, t, take);
            pods += take;
            if (pods >= minAvailable) {
                return;
            }
        }
        int left = minAvailable - pods;
        for (VcTask t : tasks) {
            if (t.minAvailable() == t.replicas()) {
                continue;
            }
            int spare = t.replicas() - t.minAvailable();
            int take = Math.min(spare, left);
            add(out, t, take);
            left -= take;
            if (left <= 0) {
                return;
            }
        }
    }

    private static void add(Map<String, Long> out, VcTask t, int pods) {
        if (pods <= 0) {
            return;
        }
        t.request().forEach((r, v) -> out.merge(r, Math.multiplyExact(v, (long) pods), Math::addExact));
        out.merge("pods", (long) pods, Long::sum);
    }
}
