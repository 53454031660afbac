package dev.caldera.k8s.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The Volcano-answered cases in {@code shared/scenarios}, which live next to the repository ({@code ../shared}
 * from its root). {@code -Dcaldera.scenarios=DIR} points elsewhere.
 */
public final class SharedScenarios {
    private SharedScenarios() {
    }

    /** Walks up from the working directory; fails saying what it looked for when the folder is absent. */
    public static Path dir() {
        String override = System.getProperty("caldera.scenarios");
        if (override != null) {
            return Path.of(override);
        }
        Path start = Path.of("").toAbsolutePath();
        for (Path d = start; d != null; d = d.getParent()) {
            Path candidate = d.resolve("shared").resolve("scenarios");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("no shared/scenarios folder in " + start + " or any parent; the scenarios"
                + " are expected at ../shared/scenarios next to the repository (or pass -Dcaldera.scenarios=DIR)");
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
