package dev.caldera.k8s.replay;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Supplier;

/**
 * A value computed on a daemon thread of its own while the caller does other work, then {@link #join}ed: what
 * lets reading a trace use the second core. What the work throws, {@link #join} throws on the caller's thread, as
 * it was: a bad row fails the caller exactly as if it had read the row itself.
 * <p>
 * Threading: started and joined by one thread; the work's writes are visible to it after {@link #join}.
 * Joined once: the value is not kept (a trace's pod rows, read, are tens of megabytes that a reference kept by
 * the caller for the run's whole length would have the collector copy).
 */
public final class SecondThread<T> {
    private FutureTask<T> task;

    private SecondThread(Supplier<T> work) {
        this.task = new FutureTask<>(work::get);
    }

    /** Starts {@code work} on a new daemon thread named {@code name}. */
    public static <T> SecondThread<T> start(String name, Supplier<T> work) {
        SecondThread<T> s = new SecondThread<>(work);
        Thread t = new Thread(s.task, name);
        t.setDaemon(true);
        t.start();
        return s;
    }

    /**
     * The value, once computed; rethrows what the work threw (unchecked exceptions and errors as they are). Once
     * only: it lets go of the value.
     */
    public T join() {
        if (task == null) {
            throw new IllegalStateException("joined already");
        }
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return task.get();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        } finally {
            task = null;
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
