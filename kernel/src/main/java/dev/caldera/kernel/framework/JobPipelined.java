package dev.caldera.kernel.framework;

/** Votes ({@link Vote}) whether the job's placements, pipelined ones included, may be kept. */
@FunctionalInterface
public interface JobPipelined {
    int pipelined(int job);
}
