package dev.caldera.k8s.replay;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * A CSV file's rows read on one thread and taken on another, block by block as the parser hands them over
 * ({@link CsvTable#read(Path, List, int, java.util.function.Consumer)}): what lets a trace's rows be checked and
 * converted on one core while the parser reads the rest of the file on the other. What reading throws, {@link #next}
 * throws, as it was, once the blocks read before it were taken.
 * <p>
 * Threading: one thread reads ({@link #read}, {@link #fail}), one takes ({@link #next}); a block's writes
 * happen-before its taking.
 */
final class RowBlocks {
    /** What the reader hands over after the last block. */
    private static final Object END = new Object();

    private final BlockingQueue<Object> queue = new LinkedBlockingQueue<>();
    /** The taker's: the end or the failure was taken. */
    private boolean ended;

    private record Failure(Throwable cause) {
    }

    /** Reader: reads {@code path} ({@link CsvTable#read(Path, List)}'s checks) in blocks of {@code size} rows. */
    void read(Path path, List<String> required, int size) {
        try {
            CsvTable.read(path, required, size, queue::add);
        } catch (RuntimeException | Error e) {
            fail(e);
            return;
        }
        queue.add(END);
    }

    /** Reader: no (more) blocks; {@link #next} throws {@code cause} once past the blocks handed over before. */
    void fail(Throwable cause) {
        queue.add(new Failure(cause));
    }

    /**
     * Taker: the next block, waiting until it is read; null after the last. Throws what reading threw (unchecked
     * exceptions and errors as they were) in place of the block it failed in.
     */
    CsvTable next() {
        if (ended) {
            return null;
        }
        Object o = take();
        if (o instanceof CsvTable t) {
            return t;
        }
        ended = true;
        if (o instanceof Failure f) {
            if (f.cause() instanceof RuntimeException r) {
                throw r;
            }
            if (f.cause() instanceof Error e) {
                throw e;
            }
            throw new IllegalStateException(f.cause());
        }
        return null;
    }

    private Object take() {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return queue.take();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
