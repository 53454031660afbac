package dev.caldera.bench.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class ReplayStampsTest {
    private static final Stamp XEON = new Stamp("JDK 17", "Intel Xeon, 2 vCPU", "2026-11-25", "bench/replay-figures.sh");
    private static final Stamp EPYC = new Stamp("JDK 17", "AMD EPYC, 2 vCPU", "2026-11-28",
            "bench/replay-figures.sh --policies random");

    @Test
    void everyRunThatWroteReplaysIsListedAndTheChartsSayWhenMachinesDiffer(@TempDir Path dir) throws IOException {
        ReplayStamps.record(dir, XEON, 1020);
        assertThat(ReplayStamps.forCharts(dir, EPYC).machine()).isEqualTo("Intel Xeon, 2 vCPU");
        ReplayStamps.record(dir, EPYC, 0);                 // resumed with nothing left to replay: no row
        ReplayStamps.record(dir, EPYC, 170);

        assertThat(Files.readAllLines(dir.resolve(ReplayStamps.FILE))).hasSize(3)
                .first().isEqualTo("date,command,jvm,machine,replays");
        assertThat(ReplayStamps.markdown(dir)).contains(
                "| 2026-11-25 | 1020 | `bench/replay-figures.sh` | JDK 17 | Intel Xeon, 2 vCPU |\n"
                        + "| 2026-11-28 | 170 | `bench/replay-figures.sh --policies random` | JDK 17 | AMD EPYC, 2 vCPU |\n");
        Stamp charts = ReplayStamps.forCharts(dir, EPYC);
        assertThat(charts.machine()).isEqualTo("2 machines (stamps.csv)");
        assertThat(charts.jvm()).isEqualTo("JDK 17");
        assertThat(charts.command()).isEqualTo(EPYC.command());
    }

    @Test
    void aDirectoryWithoutStampsSaysSo(@TempDir Path dir) throws IOException {
        assertThat(ReplayStamps.markdown(dir)).isEqualTo("No run is recorded in `stamps.csv`.\n");
        assertThat(ReplayStamps.forCharts(dir, EPYC)).isEqualTo(EPYC);
    }
}
