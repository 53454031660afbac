package dev.caldera.kernel.plugin;

import dev.caldera.kernel.session.Session;

/**
 * A scheduling plugin. It is built once per configuration from its arguments, declares its extension
 * points once in {@link #register} (the registrar drops the ones its enable flags switch off), and is
 * told when each session opens and closes so it can rebuild its per-session totals.
 * <p>
 * Threading: all calls come from the scheduling thread, except {@link Predicate} and {@link NodeScorer}
 * which may be called from filter workers concurrently for different nodes.
 */
public interface Plugin {
    String name();

    /** Declares this plugin's extension points. Called once, before any session. */
    void register(Extensions extensions);

    /** A session opened: reset and rebuild per-session state from the snapshot. */
    default void open(Session session) {
    }

    /** The session is closing; {@link Session} is still readable. */
    default void close(Session session) {
    }
}
