package dev.caldera.k8s.cli;

import dev.caldera.k8s.generate.ClusterGenerator;
import dev.caldera.k8s.manifest.ManifestException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code caldera generate}: writes a large, seeded cluster dump to simulate. */
@Command(name = "generate", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Writes a seeded cluster dump (YAML): priority classes, four weighted queues, CPU nodes in "
                + "three zones and tainted GPU nodes, gangs of 1-16 pods, about 40%% of them already running. "
                + "The same seed always writes the same file.")
final class GenerateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--nodes", paramLabel = "N", defaultValue = "1000", description = "nodes (default: 1000)")
    int nodes;

    @Option(names = "--pods", paramLabel = "N", defaultValue = "20000", description = "pods (default: 20000)")
    int pods;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "random seed (default: 1)")
    long seed;

    @Option(names = "--running", paramLabel = "PERCENT", defaultValue = "40",
            description = "share of gangs already running on nodes, when they fit (default: 40)")
    int runningPercent;

    @Option(names = "--gang-size", paramLabel = "MIN-MAX",
            description = "gang sizes drawn uniformly from MIN to MAX pods (default: 1 to 16, half of 1 or 2)")
    String gangSize;

    @Parameters(paramLabel = "OUT", description = "file to write, or - for standard output")
    String outFile;

    @Override
    public Integer call() throws IOException {
        if (nodes < 1 || pods < 0) {
            throw new ParameterException(spec.commandLine(), "--nodes must be at least 1 and --pods not negative");
        }
        if (runningPercent < 0 || runningPercent > 100) {
            throw new ParameterException(spec.commandLine(), "--running must be 0 to 100, got " + runningPercent);
        }
        int[] sizes = gangSizes();
        if (outFile.equals("-")) {
            Writer out = spec.commandLine().getOut();
            new ClusterGenerator(nodes, pods, seed, runningPercent, sizes[0], sizes[1], out).write();
            out.flush();
            return Main.OK;
        }
        Path path = Path.of(outFile);
        try (Writer out = new BufferedWriter(Files.newBufferedWriter(path, StandardCharsets.UTF_8), 1 << 16)) {
            new ClusterGenerator(nodes, pods, seed, runningPercent, sizes[0], sizes[1], out).write();
        } catch (IOException e) {
            throw new ManifestException(outFile + ": cannot write: " + e.getMessage(), e);
        }
        spec.commandLine().getErr().println("caldera: wrote " + nodes + " nodes and " + pods + " pods to " + outFile);
        return Main.OK;
    }

    /** {@code --gang-size MIN-MAX} as {min, max}, or {0, 0} for the default mix. */
    private int[] gangSizes() {
        if (gangSize == null) {
            return new int[] {0, 0};
        }
        String[] parts = gangSize.split("-", -1);
        try {
            int min = Integer.parseInt(parts[0].trim());
            int max = Integer.parseInt(parts[parts.length - 1].trim());
            if (parts.length <= 2 && min >= 1 && max >= min && max <= 10_000) {
                return new int[] {min, max};
            }
        } catch (NumberFormatException e) {
            // the message below says what is expected
        }
        throw new ParameterException(spec.commandLine(), "--gang-size must be MIN-MAX with 1 <= MIN <= MAX <= 10000,"
                + " got '" + gangSize + "'");
    }
}
