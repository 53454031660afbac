package dev.caldera.k8s.run.embedded;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the embedded API server was asked and what it sent: requests by verb and resource ({@code POST pods},
 * {@code POST pods/binding}, {@code PATCH pods/status}, {@code WATCH pods}, ...) and changes of stored objects
 * by action and resource ({@code change MODIFIED pods}; each is sent to every watcher of the resource). The live
 * bench divides them by the pods it measured, which says where the API server's work per pod goes.
 * <p>
 * Threading: thread safe; counting is a map lookup and a {@link LongAdder} increment.
 */
public final class RequestCounts {
    /** {@code /api/v1/...} or {@code /apis/group/version/...}, then an optional namespace, the plural, name, subresource. */
    private static final Pattern PATH = Pattern.compile(
            "^/(?:api/[^/]+|apis/[^/]+/[^/]+)(?:/namespaces/[^/?]+)?/([^/?]+)(?:/[^/?]+(?:/([^/?]+))?)?(?:\\?.*)?$");

    private final Map<String, LongAdder> counts = new ConcurrentHashMap<>();

    /** One request; {@code watch} for a GET that opens a watch (counted as {@code WATCH}). */
    void request(String method, String path, boolean watch) {
        count((watch ? "WATCH" : method) + " " + resource(path));
    }

    /**
     * One change of a stored object ({@code ADDED}, {@code MODIFIED}, {@code DELETED}); every watcher of the
     * resource is sent one event for it.
     */
    void change(String action, String plural) {
        count("change " + action + " " + plural);
    }

    private void count(String key) {
        counts.computeIfAbsent(key, k -> new LongAdder()).increment();
    }

    /** {@code plural} or {@code plural/subresource} of a request path; the path itself when it is not a resource's. */
    static String resource(String path) {
        Matcher m = PATH.matcher(path);
        if (!m.matches()) {
            int q = path.indexOf('?');
            return q < 0 ? path : path.substring(0, q);
        }
        return m.group(2) == null ? m.group(1) : m.group(1) + "/" + m.group(2);
    }

    /** The counts so far, by key in order. */
    public Map<String, Long> snapshot() {
        Map<String, Long> out = new TreeMap<>();
        counts.forEach((k, v) -> out.put(k, v.sum()));
        return out;
    }
}
