package dev.caldera.k8s.run.bench;

import dev.caldera.k8s.run.LiveScheduler;
import dev.caldera.k8s.run.RunOptions;
import dev.caldera.k8s.run.embedded.EmbeddedApiServer;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fabric8.volcano.api.model.scheduling.v1beta1.PodGroupBuilder;
import io.fabric8.volcano.api.model.scheduling.v1beta1.QueueBuilder;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * End-to-end measurements of {@code caldera run} against the embedded API server, in one JVM:
 * <ul>
 *   <li>{@code throughput}: nodes first, then gangs (a PodGroup and its pods) created over HTTP by a few client
 *       threads; a separate watcher records when each pod is seen bound. Reports pods per second from the first
 *       creation to the last observed bind and the per-pod latency (creation call to observed bind).</li>
 *   <li>{@code restart}: nodes, pods already bound on them and pending gangs are created before the scheduler
 *       starts (a scheduler restart on a busy cluster); reports the time from the informers' sync to the first
 *       observed bind. In both, {@code --observe store} (the default) notes a bind when the embedded server stores
 *       it, {@code --observe watch} when a watcher of its own sees it.</li>
 * </ul>
 * Usage: {@code java -cp caldera.jar dev.caldera.k8s.run.bench.LiveBench throughput|restart [--nodes N]
 * [--pods N] [--gang N] [--bound N] [--creators N] [--bind-workers N] [--out FILE]}. Figures name the JVM and
 * machine; bench/live-bench.sh records them into perf-results/live/.
 */
public final class LiveBench {
    /** Issue 13's targets, checked in the report (a figure from a busy machine says nothing about them). */
    static final long FIRST_BIND_TARGET_MS = 2_000;
    static final int PODS_PER_S_TARGET = 2_000;
    private final Map<String, String> args;
    private final EmbeddedApiServer server = new EmbeddedApiServer().start();
    private final KubernetesClient client = server.client();
    private final Map<String, Long> createdNs = new ConcurrentHashMap<>();
    private final Map<String, Long> boundNs = new ConcurrentHashMap<>();
    private final AtomicLong firstBindNs = new AtomicLong();

    private LiveBench(Map<String, String> args) {
        this.args = args;
    }

    public static void main(String[] argv) throws Exception {
        if (argv.length == 0 || !(argv[0].equals("throughput") || argv[0].equals("restart"))) {
            System.err.println("usage: LiveBench throughput|restart [--nodes N] [--pods N] [--gang N] [--bound N]"
                    + " [--creators N] [--bind-workers N] [--warmup N] [--create http|store] [--rate PODS_PER_S]"
                    + " [--observe store|watch]"
                    + " [--out FILE]");
            System.exit(2);
        }
        Map<String, String> args = new java.util.HashMap<>();
        for (int i = 1; i + 1 < argv.length; i += 2) {
            args.put(argv[i].replaceFirst("^--", ""), argv[i + 1]);
        }
        LiveBench bench = new LiveBench(args);
        List<String> report = argv[0].equals("throughput") ? bench.throughput() : bench.restart();
        String header = "# " + String.join(" ", argv) + "\n# JVM: " + System.getProperty("java.vm.name") + " "
                + System.getProperty("java.runtime.version") + "\n# machine: " + cpuModel() + ", "
                + Runtime.getRuntime().availableProcessors() + " vCPU, load average at the end " + loadAverage() + "\n";
        String text = header + String.join("\n", report) + "\n";
        System.out.print(text);
        if (args.containsKey("out")) {
            Path out = Path.of(args.get("out"));
            if (out.getParent() != null) {
                Files.createDirectories(out.getParent());
            }
            Files.writeString(out, text);
        }
        System.exit(0);
    }

    /** The 1-minute load average (Linux), or "unknown": a loaded machine makes every figure meaningless. */
    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private int arg(String name, int dflt) {
        return Integer.parseInt(args.getOrDefault(name, String.valueOf(dflt)));
    }

    private List<String> throughput() throws Exception {
        int nodes = arg("nodes", 5_000);
        int pods = arg("pods", 10_000);
        int gang = arg("gang", 10);
        int warmups = arg("warmup", 1);
        createNodes(nodes, 0);
        if (observeByWatch()) {
            watchBinds();
        } else {
            server.dispatcher().observeBindings(this::bound);
        }
        LiveScheduler live = startScheduler();
        List<String> out = new ArrayList<>();
        out.add(String.format("nodes %d, pods %d in gangs of %d, %d creator threads (%s; %s), %d bind workers; binds "
                        + "observed %s", nodes, pods, gang, arg("creators", 8), creationText(),
                arg("rate", 0) > 0 ? "paced at " + arg("rate", 0) + " pods/s" : "as fast as they go", arg("bind-workers", 8),
                observeByWatch() ? "by a watcher of its own (another client, same JVM)"
                        : "by the embedded API server as it stores each binding"));
        for (int round = 0; round <= warmups; round++) {
            boolean measured = round == warmups;
            String ns = measured ? "bench" : "warmup-" + round;
            out.add("");
            out.add(measured ? (warmups == 0 ? "measured round (no warm-up round before it):"
                    : "measured round (after " + warmups + " warm-up round" + (warmups > 1 ? "s" : "") + "):")
                    : "warm-up round " + (round + 1) + " (same sizes, its pods stay bound; not the figure):");
            out.addAll(round(live, ns, pods, gang, measured));
        }
        live.close();
        return out;
    }

    private String creationText() {
        return createInStore() ? "pods and PodGroups created in the embedded API server's store, without HTTP"
                : "pods and PodGroups created over HTTP";
    }

    private boolean createInStore() {
        return "store".equals(args.getOrDefault("create", "http"));
    }

    private boolean observeByWatch() {
        return "watch".equals(args.getOrDefault("observe", "store"));
    }

    /** One round: {@code pods} in gangs created in namespace {@code ns}; its figures. */
    private List<String> round(LiveScheduler live, String ns, int pods, int gang, boolean measured) throws Exception {
        createdNs.clear();
        boundNs.clear();
        List<List<Creation>> gangs = prepareGangs(ns, pods / gang, gang);
        Map<String, Long> requestsBefore = server.dispatcher().counts().snapshot();
        Map<String, Long> threadsBefore = threadCpuNs();
        long cpuBefore = processCpuNs();
        if (measured) {
            profiler("start,event=ctimer,interval=1ms");
        }
        long start = System.nanoTime();
        createGangs(gangs);
        long created = System.nanoTime();
        boolean all = waitAllBound(pods, 600_000);
        long end = lastBindNs();
        if (measured) {
            profiler("stop,file=" + System.getProperty("caldera.profile.file", "") + ",collapsed");
        }
        long cpu = processCpuNs() - cpuBefore;
        Map<String, Long> threads = delta(threadsBefore, threadCpuNs());
        Map<String, Long> requests = delta(requestsBefore, server.dispatcher().counts().snapshot());
        Histogram latency = new Histogram(3);
        createdNs.forEach((k, c) -> {
            Long b = boundNs.get(k);
            if (b != null) {
                latency.recordValue(Math.max(1, (b - c) / 1_000));
            }
        });
        double seconds = (end - start) / 1e9;
        List<String> out = new ArrayList<>();
        out.add(String.format("  created in %.2f s (%.0f pods/s offered)", (created - start) / 1e9,
                pods / ((created - start) / 1e9)));
        out.add(String.format("  bound %d of %d%s", boundNs.size(), pods, all ? "" : " (timed out)"));
        out.add(String.format("  throughput: %.0f pods/s from first creation to last observed bind (%.2f s)",
                boundNs.size() / seconds, seconds));
        if (measured) {
            out.add("  target (issue 13): at least " + PODS_PER_S_TARGET + " pods/s: "
                    + (all && boundNs.size() / seconds >= PODS_PER_S_TARGET ? "met" : "NOT met"));
        }
        out.add(String.format("  per-pod latency, creation to observed bind: p50 %.1f ms, p99 %.1f ms, max %.1f ms",
                latency.getValueAtPercentile(50) / 1e3, latency.getValueAtPercentile(99) / 1e3,
                latency.getMaxValue() / 1e3));
        out.add(String.format("  process CPU: %.2f s (%.2f cores on average over the round), %.3f ms per pod",
                cpu / 1e9, cpu / 1e9 / seconds, cpu / 1e6 / pods));
        out.add("  CPU by thread (names with their numbers replaced by #), ms per pod:");
        threads.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(12)
                .forEach(e -> out.add(String.format("    %-40s %7.3f", e.getKey(), e.getValue() / 1e6 / pods)));
        out.add("  API server work per pod in this round (requests received; store changes, each sent to every watcher"
                + " of its resource):");
        requests.forEach((k, n) -> out.add(String.format("    %-34s %7.3f", k, n / (double) pods)));
        return out;
    }

    /** The JVM's CPU time (all threads, JIT and GC included), ns. */
    private static long processCpuNs() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /** CPU time of the live Java threads, summed by name with digits replaced by #, ns. */
    private static Map<String, Long> threadCpuNs() {
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        Map<String, Long> out = new java.util.HashMap<>();
        for (java.lang.management.ThreadInfo t : mx.getThreadInfo(mx.getAllThreadIds())) {
            long ns = t == null ? -1 : mx.getThreadCpuTime(t.getThreadId());
            if (ns > 0) {
                out.merge(t.getThreadName().replaceAll("[0-9]+", "#"), ns, Long::sum);
            }
        }
        return out;
    }

    private static Map<String, Long> delta(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Long> out = new java.util.TreeMap<>();
        after.forEach((k, n) -> {
            long d = n - before.getOrDefault(k, 0L);
            if (d != 0) {
                out.put(k, d);
            }
        });
        return out;
    }

    /**
     * Runs an async-profiler command when the profiler was asked for ({@code -Dcaldera.profile.lib=PATH} and its
     * jar on the class path, as bench/live-bench.sh --profile does): the profile then covers the measured round
     * only, not start-up, node creation or warm-up rounds.
     */
    private static void profiler(String command) {
        String lib = System.getProperty("caldera.profile.lib");
        if (lib == null) {
            return;
        }
        try {
            Class<?> type = Class.forName("one.profiler.AsyncProfiler");
            Object profiler = type.getMethod("getInstance", String.class).invoke(null, lib);
            type.getMethod("execute", String.class).invoke(profiler, command);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("async-profiler: " + command + ": " + e, e);
        }
    }

    private List<String> restart() throws Exception {
        int nodes = arg("nodes", 5_000);
        int bound = arg("bound", 20_000);
        int pending = arg("pods", 1_000);
        int gang = arg("gang", 10);
        createNodes(nodes, bound);
        createGangs("pending", pending / gang, gang);
        if (observeByWatch()) {
            watchBinds();
        } else {
            server.dispatcher().observeBindings(this::bound);
        }
        long begin = System.nanoTime();
        LiveScheduler live = startScheduler();
        long synced = System.nanoTime();
        boolean any = waitFirstBind(60_000);
        waitAllBound(pending, 120_000);
        List<String> out = new ArrayList<>();
        out.add(String.format("nodes %d, %d pods bound before start, %d pending in gangs of %d; binds observed %s",
                nodes, bound, pending, gang, observeByWatch() ? "by a watcher of its own (another client, same JVM)"
                        : "by the embedded API server as it stores each binding"));
        out.add(String.format("informers synced %.0f ms after the scheduler started", (synced - begin) / 1e6));
        double firstMs = (firstBindNs.get() - synced) / 1e6;
        out.add(any ? String.format("first bind observed %.0f ms after the informers synced", firstMs)
                : "no bind observed within 60 s");
        out.add("target (issue 13): first bind within " + FIRST_BIND_TARGET_MS + " ms of the informers' sync: "
                + (any && firstMs <= FIRST_BIND_TARGET_MS ? "met" : "NOT met"));
        out.add(String.format("all %d pending pods bound %.0f ms after the informers synced", boundNs.size(),
                (lastBindNs() - synced) / 1e6));
        out.addAll(cycleTimes(live));
        live.close();
        return out;
    }

    /**
     * The scheduler's own time in its cycles so far (sums from its /metrics, ms): set against the time to the
     * first bind, it says whether Caldera or the API server and its HTTP round trips took it.
     */
    private static List<String> cycleTimes(LiveScheduler live) throws IOException {
        java.io.ByteArrayOutputStream scrape = new java.io.ByteArrayOutputStream();
        live.metrics().write(scrape);
        List<String> out = new ArrayList<>();
        for (String line : scrape.toString(java.nio.charset.StandardCharsets.UTF_8).split("\n")) {
            if (line.startsWith("volcano_e2e_scheduling_latency_milliseconds_sum")
                    || line.startsWith("volcano_e2e_scheduling_latency_milliseconds_count")
                    || line.startsWith("volcano_open_session_duration_milliseconds_sum")
                    || line.startsWith("volcano_action_scheduling_latency_milliseconds_sum")) {
                out.add("scheduler: " + line);
            }
        }
        return out;
    }

    private LiveScheduler startScheduler() throws IOException {
        LiveScheduler live = new LiveScheduler(server.client(),
                RunOptions.defaults().withBindWorkers(arg("bind-workers", 8))).start();
        Thread loop = new Thread(live::runLoop, "bench-scheduling-loop");
        loop.setDaemon(true);
        loop.start();
        if (!live.awaitSynced(600_000)) {
            throw new IllegalStateException("informers did not sync");
        }
        return live;
    }

    /** Nodes of 32 CPUs; {@code boundPods} single-pod gangs already running on them, spread evenly. */
    private void createNodes(int nodes, int boundPods) throws Exception {
        client.resource(new QueueBuilder().withNewMetadata().withName("default").endMetadata().withNewSpec()
                .withWeight(1).withReclaimable(true).endSpec().withNewStatus().withState("Open").endStatus().build())
                .create();
        List<HasMetadata> objects = new ArrayList<>();
        for (int n = 0; n < nodes; n++) {
            objects.add(new NodeBuilder().withNewMetadata().withName(String.format("node-%05d", n)).endMetadata()
                    .withNewStatus().withAllocatable(Map.of("cpu", new Quantity("32"), "memory", new Quantity("128Gi"),
                            "pods", new Quantity("110"))).endStatus().build());
        }
        createAll(objects);
        objects.clear();
        for (int i = 0; i < boundPods; i++) {
            String name = "running-" + i;
            objects.add(new PodGroupBuilder().withNewMetadata().withName(name).withNamespace("running").endMetadata()
                    .withNewSpec().withMinMember(1).withQueue("default").endSpec().withNewStatus().withPhase("Running")
                    .endStatus().build());
            objects.add(pod("running", name + "-0", name, String.format("node-%05d", i % nodes)));
        }
        createAll(objects);
    }

    private void createGangs(String ns, int gangs, int size) throws Exception {
        createGangs(prepareGangs(ns, gangs, size));
    }

    /**
     * Each gang's PodGroup and pods, built (and with {@code --create store} serialized) before the clock starts:
     * building and serializing objects is the creators' work, which in a cluster runs on their own machines.
     */
    private List<List<Creation>> prepareGangs(String ns, int gangs, int size) {
        List<List<Creation>> out = new ArrayList<>(gangs);
        for (int g = 0; g < gangs; g++) {
            String name = "job-" + g;
            List<Creation> gang = new ArrayList<>(size + 1);
            gang.add(creation(new PodGroupBuilder().withNewMetadata().withName(name).withNamespace(ns).endMetadata()
                    .withNewSpec().withMinMember(size).withQueue("default").endSpec().build()));
            for (int i = 0; i < size; i++) {
                gang.add(creation(pod(ns, name + "-" + i, name, null)));
            }
            out.add(gang);
        }
        return out;
    }

    /**
     * Creates the gangs, each by one of the creator threads, PodGroup first; notes each pod's creation time. With
     * {@code --rate N} (pods per second), the k-th pod is not created before k/N seconds after the start.
     */
    private void createGangs(List<List<Creation>> gangs) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(arg("creators", 8));
        List<Future<?>> done = new ArrayList<>();
        int rate = arg("rate", 0);
        long startNs = System.nanoTime();
        AtomicLong tickets = new AtomicLong();
        for (List<Creation> gang : gangs) {
            done.add(pool.submit(() -> {
                for (Creation c : gang) {
                    if (c.pod() != null) {
                        if (rate > 0) {
                            long dueNs = startNs + tickets.getAndIncrement() * 1_000_000_000L / rate;
                            for (long now = System.nanoTime(); now < dueNs; now = System.nanoTime()) {
                                java.util.concurrent.locks.LockSupport.parkNanos(dueNs - now);
                            }
                        }
                        createdNs.put(c.pod(), System.nanoTime());
                    }
                    create(c);
                }
            }));
        }
        for (Future<?> f : done) {
            f.get();
        }
        pool.shutdown();
    }

    /** An object to create: over HTTP ({@code object}) or in the store ({@code path}, {@code json}); {@code pod}: its key. */
    private record Creation(HasMetadata object, String path, String json, String pod) {
    }

    private Creation creation(HasMetadata object) {
        String ns = object.getMetadata().getNamespace();
        String pod = object instanceof Pod ? ns + "/" + object.getMetadata().getName() : null;
        if (!createInStore()) {
            return new Creation(object, null, null, pod);
        }
        String path = pod != null ? "/api/v1/namespaces/" + ns + "/pods"
                : "/apis/scheduling.volcano.sh/v1beta1/namespaces/" + ns + "/podgroups";
        return new Creation(null, path, io.fabric8.kubernetes.client.utils.Serialization.asJson(object), pod);
    }

    /**
     * Creates over HTTP through the bench's client, or with {@code --create store} through the embedded API
     * server's own create handler (the same admission, store and watch fan-out as a POST, without the client's
     * HTTP round trip: in a cluster the creators run elsewhere).
     */
    private void create(Creation c) {
        if (c.object() != null) {
            client.resource(c.object()).create();
            return;
        }
        int code = server.dispatcher().create(c.path(), c.json());
        if (code / 100 != 2) {
            throw new IllegalStateException("creating in " + c.path() + ": HTTP " + code);
        }
    }

    private void createAll(List<HasMetadata> objects) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(arg("creators", 8));
        List<Future<?>> done = new ArrayList<>();
        for (HasMetadata o : objects) {
            done.add(pool.submit(() -> client.resource(o).create()));
        }
        for (Future<?> f : done) {
            f.get();
        }
        pool.shutdown();
    }

    private static Pod pod(String ns, String name, String group, String node) {
        return new PodBuilder().withNewMetadata().withName(name).withNamespace(ns)
                .withAnnotations(Map.of("scheduling.k8s.io/group-name", group)).endMetadata()
                .withNewSpec().withSchedulerName("volcano").withNodeName(node).addNewContainer().withName("main")
                .withImage("busybox").withNewResources().withRequests(Map.of("cpu", new Quantity("1"),
                        "memory", new Quantity("1Gi"))).endResources().endContainer().endSpec()
                .withNewStatus().withPhase(node == null ? "Pending" : "Running").endStatus().build();
    }

    /** A watcher of its own (another client) that notes when each pending pod is first seen with a node. */
    private void watchBinds() {
        SharedIndexInformer<Pod> informer = server.client().pods().inAnyNamespace().runnableInformer(0);
        informer.addEventHandler(new ResourceEventHandler<>() {
            @Override
            public void onAdd(Pod pod) {
                seen(pod);
            }

            @Override
            public void onUpdate(Pod oldPod, Pod newPod) {
                seen(newPod);
            }

            @Override
            public void onDelete(Pod pod, boolean unknown) {
            }
        });
        informer.start().toCompletableFuture().join();
    }

    private void seen(Pod pod) {
        String node = pod.getSpec().getNodeName();
        if (node != null && !node.isEmpty() && !"running".equals(pod.getMetadata().getNamespace())) {
            bound(pod.getMetadata().getNamespace() + "/" + pod.getMetadata().getName());
        }
    }

    private void bound(String key) {
        long now = System.nanoTime();
        if (createdNs.containsKey(key) && boundNs.putIfAbsent(key, now) == null) {
            firstBindNs.compareAndSet(0, now);
        }
    }

    private boolean waitAllBound(int pods, long timeoutMs) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutMs * 1_000_000;
        while (boundNs.size() < pods && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        return boundNs.size() >= pods;
    }

    private boolean waitFirstBind(long timeoutMs) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutMs * 1_000_000;
        while (firstBindNs.get() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        return firstBindNs.get() != 0;
    }

    private long lastBindNs() {
        return boundNs.values().stream().mapToLong(Long::longValue).max().orElse(System.nanoTime());
    }

    private static String cpuModel() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name"))
                    .findFirst().map(l -> l.substring(l.indexOf(':') + 1).trim()).orElse("unknown CPU");
        } catch (IOException e) {
            return "unknown CPU";
        }
    }
}
