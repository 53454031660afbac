package dev.caldera.kernel.cache;

import it.unimi.dsi.fastutil.ints.IntArrayList;

import java.util.HashMap;
import java.util.Map;

/**
 * Tasks placed on a node the cache has not seen (an informer race, or a node that was removed): they are
 * attached, with their resources, as soon as a node of that name appears.
 */
final class NodeAttachments {
    private final Map<String, IntArrayList> waiting = new HashMap<>();

    void wait(String nodeName, int task) {
        waiting.computeIfAbsent(nodeName, k -> new IntArrayList()).add(task);
    }

    /** Removes and returns the tasks waiting for {@code nodeName}, or null. */
    IntArrayList take(String nodeName) {
        return waiting.remove(nodeName);
    }
}
