package dev.caldera.k8s.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.IntSupplier;

/**
 * Reads the manifests on a thread of their own while the command's thread loads the configuration and builds
 * the scheduler (about 60 ms of a short run that the second core would otherwise spend idle). The reading's
 * warnings are held until {@link #join} and then passed on, so they follow the configuration's as when reading
 * came second; its exception, or an Error, is thrown again by {@link #join} on the command's thread.
 * <p>
 * Threading: {@link #start} and {@link #join} on the command's thread; the reading runs on one daemon thread,
 * which a command that fails before {@link #join} leaves to finish unread.
 */
final class ReadAhead implements Consumer<String> {
    private final List<String> held = new ArrayList<>();
    private Consumer<String> warnings;
    private Thread thread;
    private int objects;
    private Throwable failure;

    /** Starts {@code read} (which returns how many objects it read and warns through this object). */
    void start(IntSupplier read) {
        thread = new Thread(() -> {
            try {
                objects = read.getAsInt();
            } catch (RuntimeException | Error e) {
                failure = e;
            }
        }, "caldera-read");
        thread.setDaemon(true);
        thread.start();
    }

    /** Waits for the reading; passes its warnings to {@code to}, and every later one straight on. */
    int join(Consumer<String> to) {
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading manifests", e);
        }
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure instanceof Error e) {
            throw e;
        }
        warnings = to;
        held.forEach(to);
        held.clear();
        return objects;
    }

    /** A warning of the reading: held on the reading thread, passed on after {@link #join}. */
    @Override
    public void accept(String warning) {
        if (warnings == null) {
            held.add(warning);
        } else {
            warnings.accept(warning);
        }
    }
}
