package dev.caldera.k8s.manifest;

import dev.caldera.k8s.manifest.read.ObjectHandler;
import dev.caldera.k8s.manifest.read.ObjectReader;
import dev.caldera.k8s.manifest.token.NeedsComposer;
import dev.caldera.k8s.manifest.token.YamlTokens;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One part of a large YAML input ({@link YamlFile}): reads the bytes {@code [from, to)} by the event parser and stops
 * at the first problem; a part of a multi-document file first checks its bytes and counts its lines ({@link
 * LineOffsets}). The static methods run a list of parts on several threads and gather their results in file order.
 * <p>
 * Threading: a part is read on one thread at a time; {@link #runAll} starts the workers and joins them.
 */
final class YamlPart<R> {
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
    YamlPart(byte[] bytes, int from, int to, int lineOffset, String name, boolean items, boolean ascii) {
        this(bytes, from, to, -1, null, lineOffset, name, items);
        this.ascii = ascii;
    }

    /** Part {@code index} of a multi-document file, whose lines it counts into {@code lines}. */
    YamlPart(byte[] bytes, int from, int to, int index, LineOffsets lines, String name) {
        this(bytes, from, to, index, lines, 0, name, false, null);
    }

    /** Part {@code index} of a multi-document file, bytes {@code [from, to)} of {@code file}. */
    YamlPart(FileBytes file, int from, int to, int index, LineOffsets lines, String name) {
        this(null, from, to, index, lines, 0, name, false, file);
    }

    private YamlPart(byte[] bytes, int from, int to, int index, LineOffsets lines, int lineOffset, String name,
            boolean items) {
        this(bytes, from, to, index, lines, lineOffset, name, items, null);
    }

    private YamlPart(byte[] bytes, int from, int to, int index, LineOffsets lines, int lineOffset, String name,
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
            notUtf8 = file != null && !ascii && cuttable && !Utf8Text.valid(bytes, from, to);
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
                : new YamlTokens(YamlFile.reader(bytes, from, to, ascii), null, name, lineOffset);
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

    /**
     * The results of the parts of a multi-document file once all are read: a part's bug or Error first, then text
     * that is not UTF-8 ({@code checkUtf8}, when a part is not plain ASCII), then the parts' results in order, or
     * null when the bytes forbid the cuts or a part needs the whole input.
     */
    static <R> List<R> finish(List<YamlPart<R>> all, Runnable checkUtf8) {
        rethrowFailures(all);
        boolean ascii = true;
        boolean cuttable = true;
        for (YamlPart<R> p : all) {
            ascii &= p.ascii;
            cuttable &= p.cuttable;
        }
        if (!ascii) {
            checkUtf8.run();
        }
        return cuttable ? inOrder(all) : null;
    }

    /** A bug or an Error on a part's thread, thrown again on the caller's. */
    private static <R> void rethrowFailures(List<YamlPart<R>> parts) {
        for (YamlPart<R> p : parts) {
            if (p.failure instanceof RuntimeException e) {
                throw e;
            }
            if (p.failure instanceof Error e) {
                throw e;
            }
        }
    }

    /** The parts' results in order; null when a part needs the whole input read on one thread. */
    static <R> List<R> inOrder(List<YamlPart<R>> parts) {
        rethrowFailures(parts);
        List<R> results = new ArrayList<>();
        for (YamlPart<R> p : parts) {
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
    static <R> void runAll(List<YamlPart<R>> parts, int workers, ObjectHandler<R> handler, String name) {
        AtomicInteger next = new AtomicInteger();
        Runnable work = () -> {
            ObjectReader<R> reader = new ObjectReader<>(handler, name);
            int i;
            while ((i = next.getAndIncrement()) < parts.size()) {
                YamlPart<R> p = parts.get(i);
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
}
