package dev.caldera.k8s.cli;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The warm-up's cluster goes the whole way through simulate: read, converted, loaded, scheduled, reported. */
class SimulateWarmUpTest {
    @Test
    void theWarmUpBindsBothPendingPodsWithoutAWarning() throws Exception {
        assertThat(SimulateWarmUp.simulate(SimulateWarmUp.CLUSTER.getBytes(StandardCharsets.UTF_8))).isEqualTo(2);
        Path f = Files.createTempFile("warm-up", ".yaml");
        try {
            Files.writeString(f, SimulateWarmUp.CLUSTER);
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int status = Main.run(new String[] {"simulate", "--cycles", "1", f.toString()}, new PrintWriter(out),
                    new PrintWriter(err), System.in);
            assertThat(status).isEqualTo(Main.OK);
            assertThat(err.toString()).isEmpty();
            assertThat(out.toString()).contains("2 bound");
        } finally {
            Files.delete(f);
        }
    }
}
