package dev.caldera.k8s.cli;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class CdsTrainingTest {
    @Test
    void commandsSplitAtThenAndLeaveOutEmptyOnes() {
        List<String[]> commands = CdsTraining.commands(new String[] {
            "--then", "simulate", "--cycles", "2", "a.yaml", "--then", "--then", "replay", "n.csv", "p.csv", "--then"});
        assertThat(commands).containsExactly(
                new String[] {"simulate", "--cycles", "2", "a.yaml"},
                new String[] {"replay", "n.csv", "p.csv"});
    }

    @Test
    void aSimulateIsTrainedWithItsWarmUpRunToItsEnd() {
        assertThat(CdsTraining.warmUp(new String[] {"simulate", "--cycles", "1", "a.yaml"})).isTrue();
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().equals("caldera-warm-up"));
        assertThat(CdsTraining.warmUp(new String[] {"replay", "n.csv", "p.csv"})).isFalse();
    }

    @Test
    void oneCommandWithoutThenIsTheWholeLine() {
        assertThat(CdsTraining.commands(new String[] {"simulate", "x.yaml"}))
                .containsExactly(new String[][] {{"simulate", "x.yaml"}});
        assertThat(CdsTraining.commands(new String[0])).isEmpty();
    }
}
