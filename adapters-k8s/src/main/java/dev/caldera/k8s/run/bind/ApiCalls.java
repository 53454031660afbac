package dev.caldera.k8s.run.bind;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The writes the live scheduler makes, as plain HTTP calls through the fabric8 client's configured HTTP client
 * (its authentication and TLS): {@code pods/binding}, {@code pods/eviction} (policy/v1), pod delete, a pod's
 * status (strategic merge patch of {@code pods/status}), a PodGroup's status (JSON merge patch of the PodGroup:
 * Volcano's CRD has no status subresource), Event creation. Each returns the HTTP status code, or {@link #UNREACHABLE}
 * when no answer came (connection refused, timeout).
 * <p>
 * Threading: thread safe; each call blocks its caller (a bind worker or the status writer) for at most
 * {@code timeoutMs}.
 */
public final class ApiCalls implements AutoCloseable {
    /** No HTTP answer: the API server could not be reached or did not answer in time. */
    public static final int UNREACHABLE = 0;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String MERGE_PATCH = "application/merge-patch+json";
    private static final String STRATEGIC_MERGE_PATCH = "application/strategic-merge-patch+json";

    private final KubernetesClient own;
    private final HttpClient http;
    private final String base;
    private final long timeoutMs;

    /**
     * Calls through a client of {@code client}'s configuration without fabric8's own retries of 5xx answers:
     * a failed bind must reach the pipeline (task back to Pending, backoff), not be re-sent behind its back.
     */
    public ApiCalls(KubernetesClient client, long timeoutMs) {
        this.own = new KubernetesClientBuilder().withConfig(withoutRetries(client.getConfiguration())).build();
        this.http = own.getHttpClient();
        String url = own.getConfiguration().getMasterUrl();
        this.base = url.endsWith("/") ? url : url + "/";
        this.timeoutMs = timeoutMs;
    }

    public int bind(String namespace, String pod, String uid, String node) {
        ObjectNode b = JSON.createObjectNode().put("apiVersion", "v1").put("kind", "Binding");
        b.putObject("metadata").put("name", pod).put("namespace", namespace).put("uid", uid);
        b.putObject("target").put("apiVersion", "v1").put("kind", "Node").put("name", node);
        return send(builder(podPath(namespace, pod) + "/binding").post("application/json", b.toString()));
    }

    public int evict(String namespace, String pod) {
        ObjectNode e = JSON.createObjectNode().put("apiVersion", "policy/v1").put("kind", "Eviction");
        e.putObject("metadata").put("name", pod).put("namespace", namespace);
        return send(builder(podPath(namespace, pod) + "/eviction").post("application/json", e.toString()));
    }

    public int deletePod(String namespace, String pod) {
        return send(builder(podPath(namespace, pod)).delete("application/json", "{}"));
    }

    /**
     * Strategic-merge-patches {@code pods/status}, as kube-scheduler writes a pod's condition: the API server
     * merges {@code status.conditions} by {@code type}, so the kubelet's conditions (Ready, ContainersReady,
     * Initialized) stay.
     */
    public int patchPodStatus(String namespace, String pod, ObjectNode patch) {
        return send(builder(podPath(namespace, pod) + "/status").patch(STRATEGIC_MERGE_PATCH, patch.toString()));
    }

    /**
     * JSON-merge-patches a PodGroup. Volcano's PodGroup CRD serves no {@code status} subresource (its scheduler
     * updates the whole object), so its status is written through the object itself; a custom resource takes
     * no strategic merge patch, so {@code patch} carries the whole condition list and the resourceVersion it
     * was computed from (409 when the PodGroup changed since).
     */
    public int patchPodGroup(String namespace, String name, ObjectNode patch) {
        return send(builder(podGroupPath(namespace, name)).patch(MERGE_PATCH, patch.toString()));
    }

    public int createEvent(String namespace, ObjectNode event) {
        return send(builder("api/v1/namespaces/" + namespace + "/events").post("application/json", event.toString()));
    }

    /** {@code config} with fabric8's request retries turned off. */
    public static Config withoutRetries(Config config) {
        return new ConfigBuilder(config).withRequestRetryBackoffLimit(0).build();
    }

    @Override
    public void close() {
        own.close();
    }

    public static String podPath(String namespace, String pod) {
        return "api/v1/namespaces/" + namespace + "/pods/" + pod;
    }

    public static String podGroupPath(String namespace, String name) {
        return "apis/scheduling.volcano.sh/v1beta1/namespaces/" + namespace + "/podgroups/" + name;
    }

    private HttpRequest.Builder builder(String path) {
        return http.newHttpRequestBuilder().uri(base + path).timeout(timeoutMs, TimeUnit.MILLISECONDS);
    }

    private int send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> r = http.sendAsync(request.build(), String.class)
                    .get(timeoutMs + 1_000, TimeUnit.MILLISECONDS);
            return r.code();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return UNREACHABLE;
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            return UNREACHABLE;
        }
    }
}
