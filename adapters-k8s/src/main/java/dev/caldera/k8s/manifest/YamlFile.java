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
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
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
            List<Part<R>> all = new ArrayList<>(starts.length);
            for (int i = 0; i < starts.length; i++) {
                int end = i + 1 < starts.length ? starts[i + 1] : (int) size;
                all.add(new Part<>(file, starts[i], end, i, lines, name));
            }
            runAll(all, workers, handler, name);
            return finish(all, () -> {
                for (Part<R> p : all) {
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
        boolean ascii = checkUtf8(bytes, 0, bytes.length, name);
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
     * Plain ASCII is checked in one pass; anything else by a strict decoder (the whole input). Returns whether
     * {@code bytes[from, to)} is plain ASCII.
     */
    private static boolean checkUtf8(byte[] bytes, int from, int to, String name) {
        if (!ascii(bytes, from, to)) {
            checkUtf8(bytes, name);
            return false;
        }
        return true;
    }

    private static boolean ascii(byte[] bytes, int from, int to) {
        int high = 0;
        for (int p = from; p < to; p++) {
            high |= bytes[p];
        }
        return high >= 0;
    }

    private static boolean utf8(byte[] bytes, int from, int to) {
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes, from, to - from));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    private static void checkUtf8(byte[] bytes, String name) {
        if (!utf8(bytes, 0, bytes.length)) {
            throw new ManifestException(name + ": not valid UTF-8 text");
        }
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
            boolean ascii = checkUtf8(bytes, from, bytes.length, name);
            return listItems(bytes, from, name, handler, workers, parts, ascii);
        }
        LineOffsets lines = new LineOffsets(starts.length);
        List<Part<R>> all = new ArrayList<>(starts.length);
        for (int i = 0; i < starts.length; i++) {
            int end = i + 1 < starts.length ? starts[i + 1] : bytes.length;
            all.add(new Part<>(bytes, starts[i], end, i, lines, name));
        }
        runAll(all, workers, handler, name);
        return finish(all, () -> checkUtf8(bytes, name));
    }

    /**
     * The results of the parts of a multi-document file once all are read: a part's bug or Error first, then text
     * that is not UTF-8 ({@code checkUtf8}, when a part is not plain ASCII), then the parts' results in order, or
     * null when the bytes forbid the cuts or a part needs the whole input.
     */
    private static <R> List<R> finish(List<Part<R>> all, Runnable checkUtf8) {
        rethrowFailures(all);
        boolean ascii = true;
        boolean cuttable = true;
        for (Part<R> p : all) {
            ascii &= p.ascii;
            cuttable &= p.cuttable;
        }
        if (!ascii) {
            checkUtf8.run();
        }
        return cuttable ? inOrder(all) : null;
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
        List<Part<R>> all = new ArrayList<>(cuts.starts.length + 1);
        Part<R> envelope = new Part<>(cuts.envelope, 0, cuts.envelope.length, 0, name, false, ascii);
        all.add(envelope);
        for (int i = 0; i < cuts.starts.length; i++) {
            int end = i + 1 < cuts.starts.length ? cuts.starts[i + 1] : cuts.itemsEnd;
            all.add(new Part<>(bytes, cuts.starts[i], end, cuts.lines[i], name, true, ascii));
        }
        runAll(all, workers, handler, name);
        if (envelope.failure == null && (envelope.needsWholeInput || envelope.error != null
                || !envelope.results.isEmpty())) {
            return null;
        }
        return inOrder(all);
    }

    /** A bug or an Error on a part's thread, thrown again on the caller's. */
    private static <R> void rethrowFailures(List<Part<R>> parts) {
        for (Part<R> p : parts) {
            if (p.failure instanceof RuntimeException e) {
                throw e;
            }
            if (p.failure instanceof Error e) {
                throw e;
            }
        }
    }

    /** The parts' results in order; null when a part needs the whole input read on one thread. */
    private static <R> List<R> inOrder(List<Part<R>> parts) {
        rethrowFailures(parts);
        List<R> results = new ArrayList<>();
        for (Part<R> p : parts) {
            if (p.needsWholeInput) {
                return null;
            }
            if (p.error != null) {
                throw p.error;
            }
            results.addAll(p.results);
        }
        return results;
    }

    /**
     * Reads {@code parts} on this thread and up to {@code workers - 1} others, each taking the next part in file
     * order when it is done with one: a thread slowed by the JIT compiler, a collection or another process on the
     * machine reads fewer parts instead of keeping the others waiting for its share at the end. Taking stops at a
     * part whose bytes forbid the cuts (the input then goes to one thread) or that failed.
     */
    private static <R> void runAll(List<Part<R>> parts, int workers, ObjectHandler<R> handler, String name) {
        AtomicInteger next = new AtomicInteger();
        Runnable work = () -> {
            ObjectReader<R> reader = new ObjectReader<>(handler, name);
            int i;
            while ((i = next.getAndIncrement()) < parts.size()) {
                Part<R> p = parts.get(i);
                p.run(reader);
                if (!p.cuttable || p.failure != null) {
                    next.set(parts.size());
                }
            }
        };
        List<Thread> threads = new ArrayList<>();
        for (int i = 1; i < Math.min(workers, parts.size()); i++) {
            Thread t = new Thread(work, "caldera-yaml-" + i);
            t.setDaemon(true);
            t.start();
            threads.add(t);
        }
        work.run();
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while reading manifests", e);
            }
        }
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

    /**
     * Bytes known to be plain ASCII as the chars they are, without a decoder: each byte is its char. SnakeYAML
     * asks for 1,023 chars at a time; through a charset decoder each request went through its buffers and
     * result objects (2% of reading a dump).
     */
    static final class AsciiReader extends Reader {
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

    interface ReaderSource {
        Reader open() throws IOException;
    }

    /**
     * Reads the bytes {@code [from, to)} by the event parser; stops at the first problem. A part of a
     * multi-document file first checks its bytes and counts its lines ({@link LineOffsets}).
     */
    private static final class Part<R> {
        private static final int NOT_IN_PLACE = DocumentCuts.NOT_CUTTABLE | DocumentCuts.NOT_ASCII
                | DocumentCuts.NOT_PRINTABLE;
        /** The part's bytes, or null while a part of a file has not read them ({@link #file}). */
        byte[] bytes;
        int from;
        int to;
        /** Where a part of a file reads its bytes from (on its own thread), or null: {@link #bytes} holds them. */
        private final FileBytes file;
        /** The part's place in the file, for {@link #lines}. */
        final int index;
        /** The lines of the parts of a multi-document file, or null when lineOffset is given. */
        final LineOffsets lines;
        int lineOffset;
        final String name;
        /** A part of a List's items (a sequence of objects) rather than whole documents. */
        final boolean items;
        final List<R> results = new ArrayList<>();
        /**
         * Whether the part's bytes are plain ASCII and allow the cuts (checked by parts of multi-document files; a
         * List's parts are given whether the file is ASCII).
         */
        boolean ascii = true;
        boolean cuttable = true;
        /**
         * Whether the part's bytes are all printable ASCII, read in place ({@link YamlTokens#printableAscii}); a part
         * of a List's items checks its own bytes for it (a carriage return or a {@code %} at a line start in an item
         * leaves it to the other reader too).
         */
        boolean printable;
        /** A part of a file that read its own bytes found that they are not UTF-8. */
        boolean notUtf8;
        /** The part needs the composer, or is not well-formed YAML on its own. */
        boolean needsWholeInput;
        ManifestException error;
        /** A bug or an Error (out of memory) on this thread, rethrown on the caller's. */
        Throwable failure;

        /** A part whose lines start at {@code lineOffset}; {@code ascii}: its bytes are known to be plain ASCII. */
        Part(byte[] bytes, int from, int to, int lineOffset, String name, boolean items, boolean ascii) {
            this(bytes, from, to, -1, null, lineOffset, name, items);
            this.ascii = ascii;
        }

        /** Part {@code index} of a multi-document file, whose lines it counts into {@code lines}. */
        Part(byte[] bytes, int from, int to, int index, LineOffsets lines, String name) {
            this(bytes, from, to, index, lines, 0, name, false, null);
        }

        /** Part {@code index} of a multi-document file, bytes {@code [from, to)} of {@code file}. */
        Part(FileBytes file, int from, int to, int index, LineOffsets lines, String name) {
            this(null, from, to, index, lines, 0, name, false, file);
        }

        private Part(byte[] bytes, int from, int to, int index, LineOffsets lines, int lineOffset, String name,
                boolean items) {
            this(bytes, from, to, index, lines, lineOffset, name, items, null);
        }

        private Part(byte[] bytes, int from, int to, int index, LineOffsets lines, int lineOffset, String name,
                boolean items, FileBytes file) {
            this.file = file;
            this.items = items;
            this.bytes = bytes;
            this.from = from;
            this.to = to;
            this.index = index;
            this.lines = lines;
            this.lineOffset = lineOffset;
            this.name = name;
        }

        /** Reads the part with {@code reader} (one per thread, reused from part to part). */
        void run(ObjectReader<R> reader) {
            try {
                if (lines != null && !checkAndCount()) {
                    return;
                }
                if (items && ascii) {
                    printable = (DocumentCuts.check(bytes, from, to) & NOT_IN_PLACE) == 0;
                }
                if (!notUtf8) {
                    read(reader);
                }
            } catch (RuntimeException | Error e) {
                failure = e;
            } finally {
                if (file != null) {
                    bytes = null; // what was read from them is copied: the next collection need not keep them
                }
            }
        }

        /**
         * Reads a part of a file's bytes into an array of its own, with the two bytes after it (all {@link
         * DocumentCuts#check} looks at past a part's end), and checks that text beyond ASCII is UTF-8: the part
         * starts at a line start, so no character straddles its ends.
         */
        private void load() {
            if (file == null) {
                return;
            }
            int length = to - from;
            bytes = file.range(from, Math.min(file.length(), to + 2));
            from = 0;
            to = length;
        }

        /**
         * Checks the bytes and counts the lines of a part of a multi-document file, reporting its lines even when
         * it fails (no part after it waits for ever); false when the bytes forbid the cut.
         */
        private boolean checkAndCount() {
            int newlines = 0;
            try {
                load();
                long counted = DocumentCuts.checkCounting(bytes, from, to);
                int check = (int) counted;
                ascii = (check & DocumentCuts.NOT_ASCII) == 0;
                printable = (check & (DocumentCuts.NOT_ASCII | DocumentCuts.NOT_PRINTABLE)) == 0;
                cuttable = (check & DocumentCuts.NOT_CUTTABLE) == 0;
                notUtf8 = file != null && !ascii && cuttable && !utf8(bytes, from, to);
                if (cuttable) {
                    newlines = Math.toIntExact(counted >>> 32);
                }
            } finally {
                lines.counted(index, newlines);
            }
            if (cuttable) {
                lineOffset = lines.offset(index);
            }
            return cuttable;
        }

        private void read(ObjectReader<R> reader) {
            // no exact columns: a part with a syntax error is read again whole, whose error is reported
            YamlTokens t = printable ? YamlTokens.printableAscii(bytes, from, to, name, lineOffset)
                    : new YamlTokens(reader(bytes, from, to, ascii), null, name, lineOffset);
            try {
                if (!items) {
                    reader.documents(t, results::add);
                } else if (!reader.itemsPart(t, results::add)) {
                    needsWholeInput = true;
                }
            } catch (NeedsComposer e) {
                needsWholeInput = true;
            } catch (ManifestException e) {
                needsWholeInput = t.syntaxError();
                error = e;
            }
        }
    }
}
