package dev.caldera.k8s.report;

import dev.caldera.k8s.simulate.CycleReport;
import dev.caldera.k8s.simulate.CycleTimes;
import dev.caldera.k8s.simulate.PodEviction;
import dev.caldera.k8s.simulate.PodGroupStatus;
import dev.caldera.k8s.simulate.PodPlacement;
import dev.caldera.k8s.simulate.SimulationResult;
import dev.caldera.k8s.simulate.SimulationSummary;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;

/**
 * {@code caldera simulate} for a person: per cycle the binds grouped by PodGroup (and node), evictions with
 * their reason, pipelined pods, every PodGroup's phase and why it is not placed; then a closing summary.
 */
public final class TextReport implements ReportWriter {
    private final PrintWriter out;

    private TextReport(PrintWriter out) {
        this.out = out;
    }

    /** A report whose cycles are written as they are run. */
    public static TextReport open(PrintWriter out) {
        return new TextReport(out);
    }

    public static void write(SimulationResult result, PrintWriter out) {
        TextReport r = new TextReport(out);
        result.cycles().forEach(r::cycle);
        r.finish(result.summary());
    }

    @Override
    public void finish(SimulationSummary summary) {
        summary(summary);
        out.flush();
    }

    @Override
    public void cycle(CycleReport c) {
        out.println("Cycle " + c.cycle() + "  (" + times(c.times()) + ")");
        if (c.binds().isEmpty() && c.evictions().isEmpty() && c.pipelined().isEmpty()) {
            out.println("  nothing bound, evicted or pipelined");
        }
        binds(c.binds());
        evictions(c.evictions());
        pipelined(c.pipelined());
        podGroups(c.podGroups());
        queues(c);
        out.println();
        out.flush();
    }

    private static String times(CycleTimes t) {
        StringJoiner actions = new StringJoiner(", ");
        t.actionNs().forEach((name, ns) -> actions.add(name + " " + Millis.of(ns)));
        return "kernel " + Millis.of(t.cycleNs()) + " ms: open " + Millis.of(t.openSessionNs()) + ", " + actions;
    }

    private void binds(List<PodPlacement> binds) {
        if (binds.isEmpty()) {
            return;
        }
        Map<String, Map<String, StringJoiner>> byGroup = new TreeMap<>();
        Map<String, Integer> counts = new TreeMap<>();
        for (PodPlacement b : binds) {
            byGroup.computeIfAbsent(b.podGroup(), g -> new TreeMap<>())
                    .computeIfAbsent(b.node(), n -> new StringJoiner(" ")).add(shortName(b.pod()));
            counts.merge(b.podGroup(), 1, Integer::sum);
        }
        out.println("  bound");
        int width = width(byGroup.keySet());
        byGroup.forEach((group, nodes) -> {
            StringJoiner where = new StringJoiner("  |  ");
            nodes.forEach((node, pods) -> where.add(node + ": " + pods));
            int n = counts.get(group);
            out.println("    " + pad(group, width) + "  " + pad(n + (n == 1 ? " pod " : " pods"), 8) + "  " + where);
        });
    }

    private void evictions(List<PodEviction> evictions) {
        if (evictions.isEmpty()) {
            return;
        }
        out.println("  evicted");
        int width = evictions.stream().mapToInt(e -> e.pod().length()).max().orElse(0);
        for (PodEviction e : evictions) {
            out.println("    " + pad(e.pod(), width) + "  " + pad(e.reason(), 7) + "  (PodGroup " + e.podGroup() + ")");
        }
    }

    private void pipelined(List<PodPlacement> pipelined) {
        if (pipelined.isEmpty()) {
            return;
        }
        out.println("  pipelined (waiting on the node for evicted pods to leave)");
        int width = pipelined.stream().mapToInt(p -> p.pod().length()).max().orElse(0);
        for (PodPlacement p : pipelined) {
            out.println("    " + pad(p.pod(), width) + "  -> " + p.node());
        }
    }

    private void podGroups(List<PodGroupStatus> groups) {
        if (groups.isEmpty()) {
            return;
        }
        out.println("  PodGroups");
        int width = width(groups.stream().map(PodGroupStatus::name).toList());
        for (PodGroupStatus g : groups) {
            String line = "    " + pad(g.name(), width) + "  " + pad(g.phase(), 9)
                    + (g.hyperNode() == null ? "" : "  in HyperNode " + g.hyperNode());
            out.println(g.reason() == null ? line.stripTrailing() : line + "  " + g.reason());
        }
    }

    private void queues(CycleReport c) {
        if (c.queues().isEmpty()) {
            return;
        }
        out.println("  Queues");
        c.queues().forEach(q -> out.println("    " + QueueLines.text(q)));
    }

    private void summary(SimulationSummary s) {
        out.println("Summary");
        out.println("  nodes " + s.nodes() + ", pods " + s.pods() + ": " + s.runningAtStart() + " on nodes at start, "
                + s.bound() + " bound, " + s.evicted() + " evicted, " + s.pending() + " still pending");
        out.println("  cycles " + s.cycles() + " (" + s.stopReason() + ")");
        out.println("  kernel cycle time: p50 " + Millis.of(s.cycleP50Ns()) + " ms, p99 " + Millis.of(s.cycleP99Ns())
                + " ms, max " + Millis.of(s.cycleMaxNs()) + " ms");
    }

    private static String shortName(String pod) {
        int slash = pod.indexOf('/');
        return slash < 0 ? pod : pod.substring(slash + 1);
    }

    private static int width(Iterable<String> names) {
        int w = 0;
        for (String n : names) {
            w = Math.max(w, n.length());
        }
        return w;
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }
}
