package dev.caldera.k8s.manifest;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Reads Kubernetes manifests: multi-document YAML, JSON, {@code kind: List} dumps (as {@code kubectl get -o yaml}
 * writes them; every item becomes a document with its own line) and directories of such files (recursively,
 * {@code *.yaml}, {@code *.yml}, {@code *.json}, in path order). {@code -} reads standard input.
 * <p>
 * Errors are {@link ManifestException}s with file, line and column. Threading: one reader per thread.
 */
public final class ManifestReader {
    private final ObjectMapper yaml;
    private final ObjectMapper json = new ObjectMapper();
    private final InputStream stdin;

    public ManifestReader() {
        this(System.in);
    }

    public ManifestReader(InputStream stdin) {
        LoaderOptions options = new LoaderOptions();
        // cluster dumps are large: snakeyaml's default limit is 3 MB of text per stream
        options.setCodePointLimit(Integer.MAX_VALUE);
        this.yaml = new ObjectMapper(YAMLFactory.builder().loaderOptions(options).build());
        this.stdin = stdin;
    }

    /** Every document of every input, in order. */
    public List<ManifestDocument> read(List<String> inputs) {
        List<ManifestDocument> out = new ArrayList<>();
        for (String input : inputs) {
            if (input.equals("-")) {
                readStream("<stdin>", new java.io.InputStreamReader(stdin, StandardCharsets.UTF_8), yaml, out);
            } else {
                readPath(Path.of(input), out);
            }
        }
        return out;
    }

    private void readPath(Path path, List<ManifestDocument> out) {
        if (Files.isDirectory(path)) {
            for (Path file : manifestFiles(path)) {
                readFile(file, out);
            }
        } else {
            readFile(path, out);
        }
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

    private void readFile(Path file, List<ManifestDocument> out) {
        ObjectMapper mapper = file.getFileName().toString().endsWith(".json") ? json : yaml;
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            readStream(file.toString(), reader, mapper, out);
        } catch (NoSuchFileException e) {
            throw new ManifestException(file + ": no such file or directory");
        } catch (IOException | UncheckedIOException e) {
            if (isEncodingError(e)) {
                throw new ManifestException(file + ": not valid UTF-8 text");
            }
            throw new ManifestException(file + ": cannot read: " + reason(e));
        }
    }

    private static void readStream(String source, Reader reader, ObjectMapper mapper, List<ManifestDocument> out) {
        JsonFactory factory = mapper.getFactory();
        try (JsonParser parser = factory.createParser(reader)) {
            JsonToken token;
            while ((token = parser.nextToken()) != null) {
                if (token == JsonToken.VALUE_NULL
                        || token == JsonToken.VALUE_STRING && parser.getText().isEmpty()) {
                    continue; // an empty YAML document ("---" followed by nothing or comments)
                }
                int line = parser.currentTokenLocation().getLineNr();
                if (token != JsonToken.START_OBJECT) {
                    throw new ManifestException(source + ":" + line + ": expected a Kubernetes object (a mapping"
                            + " with apiVersion and kind), found " + describe(token));
                }
                readObject(source, line, parser, mapper, out);
            }
        } catch (IOException e) {
            if (isEncodingError(e)) {
                throw new ManifestException(source + ": not valid UTF-8 text");
            }
            if (e instanceof JsonProcessingException syntax) {
                throw new ManifestException(syntaxError(source, syntax), e);
            }
            throw new ManifestException(source + ": cannot read: " + reason(e));
        }
    }

    /**
     * Reads one top-level object field by field, so that the items of a List keep their own line numbers;
     * the parser is on the object's START_OBJECT.
     */
    private static void readObject(String source, int line, JsonParser parser, ObjectMapper mapper,
                                   List<ManifestDocument> out) throws IOException {
        ObjectNode object = mapper.createObjectNode();
        List<ManifestDocument> items = null;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            JsonToken value = parser.nextToken();
            if (field.equals("items") && value == JsonToken.START_ARRAY) {
                items = new ArrayList<>();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    JsonLocation at = parser.currentTokenLocation();
                    JsonNode item = mapper.readTree(parser);
                    items.add(new ManifestDocument(new Location(source, at.getLineNr()), item));
                }
            } else {
                object.set(field, mapper.readTree(parser));
            }
        }
        ManifestDocument document = new ManifestDocument(new Location(source, line), object);
        if (isList(document) && items != null) {
            for (ManifestDocument item : items) {
                if (item.tree().isObject()) {
                    out.add(item);
                } else if (!item.tree().isNull()) {
                    throw new ManifestException(item.location() + ": expected a Kubernetes object in items, found "
                            + item.tree().getNodeType().toString().toLowerCase(java.util.Locale.ROOT));
                }
            }
        } else {
            if (items != null) {
                object.set("items", mapper.valueToTree(items.stream().map(ManifestDocument::tree).toList()));
            }
            out.add(document);
        }
    }

    /** {@code kind: List}, or a typed list such as {@code PodList}. */
    private static boolean isList(ManifestDocument d) {
        String kind = d.kind();
        return kind != null && kind.endsWith("List");
    }

    private static String describe(JsonToken token) {
        return switch (token) {
            case START_ARRAY -> "a list";
            case VALUE_STRING -> "a plain string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            default -> token.toString();
        };
    }

    /** One line: file:line:column: malformed YAML/JSON: the problem (with where the construct began). */
    static String syntaxError(String source, JsonProcessingException e) {
        String format = source.endsWith(".json") ? "JSON" : "YAML";
        if (e.getCause() instanceof MarkedYAMLException m && m.getProblemMark() != null) {
            Mark at = m.getProblemMark();
            StringBuilder sb = new StringBuilder(source).append(':').append(at.getLine() + 1).append(':')
                    .append(at.getColumn() + 1).append(": malformed ").append(format).append(": ")
                    .append(oneLine(m.getProblem()));
            Mark context = m.getContextMark();
            if (m.getContext() != null && context != null) {
                sb.append(" (").append(oneLine(m.getContext())).append(" started at line ")
                        .append(context.getLine() + 1).append(", column ").append(context.getColumn() + 1).append(')');
            }
            return sb.toString();
        }
        JsonLocation at = e.getLocation();
        String where = at == null ? source : source + ":" + at.getLineNr() + ":" + at.getColumnNr();
        return where + ": malformed " + format + ": " + oneLine(e.getOriginalMessage());
    }

    private static String oneLine(String s) {
        if (s == null) {
            return "syntax error";
        }
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).trim();
    }

    private static boolean isEncodingError(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.nio.charset.CharacterCodingException) {
                return true;
            }
        }
        return false;
    }

    private static String reason(Exception e) {
        Throwable t = e instanceof UncheckedIOException && e.getCause() != null ? e.getCause() : e;
        if (t instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (t instanceof java.nio.file.FileSystemException fs && fs.getReason() != null) {
            return fs.getReason().toLowerCase(java.util.Locale.ROOT);
        }
        String m = t.getMessage();
        return m == null ? t.getClass().getSimpleName() : m;
    }
}
