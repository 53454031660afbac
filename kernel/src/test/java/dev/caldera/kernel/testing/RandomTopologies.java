package dev.caldera.kernel.testing;

import dev.caldera.kernel.topology.HyperNodeSpec;
import dev.caldera.kernel.cache.JobSpec;
import dev.caldera.kernel.topology.NetworkTopologySpec;
import dev.caldera.kernel.cache.NodeSpec;
import dev.caldera.kernel.cache.QueueSpec;
import dev.caldera.kernel.topology.SubGroupPolicySpec;
import dev.caldera.kernel.cache.TaskSpec;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.resource.ResourceList;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Seeded random clusters with network topology, as lists of specs (so a test can feed them in any order):
 * racks of 1-4 nodes (tier 1), grouped into spines (tier 2) and sometimes a core (tier 3), nodes of 2-8 cpu;
 * gangs of 1-8 pods of 1-3 cpu, hard mode with a random allowed tier, soft mode, or none, a quarter of them split
 * into sub-groups by a pod label (sub-groups of 1-3 pods, hard mode or none); a few tasks already running where
 * they fit; pods of another job Releasing on about a third of the nodes.
 */
public final class RandomTopologies {
    /** The pod label sub-group policies group on. */
    public static final String GROUP_LABEL = "group";
    public final List<NodeSpec> nodes = new ArrayList<>();
    public final List<HyperNodeSpec> hyperNodes = new ArrayList<>();
    public final List<JobSpec> jobs = new ArrayList<>();
    public final List<TaskSpec> tasks = new ArrayList<>();
    public final QueueSpec queue = QueueSpec.open("q1", 1);
    /** The highest real tier. */
    public int topTier;

    public static RandomTopologies of(long seed) {
        RandomTopologies t = new RandomTopologies();
        SplittableRandom r = new SplittableRandom(seed);
        long[] freeCpu = t.racks(r);
        t.leaving(r, freeCpu);
        t.gangs(r, freeCpu, 1 + r.nextInt(6));
        return t;
    }

    private long[] racks(SplittableRandom r) {
        int racks = 2 + r.nextInt(6);
        List<String> rackNames = new ArrayList<>();
        List<Long> free = new ArrayList<>();
        for (int k = 0; k < racks; k++) {
            int size = 1 + r.nextInt(4);
            String[] members = new String[size];
            for (int i = 0; i < size; i++) {
                members[i] = String.format("r%d-n%d", k, i);
                long cpu = 2000L * (1 + r.nextInt(4));
                free.add(cpu);
                nodes.add(new NodeSpec(members[i], ResourceList.of("cpu", cpu, "memory", 64L << 30, "pods", 110L),
                        Map.of(), List.of(), false));
            }
            rackNames.add("rack-" + k);
            hyperNodes.add(Topologies.ofNodes("rack-" + k, 1, members));
        }
        int spines = 1 + r.nextInt(Math.max(1, racks / 2));
        List<List<String>> bySpine = new ArrayList<>();
        for (int s = 0; s < spines; s++) {
            bySpine.add(new ArrayList<>());
        }
        for (int k = 0; k < racks; k++) {
            bySpine.get(r.nextInt(spines)).add(rackNames.get(k));
        }
        List<String> spineNames = new ArrayList<>();
        for (int s = 0; s < spines; s++) {
            if (!bySpine.get(s).isEmpty()) {
                spineNames.add("spine-" + s);
                hyperNodes.add(Topologies.ofHyperNodes("spine-" + s, 2, bySpine.get(s).toArray(new String[0])));
            }
        }
        topTier = 2;
        if (r.nextBoolean()) {
            hyperNodes.add(Topologies.ofHyperNodes("core", 3, spineNames.toArray(new String[0])));
            topTier = 3;
        }
        long[] out = new long[free.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = free.get(i);
        }
        return out;
    }

    /**
     * Pods of job "leaving" (no topology) Releasing on about a third of the nodes, so that futureIdle exceeds idle
     * there and allocate pipelines as well as binds.
     */
    private void leaving(SplittableRandom r, long[] freeCpu) {
        jobs.add(new JobSpec("ns", "leaving", "q1", 1, Map.of(), null, null, "Running", 0));
        for (int node = 0; node < freeCpu.length; node++) {
            long cpu = 1000L * (1 + r.nextInt(2));
            if (r.nextInt(3) == 0 && freeCpu[node] >= cpu) {
                freeCpu[node] -= cpu;
                tasks.add(TaskSpec.builder("ns", "leaving-" + node).job("leaving").creationMs(0)
                        .request(ResourceList.of("cpu", cpu, "memory", 1L << 30)).nodeName(nodes.get(node).name())
                        .status(TaskStatus.RELEASING).build());
            }
        }
    }

    private void gangs(SplittableRandom r, long[] freeCpu, int count) {
        for (int j = 0; j < count; j++) {
            int size = 1 + r.nextInt(8);
            int min = 1 + r.nextInt(size);
            boolean grouped = r.nextInt(4) == 0;
            int groups = 1 + r.nextInt(3);
            List<SubGroupPolicySpec> policies = grouped ? List.of(new SubGroupPolicySpec("part", subTopology(r),
                    1 + r.nextInt(3), r.nextInt(groups + 1), null, List.of(GROUP_LABEL))) : List.of();
            jobs.add(new JobSpec("ns", "job-" + j, "q1", min, Map.of(), null, null, "Inqueue", j)
                    .withTopology(topology(r), policies));
            for (int i = 0; i < size; i++) {
                long cpu = 1000L * (1 + r.nextInt(3));
                TaskSpec.Builder b = TaskSpec.builder("ns", "job-" + j + "-" + i).job("job-" + j)
                        .role(i == 0 ? "master" : "worker").creationMs(j * 100L + i)
                        .labels(grouped ? Map.of(GROUP_LABEL, "g" + r.nextInt(groups)) : Map.of())
                        .request(ResourceList.of("cpu", cpu, "memory", 1L << 30));
                int node = r.nextInt(freeCpu.length);
                if (r.nextInt(6) == 0 && freeCpu[node] >= cpu) {
                    freeCpu[node] -= cpu;
                    b.running(nodes.get(node).name());
                }
                tasks.add(b.build());
            }
        }
    }

    private NetworkTopologySpec subTopology(SplittableRandom r) {
        return r.nextBoolean() ? null : NetworkTopologySpec.hard(1 + r.nextInt(topTier));
    }

    private NetworkTopologySpec topology(SplittableRandom r) {
        int kind = r.nextInt(5);
        if (kind == 0) {
            return null;
        }
        if (kind == 1) {
            return NetworkTopologySpec.soft();
        }
        return NetworkTopologySpec.hard(1 + r.nextInt(topTier));
    }
}
