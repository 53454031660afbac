package dev.caldera.k8s.run.leader;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElectionConfigBuilder;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElector;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaseLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * Whether this replica may schedule and write: always (one replica, {@code --leader-elect=false}), or while it
 * holds a coordination.k8s.io Lease through fabric8's {@link LeaderElector}. A replica that loses the lease sees
 * {@link #isLeader()} turn false at once; the scheduling loop checks it before every cycle and the bind workers
 * before every call, so it stops within one schedule period, and campaigns again. {@link #close()} releases
 * the lease.
 * <p>
 * Threading: {@link #isLeader()} from any thread.
 */
public final class Leadership implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Leadership.class);

    private volatile boolean leader;
    private volatile boolean closed;
    private volatile String currentLeader = "";
    private final String identity;
    /** A new elector per campaign: fabric8's elector does not start again once it has stopped. */
    private java.util.function.Supplier<LeaderElector> elector;
    private long retryMs;
    private volatile CompletableFuture<?> election;
    private java.util.concurrent.ScheduledExecutorService recampaign;
    private KubernetesClient own;

    private Leadership(String identity, boolean leader) {
        this.identity = identity;
        this.leader = leader;
    }

    /** A single replica: always the leader. */
    public static Leadership always(String identity) {
        Leadership l = new Leadership(identity, true);
        l.currentLeader = identity;
        return l;
    }

    /**
     * Campaigns for the Lease {@code namespace/name}; {@code leaseMs}, {@code renewMs} and {@code retryMs} as
     * client-go's LeaseDuration, RenewDeadline and RetryPeriod.
     */
    public static Leadership elect(KubernetesClient client, String namespace, String name, String identity,
                                   long leaseMs, long renewMs, long retryMs, Runnable onLost) {
        Leadership l = new Leadership(identity, false);
        // no fabric8 retries inside a renewal: a renewal that cannot reach the API server must fail within the
        // renew deadline, so that this replica steps down before another may take the Lease
        l.own = new io.fabric8.kubernetes.client.KubernetesClientBuilder()
                .withConfig(dev.caldera.k8s.run.bind.ApiCalls.withoutRetries(client.getConfiguration())).build();
        var config = new LeaderElectionConfigBuilder()
                .withName("caldera-scheduler")
                .withLock(new LeaseLock(namespace, name, identity))
                .withLeaseDuration(Duration.ofMillis(leaseMs))
                .withRenewDeadline(Duration.ofMillis(renewMs))
                .withRetryPeriod(Duration.ofMillis(retryMs))
                .withReleaseOnCancel(true)
                .withLeaderCallbacks(new LeaderCallbacks(
                        () -> {
                            l.leader = true;
                            LOG.info("{} leads (Lease {}/{})", identity, namespace, name);
                        },
                        () -> {
                            boolean was = l.leader;
                            l.leader = false;
                            if (was) {
                                LOG.warn("{} lost the Lease {}/{}; scheduling stops", identity, namespace, name);
                                onLost.run();
                            }
                        },
                        newLeader -> l.currentLeader = newLeader))
                .build();
        l.elector = () -> l.own.leaderElector().withConfig(config).build();
        l.retryMs = retryMs;
        l.recampaign = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "caldera-leader-election");
            t.setDaemon(true);
            return t;
        });
        l.campaign();
        return l;
    }

    /**
     * fabric8's elector stops for good once it loses the lease; a replica that lost it (an API server hiccup)
     * campaigns again, so that the cluster is never left without a leader.
     */
    private void campaign() {
        if (closed) {
            return;
        }
        CompletableFuture<?> e = elector.get().start();
        election = e;
        e.whenComplete((v, t) -> {
            if (!closed) {
                recampaign.schedule(this::campaign, retryMs, java.util.concurrent.TimeUnit.MILLISECONDS);
            }
        });
    }

    public boolean isLeader() {
        return leader;
    }

    /** "leader" or "standby (leader: X)". */
    public String role() {
        return leader ? "leader" : "standby (leader: " + (currentLeader.isEmpty() ? "none yet" : currentLeader) + ")";
    }

    public String identity() {
        return identity;
    }

    @Override
    public void close() {
        closed = true;
        leader = false;
        if (election != null) {
            election.cancel(true);
        }
        if (recampaign != null) {
            recampaign.shutdownNow();
        }
        if (own != null) {
            own.close();
        }
    }
}
