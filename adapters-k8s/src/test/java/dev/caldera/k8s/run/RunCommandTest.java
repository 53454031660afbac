package dev.caldera.k8s.run;

import dev.caldera.k8s.testing.CliRun;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code caldera run}: usage errors, and a real process stopped by SIGTERM. */
class RunCommandTest {
    private static final String QUICKSTART = Path.of("..", "examples", "quickstart").toString();

    @Test
    void usageErrorsSayWhatIsWrong() {
        CliRun dumpWithoutApi = CliRun.of("run", QUICKSTART);
        assertThat(dumpWithoutApi.status()).isEqualTo(2);
        assertThat(dumpWithoutApi.err()).contains("DUMP and --cycles need --embedded-api");
        CliRun noDump = CliRun.of("run", "--embedded-api");
        assertThat(noDump.status()).isEqualTo(2);
        assertThat(noDump.err()).contains("--embedded-api needs at least one DUMP file or folder");
        CliRun badPeriod = CliRun.of("run", "--embedded-api", "--schedule-period", "soon", QUICKSTART);
        assertThat(badPeriod.status()).isEqualTo(2);
        assertThat(badPeriod.err()).contains("--schedule-period");
        CliRun missingConf = CliRun.of("run", "--embedded-api", "--conf", "nope.conf", QUICKSTART);
        assertThat(missingConf.status()).isEqualTo(2);
        assertThat(missingConf.err()).isEqualTo("caldera: nope.conf: no such file (--conf)\n");
    }

    @Test
    void sigtermStopsSchedulingDrainsAndExits() throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "dev.caldera.k8s.cli.Main", "run", "--embedded-api",
                "--http-port", "-1", QUICKSTART));
        Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        StringBuffer err = new StringBuffer();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    err.append(line).append('\n');
                }
            } catch (java.io.IOException e) {
                err.append("(stderr closed)\n");
            }
        });
        reader.start();
        LiveCluster.eventually("the run starts scheduling", () -> err.indexOf("scheduling pods of") >= 0);
        // SIGTERM through kill(1): Process.destroy would also close our end of its stderr
        new ProcessBuilder("kill", "-TERM", String.valueOf(p.pid())).start().waitFor();
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).as("exits within the drain bound").isTrue();
        reader.join(5_000);
        assertThat(err.toString()).contains("caldera: stopped: scheduling ended, in-flight binds drained");
    }
}
