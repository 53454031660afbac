package dev.caldera.k8s.run;

import java.nio.file.Path;
import java.util.Set;

/**
 * How {@code caldera run} runs.
 *
 * @param schedulerNames  pods whose {@code spec.schedulerName} is one of these are scheduled
 * @param periodMs        the schedule period (Volcano's default: 1 s)
 * @param minIntervalMs   a pending pod's arrival may start a cycle early, but never sooner than this after
 *                        the previous cycle began
 * @param conf            the configuration file (reloaded when it changes), or null for Volcano's default
 * @param leaderElect     campaign for {@code leaseNamespace/leaseName}; false: one replica, always leading
 * @param identity        this replica's name in the Lease (the pod name in a cluster)
 * @param httpPort        port of /metrics, /healthz and /readyz (0: any free port; -1: none)
 * @param bindWorkers     threads that call the API for binds and evictions
 * @param bindQueue       capacity of the bind queue
 * @param apiTimeoutMs    timeout of one bind, eviction or status call
 * @param drainTimeoutMs  on shutdown, how long in-flight binds may take to finish
 * @param eventsPerSecond Kubernetes Events per second at most (bursts of ten times that)
 */
public record RunOptions(Set<String> schedulerNames, long periodMs, long minIntervalMs, Path conf,
                         boolean leaderElect, String leaseNamespace, String leaseName, String identity, int httpPort,
                         int bindWorkers, int bindQueue, long apiTimeoutMs, long drainTimeoutMs,
                         double eventsPerSecond) {
    public RunOptions {
        schedulerNames = Set.copyOf(schedulerNames);
        if (periodMs < 1 || minIntervalMs < 0 || bindWorkers < 1 || bindQueue < 2) {
            throw new IllegalArgumentException("period, bind workers and bind queue must be positive");
        }
    }

    /** Defaults for one replica without HTTP endpoints (tests and the embedded API adjust from here). */
    public static RunOptions defaults() {
        return new RunOptions(Set.of("volcano"), 1_000, 50, null, false, "volcano-system", "caldera-scheduler",
                "caldera", -1, 4, 65_536, 10_000, 10_000, 50);
    }

    public RunOptions withConf(Path file) {
        return new RunOptions(schedulerNames, periodMs, minIntervalMs, file, leaderElect, leaseNamespace, leaseName,
                identity, httpPort, bindWorkers, bindQueue, apiTimeoutMs, drainTimeoutMs, eventsPerSecond);
    }

    public RunOptions withPeriod(long period, long minInterval) {
        return new RunOptions(schedulerNames, period, minInterval, conf, leaderElect, leaseNamespace, leaseName,
                identity, httpPort, bindWorkers, bindQueue, apiTimeoutMs, drainTimeoutMs, eventsPerSecond);
    }

    public RunOptions withLeaderElection(boolean elect, String namespace, String name, String id) {
        return new RunOptions(schedulerNames, periodMs, minIntervalMs, conf, elect, namespace, name, id, httpPort,
                bindWorkers, bindQueue, apiTimeoutMs, drainTimeoutMs, eventsPerSecond);
    }

    public RunOptions withHttpPort(int port) {
        return new RunOptions(schedulerNames, periodMs, minIntervalMs, conf, leaderElect, leaseNamespace, leaseName,
                identity, port, bindWorkers, bindQueue, apiTimeoutMs, drainTimeoutMs, eventsPerSecond);
    }

    public RunOptions withSchedulerNames(Set<String> names) {
        return new RunOptions(names, periodMs, minIntervalMs, conf, leaderElect, leaseNamespace, leaseName, identity,
                httpPort, bindWorkers, bindQueue, apiTimeoutMs, drainTimeoutMs, eventsPerSecond);
    }

    public RunOptions withBindWorkers(int workers) {
        return new RunOptions(schedulerNames, periodMs, minIntervalMs, conf, leaderElect, leaseNamespace, leaseName,
                identity, httpPort, workers, bindQueue, apiTimeoutMs, drainTimeoutMs, eventsPerSecond);
    }
}
