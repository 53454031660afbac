package dev.caldera.bench.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ReplayFiguresTest {
    private static final Map<String, double[]> PAPER = Map.of("default,bestfit", new double[] {7.14, 0.14},
            "default,gpupacking", new double[] {8.22, 0.53}, "default,dotprod", new double[] {9.38, 0.19},
            "default,random", new double[] {13.70, 0.33}, "default,fgd", new double[] {4.77, 0.11});

    @Test
    void targetsJudgeTheMeansAndTheHeldOutSeedsApart(@TempDir Path dir) throws IOException {
        ReplayRuns runs = runs(dir,
                "default,bestfit,42,7.70", "default,bestfit,47,7.80",        // mean 7.75: 0.61 above the paper
                "default,gpupacking,42,8.20", "default,gpupacking,47,8.30",
                "default,dotprod,42,9.40", "default,dotprod,47,9.40",
                "default,random,42,13.50", "default,random,47,14.10",
                "default,fgd,42,4.90", "default,fgd,47,4.80",
                "default,fgdfill,42,4.00", "default,fgdfill,47,5.00");      // mean 4.50, but above fgd on seed 47
        StringBuilder md = new StringBuilder();
        ReplayFigures.targets(md, runs, PAPER);
        assertThat(runs.seedsBelow("default", "fgdfill", "fgd")).containsExactly(1, 2);
        assertThat(runs.seedsBelow("default", "fgdfill", "none")).containsExactly(0, 0);
        assertThat(md.toString()).contains(
                "| the 5 baselines within 0.5 points of the paper (default trace) | 4 of 5 (bestfit +0.61, gpupacking "
                        + "+0.03, dotprod +0.02, random +0.10, fgd +0.08) | **no** |",
                "| fgdfill at most 4.5% unallocated (default trace) | 4.50% | yes |",
                "(FGD as Caldera replays it, all seeds) | 1 of 1 | **no** |",
                "| the same, seeds from 47 on only (not used for tuning) | 0 of 1 | **no** |",
                "published FGD figure on at least 12 of the 17 workloads | 1 of 1 | **no** |");
    }

    @Test
    void heldOutMeansLeaveOutTheTuningSeeds(@TempDir Path dir) throws IOException {
        ReplayRuns runs = runs(dir, "default,fgd,42,4.00", "default,fgd,47,5.00", "default,fgd,48,6.00");
        assertThat(runs.meanSd("default", "fgd")).containsExactly(5.0, 1.0);
        assertThat(runs.meanSd("default", "fgd", 47)).containsExactly(5.5, Math.sqrt(0.5));
        assertThat(runs.meanSd("default", "fgd", 49)).isNull();
        assertThat(runs.seeds("default", "fgd")).isEqualTo(3);
        assertThat(runs.seedSpan()).isEqualTo(7);
        assertThat(ReplayFigures.versus(new double[] {4.2}, new double[] {4.7})).isEqualTo("yes (-0.50)");
        assertThat(ReplayFigures.versus(new double[] {4.7}, new double[] {4.7})).isEqualTo("no (+0.00)");
    }

    @Test
    void readsCommentedPaperFilesAndDrawsOneBarPerSeriesAndWorkload(@TempDir Path dir) throws IOException {
        ReplayRuns runs = runs(dir, "default,fgdfill,42,4.00", "default,fgdfill,43,5.00", "cpu050,fgd,42,5.20",
                "cpu050,bestfit,42,6.50");
        Files.writeString(dir.resolve("paper-figures.csv"), "# a comment naming the source, with, commas\n"
                + "workload,policy,meanUnallocatedGpuPercent,sd,seeds\n"
                + "default,fgd,4.77,0.11,10\n" + "cpu050,fgd,5.00,0.11,10\n");
        Files.writeString(dir.resolve("curves.csv"), "workload,policy,seed,kind,x,y\n"
                + "default,fgdfill,42,allocation,80,79.97\ndefault,fgdfill,43,allocation,80,79.01\n");
        runs = ReplayRuns.read(dir.resolve("runs.csv"), dir.resolve("curves.csv"));
        assertThat(runs.medianAllocation("default", "fgdfill").get(80)).isCloseTo(79.49, org.assertj.core.data.Offset.offset(1e-9));

        BarChart bars = ReplayFigures.workloadBars(runs, ReplayFigures.paperFigures(dir.resolve("paper-figures.csv")));
        assertThat(bars.categoryCount()).isEqualTo(2);               // default, cpu050
        assertThat(bars.seriesCount()).isEqualTo(4);                 // fgdfill, fgd, fgd (paper), bestfit
        Path png = dir.resolve("bars.png");
        bars.stamp("JVM: test").write(png);
        byte[] head = java.util.Arrays.copyOf(Files.readAllBytes(png), 4);
        assertThat(head).containsExactly(0x89, 'P', 'N', 'G');
    }

    private static ReplayRuns runs(Path dir, String... rows) throws IOException {
        StringBuilder csv = new StringBuilder("workload,policy,seed,unallocatedGpuPercent,gpuAllocationPercent,"
                + "arrivedPods,placedPods,droppedPods,events,wallSeconds,cpuSeconds\n");
        for (String row : rows) {
            csv.append(row).append(",95.00,10000,9000,1000,11000,1.0,0.5\n");
        }
        Files.writeString(dir.resolve("runs.csv"), csv);
        return ReplayRuns.read(dir.resolve("runs.csv"), dir.resolve("curves.csv"));
    }
}
