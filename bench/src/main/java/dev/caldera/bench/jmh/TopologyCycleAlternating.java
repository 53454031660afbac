package dev.caldera.bench.jmh;

import dev.caldera.bench.workload.PreparedCluster;
import dev.caldera.bench.workload.TopologyWorkload;
import dev.caldera.kernel.bind.Sinks;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.scheduler.CycleStats;
import dev.caldera.kernel.scheduler.Scheduler;
import dev.caldera.kernel.scheduler.SchedulerOptions;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * {@link TopologyCycleBenchmark}'s two cycles (without and with hard-mode topology, same workload) run in turn,
 * one after the other, in one JVM: a ratio that a busy machine does not skew the way it skews JMH's runs of one
 * parameter after the other (the load changes between them). Prints placements per second by wall time and by
 * the scheduling thread's cpu time, and their ratios. A smoke check, not a recording: the recorded figure is the
 * JMH suite on a quiet machine.
 * <p>
 * {@code java -cp bench/target/benchmarks.jar dev.caldera.bench.jmh.TopologyCycleAlternating [rounds]}: the
 * first third of the rounds is warm-up (default 30 rounds).
 */
public final class TopologyCycleAlternating {
    private TopologyCycleAlternating() {
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        PreparedCluster[] clusters = new PreparedCluster[2];
        Scheduler[] schedulers = new Scheduler[2];
        for (int i = 0; i < 2; i++) {
            boolean topology = i == 1;
            TopologyWorkload.Objects objects = TopologyWorkload.suite(10_000, TopologyCycleBenchmark.GANG_SIZES, 0.3,
                    topology, 1).build();
            clusters[i] = PreparedCluster.of(objects::feed);
            schedulers[i] = new Scheduler(clusters[i].cache, topology ? BenchConfs.defaultPlusBinpackAndTopology()
                    : BenchConfs.defaultPlusBinpack(), PluginRegistry.defaults(), SchedulerOptions.DEFAULT, Sinks.NONE);
            if (i == 0) {
                System.out.println("workload: " + objects.describe());
            }
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long[] cpu = new long[2];
        long[] wall = new long[2];
        long[] placed = new long[2];
        for (int round = 0; round < rounds; round++) {
            for (int i = 0; i < 2; i++) {
                clusters[i].restore();
                long cpu0 = threads.getCurrentThreadCpuTime();
                long wall0 = System.nanoTime();
                CycleStats stats = schedulers[i].runOnce();
                long wall1 = System.nanoTime();
                long cpu1 = threads.getCurrentThreadCpuTime();
                if (round >= rounds / 3) {
                    cpu[i] += cpu1 - cpu0;
                    wall[i] += wall1 - wall0;
                    placed[i] += stats.placed();
                }
            }
        }
        double[] byWall = new double[2];
        double[] byCpu = new double[2];
        for (int i = 0; i < 2; i++) {
            byWall[i] = placed[i] / (wall[i] / 1e9);
            byCpu[i] = placed[i] / (cpu[i] / 1e9);
            System.out.printf("topology=%s: %,.0f placements/s by wall time, %,.0f by cpu time (%d measured cycles)%n",
                    i == 1, byWall[i], byCpu[i], rounds - rounds / 3);
        }
        System.out.printf("ratio topology / topology-free: %.3f by wall time, %.3f by cpu time (target >= 0.333)%n",
                byWall[1] / byWall[0], byCpu[1] / byCpu[0]);
        schedulers[0].close();
        schedulers[1].close();
    }
}
