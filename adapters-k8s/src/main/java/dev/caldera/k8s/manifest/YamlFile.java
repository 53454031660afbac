package dev.caldera.k8s.manifest;

import dev.caldera.k8s.manifest.read.ObjectHandler;
import dev.caldera.k8s.manifest.read.ObjectReader;
import dev.caldera.k8s.manifest.token.NodeTokens;
import dev.caldera.k8s.manifest.token.Token;
import dev.caldera.k8s.manifest.token.Tokens;
import dev.caldera.k8s.manifest.yaml.BlockYamlParser;
import dev.caldera.k8s.manifest.yaml.TokenBuffer;
import dev.caldera.k8s.manifest.yaml.Unsupported;
import dev.caldera.k8s.manifest.yaml.YamlUnits;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Reads one YAML file on the fast path: its bytes are split into units ({@link YamlUnits}) that the block-YAML
 * scanner reads, on up to {@link #MAX_WORKERS} threads for a large file, each unit going straight into field
 * views. Results are delivered in file order, so the outcome (objects, warnings, the first error) is the
 * sequential one. When the scanner meets something it does not take before any error, the whole file is read
 * again by SnakeYAML ({@link NodeTokens}), which gives the same objects or the exact syntax error.
 * <p>
 * Threading: called on one thread; starts worker threads for large files and joins them.
 */
final class YamlFile {
    /** Larger files are streamed by SnakeYAML rather than held in memory. */
    static final long MAX_FAST_BYTES = 256L << 20;
    /** Smaller files are read on one thread: starting another costs more than it saves. */
    static final int PARALLEL_MIN_BYTES = 1 << 20;
    static final int MAX_WORKERS = 4;

    private YamlFile() {
    }

    static <R> void read(Path path, String name, ObjectHandler<R> handler, Consumer<R> out) {
        byte[] bytes = bytes(path, name);
        if (bytes == null) {
            sequential(name, handler, out, () -> Files.newBufferedReader(path, StandardCharsets.UTF_8));
            return;
        }
        checkUtf8(bytes, name);
        int from = bytes.length >= 3 && (bytes[0] & 0xff) == 0xEF && (bytes[1] & 0xff) == 0xBB
                && (bytes[2] & 0xff) == 0xBF ? 3 : 0;
        List<R> results = fast(bytes, from, name, handler);
        if (results == null) {
            sequential(name, handler, out, () -> ManifestReader.strictReader(bytes, from));
        } else {
            results.forEach(out);
        }
    }

    /** The file's bytes, or null when it is too large to hold. */
    private static byte[] bytes(Path path, String name) {
        try {
            if (Files.size(path) > MAX_FAST_BYTES) {
                return null;
            }
            try (InputStream in = Files.newInputStream(path)) {
                return in.readAllBytes();
            }
        } catch (NoSuchFileException e) {
            throw new ManifestException(name + ": no such file or directory");
        } catch (IOException e) {
            throw new ManifestException(name + ": cannot read: " + ManifestReader.reason(e));
        }
    }

    /** Plain ASCII is checked in one pass; anything else by a strict decoder. */
    private static void checkUtf8(byte[] bytes, String name) {
        int high = 0;
        for (byte b : bytes) {
            high |= b;
        }
        if (high >= 0) {
            return;
        }
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes));
        } catch (CharacterCodingException e) {
            throw new ManifestException(name + ": not valid UTF-8 text");
        }
    }

    /** The results in file order, or null when the scanner gave up before any error. */
    static <R> List<R> fast(byte[] bytes, int from, String name, ObjectHandler<R> handler) {
        YamlUnits units = YamlUnits.of(bytes, from);
        int workers = workers(bytes.length, units.size());
        List<Worker<R>> parts = new ArrayList<>(workers);
        int start = 0;
        for (int w = 0; w < workers; w++) {
            int end = w == workers - 1 ? units.size() : boundary(units, bytes.length, w + 1, workers, start);
            parts.add(new Worker<>(bytes, units, start, end, new ObjectReader<>(handler, name)));
            start = end;
        }
        runAll(parts);
        List<R> results = new ArrayList<>();
        for (Worker<R> w : parts) {
            if (w.unsupported) {
                return null;
            }
            if (w.error != null) {
                throw w.error;
            }
            results.addAll(w.results);
        }
        return results;
    }

    private static int workers(int bytes, int units) {
        if (bytes < PARALLEL_MIN_BYTES || units < 2) {
            return 1;
        }
        return Math.max(1, Math.min(Math.min(MAX_WORKERS, Runtime.getRuntime().availableProcessors()), units));
    }

    /** The first unit of part {@code part} of {@code parts}, splitting by bytes. */
    private static int boundary(YamlUnits units, int length, int part, int parts, int from) {
        long target = (long) length * part / parts;
        int i = from + 1;
        while (i < units.size() - 1 && units.from(i) < target) {
            i++;
        }
        return i;
    }

    private static <R> void runAll(List<Worker<R>> parts) {
        List<Thread> threads = new ArrayList<>();
        for (int i = 1; i < parts.size(); i++) {
            Thread t = new Thread(parts.get(i), "caldera-yaml-" + i);
            t.setDaemon(true);
            t.start();
            threads.add(t);
        }
        parts.get(0).run();
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while reading manifests", e);
            }
        }
        for (Worker<R> w : parts) {
            if (w.failure instanceof RuntimeException e) {
                throw e;
            }
            if (w.failure instanceof Error e) {
                throw e;
            }
        }
    }

    private static <R> void sequential(String name, ObjectHandler<R> handler, Consumer<R> out, ReaderSource source) {
        java.io.Reader reader;
        try {
            reader = source.open();
        } catch (IOException e) {
            throw new ManifestException(name + ": cannot read: " + ManifestReader.reason(e));
        }
        try (Tokens t = new NodeTokens(reader, name)) {
            new ObjectReader<>(handler, name).documents(t, out);
        }
    }

    private interface ReaderSource {
        java.io.Reader open() throws IOException;
    }

    /** Reads units {@code [first, end)} in order; stops at the first problem. */
    private static final class Worker<R> implements Runnable {
        final byte[] bytes;
        final YamlUnits units;
        final int first;
        final int end;
        final ObjectReader<R> reader;
        final List<R> results = new ArrayList<>();
        boolean unsupported;
        ManifestException error;
        /** A bug or an Error (out of memory) on this thread, rethrown on the caller's. */
        Throwable failure;

        Worker(byte[] bytes, YamlUnits units, int first, int end, ObjectReader<R> reader) {
            this.bytes = bytes;
            this.units = units;
            this.first = first;
            this.end = end;
            this.reader = reader;
        }

        @Override
        public void run() {
            TokenBuffer tokens = new TokenBuffer();
            BlockYamlParser parser = new BlockYamlParser(tokens);
            try {
                for (int i = first; i < end; i++) {
                    parser.parse(bytes, units.from(i), units.to(i), units.line(i), units.item(i),
                            units.holeStart(i), units.holeEnd(i));
                    if (tokens.next() == Token.END) {
                        continue;
                    }
                    if (units.item(i)) {
                        reader.item(tokens, results::add);
                    } else {
                        reader.document(tokens, results::add);
                    }
                }
            } catch (Unsupported e) {
                unsupported = true;
            } catch (ManifestException e) {
                error = e;
            } catch (RuntimeException | Error e) {
                failure = e;
            }
        }
    }
}
