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

    @Parameters(paramLabel = "OUT", description = "file to write, or - for standard output")
    String outFile;

    @Override
    public Integer call() throws IOException {
        if (nodes < 1 || pods < 0) {
            throw new ParameterException(spec.commandLine(), "--nodes must be at least 1 and --pods not negative");
        }
        if (outFile.equals("-")) {
            Writer out = spec.commandLine().getOut();
            new ClusterGenerator(nodes, pods, seed, out).write();
            out.flush();
            return Main.OK;
        }
        Path path = Path.of(outFile);
        try (Writer out = new BufferedWriter(Files.newBufferedWriter(path, StandardCharsets.UTF_8), 1 << 16)) {
            new ClusterGenerator(nodes, pods, seed, out).write();
        } catch (IOException e) {
            throw new ManifestException(outFile + ": cannot write: " + e.getMessage(), e);
        }
        spec.commandLine().getErr().println("caldera: wrote " + nodes + " nodes and " + pods + " pods to " + outFile);
        return Main.OK;
    }
}
