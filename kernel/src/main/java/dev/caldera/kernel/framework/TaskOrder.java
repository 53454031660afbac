package dev.caldera.kernel.framework;

/** Orders tasks of one job: negative when {@code a} goes first, 0 when this plugin has no opinion. */
@FunctionalInterface
public interface TaskOrder {
    int compareTasks(int a, int b);
}
