package dev.caldera.kernel.testing;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.QueueSpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.placement.InterPodSpec;
import dev.caldera.kernel.placement.LabelOperator;
import dev.caldera.kernel.placement.LabelRequirement;
import dev.caldera.kernel.placement.LabelSelector;
import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.placement.PodAffinityTerm;
import dev.caldera.kernel.placement.SpreadConstraint;
import dev.caldera.kernel.placement.WeightedPodAffinityTerm;
import dev.caldera.kernel.resource.ResourceList;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Seeded random clusters whose pods tie themselves to other pods: nodes in zones and racks (some without a zone
 * label), pods already running (some with anti-affinity or preferred terms that reach pending pods), and gangs
 * whose pods carry required and preferred pod affinity and anti-affinity over hostname, rack or zone, and hard
 * and soft topology spread constraints, in two namespaces, with selectors that select their own gang, other
 * apps, or nothing.
 */
public final class RandomInterPod {
    private static final String[] APPS = {"web", "db", "cache", "batch"};
    private static final String[] KEYS = {"kubernetes.io/hostname", "rack", "topology.kubernetes.io/zone"};

    private RandomInterPod() {
    }

    public static void fill(ClusterCache cache, SplittableRandom r) {
        cache.upsertQueue(QueueSpec.open("q0", 1));
        cache.upsertQueue(QueueSpec.open("q1", 1));
        int nodes = 6 + r.nextInt(20);
        for (int n = 0; n < nodes; n++) {
            Map<String, String> labels = new LinkedHashMap<>();
            labels.put(KEYS[0], "n" + n);
            labels.put(KEYS[1], "r" + r.nextInt(4));
            if (r.nextInt(6) != 0) {
                labels.put(KEYS[2], "z" + r.nextInt(3));
            }
            long cpu = 1000L * (2 + r.nextInt(6));
            cache.upsertNode(new NodeSpec("n" + n, ResourceList.of("cpu", cpu, "memory", 16 * Clusters.GI,
                    "pods", 10L), labels, List.of(), false));
            if (r.nextInt(3) == 0) {
                running(cache, r, n);
            }
        }
        int jobs = 4 + r.nextInt(14);
        for (int j = 0; j < jobs; j++) {
            gang(cache, r, j);
        }
    }

    private static void running(ClusterCache cache, SplittableRandom r, int n) {
        String ns = "ns" + r.nextInt(2);
        String app = APPS[r.nextInt(APPS.length)];
        cache.upsertJob(new JobSpec(ns, "old" + n, "q0", 1, Map.of(), null, null, "Running", 0));
        byte status = r.nextInt(5) == 0 ? TaskStatus.RELEASING : TaskStatus.RUNNING;
        cache.upsertTask(TaskSpec.builder(ns, "old" + n + "-0").job("old" + n)
                .request(ResourceList.of("cpu", 500L, "memory", Clusters.GI)).status(status).nodeName("n" + n)
                .labels(Map.of("app", app)).interPod(r.nextInt(3) == 0 ? terms(r, app) : InterPodSpec.NONE).build());
    }

    private static void gang(ClusterCache cache, SplittableRandom r, int j) {
        String ns = "ns" + r.nextInt(2);
        String app = APPS[r.nextInt(APPS.length)];
        int tasks = 1 + r.nextInt(5);
        int min = 1 + r.nextInt(tasks);
        cache.upsertJob(new JobSpec(ns, "j" + j, "q" + r.nextInt(2), min, Map.of(), null, null, "Inqueue", j));
        InterPodSpec spec = r.nextInt(5) == 0 ? InterPodSpec.NONE : terms(r, app);
        PlacementSpec placement = r.nextInt(5) == 0
                ? new PlacementSpec(Map.of("rack", "r" + r.nextInt(4)), null, null, null, null) : PlacementSpec.NONE;
        ResourceList request = ResourceList.of("cpu", 250L * (1 + r.nextInt(4)), "memory", Clusters.GI);
        for (int t = 0; t < tasks; t++) {
            Map<String, String> labels = new LinkedHashMap<>();
            labels.put("app", app);
            labels.put("job", "j" + j);
            if (r.nextInt(3) == 0) {
                labels.put("index", Integer.toString(t));
            }
            cache.upsertTask(TaskSpec.builder(ns, "j" + j + "-w-" + t).job("j" + j).request(request)
                    .placement(placement).priority(r.nextInt(2)).creationMs(j).labels(labels).interPod(spec).build());
        }
    }

    /** A random mix of terms for a pod of {@code app}. */
    private static InterPodSpec terms(SplittableRandom r, String app) {
        List<PodAffinityTerm> affinity = new ArrayList<>();
        List<PodAffinityTerm> anti = new ArrayList<>();
        List<WeightedPodAffinityTerm> preferred = new ArrayList<>();
        List<WeightedPodAffinityTerm> preferredAnti = new ArrayList<>();
        List<SpreadConstraint> spread = new ArrayList<>();
        if (r.nextInt(3) == 0) {
            anti.add(term(r, app));
        }
        if (r.nextInt(5) == 0) {
            affinity.add(term(r, app));
        }
        if (r.nextInt(3) == 0) {
            preferred.add(new WeightedPodAffinityTerm(1 + r.nextInt(100), term(r, app)));
        }
        if (r.nextInt(4) == 0) {
            preferredAnti.add(new WeightedPodAffinityTerm(1 + r.nextInt(100), term(r, app)));
        }
        if (r.nextInt(3) == 0) {
            String key = KEYS[r.nextInt(KEYS.length)];
            boolean hard = r.nextBoolean();
            spread.add(new SpreadConstraint(1 + r.nextInt(2), key, hard, selector(r, app),
                    hard && r.nextInt(3) == 0 ? 2 + r.nextInt(3) : 1, r.nextInt(4) != 0, r.nextInt(4) == 0));
        }
        return InterPodSpec.of(affinity, anti, preferred, preferredAnti, spread);
    }

    private static PodAffinityTerm term(SplittableRandom r, String app) {
        String key = KEYS[r.nextInt(KEYS.length)];
        return switch (r.nextInt(6)) {
            case 0 -> new PodAffinityTerm(selector(r, app), List.of("ns0", "ns1"), null, key);
            case 1 -> new PodAffinityTerm(selector(r, app), List.of(), LabelSelector.EVERYTHING, key);
            default -> PodAffinityTerm.of(selector(r, app), key);
        };
    }

    private static LabelSelector selector(SplittableRandom r, String app) {
        return switch (r.nextInt(7)) {
            case 0 -> LabelSelector.EVERYTHING;
            case 1 -> new LabelSelector(Map.of(), List.of(new LabelRequirement("app", LabelOperator.NOT_IN,
                    List.of(app))));
            case 2 -> LabelSelector.of(Map.of("app", APPS[r.nextInt(APPS.length)]));
            case 3 -> new LabelSelector(Map.of(), List.of(new LabelRequirement("index", LabelOperator.EXISTS,
                    List.of())));
            default -> LabelSelector.of(Map.of("app", app));
        };
    }
}
