package dev.caldera.k8s.run.embedded;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.server.mock.CrudWriteLock;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.crud.AttributeSet;
import io.fabric8.mockwebserver.dsl.HttpMethod;
import io.fabric8.mockwebserver.http.Buffer;
import io.fabric8.mockwebserver.http.Headers;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;

import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * fabric8's CRUD mock API server taught the things a scheduler needs beyond plain objects: the
 * {@code pods/binding} subresource (sets {@code spec.nodeName}; 409 when the pod already has a node, 404 when it
 * is gone), the {@code pods/eviction} subresource (policy/v1: deletes the pod), strategic merge patches of
 * {@code pods/status} ({@link StrategicPodStatusPatch}: conditions merged by type, as the API server does), JSON
 * merge patches as RFC 7386 has them ({@link JsonMergePatch}; the CRUD store would append to lists), and
 * Volcano's PodGroup CRD as it is served, without a {@code status} subresource (404; its status is written
 * through the object, which the CRUD store answers). Objects created with a {@code metadata.uid}
 * or {@code metadata.creationTimestamp} keep them (a real API server assigns new ones; a loaded dump needs its
 * own so that runs order work as {@code simulate} does). {@link Faults} may answer any request instead.
 * <p>
 * Threading: called on the mock server's request threads; a binding's check and write happen under the store's
 * write lock, so that two binds of one pod cannot both succeed.
 */
public final class EmbeddedApiDispatcher extends KubernetesCrudDispatcher {
    private static final Pattern SUBRESOURCE = Pattern.compile(
            "^/api/v1/namespaces/([^/]+)/pods/([^/?]+)/(binding|eviction)(\\?.*)?$");
    private static final Pattern POD_STATUS = Pattern.compile("^/api/v1/namespaces/([^/]+)/pods/([^/?]+)/status(\\?.*)?$");
    private static final Pattern POD_GROUP_STATUS = Pattern.compile(
            "^/apis/scheduling\\.volcano\\.sh/[^/]+/namespaces/[^/]+/podgroups/[^/?]+/status(\\?.*)?$");
    private static final String STRATEGIC_MERGE_PATCH = "application/strategic-merge-patch+json";
    private static final String MERGE_PATCH = "application/merge-patch+json";
    private static final ObjectMapper JSON = new ObjectMapper()
            .disable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private final Faults faults = new Faults();
    private final RequestCounts counts = new RequestCounts();
    /** Told {@code namespace/name} of each pod right after its binding is stored (the live bench's clock). */
    private volatile java.util.function.Consumer<String> bindObserver = key -> { };
    private final ThreadLocal<JsonNode> createdMetadata = new ThreadLocal<>();
    private final java.util.concurrent.ConcurrentHashMap<String, java.util.concurrent.atomic.AtomicInteger> bindings =
            new java.util.concurrent.ConcurrentHashMap<>();
    private final java.util.concurrent.ConcurrentHashMap<String, java.util.concurrent.atomic.AtomicInteger> attempts =
            new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The CRUD store's entries by plural/namespace/name. fabric8's store answers a lookup by name with a scan
     * of every object (O(objects) per create, update, patch or bind); with thousands of pods that scan, not the
     * scheduler, would set the pace. Kept in step with the store in {@link #processEvent}.
     */
    private final java.util.concurrent.ConcurrentHashMap<String, AttributeSet> byName =
            new java.util.concurrent.ConcurrentHashMap<>();

    /** Successful bindings per pod ({@code namespace/name}) since start: a correct scheduler never exceeds 1. */
    public int bindings(String podKey) {
        var n = bindings.get(podKey);
        return n == null ? 0 : n.get();
    }

    /** Binding requests per pod ({@code namespace/name}), whatever the answer (injected faults included). */
    public int bindAttempts(String podKey) {
        var n = attempts.get(podKey);
        return n == null ? 0 : n.get();
    }

    /** Every pod that was bound more than once. */
    public java.util.List<String> boundTwice() {
        return bindings.entrySet().stream().filter(e -> e.getValue().get() > 1).map(java.util.Map.Entry::getKey)
                .sorted().toList();
    }

    public Faults faults() {
        return faults;
    }

    /** Requests received and store changes made since start. */
    public RequestCounts counts() {
        return counts;
    }

    /**
     * {@code observer} is told {@code namespace/name} of each pod right after its binding is stored, on the
     * request's thread under the store's write lock (keep it short).
     */
    public void observeBindings(java.util.function.Consumer<String> observer) {
        bindObserver = observer;
    }

    @Override
    public MockResponse dispatch(RecordedRequest request) {
        String path = request.getPath();
        Matcher sub = SUBRESOURCE.matcher(path);
        if (request.method() == HttpMethod.POST && sub.matches() && sub.group(3).equals("binding")) {
            attempts.computeIfAbsent(sub.group(1) + "/" + sub.group(2), k -> new java.util.concurrent.atomic.AtomicInteger())
                    .incrementAndGet();
        }
        boolean watch = request.method() == HttpMethod.GET && path.contains("watch=true");
        counts.request(request.getMethod(), path, watch);
        int injected = faults.take(watch ? "WATCH" : request.getMethod(), path);
        if (injected != 0) {
            return status(injected, "injected by the embedded API server's fault rules");
        }
        Matcher m = SUBRESOURCE.matcher(path);
        if (request.method() == HttpMethod.POST && m.matches()) {
            return m.group(3).equals("binding") ? bind(request, m.group(1), m.group(2)) : evict(m.group(1), m.group(2));
        }
        if (POD_GROUP_STATUS.matcher(path).matches()) {
            return status(404, "the server could not find the requested resource (PodGroups serve no status subresource)");
        }
        if (request.method() == HttpMethod.PATCH && isMergePatch(request)) {
            return mergePatch(path, request);
        }
        return super.dispatch(request);
    }

    /**
     * Creates {@code json} at {@code path} (a collection's path, e.g. {@code /api/v1/namespaces/ns/pods}) as a
     * POST there would, through {@link #dispatch}, without HTTP: the load driver's way of creating objects in the
     * store without a client. Returns the HTTP status code the POST would have had.
     */
    public int create(String path, String json) {
        return dispatch(new RecordedRequest("HTTP/1.1", HttpMethod.POST, path,
                Headers.builder().add("Content-Type", "application/json").build(),
                new Buffer(json.getBytes(StandardCharsets.UTF_8)))).code();
    }

    private static boolean isMergePatch(RecordedRequest request) {
        String type = request.getHeader("Content-Type");
        return type != null && (type.startsWith(MERGE_PATCH) || type.startsWith(STRATEGIC_MERGE_PATCH));
    }

    /**
     * A JSON merge patch ({@link JsonMergePatch}) or a strategic merge patch of {@code pods/status}
     * ({@link StrategicPodStatusPatch}) applied to the stored object and written back whole through the CRUD
     * store's update, which checks the resourceVersion. A patch that names its resourceVersion gets 409 when the
     * object has moved on; one that does not is applied again to the newer object, as the API server does.
     */
    private MockResponse mergePatch(String path, RecordedRequest request) {
        String bare = path.indexOf('?') < 0 ? path : path.substring(0, path.indexOf('?'));
        boolean strategic = request.getHeader("Content-Type").startsWith(STRATEGIC_MERGE_PATCH);
        if (strategic && !POD_STATUS.matcher(bare).matches()) {
            return status(415, "the embedded API server applies strategic merge patches to pods/status only");
        }
        String objectPath = bare.endsWith("/status") ? bare.substring(0, bare.length() - "/status".length()) : bare;
        JsonNode patch = read(request.getBody().getBytes());
        boolean pinned = !patch.path("metadata").path("resourceVersion").asText("").isEmpty();
        MockResponse answer = status(409, "the object kept changing");
        for (int attempt = 0; attempt < 5 && answer.code() == 409; attempt++) {
            var current = findResource(getKey(objectPath));
            if (current == null) {
                return status(404, objectPath.substring(objectPath.lastIndexOf('/') + 1) + " not found");
            }
            JsonNode stored = read(current.getValue().getBytes(StandardCharsets.UTF_8));
            JsonNode merge;
            try {
                merge = strategic ? StrategicPodStatusPatch.toMergePatch(stored, patch) : patch;
            } catch (IllegalArgumentException e) {
                return status(422, e.getMessage());
            }
            ObjectNode updated = (ObjectNode) JsonMergePatch.apply(stored, merge);
            if (!pinned) {
                updated.withObjectProperty("metadata").set("resourceVersion", stored.path("metadata").path("resourceVersion"));
            }
            answer = super.handleUpdate(new RecordedRequest("HTTP/1.1", HttpMethod.PUT, bare,
                    Headers.builder().add("Content-Type", "application/json").build(),
                    new Buffer(updated.toString().getBytes(StandardCharsets.UTF_8))));
            if (pinned) {
                return answer;
            }
        }
        return answer;
    }

    /**
     * {@code pods/binding}: under the store's write lock (atomic with every other write), the stored pod is read
     * once, checked (404 gone, 409 already on a node) and written back once with {@code spec.nodeName} set, a new
     * resourceVersion and the generation a spec change gets, as fabric8's merge patch would have written it; the
     * watchers get one MODIFIED event. A generic patch would read the pod three times and diff it twice.
     */
    private MockResponse bind(RecordedRequest request, String namespace, String name) {
        return CrudWriteLock.run(this, request, (path, contentType, body) -> {
            String key = namespace + "/" + name;
            String podPath = podPath(namespace, name);
            String elsewhere = faults.takeBindElsewhere(key);
            if (elsewhere != null) {
                setNode(podPath, elsewhere);
            }
            if (faults.takeDeleteBeforeBind(key)) {
                super.handleDelete(podPath);
            }
            var current = findResource(getKey(podPath));
            if (current == null) {
                return status(404, "pods \"" + name + "\" not found");
            }
            ObjectNode pod = (ObjectNode) read(current.getValue().getBytes(StandardCharsets.UTF_8));
            String node = pod.path("spec").path("nodeName").asText("");
            if (!node.isEmpty()) {
                return status(409, "Operation cannot be fulfilled on pods/binding \"" + name
                        + "\": pod " + name + " is already assigned to node \"" + node + "\"");
            }
            String target = read(body.getBytes(StandardCharsets.UTF_8)).path("target").path("name").asText("");
            if (target.isEmpty()) {
                return status(400, "Binding target.name is required");
            }
            pod.withObjectProperty("spec").put("nodeName", target);
            ObjectNode metadata = pod.withObjectProperty("metadata");
            metadata.put("resourceVersion", String.valueOf(requestResourceVersion()));
            metadata.put("generation", metadata.path("generation").asLong(0) + 1);
            GenericKubernetesResource resource;
            String json;
            try {
                json = JSON.writeValueAsString(pod);
                resource = JSON.treeToValue(pod, GenericKubernetesResource.class);
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                return status(500, "pod " + key + " could not be written: " + e.getOriginalMessage());
            }
            processEvent(podPath, getKey(podPath), current.getKey(), resource, json);
            bindings.computeIfAbsent(key, k -> new java.util.concurrent.atomic.AtomicInteger()).incrementAndGet();
            bindObserver.accept(key);
            return status(201, "");
        });
    }

    private MockResponse setNode(String podPath, String node) {
        ObjectNode patch = JSON.createObjectNode();
        patch.putObject("spec").put("nodeName", node);
        return super.handlePatch(new RecordedRequest("HTTP/1.1", HttpMethod.PATCH, podPath,
                Headers.builder().add("Content-Type", "application/merge-patch+json").build(),
                new Buffer(patch.toString().getBytes(StandardCharsets.UTF_8))));
    }

    private MockResponse evict(String namespace, String name) {
        String podPath = podPath(namespace, name);
        if (findResource(getKey(podPath)) == null) {
            return status(404, "pods \"" + name + "\" not found");
        }
        MockResponse deleted = super.handleDelete(podPath);
        return deleted.code() / 100 == 2 ? status(201, "") : deleted;
    }

    @Override
    public MockResponse handleCreate(RecordedRequest request) {
        byte[] body = request.getBody().getBytes();
        // most objects are created without either field: reading the body for them would double the create's parse
        JsonNode metadata = mayName(body, UID) || mayName(body, CREATION_TIMESTAMP) ? read(body).path("metadata") : null;
        createdMetadata.set(metadata != null && (metadata.has("uid") || metadata.has("creationTimestamp")) ? metadata : null);
        try {
            return super.handleCreate(request);
        } finally {
            createdMetadata.remove();
        }
    }

    @Override
    public java.util.Map.Entry<AttributeSet, String> findResource(AttributeSet query) {
        String key = nameKey(query);
        if (key == null) {
            return super.findResource(query);
        }
        AttributeSet stored = byName.get(key);
        String value = stored == null ? null : map.get(stored);
        return value == null || !stored.matches(query) ? null : java.util.Map.entry(stored, value);
    }

    /** plural/namespace/name of a query or stored key, or null when it names no single object. */
    private static String nameKey(AttributeSet a) {
        String plural = value(a, "plural");
        String name = value(a, "name");
        if (plural == null || name == null) {
            return null;
        }
        String ns = value(a, "namespace");
        return plural + "/" + (ns == null ? "" : ns) + "/" + name;
    }

    private static String value(AttributeSet a, String key) {
        var attribute = a.getAttribute(key);
        return attribute == null || attribute.getValues().size() != 1 ? null : attribute.getValues().get(0).toString();
    }

    @Override
    public void processEvent(String path, AttributeSet pathAttributes, AttributeSet oldAttributes,
                             GenericKubernetesResource resource, String newState) {
        JsonNode given = createdMetadata.get();
        if (given != null && oldAttributes == null && resource != null) {
            if (given.hasNonNull("uid")) {
                resource.getMetadata().setUid(given.get("uid").asText());
            }
            if (given.hasNonNull("creationTimestamp")) {
                resource.getMetadata().setCreationTimestamp(given.get("creationTimestamp").asText());
            }
            newState = Serialization.asJson(resource);
        }
        if (oldAttributes != null) {
            String old = nameKey(oldAttributes);
            if (old != null) {
                byName.remove(old, oldAttributes);
            }
        }
        super.processEvent(path, pathAttributes, oldAttributes, resource, newState);
        String plural = value(pathAttributes, "plural");
        counts.change(oldAttributes == null ? "ADDED" : newState == null ? "DELETED" : "MODIFIED",
                plural == null ? "?" : plural);
        if (newState != null) {
            index(pathAttributes, resource, newState);
        }
    }

    /** Stores the key the CRUD store just filed the new state under (computed as the store computes it). */
    private void index(AttributeSet pathAttributes, GenericKubernetesResource resource, String newState) {
        var extractor = (io.fabric8.kubernetes.client.server.mock.KubernetesAttributesExtractor) attributeExtractor;
        AttributeSet stored = resource != null ? extractor.extract(resource) : extractor.fromResource(newState);
        if (!stored.containsKey("plural")) {
            stored = AttributeSet.merge(pathAttributes, stored);
        }
        String key = nameKey(stored);
        if (key != null && map.containsKey(stored)) {
            byName.put(key, stored);
        }
    }

    private static final byte[] UID = "\"uid\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CREATION_TIMESTAMP = "\"creationTimestamp\"".getBytes(StandardCharsets.US_ASCII);

    /** True when {@code body} contains {@code field} (a quoted JSON key) anywhere: it may name it. */
    static boolean mayName(byte[] body, byte[] field) {
        outer:
        for (int i = 0; i + field.length <= body.length; i++) {
            for (int k = 0; k < field.length; k++) {
                if (body[i + k] != field[k]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    private static String podPath(String namespace, String name) {
        return "/api/v1/namespaces/" + namespace + "/pods/" + name;
    }

    private static JsonNode read(byte[] bytes) {
        try {
            return bytes.length == 0 ? JSON.createObjectNode() : JSON.readTree(bytes);
        } catch (java.io.IOException e) {
            return JSON.createObjectNode();
        }
    }

    /** A Kubernetes {@code Status} answer. */
    static MockResponse status(int code, String message) {
        ObjectNode s = JSON.createObjectNode();
        s.put("apiVersion", "v1").put("kind", "Status").put("code", code)
                .put("status", code / 100 == 2 ? "Success" : "Failure").put("message", message);
        s.put("reason", switch (code) {
            case 404 -> "NotFound";
            case 409 -> "Conflict";
            case 415 -> "UnsupportedMediaType";
            case 422 -> "Invalid";
            case 410 -> "Expired";
            case 429 -> "TooManyRequests";
            default -> code / 100 == 2 ? "" : "InternalError";
        });
        return new MockResponse().setResponseCode(code).setBody(s.toString())
                .setHeader("Content-Type", "application/json");
    }
}
