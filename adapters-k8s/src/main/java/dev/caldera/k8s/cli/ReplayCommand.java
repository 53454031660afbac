package dev.caldera.k8s.cli;

import dev.caldera.k8s.manifest.ManifestException;
import dev.caldera.k8s.replay.EventLog;
import dev.caldera.k8s.replay.OpenbTraces;
import dev.caldera.k8s.replay.ProgressBar;
import dev.caldera.k8s.replay.ReplayConf;
import dev.caldera.k8s.replay.ReplayEngine;
import dev.caldera.k8s.replay.ReplayReport;
import dev.caldera.k8s.replay.ReplayResult;
import dev.caldera.k8s.replay.RunEnvironment;
import dev.caldera.k8s.replay.SecondThread;
import dev.caldera.k8s.replay.Trace;
import dev.caldera.kernel.conf.ConfParser;
import dev.caldera.kernel.conf.SchedulerConf;
import dev.caldera.kernel.plugin.deviceshare.Policy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

/** {@code caldera replay}: a recorded trace through the scheduler in virtual time. */
@Command(name = "replay", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Replays a trace through Caldera's scheduler in virtual time and reports GPU allocation,",
            "fragmentation and what was placed, dropped and finished (docs/REPLAY.md).",
            "openb: NODES.csv PODS.csv from Alibaba's cluster-trace-gpu-v2023; events: one JSON-lines file.",
            "--protocol paper replays as the FGD paper does (shuffled with the seed, padded to --tune times",
            "the GPUs, no departures, a pod that fits nowhere is dropped); recorded (the default) uses",
            "the trace's own creation and deletion times."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:done", "1:internal error", "2:bad input (file:line and why on stderr)"})
final class ReplayCommand implements Callable<Integer> {
    enum Format { openb, events }

    enum Protocol { paper, recorded }

    enum Output { text, json }

    @Spec
    CommandSpec spec;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "openb",
            description = "openb (NODES.csv PODS.csv, the default) or events (one JSON-lines file)")
    Format format;

    @Option(names = "--protocol", paramLabel = "PROTOCOL", defaultValue = "recorded",
            description = "paper (the FGD paper's way; openb only) or recorded (the trace's times, the default)")
    Protocol protocol;

    @Option(names = "--policy", paramLabel = "NAME", defaultValue = "fgdfill",
            description = "GPU placement policy: bestfit, gpupacking, dotprod, random, fgd (the FGD paper's"
                    + " baselines and FGD) or fgdfill (Caldera's own, the default)")
    String policy;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "42",
            description = "seed of the shuffle, the padding and the policies' random choices (default 42)")
    long seed;

    @Option(names = "--tune", paramLabel = "RATIO", defaultValue = "1.3",
            description = "paper protocol: pad the pods to RATIO times the cluster's GPUs (default 1.3)")
    double tune;

    @Option(names = "--period", paramLabel = "SECONDS", defaultValue = "1",
            description = "scheduling period in virtual seconds (default 1, Volcano's)")
    double periodSeconds;

    @Option(names = "--conf", paramLabel = "FILE",
            description = "volcano-scheduler.conf to run (default: allocate with priority, gang, predicates and"
                    + " deviceshare); it must list deviceshare, which gets the policy and seed")
    Path conf;

    @Option(names = "--output", paramLabel = "FORMAT", defaultValue = "text",
            description = "text (a summary, the default) or json (one object, the contract scripts read)")
    Output output;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "1",
            description = "replay the trace N times in this JVM (warm timings, profiling): the figures are the last"
                    + " run's, the timings the median of the last half of the runs (the first ones warm the JIT up)")
    int repeat;

    @Option(names = "--no-progress", description = "no progress bar on standard error (it shows only on a"
            + " terminal anyway)")
    boolean noProgress;

    @Option(names = "--verbose", description = "debug logging, and stack traces with errors")
    boolean verbose;

    @Parameters(paramLabel = "FILE", arity = "1..2",
            description = "openb: the node list and the pod list; events: the event file")
    List<Path> files;

    @Override
    public Integer call() {
        Logging.configure(verbose);
        validate();
        long startedMs = RunEnvironment.uptimeMs();
        long readStartNs = System.nanoTime();
        Supplier<Trace> reading = startReading();
        SchedulerConf schedulerConf = ReplayConf.with(loadConf(), policy, seed);
        Trace trace = reading.get();
        long readNs = System.nanoTime() - readStartNs;
        if (repeat == 1) {
            trace.readOnce(); // what the run is done with is collected, not kept (and copied) to its end
        }
        PrintWriter err = spec.commandLine().getErr();
        ProgressBar bar = noProgress || System.console() == null ? null : new ProgressBar(err);
        long period = Math.max(1, Math.round(periodSeconds * 1000));
        List<ReplayResult> runs = new ArrayList<>();
        try {
            for (int i = 0; i < repeat; i++) {
                try (ReplayEngine engine = new ReplayEngine(trace, schedulerConf,
                        new ReplayEngine.Options(protocol == Protocol.paper, period))) {
                    runs.add(engine.run(i == repeat - 1 ? bar : null));
                }
            }
        } finally {
            if (bar != null) {
                bar.done();
            }
        }
        // the runs of the first half warm the JIT up (it compiles for seconds: the cpu time of a recorded openb
        // replay falls from run to run well past the fifth); the median of the rest is not one run's stall
        ReplayResult result = ReplayResult.medianTimings(runs.subList(repeat / 2, repeat));
        ReplayReport.Run run = new ReplayReport.Run(format.name(), protocol.name(), policy, seed, RunEnvironment.jvm(),
                RunEnvironment.machine());
        long replayNs = runs.stream().mapToLong(ReplayResult::wallNs).sum();
        ReplayReport.Process process = new ReplayReport.Process(startedMs, readNs, replayNs,
                RunEnvironment.uptimeMs(), result.events() * repeat);
        PrintWriter out = spec.commandLine().getOut();
        if (output == Output.json) {
            ReplayReport.json(result, run, process, out);
        } else {
            ReplayReport.text(result, run, process, out);
            if (repeat > 1) {
                out.printf(Locale.ROOT, "timings:    median of runs %d to %d of %d (the runs before warm the JIT up)%n",
                        repeat / 2 + 1, repeat, repeat);
            }
        }
        out.flush();
        return Main.OK;
    }

    private void validate() {
        if (Policy.parse(policy) == null) {
            throw new ParameterException(spec.commandLine(), "--policy must be one of "
                    + String.join(", ", Policy.names()) + ", got '" + policy + "'");
        }
        if (format == Format.openb && files.size() != 2) {
            throw new ParameterException(spec.commandLine(), "--format openb needs two files: NODES.csv PODS.csv");
        }
        if (format == Format.events && files.size() != 1) {
            throw new ParameterException(spec.commandLine(), "--format events needs one file: EVENTS.jsonl");
        }
        if (protocol == Protocol.paper && format != Format.openb) {
            throw new ParameterException(spec.commandLine(), "--protocol paper needs --format openb");
        }
        if (!(tune > 0) || !(periodSeconds > 0) || repeat < 1) {
            throw new ParameterException(spec.commandLine(), "--tune and --period must be above 0, --repeat at least 1");
        }
        for (Path f : files) {
            if (!Files.isRegularFile(f)) {
                throw new ManifestException(f + ": " + (Files.exists(f) ? "not a file" : "no such file"));
            }
        }
    }

    private SchedulerConf loadConf() {
        if (conf == null) {
            return null;
        }
        if (!Files.isRegularFile(conf)) {
            throw new ManifestException(conf + ": " + (Files.exists(conf) ? "not a file" : "no such file") + " (--conf)");
        }
        return ConfParser.load(conf, w -> spec.commandLine().getErr().println("caldera: warning: " + w));
    }

    /**
     * Starts reading the trace on a second thread, so that it goes on while the configuration is loaded; the
     * supplier finishes it and throws what reading throws. Reading errors come after configuration errors, as
     * when they were read one after the other: the caller asks for the trace only once the configuration loaded.
     */
    private Supplier<Trace> startReading() {
        if (format == Format.events) {
            SecondThread<Trace> events = SecondThread.start("caldera-trace-reader", () -> EventLog.read(files.get(0)));
            return events::join;
        }
        return protocol == Protocol.paper ? OpenbTraces.startPaper(files.get(0), files.get(1), seed, tune)
                : OpenbTraces.startRecorded(files.get(0), files.get(1));
    }
}
