package dev.caldera.k8s.testing;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Judges cycle 1 of a {@code simulate --output json} run against a case's {@code expected.json}, by the rules
 * of the case format (conformance/README.md): where Volcano was deterministic ({@code exact}) binds and pipelined
 * must be the same maps, evictions the same set, and every listed PodGroup in its phase; otherwise one of the
 * {@code acceptableOutcomes}, or the count-level facts (binds per PodGroup, eviction count, and evictions, pipelined
 * counts and phases where determinable).
 * <p>
 * {@code unchecked} (an object: field to the current Volcano file and function that justify it) names what is not
 * compared, in every mode, because current Volcano decides it differently from the v1.7.0 run that recorded the
 * answer: {@code binds}, {@code evictions}, {@code pipelined}, {@code podGroupPhases} (all of them), or
 * {@code podGroupPhases/<ns>/<podgroup>} (that PodGroup's phase only). Under {@code binds} the count per PodGroup is
 * still compared when it is determinable; list {@code bindCounts} too when that changes as well.
 * Network topology cases add, in either mode: {@code expectedHyperNode} (PodGroup to the HyperNode it landed in,
 * or a list of acceptable ones), {@code bindsWithinOneOf} (PodGroup to node sets: all its binds lie in one of
 * them), {@code bindsInclude} (pod to node, for some pods) and {@code reasonContains} (PodGroup to text its reason
 * must contain).
 */
public final class ScenarioJudge {
    private final JsonNode expected;
    private final Map<String, String> podGroupOfPod;
    private final Set<String> skip;

    /** {@code podGroupOfPod}: {@code ns/pod} to {@code ns/podgroup}, from the case's cluster.yaml. */
    public ScenarioJudge(JsonNode expected, Map<String, String> podGroupOfPod) {
        this.expected = expected;
        this.podGroupOfPod = podGroupOfPod;
        this.skip = unchecked(expected);
    }

    /** The fields {@code expected} leaves unchecked, each with the justification it gives. */
    public static Map<String, String> justifications(JsonNode expected) {
        Map<String, String> m = new TreeMap<>();
        expected.path("unchecked").fields().forEachRemaining(e -> m.put(e.getKey(), e.getValue().asText()));
        return m;
    }

    private static Set<String> unchecked(JsonNode expected) {
        return new TreeSet<>(justifications(expected).keySet());
    }

    /** The differences, empty when the run passes. */
    public List<String> judge(JsonNode output) {
        Actual actual = Actual.of(output.path("cycles").path(0));
        List<String> diffs = new ArrayList<>(outcomeDiffs(actual));
        diffs.addAll(topologyDiffs(actual));
        return diffs;
    }

    private List<String> outcomeDiffs(Actual actual) {
        if (expected.path("exact").asBoolean(true)) {
            return exactDiffs(expected, actual);
        }
        for (JsonNode outcome : expected.path("acceptableOutcomes")) {
            if (exactDiffs(outcome, actual).isEmpty()) {
                return List.of();
            }
        }
        JsonNode det = expected.path("determinable");
        if (!det.path("bindCounts").asBoolean() || !det.path("evictCount").asBoolean()) {
            return List.of("not one of the acceptable outcomes, and the counts are not determinable");
        }
        return countDiffs(det, actual);
    }

    private List<String> topologyDiffs(Actual actual) {
        List<String> diffs = new ArrayList<>();
        expected.path("expectedHyperNode").fields().forEachRemaining(e -> {
            String got = actual.hyperNodes.get(e.getKey());
            Set<String> ok = e.getValue().isArray() ? textSet(e.getValue()) : Set.of(e.getValue().asText());
            if (!ok.contains(got)) {
                diffs.add("hyperNode of " + e.getKey() + ": expected " + (ok.size() == 1 ? ok.iterator().next()
                        : "one of " + ok) + ", got " + got);
            }
        });
        expected.path("bindsWithinOneOf").fields().forEachRemaining(e -> {
            Set<String> nodes = new TreeSet<>();
            actual.binds.forEach((pod, node) -> {
                if (e.getKey().equals(podGroupOfPod.get(pod))) {
                    nodes.add(node);
                }
            });
            boolean inOne = false;
            for (JsonNode set : e.getValue()) {
                inOne |= textSet(set).containsAll(nodes);
            }
            if (!inOne) {
                diffs.add("binds of " + e.getKey() + " on " + nodes + " are not within one of " + e.getValue());
            }
        });
        expected.path("bindsInclude").fields().forEachRemaining(e -> {
            if (!e.getValue().asText().equals(actual.binds.get(e.getKey()))) {
                diffs.add("bind of " + e.getKey() + ": expected " + e.getValue().asText() + ", got "
                        + actual.binds.get(e.getKey()));
            }
        });
        expected.path("reasonContains").fields().forEachRemaining(e -> {
            String reason = actual.reasons.get(e.getKey());
            if (reason == null || !reason.contains(e.getValue().asText())) {
                diffs.add("reason of " + e.getKey() + ": expected it to contain '" + e.getValue().asText() + "', got "
                        + reason);
            }
        });
        return diffs;
    }

    private List<String> countDiffs(JsonNode det, Actual actual) {
        List<String> diffs = new ArrayList<>();
        Map<String, Integer> binds = counts(actual.binds.keySet());
        if (!skip.contains("bindCounts") && !binds.equals(intMap(expected.path("bindCountPerPodGroup")))) {
            diffs.add("bindCountPerPodGroup: expected " + intMap(expected.path("bindCountPerPodGroup")) + ", got "
                    + binds);
        }
        if (!skip.contains("evictCount") && actual.evictions.size() != expected.path("evictCount").asInt()) {
            diffs.add("evictCount: expected " + expected.path("evictCount").asInt() + ", got "
                    + actual.evictions.size());
        }
        if (det.path("evictions").asBoolean() && !skip.contains("evictions") && !actual.evictions.equals(textSet(expected.path("evictions")))) {
            diffs.add("evictions: expected " + textSet(expected.path("evictions")) + ", got " + actual.evictions);
        }
        if (det.path("pipelinedCounts").asBoolean() && !skip.contains("pipelined")
                && expected.has("pipelinedCountPerPodGroup")) {
            Map<String, Integer> pipelined = counts(actual.pipelined.keySet());
            if (!pipelined.equals(intMap(expected.path("pipelinedCountPerPodGroup")))) {
                diffs.add("pipelinedCountPerPodGroup: expected " + intMap(expected.path("pipelinedCountPerPodGroup"))
                        + ", got " + pipelined);
            }
        }
        if (det.path("podGroupPhases").asBoolean()) {
            phaseDiff(expected.path("podGroupPhases"), actual).ifPresent(diffs::add);
        }
        return diffs;
    }

    private List<String> exactDiffs(JsonNode exp, Actual actual) {
        List<String> diffs = new ArrayList<>();
        if (!skip.contains("binds") && !actual.binds.equals(textMap(exp.path("binds")))) {
            diffs.add("binds: expected " + textMap(exp.path("binds")) + ", got " + actual.binds);
        }
        if (!skip.contains("evictions") && !actual.evictions.equals(textSet(exp.path("evictions")))) {
            diffs.add("evictions: expected " + textSet(exp.path("evictions")) + ", got " + actual.evictions);
        }
        if (!skip.contains("pipelined") && !actual.pipelined.equals(textMap(exp.path("pipelined")))) {
            diffs.add("pipelined: expected " + textMap(exp.path("pipelined")) + ", got " + actual.pipelined);
        }
        if (skip.contains("binds") && !skip.contains("bindCounts")
                && expected.path("determinable").path("bindCounts").asBoolean(true)) {
            Map<String, Integer> binds = counts(actual.binds.keySet());
            Map<String, Integer> want = counts(textMap(exp.path("binds")).keySet());
            if (!binds.equals(want)) {
                diffs.add("binds per PodGroup: expected " + want + ", got " + binds);
            }
        }
        phaseDiff(exp.path("podGroupPhases"), actual).ifPresent(diffs::add);
        return diffs;
    }

    private java.util.Optional<String> phaseDiff(JsonNode phases, Actual actual) {
        Map<String, String> wrong = new TreeMap<>();
        if (skip.contains("podGroupPhases")) {
            return java.util.Optional.empty();
        }
        phases.fields().forEachRemaining(e -> {
            String got = actual.phases.get(e.getKey());
            if (!skip.contains("podGroupPhases/" + e.getKey()) && !e.getValue().asText().equals(got)) {
                wrong.put(e.getKey(), e.getValue().asText() + "!=" + got);
            }
        });
        return wrong.isEmpty() ? java.util.Optional.empty()
                : java.util.Optional.of("podGroupPhases expected!=actual: " + wrong);
    }

    private Map<String, Integer> counts(Set<String> pods) {
        Map<String, Integer> c = new TreeMap<>();
        expected.path("bindCountPerPodGroup").fieldNames().forEachRemaining(pg -> c.put(pg, 0));
        for (String pod : pods) {
            c.merge(podGroupOfPod.getOrDefault(pod, "<no podgroup of " + pod + ">"), 1, Integer::sum);
        }
        return c;
    }

    private static Map<String, String> textMap(JsonNode node) {
        Map<String, String> m = new TreeMap<>();
        node.fields().forEachRemaining(e -> m.put(e.getKey(), e.getValue().asText()));
        return m;
    }

    private static Map<String, Integer> intMap(JsonNode node) {
        Map<String, Integer> m = new TreeMap<>();
        node.fields().forEachRemaining(e -> m.put(e.getKey(), e.getValue().asInt()));
        return m;
    }

    private static Set<String> textSet(JsonNode node) {
        Set<String> s = new TreeSet<>();
        node.forEach(n -> s.add(n.asText()));
        return s;
    }

    /** Cycle 1 of a run, as maps; a pod bound or evicted twice is a failure in itself. */
    private record Actual(Map<String, String> binds, Set<String> evictions, Map<String, String> pipelined,
                          Map<String, String> phases, Map<String, String> hyperNodes, Map<String, String> reasons) {
        static Actual of(JsonNode cycle) {
            Map<String, String> binds = new TreeMap<>();
            for (JsonNode b : cycle.path("binds")) {
                if (binds.put(b.path("pod").asText(), b.path("node").asText()) != null) {
                    throw new AssertionError("pod " + b.path("pod").asText() + " bound twice in cycle 1");
                }
            }
            Set<String> evictions = new TreeSet<>();
            Set<String> seen = new HashSet<>();
            for (JsonNode e : cycle.path("evictions")) {
                if (!seen.add(e.path("pod").asText())) {
                    throw new AssertionError("pod " + e.path("pod").asText() + " evicted twice in cycle 1");
                }
                evictions.add(e.path("pod").asText());
            }
            Map<String, String> pipelined = new TreeMap<>();
            cycle.path("pipelined").forEach(p -> pipelined.put(p.path("pod").asText(), p.path("node").asText()));
            Map<String, String> phases = new TreeMap<>();
            Map<String, String> hyperNodes = new TreeMap<>();
            Map<String, String> reasons = new TreeMap<>();
            cycle.path("podGroups").forEach(g -> {
                phases.put(g.path("name").asText(), g.path("phase").asText());
                if (g.hasNonNull("hyperNode")) {
                    hyperNodes.put(g.path("name").asText(), g.path("hyperNode").asText());
                }
                if (g.hasNonNull("reason")) {
                    reasons.put(g.path("name").asText(), g.path("reason").asText());
                }
            });
            return new Actual(binds, evictions, pipelined, phases, hyperNodes, reasons);
        }
    }
}
