package dev.caldera.kernel.select;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicIntegerArray;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ShardPoolTest {

    @Test
    void everyShardRunsExactlyOncePerRun() {
        for (int shards : new int[] {1, 2, 3, 4}) {
            try (ShardPool pool = new ShardPool(shards)) {
                AtomicIntegerArray runs = new AtomicIntegerArray(shards);
                for (int i = 0; i < 20_000; i++) {
                    pool.run((shard, n) -> {
                        assertThat(n).isEqualTo(shards);
                        runs.incrementAndGet(shard);
                    });
                    for (int s = 0; s < shards; s++) {
                        assertThat(runs.get(s)).as("shard %d of %d after run %d", s, shards, i).isEqualTo(i + 1);
                    }
                }
            }
        }
    }

    @Test
    void aRunReturnsOnlyWhenEverySliceIsWrittenAndTheWritesAreVisible() {
        try (ShardPool pool = new ShardPool(2)) {
            int[] out = new int[1_000];
            for (int round = 1; round <= 2_000; round++) {
                int value = round;
                pool.run((shard, n) -> {
                    int from = out.length * shard / n;
                    int to = out.length * (shard + 1) / n;
                    Arrays.fill(out, from, to, value);
                });
                assertThat(out).containsOnly(round);
            }
        }
    }

    @Test
    void refusesShardCountsOutOfRange() {
        assertThatThrownBy(() -> new ShardPool(0)).hasMessageContaining("shards must be within");
    }
}
