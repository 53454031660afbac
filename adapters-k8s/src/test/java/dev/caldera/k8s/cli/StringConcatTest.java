package dev.caldera.k8s.cli;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * adapters-k8s is compiled with {@code -XDstringConcat=inline} (adapters-k8s/pom.xml): its string concatenations are
 * StringBuilder calls, not invokedynamic call sites whose first use spins method handles.
 */
class StringConcatTest {
    @Test
    void noClassOfTheAdapterLinksAConcatenationAtRunTime() throws IOException, URISyntaxException {
        Path classes = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        byte[] bootstrap = "makeConcatWithConstants".getBytes(StandardCharsets.US_ASCII);
        List<Path> linking;
        try (Stream<Path> files = Files.walk(classes)) {
            linking = files.filter(f -> f.toString().endsWith(".class")).filter(f -> contains(f, bootstrap)).toList();
        }
        assertThat(Main.class.getName()).startsWith("dev.caldera.k8s");
        assertThat(linking).as("classes compiled without -XDstringConcat=inline (left from an earlier build? mvn clean)")
                .isEmpty();
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
