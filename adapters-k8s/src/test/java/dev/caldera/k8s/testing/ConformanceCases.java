package dev.caldera.k8s.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The Volcano-answered cases in the repository's {@code conformance/cases} folder (sources and license in
 * {@code conformance/README.md}). {@code -Dcaldera.conformance=DIR} points elsewhere.
 */
public final class ConformanceCases {
    private ConformanceCases() {
    }

    /** Walks up from the working directory to the repository root; fails saying what it looked for. */
    public static Path dir() {
        String override = System.getProperty("caldera.conformance");
        if (override != null) {
            return Path.of(override);
        }
        Path start = Path.of("").toAbsolutePath();
        for (Path d = start; d != null; d = d.getParent()) {
            Path candidate = d.resolve("conformance").resolve("cases");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("no conformance/cases folder in " + start + " or any parent; the cases"
                + " live at the repository root (or pass -Dcaldera.conformance=DIR)");
    }

    /** Every case folder (one holding cluster.yaml and expected.json), by name. */
    public static List<Path> cases() {
        try (Stream<Path> dirs = Files.list(dir())) {
            List<Path> cases = dirs.filter(d -> Files.isRegularFile(d.resolve("cluster.yaml"))
                    && Files.isRegularFile(d.resolve("expected.json"))).sorted().toList();
            if (cases.isEmpty()) {
                throw new IllegalStateException(dir() + " holds no case folders (cluster.yaml + expected.json)");
            }
            return cases;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
