package dev.caldera.kernel.framework;

/** Checks a task once before its nodes are filtered: 0 to go on, else a {@link FitReason} code. */
@FunctionalInterface
public interface PrePredicate {
    int prePredicate(int task);
}
