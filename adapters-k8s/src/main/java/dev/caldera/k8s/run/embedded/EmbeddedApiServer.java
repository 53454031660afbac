package dev.caldera.k8s.run.embedded;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;

import java.net.InetAddress;
import java.util.HashMap;

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

    private final EmbeddedApiDispatcher dispatcher = new EmbeddedApiDispatcher();
    private KubernetesMockServer server;
    private int port;

    /** Starts on a free loopback port. */
    public EmbeddedApiServer start() {
        server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(),
                dispatcher, false);
        server.init(InetAddress.getLoopbackAddress(), port);
        port = server.getPort();
        return this;
    }

    /** Stops answering (connections are refused until {@link #start()}); the objects are kept. */
    public void stop() {
        if (server != null) {
            try {
                server.destroy();
            } catch (IllegalStateException e) {
                // vert.x did not confirm the close in time (a starved machine); its threads are daemons
                LOG.warn("the embedded API server did not stop cleanly: {}", e.getMessage());
            }
            server = null;
        }
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
