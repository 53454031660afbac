package dev.caldera.k8s.cli;

import dev.caldera.kernel.scheduler.Scheduler;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * adapters-k8s and the kernel are compiled with {@code -XDstringConcat=inline} (their poms): their string
 * concatenations are StringBuilder calls, not invokedynamic call sites whose first use spins method handles.
 */
class StringConcatTest {
    @Test
    void noClassOfTheAdapterLinksAConcatenationAtRunTime() throws IOException, URISyntaxException {
        assertThat(Main.class.getName()).startsWith("dev.caldera.k8s");
        assertThat(linking(Main.class))
                .as("classes compiled without -XDstringConcat=inline (left from an earlier build? mvn clean)").isEmpty();
    }

    @Test
    void noClassOfTheKernelLinksAConcatenationAtRunTime() throws IOException, URISyntaxException {
        assertThat(linking(Scheduler.class))
                .as("classes compiled without -XDstringConcat=inline (left from an earlier build? mvn clean)").isEmpty();
    }

    /** The classes beside {@code type} (its directory of classes, or its jar) that link a concatenation. */
    private static List<String> linking(Class<?> type) throws IOException, URISyntaxException {
        Path where = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        if (Files.isDirectory(where)) {
            return classes(where);
        }
        try (FileSystem jar = FileSystems.newFileSystem(where)) {
            return classes(jar.getPath("/"));
        }
    }

    private static List<String> classes(Path root) throws IOException {
        byte[] bootstrap = "makeConcatWithConstants".getBytes(StandardCharsets.US_ASCII);
        try (Stream<Path> files = Files.walk(root)) {
            List<Path> all = files.filter(f -> f.toString().endsWith(".class")).toList();
            assertThat(all).as("classes under %s", root).isNotEmpty();
            return all.stream().filter(f -> contains(f, bootstrap)).map(Path::toString).toList();
        }
    }

    private static boolean contains(Path file, byte[] what) {
        try {
            byte[] b = Files.readAllBytes(file);
            outer:
            for (int i = 0; i + what.length <= b.length; i++) {
                for (int j = 0; j < what.length; j++) {
                    if (b[i + j] != what[j]) {
                        continue outer;
                    }
                }
                return true;
            }
            return false;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
