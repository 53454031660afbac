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
    void oneCommandWithoutThenIsTheWholeLine() {
        assertThat(CdsTraining.commands(new String[] {"simulate", "x.yaml"}))
                .containsExactly(new String[][] {{"simulate", "x.yaml"}});
        assertThat(CdsTraining.commands(new String[0])).isEmpty();
    }
}
