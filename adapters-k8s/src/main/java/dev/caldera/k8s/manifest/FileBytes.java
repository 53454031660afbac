package dev.caldera.k8s.manifest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * A file's bytes read where they are needed rather than all at once on the caller's thread: a range into an array
 * of its own ({@link #range}, by the part's thread), or one byte at a time through a small window ({@link #at}, the
 * cut search, a few lines per cut). Positional reads: threads may read ranges at once.
 * <p>
 * A file that became shorter than {@link #length} since it was measured throws {@link Changed}; the caller then
 * reads it whole, as it is.
 * <p>
 * Threading: {@link #range} any thread; {@link #at} one thread.
 */
final class FileBytes implements DocumentCuts.Bytes {
    private static final int WINDOW_BYTES = 8 << 10;
    /** The most one read asks the channel for. */
    static final int READ_CHUNK_BYTES = 1 << 20;

    private final FileChannel file;
    private final int length;
    private final byte[] window = new byte[WINDOW_BYTES];
    private int windowFrom;
    private int windowTo;

    FileBytes(FileChannel file, int length) {
        this.file = file;
        this.length = length;
    }

    @Override
    public int length() {
        return length;
    }

    @Override
    public byte at(int p) {
        if (p < windowFrom || p >= windowTo) {
            int n = Math.min(WINDOW_BYTES, length - p);
            read(window, 0, n, p);
            windowFrom = p;
            windowTo = p + n;
        }
        return window[p - windowFrom];
    }

    /** Bytes {@code [from, to)} in a new array. */
    byte[] range(int from, int to) {
        byte[] b = new byte[to - from];
        read(b, 0, b.length, from);
        return b;
    }

    /**
     * Reads {@code n} bytes at {@code position}, at most {@link #READ_CHUNK_BYTES} per call: a channel reads into a
     * heap array through a temporary direct buffer as large as the read, which the thread then keeps (a part as
     * large as a huge document would otherwise keep that much memory outside the heap, or fail to get it).
     */
    private void read(byte[] into, int offset, int n, long position) {
        ByteBuffer buffer = ByteBuffer.wrap(into, offset, 0);
        try {
            for (int done = 0; done < n; done = buffer.position() - offset) {
                buffer.limit(offset + Math.min(n, done + READ_CHUNK_BYTES));
                if (file.read(buffer, position + done) < 0) {
                    throw new Changed();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The file is shorter than it was when measured. */
    static final class Changed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Changed() {
            super("the file changed while it was read", null, false, false);
        }
    }
}
