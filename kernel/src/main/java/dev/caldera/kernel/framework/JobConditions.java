package dev.caldera.kernel.framework;

import dev.caldera.kernel.util.RowMarks;

import java.util.Arrays;

/**
 * Per job, what this session found wrong: a validation failure (the job was left out), an
 * Unschedulable condition with its message (set by the gang plugin at close), and the fit errors of the
 * job's last task that fit no node. A message may be given as a CharSequence that builds its text only when
 * read ({@link #message} builds it, {@link #messageText} does not): cycles nobody reads allocate none.
 * <p>
 * Opening clears only the jobs that got a condition in the last session (O(those jobs), not O(jobs)).
 * <p>
 * Threading: NOT thread safe. The FitErrors objects are pooled per job row and reused across sessions.
 */
public final class JobConditions {
    /** Jobs that got any condition since the last {@link #open}. */
    private final RowMarks touched = new RowMarks();
    private String[] reason = new String[0];
    private CharSequence[] message = new CharSequence[0];
    private boolean[] invalid = new boolean[0];
    private boolean[] unschedulable = new boolean[0];
    private FitErrors[] fitErrors = new FitErrors[0];
    private boolean[] hasFitErrors = new boolean[0];
    private boolean[] queueLimited = new boolean[0];
    private String[] topology = new String[0];

    /** Clears every job's conditions; the session calls this when it opens. */
    public void open(int jobCapacity) {
        if (reason.length < jobCapacity) {
            reason = new String[jobCapacity];
            message = new CharSequence[jobCapacity];
            invalid = new boolean[jobCapacity];
            unschedulable = new boolean[jobCapacity];
            fitErrors = Arrays.copyOf(fitErrors, jobCapacity);
            hasFitErrors = new boolean[jobCapacity];
            queueLimited = new boolean[jobCapacity];
            topology = new String[jobCapacity];
        } else if (touched.all()) {
            Arrays.fill(topology, null);
            Arrays.fill(queueLimited, false);
            Arrays.fill(reason, null);
            Arrays.fill(message, null);
            Arrays.fill(invalid, false);
            Arrays.fill(unschedulable, false);
            Arrays.fill(hasFitErrors, false);
        } else {
            for (int i = 0; i < touched.size(); i++) {
                int job = touched.row(i);
                topology[job] = null;
                queueLimited[job] = false;
                reason[job] = null;
                message[job] = null;
                invalid[job] = false;
                unschedulable[job] = false;
                hasFitErrors[job] = false;
            }
        }
        touched.clear();
    }

    private void touch(int job) {
        touched.mark(job);
    }

    /** The job was left out of the session: {@code reason} is a PodGroup condition reason. */
    public void invalid(int job, String why, String text) {
        touch(job);
        invalid[job] = true;
        reason[job] = why;
        message[job] = text;
    }

    /**
     * The job could not be placed; the gang plugin writes this at session close. {@code text} may build its
     * string lazily; it must stay readable until the next session opens.
     */
    public void unschedulable(int job, String why, CharSequence text) {
        touch(job);
        unschedulable[job] = true;
        reason[job] = why;
        message[job] = text;
    }

    public boolean isInvalid(int job) {
        return invalid[job];
    }

    public boolean isUnschedulable(int job) {
        return unschedulable[job];
    }

    public String reason(int job) {
        return reason[job];
    }

    /** The condition's message, its text built now if it was given lazily; null if none. */
    public String message(int job) {
        CharSequence m = message[job];
        return m == null ? null : m.toString();
    }

    /** The condition's message without building it (valid until the next session opens), or null. */
    public CharSequence messageText(int job) {
        return message[job];
    }

    /** Records why a task of {@code job} fit no node (copies {@code errors}). */
    public void fitFailed(int job, FitErrors errors) {
        touch(job);
        FitErrors mine = fitErrors[job];
        if (mine == null) {
            mine = new FitErrors();
            fitErrors[job] = mine;
        }
        mine.copyFrom(errors);
        hasFitErrors[job] = true;
    }

    /** A task of the job was held back because its queue may not take more (Allocatable said no). */
    public void queueLimited(int job) {
        touch(job);
        queueLimited[job] = true;
    }

    public boolean isQueueLimited(int job) {
        return queueLimited[job];
    }

    /** The job's network topology left it no place: {@code text} says why (which tier, how close). */
    public void topologyFailed(int job, String text) {
        touch(job);
        topology[job] = text;
    }

    /** Why the job's network topology left it no place in this session, or null. */
    public String topologyFailure(int job) {
        return topology[job];
    }

    /** The fit errors recorded for {@code job} in this session, or null. */
    public FitErrors fitErrors(int job) {
        return hasFitErrors[job] ? fitErrors[job] : null;
    }
}
