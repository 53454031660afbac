package dev.caldera.k8s.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import dev.caldera.k8s.quantity.Quantities;
import dev.caldera.k8s.simulate.CycleReport;
import dev.caldera.k8s.simulate.CycleTimes;
import dev.caldera.k8s.simulate.PodEviction;
import dev.caldera.k8s.simulate.PodGroupStatus;
import dev.caldera.k8s.simulate.PodPlacement;
import dev.caldera.k8s.simulate.SimulationResult;
import dev.caldera.k8s.simulate.SimulationSummary;
import dev.caldera.kernel.framework.QueueShare;
import dev.caldera.kernel.resource.ResourceList;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;
import java.util.Map;

/**
 * {@code caldera simulate --output json}: exactly the contract of docs/SIMULATE.md, one object with a
 * {@code cycles} array; lists sorted by pod or PodGroup name; times in milliseconds from the kernel's clock.
 */
public final class JsonReport implements ReportWriter {
    /** Two-space indentation, {@code "key": value}, one element per line, {@code []} when empty. */
    private static final DefaultPrettyPrinter PRETTY = new DefaultPrettyPrinter(Separators.createDefaultInstance()
            .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
            .withArrayEmptySeparator("")
            .withObjectEmptySeparator(""))
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n"));
    private final JsonGenerator g;

    private JsonReport(Writer out) throws IOException {
        g = new JsonFactory().createGenerator(out);
        g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        g.setPrettyPrinter(PRETTY);
        g.writeStartObject();
        g.writeArrayFieldStart("cycles");
    }

    /** Starts the document; cycles follow one by one as they are run. */
    public static JsonReport open(Writer out) {
        try {
            return new JsonReport(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void write(SimulationResult result, Writer out) {
        JsonReport r = open(out);
        result.cycles().forEach(r::cycle);
        r.finish(result.summary());
    }

    @Override
    public void cycle(CycleReport c) {
        try {
            cycle(g, c);
            g.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void finish(SimulationSummary summary) {
        try {
            g.writeEndArray();
            g.writeEndObject();
            g.writeRaw('\n');
            g.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void cycle(JsonGenerator g, CycleReport c) throws IOException {
        g.writeStartObject();
        g.writeNumberField("cycle", c.cycle());
        placements(g, "binds", c.binds());
        g.writeArrayFieldStart("evictions");
        for (PodEviction e : c.evictions()) {
            g.writeStartObject();
            g.writeStringField("pod", e.pod());
            g.writeStringField("reason", e.reason());
            g.writeEndObject();
        }
        g.writeEndArray();
        placements(g, "pipelined", c.pipelined());
        g.writeArrayFieldStart("podGroups");
        for (PodGroupStatus s : c.podGroups()) {
            g.writeStartObject();
            g.writeStringField("name", s.name());
            g.writeStringField("phase", s.phase());
            g.writeStringField("reason", s.reason());
            if (s.hyperNode() != null) {
                g.writeStringField("hyperNode", s.hyperNode());
            }
            g.writeEndObject();
        }
        g.writeEndArray();
        queues(g, c);
        stats(g, c);
        g.writeEndObject();
    }

    private static void queues(JsonGenerator g, CycleReport c) throws IOException {
        g.writeArrayFieldStart("queues");
        for (QueueShare q : c.queues()) {
            g.writeStartObject();
            g.writeStringField("name", q.queue());
            g.writeStringField("parent", q.parent());
            resources(g, "deserved", q.deserved());
            resources(g, "allocated", q.allocated());
            resources(g, "capability", q.capability());
            g.writeFieldName("share");
            g.writeNumber(Math.round(q.share() * 1e6) / 1e6);
            g.writeObjectFieldStart("reclaim");
            resources(g, "took", q.reclaimTook());
            resources(g, "gave", q.reclaimGave());
            g.writeEndObject();
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private static void resources(JsonGenerator g, String field, ResourceList r) throws IOException {
        g.writeObjectFieldStart(field);
        for (int i = 0; i < r.size(); i++) {
            g.writeStringField(r.name(i), Quantities.text(r.name(i), r.amount(i)));
        }
        g.writeEndObject();
    }

    private static void placements(JsonGenerator g, String field, List<PodPlacement> list) throws IOException {
        g.writeArrayFieldStart(field);
        for (PodPlacement p : list) {
            g.writeStartObject();
            g.writeStringField("pod", p.pod());
            g.writeStringField("node", p.node());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private static void stats(JsonGenerator g, CycleReport c) throws IOException {
        CycleTimes t = c.times();
        g.writeObjectFieldStart("stats");
        g.writeFieldName("cycleMs");
        g.writeNumber(Millis.of(t.cycleNs()));
        g.writeObjectFieldStart("actionsMs");
        for (Map.Entry<String, Long> a : t.actionNs().entrySet()) {
            g.writeFieldName(a.getKey());
            g.writeNumber(Millis.of(a.getValue()));
        }
        g.writeEndObject();
        g.writeFieldName("openSessionMs");
        g.writeNumber(Millis.of(t.openSessionNs()));
        g.writeNumberField("pendingTasks", c.pendingTasks());
        g.writeNumberField("placed", c.placed());
        g.writeEndObject();
    }
}
