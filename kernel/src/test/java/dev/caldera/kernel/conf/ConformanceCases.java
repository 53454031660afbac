package dev.caldera.kernel.conf;

import java.nio.file.Files;
import java.nio.file.Path;

/** Finds the repository's {@code conformance/cases} folder (sources and license in conformance/README.md). */
final class ConformanceCases {
    private ConformanceCases() {
    }

    /** Walks up from the working directory to the repository root; fails with what it looked for. */
    static Path dir() {
        Path start = Path.of("").toAbsolutePath();
        for (Path d = start; d != null; d = d.getParent()) {
            Path candidate = d.resolve("conformance").resolve("cases");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("no conformance/cases folder in " + start + " or any parent; the cases"
                + " live at the repository root");
    }
}
