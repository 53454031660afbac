package dev.caldera.kernel.framework;

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
    default void open(SessionView session) {
    }

    /** The session is closing; {@link SessionView} is still readable. */
    default void close(SessionView session) {
    }
}
