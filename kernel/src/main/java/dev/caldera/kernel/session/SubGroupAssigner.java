package dev.caldera.kernel.session;

import dev.caldera.kernel.topology.SubGroupPolicySpec;
import dev.caldera.kernel.cluster.Symbols;
import dev.caldera.kernel.session.Session;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Splits a job's tasks into sub-jobs as Volcano's {@code JobInfo.getOrCreateSubJob} does (api/job_info.go,
 * api/sub_job_info.go {@code getSubJobMatchValues}): the first policy whose {@code labelSelector} matches the
 * pod's labels and whose every {@code matchLabelKeys} label the pod carries (non-empty) takes it, into the
 * sub-job of those labels' values; a policy without matchLabelKeys takes no pod. Each such sub-job is ready at
 * {@code subGroupSize} tasks (1 when unset), carries the policy's network topology, and is ordered by its first
 * value read as a number (0 otherwise) and then by its key ({@code policy-value1-value2...}). Other tasks form
 * the default sub-job (key "", ready at the job's minMember when the job has no policy, else at 1).
 * <p>
 * Threading: scheduling thread. Allocates per job with sub-group policies at session open.
 */
final class SubGroupAssigner {
    private final Object2IntOpenHashMap<String> byKey = new Object2IntOpenHashMap<>();

    SubGroupAssigner() {
        byKey.defaultReturnValue(-1);
    }

    void assign(Session s, int job, List<SubGroupPolicySpec> policies, SubJobs sj, int[] subJobOfTask) {
        IntArrayList tasks = s.jobTable().tasks(job);
        if (policies.isEmpty()) {
            sj.reset(1, s.dims().count());
            defaults(sj, 0, s.jobTable().minMember(job));
            for (int i = 0; i < tasks.size(); i++) {
                subJobOfTask[tasks.getInt(i)] = 0;
            }
            return;
        }
        byKey.clear();
        List<String> keys = new ArrayList<>();
        List<int[]> shape = new ArrayList<>();
        int[] of = new int[tasks.size()];
        for (int i = 0; i < tasks.size(); i++) {
            of[i] = subJobOf(s, tasks.getInt(i), policies, keys, shape);
        }
        sj.reset(keys.size(), s.dims().count());
        for (int k = 0; k < keys.size(); k++) {
            int[] p = shape.get(k);
            sj.key(k, keys.get(k));
            sj.policy(k, p[0]);
            sj.minAvailable(k, p[1]);
            sj.matchIndex(k, p[2]);
        }
        for (int i = 0; i < tasks.size(); i++) {
            subJobOfTask[tasks.getInt(i)] = of[i];
        }
    }

    private static void defaults(SubJobs sj, int k, int minAvailable) {
        sj.policy(k, -1);
        sj.key(k, JobTopologyResolver.DEFAULT_SUB_JOB);
        sj.minAvailable(k, minAvailable);
        sj.matchIndex(k, 0);
    }

    /** The sub-job index of {@code task}, creating it (key and {policy, size, matchIndex}) on first sight. */
    private int subJobOf(Session s, int task, List<SubGroupPolicySpec> policies, List<String> keys,
                         List<int[]> shape) {
        Map<String, String> labels = labels(s, task);
        for (int p = 0; p < policies.size(); p++) {
            List<String> values = matchValues(policies.get(p), labels);
            if (values != null && !values.isEmpty()) {
                SubGroupPolicySpec policy = policies.get(p);
                return index(policy.name() + "-" + String.join("-", values), keys, shape,
                        new int[] {p, policy.subGroupSize() == null ? 1 : policy.subGroupSize(), number(values.get(0))});
            }
        }
        return index(JobTopologyResolver.DEFAULT_SUB_JOB, keys, shape, new int[] {-1, 1, 0});
    }

    private int index(String key, List<String> keys, List<int[]> shape, int[] what) {
        int k = byKey.getInt(key);
        if (k < 0) {
            k = keys.size();
            keys.add(key);
            shape.add(what);
            byKey.put(key, k);
        }
        return k;
    }

    /** Volcano's getSubJobMatchValues: null when the pod is not the policy's, else the matchLabelKeys values. */
    static List<String> matchValues(SubGroupPolicySpec policy, Map<String, String> labels) {
        if (policy.labelSelector() != null && !policy.labelSelector().matches(labels)) {
            return null;
        }
        List<String> values = new ArrayList<>(policy.matchLabelKeys().size());
        for (String key : policy.matchLabelKeys()) {
            String value = labels.get(key);
            if (value == null || value.isEmpty()) {
                return null;
            }
            values.add(value);
        }
        return values;
    }

    private static int number(String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static Map<String, String> labels(Session s, int task) {
        int[] pairs = s.taskTable().labels(task);
        if (pairs == null || pairs.length == 0) {
            return Map.of();
        }
        Symbols symbols = s.symbolTable();
        Map<String, String> out = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            out.put(symbols.string(pairs[i]), symbols.string(pairs[i + 1]));
        }
        return out;
    }
}
