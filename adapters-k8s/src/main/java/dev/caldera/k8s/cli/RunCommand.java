package dev.caldera.k8s.cli;

import dev.caldera.k8s.manifest.ClusterManifest;
import dev.caldera.k8s.manifest.ManifestDocument;
import dev.caldera.k8s.manifest.ManifestException;
import dev.caldera.k8s.manifest.ManifestReader;
import dev.caldera.k8s.report.JsonReport;
import dev.caldera.k8s.report.TextReport;
import dev.caldera.k8s.run.LiveScheduler;
import dev.caldera.k8s.run.RunOptions;
import dev.caldera.k8s.run.embedded.DumpLoader;
import dev.caldera.k8s.run.embedded.EmbeddedApiServer;
import dev.caldera.k8s.run.embedded.EmbeddedCycles;
import dev.caldera.k8s.simulate.SimulationResult;
import dev.caldera.kernel.plugin.sla.GoDuration;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** {@code caldera run}: the live scheduler on a Kubernetes API server, or on an embedded one. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Runs Caldera's scheduler on a Kubernetes cluster: informers in, binds, evictions and PodGroup status",
            "out. In a pod it uses the in-cluster configuration; elsewhere --kubeconfig (or ~/.kube/config).",
            "With --embedded-api it starts an in-process API server, loads DUMP into it over HTTP and schedules",
            "it through the same informers and bind path; with --cycles N it runs N cycles, prints the report",
            "(the contract of simulate, binds as observed on the API server) and exits."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:the --cycles ran", "1:internal error", "2:bad input or usage",
            "143:stopped by SIGTERM, after a clean shutdown"})
final class RunCommand implements Callable<Integer> {
    enum Output { text, json }

    @Spec
    CommandSpec spec;

    @Option(names = "--kubeconfig", paramLabel = "FILE", description = "kubeconfig to use (default: in-cluster "
            + "configuration, else $KUBECONFIG or ~/.kube/config)")
    Path kubeconfig;

    @Option(names = "--conf", paramLabel = "FILE",
            description = "volcano-scheduler.conf (default: Volcano's default); re-read when it changes")
    Path conf;

    @Option(names = "--scheduler-name", paramLabel = "NAME", defaultValue = "volcano",
            description = "spec.schedulerName of the pods to schedule (repeatable; default: volcano)")
    List<String> schedulerNames;

    @Option(names = "--schedule-period", paramLabel = "DURATION", defaultValue = "1s",
            description = "time between cycles, a Go duration (default: 1s, as Volcano)")
    String period;

    @Option(names = "--min-cycle-interval", paramLabel = "DURATION", defaultValue = "50ms",
            description = "a pending pod's arrival starts a cycle early, at most this often (default: 50ms)")
    String minInterval;

    @Option(names = "--leader-elect", paramLabel = "BOOL", arity = "0..1", fallbackValue = "true",
            defaultValue = "true", description = "campaign for a Lease; false for a single replica (default: true)")
    boolean leaderElect;

    @Option(names = "--lease-namespace", paramLabel = "NS", defaultValue = "${env:POD_NAMESPACE:-volcano-system}",
            description = "namespace of the Lease (default: $POD_NAMESPACE, else volcano-system)")
    String leaseNamespace;

    @Option(names = "--lease-name", paramLabel = "NAME", defaultValue = "caldera-scheduler",
            description = "name of the Lease (default: caldera-scheduler)")
    String leaseName;

    @Option(names = "--identity", paramLabel = "NAME", description = "this replica in the Lease (default: host name)")
    String identity;

    @Option(names = "--http-port", paramLabel = "PORT", defaultValue = "8080",
            description = "port of /metrics, /healthz, /readyz (default: 8080; -1: none)")
    int httpPort;

    @Option(names = "--bind-workers", paramLabel = "N", defaultValue = "4",
            description = "threads calling the API for binds and evictions (default: 4)")
    int bindWorkers;

    @Option(names = "--embedded-api", description = "run against an in-process API server loaded with DUMP")
    boolean embedded;

    @Option(names = "--cycles", paramLabel = "N", description = "with --embedded-api: run N cycles, print, exit")
    Integer cycles;

    @Option(names = "--output", paramLabel = "FORMAT", defaultValue = "text",
            description = "with --cycles: text (default) or json (simulate's contract)")
    Output output;

    @Option(names = "--verbose", description = "debug logging, and stack traces with errors")
    boolean verbose;

    @Parameters(paramLabel = "DUMP", arity = "0..*",
            description = "with --embedded-api: YAML or JSON manifests or directories, as simulate takes them")
    List<String> inputs = List.of();

    private final InputStream stdin;

    RunCommand(InputStream stdin) {
        this.stdin = stdin;
    }

    @Override
    public Integer call() throws Exception {
        checkUsage();
        Logging.configure(verbose);
        RunOptions options = options();
        if (embedded) {
            return runEmbedded(options);
        }
        try (KubernetesClient client = new KubernetesClientBuilder().withConfig(config()).build()) {
            return runLive(client, options);
        }
    }

    private void checkUsage() {
        if (!embedded && (!inputs.isEmpty() || cycles != null)) {
            throw new ParameterException(spec.commandLine(), "DUMP and --cycles need --embedded-api");
        }
        if (embedded && inputs.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "--embedded-api needs at least one DUMP file or folder");
        }
        if (cycles != null && cycles < 1) {
            throw new ParameterException(spec.commandLine(), "--cycles must be at least 1, got " + cycles);
        }
        if (bindWorkers < 1) {
            throw new ParameterException(spec.commandLine(), "--bind-workers must be at least 1");
        }
        if (conf != null && !Files.isRegularFile(conf)) {
            throw new ManifestException(conf + ": " + (Files.exists(conf) ? "not a file" : "no such file") + " (--conf)");
        }
    }

    private RunOptions options() {
        long periodMs = duration(period, "--schedule-period");
        long minMs = duration(minInterval, "--min-cycle-interval");
        if (periodMs < 1) {
            throw new ParameterException(spec.commandLine(), "--schedule-period must be positive");
        }
        String id = identity != null ? identity : hostName();
        return RunOptions.defaults().withConf(conf).withPeriod(periodMs, minMs)
                .withSchedulerNames(new LinkedHashSet<>(schedulerNames))
                .withLeaderElection(leaderElect && !embedded, leaseNamespace, leaseName, id)
                .withHttpPort(httpPort).withBindWorkers(bindWorkers);
    }

    private long duration(String text, String option) {
        try {
            return GoDuration.parseMs(text);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), option + ": " + e.getMessage());
        }
    }

    private Config config() throws IOException {
        if (kubeconfig == null) {
            return Config.autoConfigure(null);
        }
        if (!Files.isRegularFile(kubeconfig)) {
            throw new ManifestException(kubeconfig + ": no such file (--kubeconfig)");
        }
        return Config.fromKubeconfig(Files.readString(kubeconfig, StandardCharsets.UTF_8));
    }

    private int runLive(KubernetesClient client, RunOptions options) throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        LiveScheduler live = new LiveScheduler(client, options).start();
        CountDownLatch closed = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            live.stop();
            try {
                closed.await(options.drainTimeoutMs() + 5_000, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "caldera-shutdown");
        // the hook is in place before the line that tells a supervisor (or a test) that scheduling runs: a SIGTERM
        // sent on reading it must find the hook, or the JVM exits without draining
        Runtime.getRuntime().addShutdownHook(hook);
        err.println("caldera: scheduling pods of " + String.join(", ", options.schedulerNames()) + " on "
                + client.getConfiguration().getMasterUrl() + (options.leaderElect() ? " (Lease "
                + options.leaseNamespace() + "/" + options.leaseName() + ", identity " + options.identity() + ")" : "")
                + (live.httpPort() >= 0 ? "; /metrics, /healthz, /readyz on port " + live.httpPort() : ""));
        err.flush();
        try {
            live.runLoop();
        } finally {
            live.close();
            err.println("caldera: stopped: scheduling ended, in-flight binds drained, "
                    + (options.leaderElect() ? "Lease released" : "no Lease held"));
            err.flush();
            closed.countDown();
        }
        return Main.OK;
    }

    private int runEmbedded(RunOptions options) throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        List<ManifestDocument> documents = new ManifestReader(stdin).read(inputs);
        if (documents.isEmpty()) {
            throw new ManifestException(String.join(", ", inputs) + ": no Kubernetes objects found");
        }
        ClusterManifest manifest = ClusterManifest.of(documents, w -> err.println("caldera: warning: " + w));
        try (EmbeddedApiServer server = new EmbeddedApiServer().start();
             KubernetesClient client = server.client()) {
            int created = new DumpLoader(client).load(manifest);
            err.println("caldera: embedded API server at " + server.url() + " holds " + created + " objects");
            err.flush();
            if (cycles == null) {
                return runLive(client, options);
            }
            try (LiveScheduler live = new LiveScheduler(client, options.withHttpPort(-1)).start()) {
                SimulationResult result = new EmbeddedCycles(live, client).run(cycles);
                PrintWriter out = spec.commandLine().getOut();
                if (output == Output.json) {
                    JsonReport.write(result, out);
                } else {
                    TextReport.write(result, out);
                }
                out.flush();
            }
        }
        return Main.OK;
    }

    private static String hostName() {
        String env = System.getenv("HOSTNAME");
        if (env != null && !env.isEmpty()) {
            return env;
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "caldera";
        }
    }
}
