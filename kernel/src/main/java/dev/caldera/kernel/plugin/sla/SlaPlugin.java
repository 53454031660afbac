package dev.caldera.kernel.plugin.sla;

import dev.caldera.kernel.conf.Arguments;
import dev.caldera.kernel.framework.Extensions;
import dev.caldera.kernel.framework.Plugin;
import dev.caldera.kernel.framework.SessionView;
import dev.caldera.kernel.framework.Vote;

/**
 * Volcano's {@code sla} plugin: a job may wait at most its sla-waiting-time (the PodGroup's
 * {@code sla-waiting-time} annotation, else the plugin's {@code sla-waiting-time} argument). Jobs with
 * the earliest deadline (creation + waiting time) go first, jobs with a deadline before those without; a
 * job past its deadline is permitted to enqueue and to keep pipelined placements, otherwise the plugin
 * abstains. Time is the session's clock.
 */
public final class SlaPlugin implements Plugin {
    public static final String NAME = "sla";
    public static final String WAITING_TIME = "sla-waiting-time";

    private final long defaultWaitingMs;
    private SessionView session;

    public SlaPlugin(long defaultWaitingMs) {
        this.defaultWaitingMs = defaultWaitingMs;
    }

    /**
     * Builds the plugin from its {@code sla-waiting-time} argument (absent = no cluster-wide limit). As in
     * current Volcano ({@code plugins/sla/sla.go}, {@code OnSessionOpen}), a value that is not a string, not a
     * Go duration, or not positive leaves no cluster-wide limit, with a warning.
     */
    public static SlaPlugin fromArguments(dev.caldera.kernel.conf.Arguments args) {
        String text = args.getString(WAITING_TIME, null);
        if (text == null) {
            return new SlaPlugin(-1);
        }
        long ms;
        try {
            ms = GoDuration.parseMs(text);
        } catch (IllegalArgumentException e) {
            args.warn(WAITING_TIME, e.getMessage() + "; no cluster-wide waiting time, as in Volcano");
            return new SlaPlugin(-1);
        }
        if (ms <= 0) {
            args.warn(WAITING_TIME, Arguments.quote(text) + " is not positive; no cluster-wide waiting time, as in"
                    + " Volcano");
            return new SlaPlugin(-1);
        }
        return new SlaPlugin(ms);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void register(Extensions ext) {
        ext.jobOrder(this::compareJobs);
        ext.jobEnqueueable(this::overdue);
        ext.jobPipelined(this::overdue);
    }

    @Override
    public void open(SessionView s) {
        session = s;
    }

    private long waitingMs(int job) {
        long own = session.jobs().slaWaitingMs(job);
        return own > 0 ? own : defaultWaitingMs;
    }

    private int compareJobs(int a, int b) {
        long wa = waitingMs(a);
        long wb = waitingMs(b);
        if (wa <= 0 || wb <= 0) {
            return wa <= 0 && wb <= 0 ? 0 : wa <= 0 ? 1 : -1;
        }
        return Long.compare(session.jobs().creationMs(a) + wa, session.jobs().creationMs(b) + wb);
    }

    private int overdue(int job) {
        long waiting = waitingMs(job);
        if (waiting <= 0 || session.nowMs() - session.jobs().creationMs(job) < waiting) {
            return Vote.ABSTAIN;
        }
        return Vote.PERMIT;
    }
}
