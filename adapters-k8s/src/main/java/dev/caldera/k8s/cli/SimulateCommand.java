package dev.caldera.k8s.cli;

import dev.caldera.k8s.convert.PodConverter;
import dev.caldera.k8s.manifest.ManifestException;
import dev.caldera.k8s.manifest.ManifestReader;
import dev.caldera.k8s.report.JsonReport;
import dev.caldera.k8s.report.ReportWriter;
import dev.caldera.k8s.report.TextReport;
import dev.caldera.k8s.simulate.ClusterBuilder;
import dev.caldera.k8s.simulate.ClusterIngest;
import dev.caldera.k8s.simulate.SimulatedCluster;
import dev.caldera.k8s.simulate.SimulationSummary;
import dev.caldera.k8s.simulate.Simulation;
import dev.caldera.k8s.simulate.SimulationRun;
import dev.caldera.kernel.action.ActionRegistry;
import dev.caldera.kernel.conf.ConfParser;
import dev.caldera.kernel.conf.ConfValidator;
import dev.caldera.kernel.conf.SchedulerConf;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.scheduler.SchedulerOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.Consumer;

/** {@code caldera simulate}: Kubernetes manifests in, scheduling decisions out. */
@Command(name = "simulate", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Runs Caldera's scheduler on a cluster dump (Nodes, Pods, Volcano PodGroups and Queues,",
            "PriorityClasses; e.g. kubectl get nodes,pods,podgroups,queues,priorityclasses -A -o yaml)",
            "and reports what it binds, evicts and pipelines, and why PodGroups stay pending.",
            "Between cycles the cluster is played: a bound pod runs on its node, an evicted pod is",
            "deleted, a pipelined pod stays Pending nominated to its node.",
            "Without --cycles it runs until a cycle changes nothing, at most "
                + SimulationRun.MAX_CYCLES + " cycles."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:done", "1:internal error", "2:bad input (file, object, field and why on stderr)"})
final class SimulateCommand implements java.util.concurrent.Callable<Integer> {
    enum Output { text, json }

    @Spec
    CommandSpec spec;

    @Option(names = "--conf", paramLabel = "FILE",
            description = "volcano-scheduler.conf to use (default: Volcano's default configuration)")
    Path conf;

    @Option(names = "--cycles", paramLabel = "N",
            description = "run exactly N cycles, 1 to " + SimulationRun.MAX_ASKED_CYCLES + " (default: until a cycle"
                    + " changes nothing, at most " + SimulationRun.MAX_CYCLES + ")")
    Integer cycles;

    @Option(names = "--output", paramLabel = "FORMAT", defaultValue = "text",
            description = "text (for people, the default) or json (the SCENARIOS.md contract)")
    Output output;

    @Option(names = "--scheduler-name", paramLabel = "NAME", defaultValue = "volcano",
            description = "spec.schedulerName of the pods to schedule (repeatable; default: volcano)")
    List<String> schedulerNames;

    @Option(names = "--verbose", description = "debug logging, and stack traces with errors")
    boolean verbose;

    @Option(names = "--timings", description = "print where the run's wall time went on standard error")
    boolean timings;

    @Option(names = "--workers", paramLabel = "N",
            description = "threads that evaluate a large class view's nodes and replay its long catch-ups, 1 to "
                    + MAX_WORKERS + " (default: 1); decisions are the same with any number")
    Integer workers;

    @Parameters(paramLabel = "FILE_OR_DIR", arity = "1..*",
            description = "YAML or JSON manifests (multi-document, kind: List), directories of them (*.yaml,"
                    + " *.yml, *.json), or - for standard input")
    List<String> inputs;

    /** The most {@code --workers} takes (the shard pool's threads are made once, at the start). */
    static final int MAX_WORKERS = 64;

    private final InputStream stdin;

    SimulateCommand(InputStream stdin) {
        this.stdin = stdin;
    }

    @Override
    public Integer call() {
        if (cycles != null && (cycles < 1 || cycles > SimulationRun.MAX_ASKED_CYCLES)) {
            throw new ParameterException(spec.commandLine(), "--cycles must be between 1 and "
                    + SimulationRun.MAX_ASKED_CYCLES + ", got " + cycles);
        }
        if (workers != null && (workers < 1 || workers > MAX_WORKERS)) {
            throw new ParameterException(spec.commandLine(), "--workers must be between 1 and " + MAX_WORKERS
                    + ", got " + workers);
        }
        Timings time = new Timings(timings);
        Logging.configure(verbose);
        PrintWriter err = spec.commandLine().getErr();
        Consumer<String> warnings = w -> err.println("caldera: warning: " + w);
        PrintWriter out = spec.commandLine().getOut();
        try (SimulationSetUp setUp = new SimulationSetUp(w -> new Simulation(loadConf(w), options()))) {
            time.mark("configuration");
            ClusterIngest ingest = new ClusterIngest(new PodConverter(new LinkedHashSet<>(schedulerNames)));
            ClusterBuilder builder = new ClusterBuilder(warnings, ingest);
            int objects;
            try {
                objects = new ManifestReader(stdin).stream(inputs, ingest, add -> {
                    setUp.join(warnings);
                    add.accept(builder);
                });
            } catch (RuntimeException e) {
                setUp.join(warnings); // the configuration's warnings and error come first, as when it was read first
                throw e;
            }
            Simulation simulation = setUp.join(warnings);
            if (objects == 0) {
                throw new ManifestException(String.join(", ", inputs) + ": no Kubernetes objects found");
            }
            simulation.hyperNodeProblems(warnings);
            simulation.refusedObjects(warnings);
            SimulatedCluster cluster = builder.build();
            time.mark("reading " + objects + " objects");
            simulation.load(cluster);
            time.mark("loading the kernel's cache");
            ReportWriter report = output == Output.json ? JsonReport.open(out) : TextReport.open(out);
            SimulationSummary summary = SimulationRun.run(simulation, cycles, report::cycle);
            time.mark(summary.cycles() + (summary.cycles() == 1 ? " cycle" : " cycles") + " and their report");
            report.finish(summary);
            simulation.queueProblems().forEach(warnings);
            if (simulation.cluster().otherSchedulersPending() > 0) {
                warnings.accept(simulation.cluster().otherSchedulersPending() + " pending pod(s) of other schedulers"
                        + " were ignored (spec.schedulerName not " + String.join(" or ", schedulerNames) + ")");
            }
            if (simulation.rejectedChanges() > 0) {
                warnings.accept(simulation.rejectedChanges() + " object(s) were refused by the scheduler's cache"
                        + " (see the warnings above)");
            }
        }
        out.flush();
        time.mark("closing");
        time.print(err);
        return Main.OK;
    }

    /**
     * The kernel's defaults with {@code --workers} filter workers, one without it: measured quiet on a 2-vCPU machine,
     * two workers did not shorten the dump's allocate, because the sharded builds and catch-ups cost a third or
     * more CPU in all than the one-thread path (perf-results/dump-allocate-two-cores.md, "Quiet").
     */
    SchedulerOptions options() {
        int n = workers != null ? workers : 1;
        SchedulerOptions d = SchedulerOptions.DEFAULT;
        return new SchedulerOptions(n, d.parallelThreshold(), d.incremental());
    }

    /**
     * The configuration to run, checked as Volcano checks it: unknown actions refused, actions and plugins
     * Caldera lacks skipped with a warning naming file and line.
     */
    private SchedulerConf loadConf(Consumer<String> warnings) {
        if (conf == null) {
            return SchedulerConf.volcanoDefault();
        }
        if (!Files.isRegularFile(conf)) {
            throw new ManifestException(conf + ": " + (Files.exists(conf) ? "not a file" : "no such file")
                    + " (--conf)");
        }
        return ConfValidator.validate(ConfParser.load(conf, warnings), ActionRegistry.names(),
                PluginRegistry.defaults().names(), warnings);
    }
}
