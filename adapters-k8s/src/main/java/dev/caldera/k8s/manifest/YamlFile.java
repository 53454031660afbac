package dev.caldera.k8s.manifest;

import dev.caldera.k8s.manifest.read.ObjectHandler;
import dev.caldera.k8s.manifest.read.ObjectReader;
import dev.caldera.k8s.manifest.token.NeedsComposer;
import dev.caldera.k8s.manifest.token.NodeTokens;
import dev.caldera.k8s.manifest.token.Tokens;
import dev.caldera.k8s.manifest.token.YamlTokens;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Reads one YAML input with SnakeYAML's event parser ({@link YamlTokens}), each object going straight into field
 * views. A large multi-document file is cut at document starts ({@link DocumentCuts}), a large {@code kind: List}
 * document between its items ({@link ListCuts}), into parts of about {@link #PART_BYTES} read on up to {@link
 * #MAX_WORKERS} threads, each thread taking the next part when it is done with one; the parts of a large
 * multi-document file each read their own bytes from the file, on the thread that reads the part. Results
 * are delivered in file order once the whole input is read, so the outcome (objects, warnings, the first error)
 * is the sequential one: a part that needs SnakeYAML's composer or is not well-formed YAML on its own sends the
 * whole input back to one thread, and input that needs the composer
 * (anchors, aliases, merge keys, tags) is read again by it ({@link NodeTokens}), which gives the same objects or
 * the exact error.
 * <p>
 * Threading: called on one thread; starts worker threads for large files and joins them.
 */
final class YamlFile {
    /** Larger files are streamed from disk on one thread rather than held in memory. */
    static final long MAX_IN_MEMORY_BYTES = 256L << 20;
    /** Smaller inputs are read on one thread: starting another costs more than it saves. */
    static final int PARALLEL_MIN_BYTES = 1 << 20;
    static final int MAX_WORKERS = 4;
    /**
     * A large file is cut into parts of about this size (at least one per worker, at most {@link #MAX_PARTS}):
     * small enough that the threads finish within a part's reading of each other (about 30 ms of CPU on the
     * 5,000-node dump), large enough that a part's set-up (a parser, a wait for the lines before it) is noise.
     */
    static final int PART_BYTES = 512 << 10;
    static final int MAX_PARTS = 512;
    /** A file is read this much at a time (the size of the direct buffer a channel reads it through). */
    private static final int READ_CHUNK_BYTES = 1 << 20;

    private YamlFile() {
    }

    static <R> void read(Path path, String name, ObjectHandler<R> handler, Consumer<R> out) {
        read(path, name, handler, out, Math.min(MAX_WORKERS, Runtime.getRuntime().availableProcessors()), 0);
    }

    /**
     * Reads a file on up to {@code workers} threads, in up to {@code parts} parts (0: as many as its size gives, and
     * none below {@link #PARALLEL_MIN_BYTES}). A
     * large multi-document file is read part by part by the threads that read the parts ({@link #fromFile}), so
     * that no thread reads the whole file before the others can start and no array of the whole file is kept
     * while it is read; any other file is read whole first.
     */
    static <R> void read(Path path, String name, ObjectHandler<R> handler, Consumer<R> out, int workers,
            int parts) {
        List<R> results = workers < 2 ? null : fromFile(path, name, handler, workers, parts);
        if (results != null) {
            results.forEach(out);
            return;
        }
        byte[] bytes = bytes(path, name);
        if (bytes == null) {
            sequential(name, handler, () -> Files.newBufferedReader(path, StandardCharsets.UTF_8)).forEach(out);
            return;
        }
        if (parts == 0) {
            read(bytes, name, handler, out);
        } else {
            read(bytes, name, handler, out, workers, parts);
        }
    }

    /**
     * The results of reading a large multi-document file in parts, each part's bytes read from the file by the
     * thread that reads the part; null when the file is to be read whole instead: it is small, too large to hold,
     * not cut at document starts (one document, a List), its bytes forbid the cuts, a part needs the whole input,
     * or it changed while it was read. What it gives is what {@link #read(byte[], String, ObjectHandler, Consumer,
     * int, int)} gives of the file's bytes: the same cuts, checks, lines and first error.
     */
    static <R> List<R> fromFile(Path path, String name, ObjectHandler<R> handler, int workers, int parts) {
        try (FileChannel channel = FileChannel.open(path)) {
            long size = channel.size();
            if (size > MAX_IN_MEMORY_BYTES || parts == 0 && size < PARALLEL_MIN_BYTES) {
                return null;
            }
            FileBytes file = new FileBytes(channel, (int) size);
            int from = file.at(0) == (byte) 0xEF && file.at(1) == (byte) 0xBB && file.at(2) == (byte) 0xBF ? 3 : 0;
            int n = parts > 0 ? parts : Math.max(workers, Math.min(MAX_PARTS, (int) size / PART_BYTES));
            int[] starts = DocumentCuts.starts(file, from, n);
            if (starts.length < 2) {
                return null;
            }
            LineOffsets lines = new LineOffsets(starts.length);
            List<YamlPart<R>> all = new ArrayList<>(starts.length);
            for (int i = 0; i < starts.length; i++) {
                int end = i + 1 < starts.length ? starts[i + 1] : (int) size;
                all.add(new YamlPart<>(file, starts[i], end, i, lines, name));
            }
            YamlPart.runAll(all, workers, handler, name);
            return YamlPart.finish(all, () -> {
                for (YamlPart<R> p : all) {
                    if (p.notUtf8) {
                        throw new ManifestException(name + ": not valid UTF-8 text");
                    }
                }
            });
        } catch (FileBytes.Changed | IOException | UncheckedIOException e) {
            return null;
        }
    }

    /** Reads YAML held in memory (a file, or standard input). */
    static <R> void read(byte[] bytes, String name, ObjectHandler<R> handler, Consumer<R> out) {
        int workers = bytes.length < PARALLEL_MIN_BYTES ? 1
                : Math.min(MAX_WORKERS, Runtime.getRuntime().availableProcessors());
        read(bytes, name, handler, out, workers);
    }

    /** Reads YAML held in memory on up to {@code workers} threads, in parts of about {@link #PART_BYTES}. */
    static <R> void read(byte[] bytes, String name, ObjectHandler<R> handler, Consumer<R> out, int workers) {
        int parts = Math.max(workers, Math.min(MAX_PARTS, bytes.length / PART_BYTES));
        read(bytes, name, handler, out, workers, parts);
    }

    /**
     * Reads YAML held in memory in up to {@code parts} parts on up to {@code workers} threads. Text that is not
     * UTF-8 is refused before anything else is reported, whichever path reads it.
     */
    static <R> void read(byte[] bytes, String name, ObjectHandler<R> handler, Consumer<R> out, int workers,
            int parts) {
        int from = bytes.length >= 3 && (bytes[0] & 0xff) == 0xEF && (bytes[1] & 0xff) == 0xBB
                && (bytes[2] & 0xff) == 0xBF ? 3 : 0;
        List<R> results = workers < 2 ? null : parallel(bytes, from, name, handler, workers, parts);
        if (results == null) {
            results = sequential(bytes, from, name, handler);
        }
        results.forEach(out);
    }

    /**
     * Everything read from {@code bytes[from, ...)} on this thread. Text of printable ASCII only is read in place
     * ({@link YamlTokens#printableAscii}, a syntax error read again by SnakeYAML's own reader for its exact column),
     * as the parts of a large file are: when the run's small inputs (and {@code simulate}'s warm-up) went through
     * SnakeYAML's reader instead, the scanner's calls to its reader met two classes and C1's inline caches at those
     * calls went megamorphic for the large file's parts too (vtable stubs: 110-123 samples of the reading threads
     * per cold run of the 5,000-node dump, 12-16 without the warm-up).
     */
    private static <R> List<R> sequential(byte[] bytes, int from, String name, ObjectHandler<R> handler) {
        if (DocumentCuts.check(bytes, from, bytes.length) == 0) {
            ReaderSource source = () -> reader(bytes, from, bytes.length, true);
            return sequential(name, handler, source,
                    () -> YamlTokens.printableAscii(bytes, from, bytes.length, name, 0, () -> open(source, name)));
        }
        boolean ascii = Utf8Text.check(bytes, 0, bytes.length, name);
        return sequential(name, handler, () -> reader(bytes, from, bytes.length, ascii));
    }

    /**
     * The file's bytes, or null when it is too large to hold. Read into one array of the file's size a chunk at a
     * time: a channel reads a heap array through a temporary direct buffer as large as the read, which the thread
     * then keeps (a whole-file read would keep a second copy of the file outside the heap for the rest of the run).
     */
    private static byte[] bytes(Path path, String name) {
        try {
            long size = Files.size(path);
            if (size > MAX_IN_MEMORY_BYTES) {
                return null;
            }
            try (InputStream in = Files.newInputStream(path)) {
                return readFully(in, (int) size);
            }
        } catch (NoSuchFileException e) {
            throw new ManifestException(name + ": no such file or directory");
        } catch (IOException e) {
            throw new ManifestException(name + ": cannot read: " + ManifestReader.reason(e));
        }
    }

    /** All of {@code in}, expected to be {@code size} bytes (a file that changed while read is read as it is). */
    static byte[] readFully(InputStream in, int size) throws IOException {
        byte[] b = new byte[size];
        int n = 0;
        int r = 0;
        while (n < size && (r = in.read(b, n, Math.min(READ_CHUNK_BYTES, size - n))) >= 0) {
            n += r;
        }
        if (n < size) {
            return Arrays.copyOf(b, n);
        }
        byte[] rest = in.readAllBytes();
        if (rest.length == 0) {
            return b;
        }
        byte[] all = Arrays.copyOf(b, size + rest.length);
        System.arraycopy(rest, 0, all, size, rest.length);
        return all;
    }

    /**
     * Everything read from {@code source} on this thread: by the event parser, or when the input needs it by
     * SnakeYAML's composer from the start.
     */
    static <R> List<R> sequential(String name, ObjectHandler<R> handler, ReaderSource source) {
        return sequential(name, handler, source,
                () -> new YamlTokens(open(source, name), () -> open(source, name), name, 0));
    }

    /** As {@link #sequential(String, ObjectHandler, ReaderSource)}, the event parser's tokens made by {@code first}. */
    private static <R> List<R> sequential(String name, ObjectHandler<R> handler, ReaderSource source,
            Supplier<Tokens> first) {
        List<R> results = new ArrayList<>();
        try (Tokens t = first.get()) {
            new ObjectReader<>(handler, name).documents(t, results::add);
            return results;
        } catch (NeedsComposer e) {
            results.clear();
        }
        try (Tokens t = new NodeTokens(open(source, name), name)) {
            new ObjectReader<>(handler, name).documents(t, results::add);
        }
        return results;
    }

    /**
     * The results of reading the parts in parallel, or null when the input is to be read on one thread. The cuts
     * are found first ({@link DocumentCuts#starts}, a few lines read per cut); each part then checks its own bytes
     * (UTF-8, {@link DocumentCuts#cuttable}) and counts its own lines on the thread that takes it ({@link
     * LineOffsets}), so that no pass over the whole file runs before the parts start. A part that finds its bytes
     * forbid the cut sends the input to one thread, as the cut would not have been made.
     */
    private static <R> List<R> parallel(byte[] bytes, int from, String name, ObjectHandler<R> handler, int workers,
            int parts) {
        int[] starts = DocumentCuts.starts(bytes, from, parts);
        if (starts.length < 2) {
            boolean ascii = Utf8Text.check(bytes, from, bytes.length, name);
            return listItems(bytes, from, name, handler, workers, parts, ascii);
        }
        LineOffsets lines = new LineOffsets(starts.length);
        List<YamlPart<R>> all = new ArrayList<>(starts.length);
        for (int i = 0; i < starts.length; i++) {
            int end = i + 1 < starts.length ? starts[i + 1] : bytes.length;
            all.add(new YamlPart<>(bytes, starts[i], end, i, lines, name));
        }
        YamlPart.runAll(all, workers, handler, name);
        return YamlPart.finish(all, () -> Utf8Text.check(bytes, name));
    }

    /**
     * The items of a one-document List read in parallel parts ({@link ListCuts}) beside its envelope; null when
     * the file has no such items, or the envelope is not a clean List's (its objects or first error are then the
     * sequential reading's to give).
     */
    private static <R> List<R> listItems(byte[] bytes, int from, String name, ObjectHandler<R> handler,
            int workers, int parts, boolean ascii) {
        ListCuts cuts = ListCuts.of(bytes, from, parts);
        if (cuts == null || cuts.starts.length < 2) {
            return null;
        }
        List<YamlPart<R>> all = new ArrayList<>(cuts.starts.length + 1);
        YamlPart<R> envelope = new YamlPart<>(cuts.envelope, 0, cuts.envelope.length, 0, name, false, ascii);
        all.add(envelope);
        for (int i = 0; i < cuts.starts.length; i++) {
            int end = i + 1 < cuts.starts.length ? cuts.starts[i + 1] : cuts.itemsEnd;
            all.add(new YamlPart<>(bytes, cuts.starts[i], end, cuts.lines[i], name, true, ascii));
        }
        YamlPart.runAll(all, workers, handler, name);
        if (envelope.failure == null && (envelope.needsWholeInput || envelope.error != null
                || !envelope.results.isEmpty())) {
            return null;
        }
        return YamlPart.inOrder(all);
    }

    private static Reader open(ReaderSource source, String name) {
        try {
            return source.open();
        } catch (NoSuchFileException e) {
            throw new ManifestException(name + ": no such file or directory");
        } catch (IOException e) {
            throw new ManifestException(name + ": cannot read: " + ManifestReader.reason(e));
        }
    }

    /** The text of {@code bytes[from, to)}: UTF-8 decoded strictly, or plain ASCII ({@code ascii}) as it is. */
    static Reader reader(byte[] bytes, int from, int to, boolean ascii) {
        return ascii ? new AsciiReader(bytes, from, to)
                : ManifestReader.strictReader(new java.io.ByteArrayInputStream(bytes, from, to - from));
    }

    interface ReaderSource {
        Reader open() throws IOException;
    }
}
