package dev.caldera.k8s.run.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.caldera.k8s.run.metrics.VolcanoMetrics;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * {@code /metrics} (Prometheus text format), {@code /healthz} (the process and its scheduling loop are alive)
 * and {@code /readyz} (informers synced; the body says whether this replica leads or stands by), on the JDK's
 * HTTP server.
 * <p>
 * Threading: requests on one server thread; the suppliers must be thread safe.
 */
public final class HealthServer implements AutoCloseable {
    private final HttpServer server;

    /**
     * @param health null when healthy, else why not
     * @param ready  null when ready (with the role in {@code role}), else why not
     */
    public HealthServer(InetSocketAddress address, VolcanoMetrics metrics, Supplier<String> health,
                        Supplier<String> ready, Supplier<String> role) throws IOException {
        server = HttpServer.create(address, 16);
        server.setExecutor(Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "caldera-http");
            t.setDaemon(true);
            return t;
        }));
        server.createContext("/metrics", ex -> {
            ByteArrayOutputStream body = new ByteArrayOutputStream(16 * 1024);
            metrics.write(body);
            reply(ex, 200, VolcanoMetrics.contentType(), body.toByteArray());
        });
        server.createContext("/healthz", ex -> check(ex, health.get(), "ok"));
        server.createContext("/readyz", ex -> check(ex, ready.get(), "ok: " + role.get()));
        server.start();
    }

    /** The bound port (useful with port 0). */
    public int port() {
        return server.getAddress().getPort();
    }

    private static void check(HttpExchange ex, String problem, String okText) throws IOException {
        String text = (problem == null ? okText : problem) + "\n";
        reply(ex, problem == null ? 200 : 503, "text/plain; charset=utf-8", text.getBytes(StandardCharsets.UTF_8));
    }

    private static void reply(HttpExchange ex, int code, String type, byte[] body) throws IOException {
        ex.getResponseHeaders().set("Content-Type", type);
        ex.sendResponseHeaders(code, body.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
