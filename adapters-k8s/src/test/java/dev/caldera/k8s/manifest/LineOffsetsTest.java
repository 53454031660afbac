package dev.caldera.k8s.manifest;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class LineOffsetsTest {
    @Test
    void aPartsOffsetIsTheLinesOfEveryPartBeforeIt() {
        LineOffsets lines = new LineOffsets(4);
        lines.counted(0, 10);
        lines.counted(2, 300);
        lines.counted(1, 20);
        lines.counted(3, 4000);
        assertThat(lines.offset(0)).isZero();
        assertThat(lines.offset(1)).isEqualTo(10);
        assertThat(lines.offset(2)).isEqualTo(30);
        assertThat(lines.offset(3)).isEqualTo(330);
    }

    @Test
    void aPartWaitsForThePartsBeforeItOnly() throws Exception {
        LineOffsets lines = new LineOffsets(3);
        lines.counted(2, 7);
        assertThat(lines.offset(0)).isZero();
        CompletableFuture<Integer> third = CompletableFuture.supplyAsync(() -> lines.offset(2));
        lines.counted(0, 5);
        Thread.sleep(50);
        assertThat(third).isNotDone();
        lines.counted(1, 6);
        assertThat(third.get(10, TimeUnit.SECONDS)).isEqualTo(11);
    }
}
