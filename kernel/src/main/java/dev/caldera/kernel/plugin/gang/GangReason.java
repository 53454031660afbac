package dev.caldera.kernel.plugin.gang;

import dev.caldera.kernel.framework.FitErrors;
import dev.caldera.kernel.framework.Dimensions;

/**
 * The Unschedulable message of one gang, kept as the numbers it is made of and turned into text only when read
 * ("3/8 tasks in gang unschedulable: 0/5 nodes are available: ..."): most cycles nobody reads it, and building it
 * for every unready gang cost bytes per placement. The text is built at most once per session.
 * <p>
 * Threading: scheduling thread only. Pooled per job row by the gang plugin and refilled at each session's close;
 * the text reads the job's FitErrors, which stay unchanged until the next session opens, so a reader that keeps
 * the message past that must keep {@link #toString()}, not this object. Setting it does not allocate.
 */
final class GangReason implements CharSequence {
    enum Kind { INVALID, NOT_ADMITTED, TOPOLOGY, FIT_ERRORS, QUEUE_LIMITED, NOT_READY }

    private Kind kind;
    private int missing;
    private int tasks;
    private String detail;
    private FitErrors errors;
    private Dimensions dims;
    private int ready;
    private int pipelined;
    private int pending;
    private int minMember;
    private String text;

    /** Missing and total tasks: the head every kind shares. */
    GangReason head(int missingTasks, int taskCount) {
        missing = missingTasks;
        tasks = taskCount;
        errors = null;
        dims = null;
        detail = null;
        text = null;
        return this;
    }

    /** INVALID (the JobValid message), NOT_ADMITTED and QUEUE_LIMITED (queue name), TOPOLOGY (its text). */
    GangReason detail(Kind why, String what) {
        kind = why;
        detail = what;
        return this;
    }

    GangReason fitErrors(FitErrors why, Dimensions dimensions) {
        kind = Kind.FIT_ERRORS;
        errors = why;
        dims = dimensions;
        return this;
    }

    GangReason notReady(int readyTasks, int pipelinedTasks, int pendingTasks, int min) {
        kind = Kind.NOT_READY;
        ready = readyTasks;
        pipelined = pipelinedTasks;
        pending = pendingTasks;
        minMember = min;
        return this;
    }

    @Override
    public String toString() {
        if (text == null) {
            text = missing + "/" + tasks + " tasks in gang unschedulable: " + body();
        }
        return text;
    }

    private String body() {
        return switch (kind) {
            case INVALID, TOPOLOGY -> detail;
            case NOT_ADMITTED -> "pod group is Pending, not yet admitted to queue " + detail;
            case FIT_ERRORS -> errors.message(dims);
            case QUEUE_LIMITED -> "queue " + detail + " cannot take more now (its deserved share or capability is reached)";
            case NOT_READY -> "pod group is not ready, " + ready + " ready, "
                    + (pipelined > 0 ? pipelined + " Pipelined, " : "") + pending + " Pending, " + minMember
                    + " minAvailable";
        };
    }

    @Override
    public int length() {
        return toString().length();
    }

    @Override
    public char charAt(int index) {
        return toString().charAt(index);
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        return toString().subSequence(start, end);
    }
}
