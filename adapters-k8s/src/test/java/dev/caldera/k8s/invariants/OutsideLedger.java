package dev.caldera.k8s.invariants;

import com.fasterxml.jackson.databind.JsonNode;
import dev.caldera.k8s.invariants.RandomWorld.Group;
import dev.caldera.k8s.invariants.RandomWorld.Node;
import dev.caldera.k8s.invariants.RandomWorld.Pod;
import dev.caldera.k8s.invariants.RandomWorld.Queue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The cluster as seen from outside the scheduler: where each pod is, which pods are gone, recounted cycle by
 * cycle from the quantities written into the manifests and what {@code simulate --output json} printed (binds,
 * evictions, pipelined pods, PodGroup phases), played back as the simulator plays it (a bound pod runs on its
 * node, an evicted pod is deleted, a pipelined pod stays pending). No kernel counter is read.
 * <p>
 * {@link #check} returns every broken rule of one cycle, then plays the cycle back:
 * <ul>
 *   <li>a pod is bound or evicted at most once, bound only from pending, evicted only from a node and only when
 *       preemptable; pipelined pods are pending and not bound;</li>
 *   <li>node usage: the pods on a node at the start of the cycle (terminating ones and those evicted in it
 *       still hold their room) plus the binds fit its allocatable cpu, memory and pod count (idle); the pods
 *       neither terminating nor evicted plus the binds plus the pipelined pods fit it too (futureIdle);</li>
 *   <li>queue usage (with proportion): a queue that gained a bind or a pipelined pod ends the cycle within its
 *       capability, counting all its PodGroups (current Volcano keeps a gang with fewer pods than minMember in
 *       the session, and proportion counts its pods);</li>
 *   <li>gangs: a PodGroup that got binds has at least minMember pods bound or running; a PodGroup is Running only
 *       when the pods it had on nodes at the start of the cycle (terminating and evicted ones included, binds of
 *       the cycle not: current Volcano's getPodGroupPhase counts Releasing pods on a node and not Binding ones)
 *       reach minMember, and then it is Running or Unknown;</li>
 *   <li>every preempt victim shares its node with a pod of its queue pipelined in the cycle, every reclaim
 *       victim with a pod of another queue, and sits in a reclaimable queue.</li>
 * </ul>
 */
final class OutsideLedger {
    private final RandomWorld world;
    private final boolean proportion;
    private final Map<String, Pod> pods = new HashMap<>();
    private final Map<String, Node> nodes = new HashMap<>();
    private final Map<String, Queue> queues = new HashMap<>();
    private final Map<String, String> nodeOf = new HashMap<>();
    private final Set<String> gone = new HashSet<>();

    OutsideLedger(RandomWorld world, boolean proportion) {
        this.world = world;
        this.proportion = proportion;
        world.pods.forEach(p -> pods.put(p.key(), p));
        world.nodes.forEach(n -> nodes.put(n.name(), n));
        world.queues.forEach(q -> queues.put(q.name(), q));
        world.pods.stream().filter(p -> p.node() != null).forEach(p -> nodeOf.put(p.key(), p.node()));
    }

    /** Every rule the cycle broke, as text (empty when none); then the cycle is played back. */
    List<String> check(JsonNode cycle) {
        Cycle c = Cycle.of(cycle);
        List<String> broken = new ArrayList<>();
        moves(c, broken);
        nodeUsage(c, broken);
        if (proportion) {
            queueUsage(c, broken);
        }
        gangs(c, broken);
        victimsHaveTheirPreemptor(c, broken);
        play(c);
        return broken;
    }

    private void moves(Cycle c, List<String> broken) {
        c.binds.forEach((pod, node) -> {
            if (!pods.containsKey(pod) || gone.contains(pod) || nodeOf.containsKey(pod) || !nodes.containsKey(node)) {
                broken.add("bind of " + pod + " to " + node + ": not a pending pod of the cluster, or no such node");
            }
        });
        c.evictions.forEach((pod, reason) -> {
            if (!nodeOf.containsKey(pod) || c.binds.containsKey(pod) || pods.get(pod).terminating()) {
                broken.add("eviction of " + pod + ": not running on a node at the start of the cycle");
            } else if (!pods.get(pod).preemptable()) {
                broken.add("eviction of " + pod + ": annotated volcano.sh/preemptable: false");
            }
        });
        c.pipelined.forEach((pod, node) -> {
            if (nodeOf.containsKey(pod) || c.binds.containsKey(pod) || gone.contains(pod) || !nodes.containsKey(node)) {
                broken.add("pipelined " + pod + " on " + node + ": not a pending pod, or bound too, or no such node");
            }
        });
        broken.addAll(c.duplicates);
    }

    private void nodeUsage(Cycle c, List<String> broken) {
        for (Node n : world.nodes) {
            long[] idle = {n.cpuMilli(), n.memoryBytes(), n.pods()};
            long[] future = idle.clone();
            nodeOf.forEach((pod, node) -> {
                if (node.equals(n.name())) {
                    take(idle, pods.get(pod));
                    if (!c.evictions.containsKey(pod) && !pods.get(pod).terminating()) {
                        take(future, pods.get(pod));
                    }
                }
            });
            c.binds.forEach((pod, node) -> {
                if (node.equals(n.name()) && pods.containsKey(pod)) {
                    take(idle, pods.get(pod));
                    take(future, pods.get(pod));
                }
            });
            c.pipelined.forEach((pod, node) -> {
                if (node.equals(n.name()) && pods.containsKey(pod)) {
                    take(future, pods.get(pod));
                }
            });
            if (negative(idle)) {
                broken.add("node " + n.name() + ": pods on it and bound to it exceed its allocatable " + left(idle));
            }
            if (negative(future)) {
                broken.add("node " + n.name() + ": pods staying, bound and pipelined exceed its allocatable "
                        + left(future));
            }
        }
    }

    private void queueUsage(Cycle c, List<String> broken) {
        for (Queue q : world.queues) {
            if (!q.capped() || !gained(q, c)) {
                continue;
            }
            long[] used = new long[3];
            for (Pod p : world.pods) {
                boolean counted = holds(p, c) || c.binds.containsKey(p.key()) || c.pipelined.containsKey(p.key());
                if (counted && p.group().queue().equals(q.name())) {
                    used[0] += p.cpuMilli();
                    used[1] += p.memoryBytes();
                }
            }
            if (used[0] > q.capCpuMilli() || used[1] > q.capMemoryBytes()) {
                broken.add("queue " + q.name() + " gained pods and holds cpu " + used[0] + "m, memory " + used[1]
                        + " above its capability " + q.capCpuMilli() + "m, " + q.capMemoryBytes());
            }
        }
    }

    private void gangs(Cycle c, List<String> broken) {
        for (Group g : world.groups) {
            int before = 0;
            int bound = 0;
            for (Pod p : world.pods) {
                if (p.group() != g) {
                    continue;
                }
                boolean running = nodeOf.containsKey(p.key()) && !p.terminating();
                boolean bind = c.binds.containsKey(p.key());
                before += running || bind ? 1 : 0;
                bound += bind ? 1 : 0;
            }
            if (bound > 0 && before < g.minMember()) {
                broken.add("PodGroup " + g.key() + ": " + bound + " bound while only " + before + " of minMember "
                        + g.minMember() + " are placed");
            }
            String phase = c.phases.get(g.key());
            if (phase != null) {
                int scheduled = scheduledAtStart(g);
                boolean enough = scheduled >= g.minMember();
                // Completed: every scheduled pod finished, which in this world (no finished pods) means none is scheduled
                boolean completed = phase.equals("Completed") && scheduled == 0;
                boolean ok = enough ? phase.equals("Running") || phase.equals("Unknown") || completed
                        : !phase.equals("Running") && !phase.equals("Completed");
                if (!ok) {
                    broken.add("PodGroup " + g.key() + " is " + phase + " with " + scheduled + " pods scheduled of"
                            + " minMember " + g.minMember());
                }
            }
        }
    }

    private void victimsHaveTheirPreemptor(Cycle c, List<String> broken) {
        c.evictions.forEach((pod, reason) -> {
            Pod victim = pods.get(pod);
            String node = nodeOf.get(pod);
            if (victim == null || node == null) {
                return;
            }
            String queue = victim.group().queue();
            boolean reclaim = reason.equals("reclaim");
            boolean found = c.pipelined.entrySet().stream().anyMatch(e -> e.getValue().equals(node)
                    && pods.containsKey(e.getKey())
                    && pods.get(e.getKey()).group().queue().equals(queue) != reclaim);
            if (!found) {
                broken.add(reason + " victim " + pod + " on " + node + ": no pod of " + (reclaim ? "another" : "its")
                        + " queue pipelined there");
            }
            if (reclaim && !queues.get(queue).reclaimable()) {
                broken.add("reclaim victim " + pod + " is in queue " + queue + ", which is not reclaimable");
            }
        });
    }

    private boolean gained(Queue q, Cycle c) {
        return c.binds.keySet().stream().anyMatch(p -> pods.containsKey(p) && pods.get(p).group().queue().equals(q.name()))
                || c.pipelined.keySet().stream().anyMatch(p -> pods.containsKey(p)
                && pods.get(p).group().queue().equals(q.name()));
    }

    /** Running on a node at the start of the cycle, not terminating and not evicted in it. */
    private boolean holds(Pod p, Cycle c) {
        return nodeOf.containsKey(p.key()) && !p.terminating() && !c.evictions.containsKey(p.key());
    }

    /** Pods of the group on a node when the cycle starts, terminating ones included (Running or Releasing). */
    private int scheduledAtStart(Group g) {
        int n = 0;
        for (Pod p : world.pods) {
            n += p.group() == g && nodeOf.containsKey(p.key()) ? 1 : 0;
        }
        return n;
    }

    private void play(Cycle c) {
        c.binds.forEach(nodeOf::put);
        c.evictions.keySet().forEach(pod -> {
            nodeOf.remove(pod);
            gone.add(pod);
        });
    }

    private static void take(long[] room, Pod p) {
        room[0] -= p.cpuMilli();
        room[1] -= p.memoryBytes();
        room[2] -= 1;
    }

    private static boolean negative(long[] room) {
        return room[0] < 0 || room[1] < 0 || room[2] < 0;
    }

    private static String left(long[] room) {
        return "(left: cpu " + room[0] + "m, memory " + room[1] + ", pods " + room[2] + ")";
    }

    /** One cycle of the JSON contract, as maps keyed by pod (duplicates reported, not kept). */
    private record Cycle(Map<String, String> binds, Map<String, String> evictions, Map<String, String> pipelined,
                         Map<String, String> phases, List<String> duplicates) {
        static Cycle of(JsonNode cycle) {
            List<String> duplicates = new ArrayList<>();
            Map<String, String> binds = pairs(cycle.path("binds"), "node", "bound", duplicates);
            Map<String, String> evictions = pairs(cycle.path("evictions"), "reason", "evicted", duplicates);
            Map<String, String> pipelined = pairs(cycle.path("pipelined"), "node", "pipelined", duplicates);
            Map<String, String> phases = new HashMap<>();
            cycle.path("podGroups").forEach(g -> phases.put(g.path("name").asText(), g.path("phase").asText()));
            return new Cycle(binds, evictions, pipelined, phases, duplicates);
        }

        private static Map<String, String> pairs(JsonNode list, String value, String what, List<String> duplicates) {
            Map<String, String> m = new HashMap<>();
            for (JsonNode e : list) {
                if (m.put(e.path("pod").asText(), e.path(value).asText()) != null) {
                    duplicates.add(e.path("pod").asText() + " " + what + " twice in one cycle");
                }
            }
            return m;
        }
    }
}
