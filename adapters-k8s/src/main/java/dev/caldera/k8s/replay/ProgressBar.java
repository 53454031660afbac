package dev.caldera.k8s.replay;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * A one-line progress bar on standard error for long replays: redrawn in place at most every half second,
 * only after the first two seconds of replay (short runs print nothing), cleared when done. The command
 * shows it only when standard error is a terminal.
 * <p>
 * Threading: the replay's thread.
 */
public final class ProgressBar implements ReplayEngine.Progress {
    private static final long FIRST_NS = 2_000_000_000L;
    private static final long EVERY_NS = 500_000_000L;
    private static final int WIDTH = 30;

    private final PrintWriter err;
    private long start = -1;
    private long last;
    private boolean drawn;

    public ProgressBar(PrintWriter err) {
        this.err = err;
    }

    @Override
    public void update(long timeMs, long eventsDone, long eventsTotal) {
        long now = System.nanoTime();
        if (start < 0) {
            start = now;
        }
        if (now - start < FIRST_NS || now - last < EVERY_NS) {
            return;
        }
        last = now;
        double done = eventsTotal == 0 ? 1 : (double) eventsDone / eventsTotal;
        int filled = (int) Math.round(done * WIDTH);
        err.printf(Locale.ROOT, "\r[%s%s] %5.1f%%  %,d/%,d events  virtual %,d s  %.0f s", "#".repeat(filled),
                " ".repeat(WIDTH - filled), 100 * done, eventsDone, eventsTotal, timeMs / 1000, (now - start) / 1e9);
        err.flush();
        drawn = true;
    }

    /** Clears the bar if one was drawn. */
    public void done() {
        if (drawn) {
            err.print("\r" + " ".repeat(WIDTH + 70) + "\r");
            err.flush();
        }
    }
}
