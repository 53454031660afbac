package dev.caldera.k8s.manifest;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import dev.caldera.k8s.manifest.read.ObjectHandler;
import dev.caldera.k8s.manifest.read.ObjectReader;
import dev.caldera.k8s.manifest.read.Trees;
import dev.caldera.k8s.manifest.token.JsonTokens;
import dev.caldera.k8s.manifest.token.NodeTokens;
import dev.caldera.k8s.manifest.token.ScalarType;
import dev.caldera.k8s.manifest.token.Token;
import dev.caldera.k8s.manifest.token.Tokens;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Reads Kubernetes manifests: multi-document YAML, JSON, {@code kind: List} dumps (as {@code kubectl get -o yaml}
 * writes them; every item keeps its own line) and directories of such files (recursively, {@code *.yaml},
 * {@code *.yml}, {@code *.json}, in path order). {@code -} reads standard input.
 * <p>
 * {@link #stream} is the ingest path: objects go straight from the text into field views ({@link ObjectHandler}),
 * no tree of the dump is built. YAML (files and standard input) is read by SnakeYAML's event parser
 * ({@link YamlFile}), a large multi-document file in parallel parts; JSON by Jackson's streaming parser.
 * {@link #read} builds a Jackson tree per object instead, from SnakeYAML's composer, for callers that decode
 * fabric8 objects.
 * <p>
 * Errors are {@link ManifestException}s with file, line and column. Threading: one caller at a time.
 */
public final class ManifestReader {
    private final InputStream stdin;

    public ManifestReader() {
        this(System.in);
    }

    public ManifestReader(InputStream stdin) {
        this.stdin = stdin;
    }

    /** Every object of every input to {@code handler}, each result to {@code out} in input order; returns how many. */
    public <R> int stream(List<String> inputs, ObjectHandler<R> handler, Consumer<R> out) {
        int[] count = {0};
        Consumer<R> counting = r -> {
            count[0]++;
            out.accept(r);
        };
        for (String input : inputs) {
            for (Source s : sources(input)) {
                s.stream(handler, counting);
            }
        }
        return count[0];
    }

    /** Every object of every input as a tree with its location (List items are objects of their own). */
    public List<ManifestDocument> read(List<String> inputs) {
        List<ManifestDocument> out = new ArrayList<>();
        for (String input : inputs) {
            for (Source s : sources(input)) {
                s.trees(out);
            }
        }
        return out;
    }

    private List<Source> sources(String input) {
        if (input.equals("-")) {
            return List.of(new Source("<stdin>", null));
        }
        Path path = Path.of(input);
        if (Files.isDirectory(path)) {
            return manifestFiles(path).stream().map(p -> new Source(p.toString(), p)).toList();
        }
        if (input.endsWith("/") || input.endsWith(java.io.File.separator)) {
            throw new ManifestException(input + ": " + (Files.exists(path) ? "cannot read: not a directory"
                    : "no such file or directory"));
        }
        return List.of(new Source(input, path));
    }

    /** The manifest files under {@code dir}, sorted by path so the order never depends on the file system. */
    static List<Path> manifestFiles(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).filter(ManifestReader::isManifest).sorted().toList();
        } catch (IOException | UncheckedIOException e) {
            throw new ManifestException(dir + ": cannot read directory: " + reason(e));
        }
    }

    private static boolean isManifest(Path p) {
        String name = p.getFileName().toString();
        return name.endsWith(".yaml") || name.endsWith(".yml") || name.endsWith(".json");
    }

    /** One input: a file (null path: standard input). */
    private final class Source {
        final String name;
        final Path path;

        Source(String name, Path path) {
            this.name = name;
            this.path = path;
        }

        boolean json() {
            return path != null && path.getFileName().toString().endsWith(".json");
        }

        <R> void stream(ObjectHandler<R> handler, Consumer<R> out) {
            if (path == null) {
                YamlFile.read(stdinBytes(), name, handler, out);
                return;
            }
            if (!json()) {
                YamlFile.read(path, name, handler, out);
                return;
            }
            try (Tokens t = tokens()) {
                new ObjectReader<>(handler, name).documents(t, out);
            }
        }

        void trees(List<ManifestDocument> out) {
            try (Tokens t = tokens()) {
                while (t.next() != Token.END) {
                    tree(t, out);
                }
            }
        }

        private void tree(Tokens t, List<ManifestDocument> out) {
            int line = t.line();
            if (t.current() == Token.SCALAR && (t.scalarType() == ScalarType.NULL || t.text().isEmpty())) {
                return;
            }
            if (t.current() != Token.START_MAP) {
                String found = t.current() == Token.START_LIST ? "a list" : "a plain string";
                throw new ManifestException(name + ":" + line + ": expected a Kubernetes object (a mapping with"
                        + " apiVersion and kind), found " + found);
            }
            ObjectNode object = JsonNodeFactory.instance.objectNode();
            List<ManifestDocument> items = null;
            while (t.next() == Token.FIELD) {
                String key = t.text();
                if (t.next() == Token.START_LIST && key.equals("items")) {
                    items = new ArrayList<>();
                    while (t.next() != Token.END_LIST) {
                        items.add(new ManifestDocument(new Location(name, t.line()), Trees.value(t)));
                    }
                } else {
                    object.set(key, Trees.value(t));
                }
            }
            ManifestDocument d = new ManifestDocument(new Location(name, line), object);
            if (d.kind() != null && d.kind().endsWith("List") && items != null) {
                for (ManifestDocument item : items) {
                    if (item.tree().isObject()) {
                        out.add(item);
                    } else if (!item.tree().isNull()) {
                        throw new ManifestException(item.location() + ": expected a Kubernetes object in items,"
                                + " found " + item.tree().getNodeType().toString().toLowerCase(Locale.ROOT));
                    }
                }
                return;
            }
            if (items != null) {
                ArrayNode list = object.putArray("items");
                items.forEach(i -> list.add(i.tree()));
            }
            out.add(d);
        }

        /** A complete parser: Jackson for JSON, SnakeYAML for YAML (with aliases, merge keys and limits). */
        private Tokens tokens() {
            try {
                if (json()) {
                    JsonParser parser = new JsonFactory().createParser(Files.newBufferedReader(path,
                            StandardCharsets.UTF_8));
                    return new JsonTokens(parser, name);
                }
                Reader reader = path == null ? strictReader(stdin) : Files.newBufferedReader(path, StandardCharsets.UTF_8);
                return new NodeTokens(reader, name);
            } catch (NoSuchFileException e) {
                throw new ManifestException(name + ": no such file or directory");
            } catch (IOException e) {
                throw new ManifestException(name + ": cannot read: " + reason(e));
            }
        }
    }

    private byte[] stdinBytes() {
        try {
            return stdin.readAllBytes();
        } catch (IOException e) {
            throw new ManifestException("<stdin>: cannot read: " + reason(e));
        }
    }

    static Reader strictReader(InputStream in) {
        return new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT));
    }

    static String reason(Exception e) {
        Throwable t = e instanceof UncheckedIOException && e.getCause() != null ? e.getCause() : e;
        if (t instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (t instanceof java.nio.file.FileSystemException fs && fs.getReason() != null) {
            return fs.getReason().toLowerCase(Locale.ROOT);
        }
        String m = t.getMessage();
        return m == null ? t.getClass().getSimpleName() : m;
    }
}
