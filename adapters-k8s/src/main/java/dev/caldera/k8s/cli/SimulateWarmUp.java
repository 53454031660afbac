package dev.caldera.k8s.cli;

import dev.caldera.k8s.convert.PodConverter;
import dev.caldera.k8s.manifest.ManifestReader;
import dev.caldera.k8s.report.JsonReport;
import dev.caldera.k8s.report.ReportWriter;
import dev.caldera.k8s.simulate.ClusterBuilder;
import dev.caldera.k8s.simulate.ClusterIngest;
import dev.caldera.k8s.simulate.Simulation;
import dev.caldera.k8s.simulate.SimulationRun;
import dev.caldera.kernel.conf.SchedulerConf;
import dev.caldera.kernel.scheduler.SchedulerOptions;

import java.io.ByteArrayInputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * A {@code simulate} of a tiny cluster (2 nodes, 3 pods) run on a thread of its own while the JVM parses the
 * command line and reads the configuration, with nothing of it kept or printed: the classes the real run reads,
 * converts, loads and schedules with are then loaded, linked and initialized, and their constant pools and call
 * sites resolved, on a core that is otherwise idle at that moment rather than on the command's thread later. In a
 * cold run of the 5,000-node dump that work was 35-41 ms of the first cycle and 20-27 ms of the hand-over on the
 * command's thread alone, and 45-50 ms of the two reading threads (async-profiler, bin/caldera).
 * <p>
 * It shares no state with the real run: its own configuration, cache, scheduler and report; the kernel and the
 * reader keep no mutable static state (their per-thread tables are per thread). Anything it throws is dropped.
 * <p>
 * Threading: one daemon thread, started by {@link Main#main} ({@code -Dcaldera.warmup=off} leaves it out); the real
 * run neither waits for it nor reads it.
 */
final class SimulateWarmUp implements Runnable {
    /**
     * The kinds and fields of a generated dump ({@code caldera generate}), one or two of each: a zone and a GPU
     * node, a running gang and a pending one with a zone selector and a GPU toleration.
     */
    static final String CLUSTER = """
            apiVersion: scheduling.k8s.io/v1
            kind: PriorityClass
            metadata:
              name: normal
            value: 1000
            ---
            apiVersion: scheduling.volcano.sh/v1beta1
            kind: Queue
            metadata:
              name: default
            spec:
              weight: 1
              reclaimable: true
            status:
              state: Open
            ---
            apiVersion: v1
            kind: Node
            metadata:
              name: node-0
              labels:
                kubernetes.io/hostname: node-0
                topology.kubernetes.io/zone: zone-a
                node.kubernetes.io/instance-type: cpu-32
            status:
              allocatable:
                cpu: "32"
                memory: 131072Mi
                pods: "110"
            ---
            apiVersion: v1
            kind: Node
            metadata:
              name: node-1
              labels:
                kubernetes.io/hostname: node-1
                topology.kubernetes.io/zone: zone-b
                node.kubernetes.io/instance-type: gpu-8x
            spec:
              taints:
              - key: nvidia.com/gpu
                value: present
                effect: NoSchedule
            status:
              allocatable:
                cpu: "64"
                memory: 524288Mi
                pods: "110"
                nvidia.com/gpu: "8"
            ---
            apiVersion: scheduling.volcano.sh/v1beta1
            kind: PodGroup
            metadata:
              name: job-0
              namespace: team-0
              creationTimestamp: "2024-01-01T00:00:01Z"
            spec:
              minMember: 1
              queue: default
              priorityClassName: normal
            status:
              phase: Running
            ---
            apiVersion: v1
            kind: Pod
            metadata:
              name: job-0-worker-0
              namespace: team-0
              uid: team-0-job-0-worker-0
              creationTimestamp: "2024-01-01T00:00:01Z"
              annotations:
                scheduling.k8s.io/group-name: job-0
                volcano.sh/task-spec: worker
            spec:
              schedulerName: volcano
              priorityClassName: normal
              priority: 1000
              nodeName: node-0
              containers:
              - name: main
                image: busybox
                resources:
                  requests:
                    cpu: 750m
                    memory: 1024Mi
            status:
              phase: Running
            ---
            apiVersion: scheduling.volcano.sh/v1beta1
            kind: PodGroup
            metadata:
              name: job-1
              namespace: team-1
              creationTimestamp: "2024-01-01T00:00:02Z"
            spec:
              minMember: 2
              queue: default
              priorityClassName: normal
            status:
              phase: Pending
            ---
            apiVersion: v1
            kind: Pod
            metadata:
              name: job-1-worker-0
              namespace: team-1
              uid: team-1-job-1-worker-0
              creationTimestamp: "2024-01-01T00:00:02Z"
              annotations:
                scheduling.k8s.io/group-name: job-1
                volcano.sh/task-spec: worker
            spec:
              schedulerName: volcano
              priorityClassName: normal
              priority: 1000
              nodeSelector:
                topology.kubernetes.io/zone: zone-a
              containers:
              - name: main
                image: busybox
                resources:
                  requests:
                    cpu: 2750m
                    memory: 1536Mi
            status:
              phase: Pending
            ---
            apiVersion: v1
            kind: Pod
            metadata:
              name: job-1-worker-1
              namespace: team-1
              uid: team-1-job-1-worker-1
              creationTimestamp: "2024-01-01T00:00:02Z"
              annotations:
                scheduling.k8s.io/group-name: job-1
                volcano.sh/task-spec: worker
            spec:
              schedulerName: volcano
              priorityClassName: normal
              priority: 1000
              tolerations:
              - key: nvidia.com/gpu
                operator: Exists
                effect: NoSchedule
              containers:
              - name: main
                image: busybox
                resources:
                  requests:
                    cpu: 8000m
                    memory: 65536Mi
                    nvidia.com/gpu: "1"
                  limits:
                    nvidia.com/gpu: "1"
            status:
              phase: Pending
            """;

    private SimulateWarmUp() {
    }

    /**
     * Starts the warm-up when {@code args} is a {@code simulate} command (a daemon: the JVM does not wait for it),
     * unless it asks for {@code --verbose}: the kernel's debug lines of the warm-up's cycle would be printed too.
     * Returns its thread, or null when it was not started.
     */
    static Thread startFor(String[] args) {
        if (args.length > 1 && args[0].equals("simulate") && !List.of(args).contains("--verbose")) {
            Thread t = new Thread(new SimulateWarmUp(), "caldera-warm-up");
            t.setDaemon(true);
            t.start();
            return t;
        }
        return null;
    }

    @Override
    public void run() {
        try {
            simulate(CLUSTER.getBytes(StandardCharsets.UTF_8));
        } catch (Exception | Error e) {
            // a warm-up that failed leaves the run cold, nothing more
        }
    }

    /** What {@code SimulateCommand} does with one cycle and a JSON report, its output dropped; the pods it bound. */
    static int simulate(byte[] yaml) {
        try (Simulation simulation = new Simulation(SchedulerConf.volcanoDefault(), SchedulerOptions.DEFAULT)) {
            ClusterIngest ingest = new ClusterIngest(new PodConverter(new LinkedHashSet<>(List.of("volcano"))));
            ClusterBuilder builder = new ClusterBuilder(w -> { }, ingest);
            new ManifestReader(new ByteArrayInputStream(yaml)).stream(List.of("-"), ingest,
                    add -> add.accept(builder));
            simulation.load(builder.build());
            ReportWriter report = JsonReport.open(Writer.nullWriter());
            var summary = SimulationRun.run(simulation, 1, report::cycle);
            report.finish(summary);
            return summary.bound();
        }
    }
}
