package dev.caldera.k8s.manifest;

import java.io.Reader;

/**
 * Bytes known to be plain ASCII as the chars they are, without a decoder: each byte is its char. SnakeYAML
 * asks for 1,023 chars at a time; through a charset decoder each request went through its buffers and
 * result objects (2% of reading a dump).
 */
final class AsciiReader extends Reader {
    private final byte[] bytes;
    private final int to;
    private int at;

    AsciiReader(byte[] bytes, int from, int to) {
        this.bytes = bytes;
        this.at = from;
        this.to = to;
    }

    @Override
    public int read(char[] into, int off, int len) {
        if (len == 0) {
            return 0;
        }
        if (at >= to) {
            return -1;
        }
        int n = Math.min(len, to - at);
        for (int i = 0; i < n; i++) {
            into[off + i] = (char) bytes[at + i];
        }
        at += n;
        return n;
    }

    @Override
    public void close() {
        at = to;
    }
}
