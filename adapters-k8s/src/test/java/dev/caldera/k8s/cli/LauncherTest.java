package dev.caldera.k8s.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** bin/caldera: the JVM flags each command runs with (a stand-in java prints what it is given). */
class LauncherTest {
    @TempDir
    Path dir;

    private String flags(String... command) throws IOException, InterruptedException {
        Path jar = Files.writeString(dir.resolve("caldera.jar"), "");
        Path java = dir.resolve("java");
        Files.writeString(java, "#!/bin/sh\necho \"$@\"\n");
        java.toFile().setExecutable(true);
        Path launcher = Path.of("..", "bin", "caldera").toAbsolutePath().normalize();
        ProcessBuilder pb = new ProcessBuilder(concat(List.of("bash", launcher.toString()), command));
        pb.environment().put("CALDERA_JAR", jar.toString());
        pb.environment().put("JAVA", java.toString());
        pb.environment().remove("CALDERA_JAVA_OPTS");
        pb.redirectErrorStream(true);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(p.waitFor()).as(out).isZero();
        return out;
    }

    private static List<String> concat(List<String> a, String... b) {
        return java.util.stream.Stream.concat(a.stream(), java.util.Arrays.stream(b)).toList();
    }

    @Test
    void simulateCompilesLoopsEarlyAndOtherShortCommandsDoNot() throws IOException, InterruptedException {
        String simulate = flags("simulate", "dump.yaml");
        assertThat(simulate).contains("-XX:TieredStopAtLevel=1", "-XX:Tier3BackEdgeThreshold=4000")
                .endsWith("-cp " + dir.resolve("caldera.jar") + " dev.caldera.k8s.cli.Main simulate dump.yaml");
        assertThat(flags("replay", "n.csv", "p.csv")).contains("-XX:TieredStopAtLevel=1")
                .doesNotContain("Tier3BackEdgeThreshold", "CompileThresholdScaling");
        assertThat(flags("run", "--help")).doesNotContain("TieredStopAtLevel", "Tier3BackEdgeThreshold");
    }

    @Test
    void simulateCompilesCalderasOwnMethodsSoonerWithoutPrintingTheCommand() throws IOException, InterruptedException {
        assertThat(flags("simulate", "dump.yaml")).contains("-XX:CompileCommand=quiet "
                + "-XX:CompileCommand=CompileThresholdScaling,dev/caldera/*.*,0.1");
        assertThat(flags("generate")).doesNotContain("CompileCommand");
    }

    @Test
    void everyCommandNamesTheMainClassInsteadOfOpeningTheJarForItsManifest() throws IOException, InterruptedException {
        for (String command : List.of("simulate", "replay", "generate", "run", "--help")) {
            assertThat(flags(command)).doesNotContain("-jar ")
                    .endsWith("-cp " + dir.resolve("caldera.jar") + " dev.caldera.k8s.cli.Main " + command);
        }
    }
}
