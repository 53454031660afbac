package dev.caldera.kernel.conf;

import java.nio.file.Files;
import java.nio.file.Path;

/** Finds {@code shared/scenarios}, which lives next to the repository (../shared from its root). */
final class SharedScenarios {
    private SharedScenarios() {
    }

    /** Walks up from the working directory; fails with what it looked for when the folder is absent. */
    static Path dir() {
        Path start = Path.of("").toAbsolutePath();
        for (Path d = start; d != null; d = d.getParent()) {
            Path candidate = d.resolve("shared").resolve("scenarios");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("no shared/scenarios folder in " + start + " or any parent; the scenarios"
                + " are expected at ../shared/scenarios next to the repository");
    }
}
