package dev.caldera.kernel.util;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class BitsTest {

    @Test
    void lowestIsTheIndexOfTheLowestSetBitOfEveryWord() {
        for (int i = 0; i < 64; i++) {
            assertThat(Bits.lowest(1L << i)).as("bit %d alone", i).isEqualTo(i);
            assertThat(Bits.lowest(-1L << i)).as("bits %d and up", i).isEqualTo(i);
        }
        SplittableRandom random = new SplittableRandom(14);
        for (int n = 0; n < 100_000; n++) {
            long word = random.nextLong() << random.nextInt(64);
            if (word != 0) {
                assertThat(Bits.lowest(word)).isEqualTo(Long.numberOfTrailingZeros(word));
            }
        }
    }
}
