package dev.caldera.kernel.plugin.capacity;

import dev.caldera.kernel.testing.PluginCluster;
import dev.caldera.kernel.testing.PluginRun;
import dev.caldera.kernel.testing.Pod;
import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.conf.PluginFlag;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.resource.ResourceList;
import it.unimi.dsi.fastutil.ints.IntArrayList;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A declarative queue scenario in the shape of Volcano's uthelper cases: queues, nodes, PodGroups, running and
 * pending pods; one cycle; then the binds, evictions and pipelined pods. Quantities are written as Kubernetes
 * writes them in the Volcano tests ("2" cpu, "4Gi" memory, whole GPUs) and converted to canonical units here.
 */
final class QueueScenario {
    static final long GI = 1L << 30;

    final PluginCluster cluster = new PluginCluster();
    final Map<String, String> binds = new TreeMap<>();
    final TreeSet<String> evicted = new TreeSet<>();
    final Map<String, String> pipelined = new TreeMap<>();
    private PluginRun scheduler;
    private long created;

    /** {@code cpu} in cores, {@code memGi} in GiB, then scalar name/whole-unit pairs. */
    static ResourceList res(double cpu, double memGi, Object... scalars) {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("cpu", Math.round(cpu * 1000));
        m.put("memory", Math.round(memGi * GI));
        for (int i = 0; i < scalars.length; i += 2) {
            String name = (String) scalars[i];
            long whole = ((Number) scalars[i + 1]).longValue();
            m.put(name, name.equals("pods") ? whole : whole * 1000);
        }
        return ResourceList.of(m);
    }

    /** Only scalars (no cpu or memory entry), as {@code BuildResourceList("", "", ...)} writes them. */
    static ResourceList scalars(Object... pairs) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            String name = (String) pairs[i];
            long whole = ((Number) pairs[i + 1]).longValue();
            m.put(name, name.equals("pods") ? whole : whole * 1000);
        }
        return ResourceList.of(m);
    }

    QueueScenario queue(String name, ResourceList deserved, ResourceList capability) {
        return queue(name, null, deserved, capability, null, 0);
    }

    QueueScenario queue(String name, String parent, ResourceList deserved, ResourceList capability,
                        ResourceList guarantee, int priority) {
        cluster.upsertQueue(name, 1, capability, guarantee, deserved, true, parent, priority, null,
                created++);
        return this;
    }

    QueueScenario node(String name, ResourceList allocatable) {
        cluster.upsertNode(name, allocatable, Map.of("kubernetes.io/hostname", name), List.of(), false);
        return this;
    }

    QueueScenario group(String name, String queue, int minMember, String phase) {
        return group(name, queue, minMember, null, phase);
    }

    QueueScenario group(String name, String queue, int minMember, ResourceList minResources, String phase) {
        cluster.upsertJob("ns1", name, queue, minMember, Map.of(), null, minResources, phase, created++);
        return this;
    }

    QueueScenario running(String pod, String group, String node, ResourceList request) {
        cluster.upsertTask(Pod.builder("ns1", pod).job(group).running(node).request(request)
                .creationMs(created++).build());
        return this;
    }

    QueueScenario running(String pod, String group, String node, ResourceList request, int priority,
                          boolean preemptable) {
        cluster.upsertTask(Pod.builder("ns1", pod).job(group).running(node).request(request).priority(priority)
                .preemptable(preemptable).creationMs(created++).build());
        return this;
    }

    QueueScenario pending(String pod, String group, ResourceList request) {
        cluster.upsertTask(Pod.builder("ns1", pod).job(group).request(request).creationMs(created++).build());
        return this;
    }

    /** One cycle with {@code actions} and one tier of {@code plugins}. */
    QueueScenario run(List<String> actions, PluginOption... plugins) {
        scheduler = cluster.scheduler(actions, List.of(List.of(plugins)))
                .binds((uid, key, node) -> binds.put(key, node) == null)
                .evictions((uid, key, reason) -> evicted.add(key));
        scheduler.runOnce();
        IntArrayList rows = new IntArrayList();
        scheduler.pipelinedTasks(rows);
        for (int i = 0; i < rows.size(); i++) {
            int t = rows.getInt(i);
            pipelined.put(cluster.tasks().key(t), cluster.nodes().name(scheduler.session().nodeOf(t)));
        }
        scheduler.close();
        return this;
    }

    /** The capacity plugin of the last run (its attributes stay readable after the cycle). */
    CapacityPlugin capacity() {
        return scheduler.session().plugins().plugin(CapacityPlugin.class);
    }

    /** A plugin entry with only the given flags on (Volcano's test tiers leave every other flag unset, i.e. off). */
    static PluginOption only(String name, PluginFlag... on) {
        return only(name, Map.of(), on);
    }

    static PluginOption only(String name, Map<String, Object> arguments, PluginFlag... on) {
        Map<PluginFlag, Boolean> flags = new EnumMap<>(PluginFlag.class);
        for (PluginFlag f : PluginFlag.values()) {
            flags.put(f, false);
        }
        for (PluginFlag f : on) {
            flags.put(f, true);
        }
        return new PluginOption(name, flags, new Arguments(name, arguments));
    }

    /** Volcano's capacity test tier: capacity (allocatable, preemptive, reclaimable, queue order), predicates, gang (starving). */
    static PluginOption[] volcanoTestTier(boolean hierarchy, Map<String, Object> capacityArguments,
                                          PluginOption... extra) {
        PluginFlag[] capacityFlags = hierarchy
                ? new PluginFlag[] {PluginFlag.ALLOCATABLE, PluginFlag.PREEMPTIVE, PluginFlag.RECLAIMABLE,
                        PluginFlag.QUEUE_ORDER, PluginFlag.HIERARCHY}
                : new PluginFlag[] {PluginFlag.ALLOCATABLE, PluginFlag.PREEMPTIVE, PluginFlag.RECLAIMABLE,
                        PluginFlag.QUEUE_ORDER};
        List<PluginOption> tier = new java.util.ArrayList<>(List.of(
                only("capacity", capacityArguments, capacityFlags),
                only("predicates", PluginFlag.PREDICATE),
                only("gang", PluginFlag.JOB_STARVING)));
        tier.addAll(List.of(extra));
        return tier.toArray(new PluginOption[0]);
    }
}
