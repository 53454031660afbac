package dev.caldera.kernel.testing;

import dev.caldera.kernel.cache.ClusterCache;

import java.lang.reflect.Field;
import java.util.Set;

/**
 * Every table of a {@link ClusterCache} as text: the struct-of-arrays tables (whole arrays, capacity included),
 * symbols, dimensions, task classes and profiles, nominations, priority classes, HyperNodes, and the entity caches'
 * row indexes, free lists, totals and waiting tasks. Two caches with equal images hold the same state. Left out:
 * the queue of submitted changes, where refusals are reported and how many there were, callbacks, the test
 * switch that turns the short path for pod moves off, and the memos of a last lookup (the string interned last, the
 * job key joined last, the dimensions a quantity check found, the request vectors of the lists written lately, the
 * task class acquired last, the namespace and role a pod's write interned last), which
 * caches of equal state may hold differently.
 */
public final class CacheImage {
    /** Memos of a lookup, which caches of equal state may hold differently (they looked up in another order). */
    public static final Set<String> MEMOS = Set.of("lastInterned", "lastId", "keyedNamespace", "keyedName", "keyedKey",
            "found", "requestVectors", "minResourceVectors", "lastRequest", "lastBorn",
            "namespaceMemo", "roleMemo");
    private static final Set<String> SKIPPED = Set.of("changes", "rejections", "rejectedChanges", "problemSink",
            "rewriteEveryPod");
    private static final ObjectImage IMAGE = new ObjectImage(type -> false, CacheImage::skipped);

    private CacheImage() {
    }

    public static String of(ClusterCache cache) {
        return IMAGE.text(cache);
    }

    /** The text around the first difference, for a failure message. */
    public static String difference(String expected, String actual) {
        return ObjectImage.around(expected, actual);
    }

    private static boolean skipped(Field f) {
        Class<?> type = f.getType();
        return SKIPPED.contains(f.getName()) || MEMOS.contains(f.getName()) || type == Runnable.class
                || type.getName().startsWith("java.util.function.");
    }
}
