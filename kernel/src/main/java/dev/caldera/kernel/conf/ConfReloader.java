package dev.caldera.kernel.conf;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Holds the last valid configuration of one file for a long-running scheduler. {@link #reload()} looks at
 * the file and re-parses it only when its modification time, size or content changed; a new valid
 * configuration replaces the current one, a bad one is logged once (with the parser's line and column) and
 * the previous configuration stays in force, as Volcano does. After a good first load, reload never throws.
 * <p>
 * A change that keeps the size and lands within the file system's timestamp granularity would share the
 * old modification time; so while the file's modification time is recent (under {@link #SETTLE_MS} before
 * the last look), reload compares the content as well.
 * <p>
 * Threading: {@link #reload()} from one thread at a time (the scheduling loop, between cycles);
 * {@link #current()} from any thread. Cost: one stat when nothing changed; otherwise one read and, when the
 * bytes differ, one parse.
 */
public final class ConfReloader {
    private static final Logger LOG = LoggerFactory.getLogger(ConfReloader.class);
    /** Timestamps younger than this may hide a later same-size write: compare content until then. */
    static final long SETTLE_MS = 2_000;

    private final Path path;
    private final Consumer<SchedulerConf> check;
    private volatile SchedulerConf current;
    private Stamp seen;
    private byte[] seenBytes;
    private ConfException lastError;

    /** Loads {@code path} now; a bad or unreadable file is a ConfException. */
    public ConfReloader(Path path) {
        this(path, conf -> { });
    }

    /**
     * Loads {@code path} now and runs {@code check} (e.g. {@link ConfValidator}) on every candidate; a
     * candidate that fails the check is rejected like a syntax error.
     */
    public ConfReloader(Path path, Consumer<SchedulerConf> check) {
        this(path, check, null);
        reload();
        if (current == null) {
            throw lastError;
        }
    }

    private ConfReloader(Path path, Consumer<SchedulerConf> check, SchedulerConf initial) {
        this.path = path;
        this.check = check;
        this.current = initial;
    }

    /**
     * Volcano's start-up: begin from {@code initial} (its built-in default) and replace it with the file
     * when the file is valid. Never throws.
     */
    public static ConfReloader startingFrom(SchedulerConf initial, Path path, Consumer<SchedulerConf> check) {
        ConfReloader r = new ConfReloader(path, check, Objects.requireNonNull(initial, "initial"));
        r.reload();
        return r;
    }

    /** The configuration in force. */
    public SchedulerConf current() {
        return current;
    }

    /** Why the file's latest content is not in force, or empty when it is. */
    public Optional<ConfException> lastError() {
        return Optional.ofNullable(lastError);
    }

    public Path path() {
        return path;
    }

    /** Looks at the file and returns the configuration in force afterwards (new, or the previous one). */
    public SchedulerConf reload() {
        Stamp now;
        try {
            now = Stamp.of(path);
            if (seen != null && now.sameFileAs(seen) && seen.settled()) {
                return current;
            }
            byte[] bytes = ConfParser.read(path);
            if (Arrays.equals(bytes, seenBytes)) {
                seen = now;
                return current;
            }
            seen = now;
            seenBytes = bytes;
            apply(bytes);
        } catch (IOException e) {
            fail(new ConfException(path + ": cannot read: " + e, e));
        } catch (ConfException e) {
            seen = null; // unreadable or too large: look again next time
            seenBytes = null;
            fail(e);
        }
        return current;
    }

    private void apply(byte[] bytes) {
        try {
            String source = path.toString();
            SchedulerConf candidate = ConfParser.parse(ConfParser.decode(bytes, source), source);
            check.accept(candidate);
            current = candidate;
            lastError = null;
            LOG.info("{}: configuration loaded: actions {}, {} tiers", path, candidate.actions(),
                    candidate.tiers().size());
        } catch (ConfException e) {
            fail(e);
        } catch (RuntimeException e) {
            fail(new ConfException(path + ": rejected: " + e, e));
        }
    }

    private void fail(ConfException e) {
        // a file that stays bad is reported once, not on every look
        boolean repeated = lastError != null && Objects.equals(lastError.getMessage(), e.getMessage());
        lastError = e;
        if (current != null && !repeated) {
            LOG.error("{}; keeping the previous configuration", e.getMessage());
        }
        if (e.getCause() instanceof IOException) {
            seen = null; // look again next time, the file may come back
            seenBytes = null;
        }
    }

    /** What a stat tells: modification time, size, and whether the time was old enough when we looked. */
    private record Stamp(long modifiedMs, long size, long lookedAtMs) {
        static Stamp of(Path path) throws IOException {
            BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class);
            return new Stamp(a.lastModifiedTime().toMillis(), a.size(), System.currentTimeMillis());
        }

        boolean settled() {
            return lookedAtMs - modifiedMs >= SETTLE_MS;
        }

        /** Same modification time and size; when we looked does not matter. */
        boolean sameFileAs(Stamp other) {
            return other.modifiedMs == modifiedMs && other.size == size;
        }
    }
}
