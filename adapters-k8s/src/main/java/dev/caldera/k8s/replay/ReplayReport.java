package dev.caldera.k8s.replay;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Locale;

/**
 * {@code caldera replay}'s output: one JSON object ({@code --output json}, the contract scripts read; a figure
 * that does not exist, such as the unallocated GPUs of a replay whose workload never reached the cluster's
 * GPUs, is {@code null}) or a short summary for people.
 */
public final class ReplayReport {
    private ReplayReport() {
    }

    /** What the run was: its labels, and the JVM and machine that ran it. */
    public record Run(String format, String protocol, String policy, long seed, String jvm, String machine) {
    }

    /**
     * The whole process, which is what a user waits for: the replay's own figures leave out starting the JVM and
     * reading the trace.
     *
     * @param startedMs      the JVM's uptime when the command began (the JVM's start, the command line's parsing)
     * @param readNs         from the start of reading the trace until it was read and checked (loading the
     *                       configuration overlaps it, on the other thread)
     * @param replayNs       wall time of every replay run
     * @param uptimeMs       the JVM's uptime at the report
     * @param eventsReplayed events applied over all runs
     */
    public record Process(long startedMs, long readNs, long replayNs, long uptimeMs, long eventsReplayed) {
        /** Events applied per second of the process. */
        public double eventsPerSecond() {
            return uptimeMs <= 0 ? 0 : eventsReplayed * 1e3 / uptimeMs;
        }
    }

    public static void json(ReplayResult r, Run run, Process process, Writer out) {
        try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("trace", r.trace());
            g.writeStringField("format", run.format());
            g.writeStringField("protocol", run.protocol());
            g.writeStringField("policy", run.policy());
            g.writeNumberField("seed", run.seed());
            g.writeNumberField("nodes", r.nodes());
            g.writeNumberField("gpus", r.gpus());
            g.writeNumberField("arrivedPods", r.arrivedPods());
            g.writeNumberField("placedPods", r.placedPods());
            g.writeNumberField("droppedPods", r.droppedPods());
            g.writeNumberField("finishedPods", r.finishedPods());
            g.writeNumberField("runningPods", r.runningPods());
            g.writeNumberField("waitingPods", r.waitingPods());
            number(g, "unallocatedGpuPercent", r.unallocatedGpuPercent());
            number(g, "gpuAllocationPercent", r.gpuAllocationPercent());
            number(g, "arrivedGpuPercent", r.arrivedGpuPercent());
            g.writeNumberField("cycles", r.cycles());
            g.writeNumberField("events", r.events());
            g.writeNumberField("virtualSeconds", r.virtualSeconds());
            number(g, "wallSeconds", r.wallNs() / 1e9);
            number(g, "eventsPerSecond", Math.rint(r.eventsPerSecond()));
            number(g, "cpuSeconds", r.cpuNs() / 1e9);
            number(g, "eventsPerCpuSecond", Math.rint(r.eventsPerCpuSecond()));
            number(g, "schedulingMicrosPerPod", Math.rint(r.schedulingMicrosPerPod() * 100) / 100);
            number(g, "startSeconds", process.startedMs() / 1e3);
            number(g, "readSeconds", process.readNs() / 1e9);
            number(g, "processSeconds", process.uptimeMs() / 1e3);
            number(g, "eventsPerProcessSecond", Math.rint(process.eventsPerSecond()));
            number(g, "meanWaitSeconds", r.meanWaitSeconds());
            number(g, "maxWaitSeconds", r.maxWaitSeconds());
            g.writeArrayFieldStart("allocationCurve");
            for (ReplayResult.CurvePoint p : r.allocationCurve()) {
                g.writeStartObject();
                g.writeNumberField("arrivedPercent", p.arrivedPercent());
                number(g, "allocatedPercent", p.allocatedPercent());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("fragmentation");
            for (ReplayResult.FragmentationPoint p : r.fragmentation()) {
                g.writeStartObject();
                number(g, "timeSeconds", p.timeSeconds());
                number(g, "arrivedPercent", round(p.arrivedPercent()));
                number(g, "allocatedPercent", round(p.allocatedPercent()));
                number(g, "fragmentGpus", round(p.fragmentGpus()));
                number(g, "fragmentPercentOfFree", round(p.fragmentPercentOfFree()));
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeStringField("jvm", run.jvm());
            g.writeStringField("machine", run.machine());
            g.writeEndObject();
            g.writeRaw('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void text(ReplayResult r, Run run, Process process, PrintWriter out) {
        out.printf(Locale.ROOT, "trace:      %s%n", r.trace());
        out.printf(Locale.ROOT, "policy:     %s (seed %d), %s protocol%n", run.policy(), run.seed(), run.protocol());
        out.printf(Locale.ROOT, "cluster:    %d nodes, %d GPUs%n", r.nodes(), r.gpus());
        out.printf(Locale.ROOT, "pods:       %d arrived, %d placed, %d dropped; at the end %d running, %d waiting,"
                + " %d finished%n", r.arrivedPods(), r.placedPods(), r.droppedPods(), r.runningPods(), r.waitingPods(),
                r.finishedPods());
        out.printf(Locale.ROOT, "GPUs:       %.2f%% allocated at the end; %.2f%% of the GPUs asked for in all%n",
                r.gpuAllocationPercent(), r.arrivedGpuPercent());
        if (!Double.isNaN(r.unallocatedGpuPercent())) {
            out.printf(Locale.ROOT, "unallocated GPUs when the arrived workload equals the cluster's GPUs: %.2f%%%n",
                    r.unallocatedGpuPercent());
        }
        if (!r.fragmentation().isEmpty()) {
            ReplayResult.FragmentationPoint last = r.fragmentation().get(r.fragmentation().size() - 1);
            out.printf(Locale.ROOT, "fragment:   %.1f GPUs (%.1f%% of the free GPUs) at the last sample%n",
                    last.fragmentGpus(), last.fragmentPercentOfFree());
        }
        if (r.placedPods() > 0 && r.meanWaitSeconds() > 0) {
            out.printf(Locale.ROOT, "waiting:    %.1f s on average before placement, %.0f s at most%n",
                    r.meanWaitSeconds(), r.maxWaitSeconds());
        }
        out.printf(Locale.ROOT, "replay:     %d events, %d cycles over %d virtual seconds in %.2f s wall, %.2f s"
                + " cpu (%.0f events/s wall, %.0f per cpu second); scheduling %.1f us per placed pod%n", r.events(),
                r.cycles(), r.virtualSeconds(), r.wallNs() / 1e9, r.cpuNs() / 1e9, r.eventsPerSecond(),
                r.eventsPerCpuSecond(), r.schedulingMicrosPerPod());
        out.printf(Locale.ROOT, "process:    %.2f s from the JVM's start to this report (%.0f events/s): %.2f s starting,"
                + " %.2f s reading the trace (and the configuration, meanwhile), %.2f s replaying%n", process.uptimeMs() / 1e3, process.eventsPerSecond(),
                process.startedMs() / 1e3, process.readNs() / 1e9, process.replayNs() / 1e9);
        out.printf(Locale.ROOT, "run on:     %s; %s%n", run.jvm(), run.machine());
    }

    private static void number(JsonGenerator g, String field, double v) throws IOException {
        g.writeFieldName(field);
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            g.writeNull();
        } else {
            g.writeNumber(v);
        }
    }

    private static double round(double v) {
        return Math.rint(v * 1000) / 1000;
    }
}
