package dev.caldera.kernel.framework;

/** Answers of voting extension points (JobPipelined, JobEnqueueable, Preemptable, Reclaimable). */
public final class Vote {
    public static final int REJECT = -1;
    public static final int ABSTAIN = 0;
    public static final int PERMIT = 1;

    private Vote() {
    }
}
