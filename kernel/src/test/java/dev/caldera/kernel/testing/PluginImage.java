package dev.caldera.kernel.testing;

import dev.caldera.kernel.framework.Plugin;
import dev.caldera.kernel.plugin.interpod.InterPodIndex;
import dev.caldera.kernel.plugin.match.ProfileNodeMemo;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything every plugin holds, as text, for exact-restore properties: each plugin object and what it reaches
 * through its fields (arrays element by element, lists in order, sets and maps by content), without the
 * objects a plugin only borrows from the session and the cache (their state is {@link SessionImage}'s), so a
 * difference names the plugin and the field path where its bookkeeping moved.
 * <p>
 * Scratch is state too: a plugin that leaves a scratch buffer different after an undo shows up here, and the
 * property decides nothing about it being harmless.
 */
public final class PluginImage {
    /** Packages whose objects a plugin borrows rather than owns. */
    private static final String[] BORROWED = {
        "dev.caldera.kernel.session.", "dev.caldera.kernel.cache.", "dev.caldera.kernel.cluster.",
        "dev.caldera.kernel.statement.", "dev.caldera.kernel.topology.", "dev.caldera.kernel.resource.",
        "dev.caldera.kernel.conf.", "dev.caldera.kernel.placement.PlacementProfiles",
        "dev.caldera.kernel.placement.InterPodProfiles",
    };

    private static final ObjectImage IMAGE = new ObjectImage(PluginImage::borrowed, f -> false);
    private static final ObjectImage WITHOUT_MEMOS = new ObjectImage(
            type -> borrowed(type) || type == ProfileNodeMemo.class, PluginImage::preFilterSnapshot);

    private final Map<String, String> byPlugin;

    private PluginImage(Map<String, String> byPlugin) {
        this.byPlugin = byPlugin;
    }

    public static PluginImage of(Plugin[] plugins) {
        return of(plugins, IMAGE);
    }

    /**
     * As {@link #of} without two things any evaluation of a pod may change, a dry run included, that hold no
     * bookkeeping of where tasks are: the plugins' {@link ProfileNodeMemo}s (values that depend only on a node's
     * labels and taints and a pod's placement spec; their own exactness: {@code ProfileNodeMemoTest}) and the
     * inter-pod index's snapshot of the last pod it prepared for (kube's PreFilter state, taken again before every
     * pod's filtering: {@code InterPodIndex.prepare}).
     */
    public static PluginImage withoutMemos(Plugin[] plugins) {
        return of(plugins, WITHOUT_MEMOS);
    }

    private static PluginImage of(Plugin[] plugins, ObjectImage image) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Plugin p : plugins) {
            out.put(p.name(), image.text(p));
        }
        return new PluginImage(out);
    }

    private static boolean preFilterSnapshot(java.lang.reflect.Field f) {
        return f.getDeclaringClass() == InterPodIndex.class && f.getName().startsWith("prepared");
    }

    private static boolean borrowed(Class<?> type) {
        String name = type.getName();
        for (String prefix : BORROWED) {
            if (name.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The plugins whose state in {@code later} differs from this image, each with the text around the first
     * difference (empty when every plugin holds exactly what it held here).
     */
    public List<String> changesIn(PluginImage later) {
        List<String> out = new ArrayList<>();
        for (var e : byPlugin.entrySet()) {
            String was = e.getValue();
            String now = later.byPlugin.get(e.getKey());
            if (!was.equals(now)) {
                out.add(e.getKey() + ": " + ObjectImage.around(was, now));
            }
        }
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PluginImage other && byPlugin.equals(other.byPlugin);
    }

    @Override
    public int hashCode() {
        return byPlugin.hashCode();
    }

    @Override
    public String toString() {
        return "PluginImage" + byPlugin.keySet();
    }
}
