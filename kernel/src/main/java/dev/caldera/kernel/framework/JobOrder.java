package dev.caldera.kernel.framework;

/** Orders jobs: negative when {@code a} goes first, 0 when this plugin has no opinion. */
@FunctionalInterface
public interface JobOrder {
    int compareJobs(int a, int b);
}
