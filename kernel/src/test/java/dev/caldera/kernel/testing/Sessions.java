package dev.caldera.kernel.testing;

import dev.caldera.kernel.cache.ClusterCache;
import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.conf.PluginFlag;
import dev.caldera.kernel.conf.PluginOption;
import dev.caldera.kernel.conf.Tier;
import dev.caldera.kernel.framework.PluginChain;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.plugin.PluginRegistry;
import dev.caldera.kernel.session.Session;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** Opens a session over a test cache with plugins from {@link PluginRegistry#defaults()}. */
public final class Sessions {
    private Sessions() {
    }

    /** Applies the cache's queued changes and opens a session with one tier of {@code plugins}. */
    public static Session open(ClusterCache cache, PluginOption... plugins) {
        return open(cache, List.of(new Tier(Arrays.asList(plugins))));
    }

    public static Session open(ClusterCache cache, List<Tier> tiers) {
        PluginChain chain = PluginChain.build(tiers, PluginRegistry.defaults());
        Session session = new Session(cache, chain);
        cache.applyChanges();
        cache.resolveJobPriorities();
        session.open();
        return session;
    }

    /** A plugin entry with the given enable flags. */
    public static PluginOption plugin(String name, Map<PluginFlag, Boolean> flags) {
        return new PluginOption(name, flags, Arguments.NONE);
    }

    /** A plugin entry with arguments. */
    public static PluginOption plugin(String name, Map<String, Object> arguments, String owner) {
        return new PluginOption(name, Map.of(), new Arguments(owner, arguments));
    }

    /** Closes {@code session} (PodGroup phases written back, the plugins' close hooks run). */
    public static void close(SessionView session) {
        ((Session) session).close();
    }

    /**
     * Opens {@code session} again, as the next cycle's session (changes queued since are applied only by the
     * cluster's {@code applyChanges}).
     */
    public static void reopen(SessionView session) {
        ((Session) session).open();
    }

    /** The session's live node rows in its order, a copy ({@code node(0)} to {@code node(nodeCount() - 1)}). */
    public static int[] liveNodes(SessionView session) {
        return java.util.Arrays.copyOf(((Session) session).liveNodes(), session.nodeCount());
    }

    /** Applies the cluster's queued changes and opens a session with one tier of {@code plugins}. */
    public static SessionView open(PluginCluster cluster, PluginOption... plugins) {
        return cluster.open(plugins);
    }

    /** Applies the cluster's queued changes and opens a session with {@code tiers} of plugins. */
    public static SessionView open(PluginCluster cluster, List<List<PluginOption>> tiers) {
        return cluster.open(tiers);
    }

    // ------------------------------------------------------------------ the session's own task moves
    // (what the Statement calls, without an undo record: plugin tests that follow one event at a time)

    /** Allocates {@code task} on {@code node}; fires allocated. */
    public static void allocate(SessionView session, int task, int node) {
        ((Session) session).allocate(task, node);
    }

    /** Pipelines {@code task} on {@code node}; fires allocated. */
    public static void pipeline(SessionView session, int task, int node) {
        ((Session) session).pipeline(task, node);
    }

    /** Takes an allocated or pipelined {@code task} off its node, back to Pending; fires deallocated. */
    public static void unplace(SessionView session, int task) {
        ((Session) session).unplace(task);
    }

    /** To Releasing on its node; fires deallocated. */
    public static void evict(SessionView session, int task) {
        ((Session) session).evict(task);
    }

    /** Undoes evict: back to {@code previous}; fires allocated. */
    public static void unevict(SessionView session, int task, byte previous) {
        ((Session) session).unevict(task, previous);
    }

    /** Runs the enqueue action once over {@code session} (what a plugin test of the enqueue votes drives). */
    public static void enqueue(SessionView session) {
        new dev.caldera.kernel.action.EnqueueAction().execute((Session) session);
    }
}
