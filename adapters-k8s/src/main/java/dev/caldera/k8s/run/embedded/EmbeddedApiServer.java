package dev.caldera.k8s.run.embedded;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.HashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * An in-process Kubernetes API server on the loopback interface: fabric8's mock server in CRUD mode with the
 * {@link EmbeddedApiDispatcher} (binding, eviction and status subresources). Objects live in the dispatcher, so
 * {@link #stop()} followed by {@link #start()} is an API server restart on the same port that keeps its data,
 * as a real one keeps etcd.
 * <p>
 * Threading: start/stop from one thread; clients from any.
 */
public final class EmbeddedApiServer implements AutoCloseable {
    /** The mock server logs every request through java.util.logging at INFO; kept referenced so it stays quiet. */
    private static final java.util.logging.Logger MOCK_LOG = java.util.logging.Logger.getLogger("io.fabric8.mockwebserver");

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(EmbeddedApiServer.class);

    static {
        MOCK_LOG.setLevel(java.util.logging.Level.WARNING);
    }

    /** How long a restart may wait for the previous listener to let go of the port, and a stop for it to close. */
    static final long RESTART_DEADLINE_MS = 60_000;

    private final EmbeddedApiDispatcher dispatcher = new EmbeddedApiDispatcher();
    private KubernetesMockServer server;
    private int port;

    /**
     * Starts on a free loopback port, or after {@link #stop()} on the port it had (a restart). A restart waits,
     * up to {@link #RESTART_DEADLINE_MS}, for the port to be free again: a starved machine may still be closing
     * the previous listener.
     */
    public EmbeddedApiServer start() {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(RESTART_DEADLINE_MS);
        while (true) {
            KubernetesMockServer s = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(),
                    dispatcher, false);
            try {
                s.init(InetAddress.getLoopbackAddress(), port);
                server = s;
                port = s.getPort();
                return this;
            } catch (IllegalStateException e) {
                destroyQuietly(s);
                if (port == 0 || System.nanoTime() > deadline) {
                    throw e;
                }
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
            }
        }
    }

    /**
     * Stops answering: returns once connections to the port are refused (at most {@link #RESTART_DEADLINE_MS});
     * the objects are kept.
     */
    public void stop() {
        if (server != null) {
            destroyQuietly(server);
            server = null;
            awaitRefused();
        }
    }

    /**
     * fabric8's mock server gives vert.x 10 s to confirm a close and throws otherwise; on a starved machine the
     * close completes later (that vert.x instance's threads then stay until the JVM exits).
     */
    private static void destroyQuietly(KubernetesMockServer s) {
        try {
            s.destroy();
        } catch (IllegalStateException e) {
            LOG.warn("the embedded API server did not confirm its stop in time: {}", e.getMessage());
        }
    }

    private void awaitRefused() {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(RESTART_DEADLINE_MS);
        while (System.nanoTime() < deadline) {
            try (Socket probe = new Socket()) {
                probe.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1_000);
            } catch (IOException refused) {
                return;
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
        }
        LOG.warn("the embedded API server still accepts connections on port {} after its stop", port);
    }

    public boolean running() {
        return server != null;
    }

    /** A client of this server (the caller closes it); it may be made while the server is stopped. */
    public KubernetesClient client() {
        return new KubernetesClientBuilder().withConfig(new ConfigBuilder(Config.empty()).withMasterUrl(url())
                .withNamespace("default").build()).build();
    }

    /** The server's URL, e.g. {@code http://127.0.0.1:41234/}. */
    public String url() {
        return "http://" + InetAddress.getLoopbackAddress().getHostAddress() + ":" + port + "/";
    }

    /** The server's store and counters (bindings per pod). */
    public EmbeddedApiDispatcher dispatcher() {
        return dispatcher;
    }

    public Faults faults() {
        return dispatcher.faults();
    }

    @Override
    public void close() {
        stop();
    }
}
