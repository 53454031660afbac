package dev.caldera.kernel.bind;

/** The outputs of the kernel; the defaults accept everything and do nothing (offline simulation). */
public record Sinks(BindSink binds, EvictSink evictions, StatusSink status) {
    public static final Sinks NONE = new Sinks((u, k, n) -> true, (u, k, r) -> true, StatusSink.IGNORE);
}
