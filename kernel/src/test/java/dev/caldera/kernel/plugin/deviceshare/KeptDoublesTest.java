package dev.caldera.kernel.plugin.deviceshare;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two keys of one set are kept side by side and read back bit for bit; a third forgets the one read or kept less
 * recently, whichever way it lies in.
 */
class KeptDoublesTest {
    /** Keys whose top bits, the set of a table of 8 keys (4 sets), are those of set 1; the low bits tell them apart. */
    private static final long A = 1L << 62 | 1;
    private static final long B = 1L << 62 | 3;
    private static final long C = 1L << 62 | 5;

    @Test
    void twoKeysOfOneSetAreBothKept() {
        KeptDoubles kept = new KeptDoubles(8);
        kept.put(A, 0.1 + 0.2);
        kept.put(B, -0.0);

        assertThat(kept.has(A)).isTrue();
        assertThat(kept.has(B)).isTrue();
        assertThat(Double.doubleToRawLongBits(kept.get(A))).isEqualTo(Double.doubleToRawLongBits(0.1 + 0.2));
        assertThat(Double.doubleToRawLongBits(kept.get(B))).isEqualTo(Double.doubleToRawLongBits(-0.0));
        assertThat(kept.has(1L << 63 | 1)).isFalse(); // another set
    }

    @Test
    void aThirdKeyForgetsTheLeastRecentlyUsed() {
        KeptDoubles kept = new KeptDoubles(8);
        kept.put(A, 1);
        kept.put(B, 2);
        kept.get(A); // A, in the second way, is now the newer

        kept.put(C, 3);

        assertThat(kept.has(B)).isFalse();
        assertThat(kept.get(A)).isEqualTo(1);
        assertThat(kept.get(C)).isEqualTo(3);
        kept.put(B, 4); // C was read last: A goes
        assertThat(kept.has(A)).isFalse();
        assertThat(kept.get(B)).isEqualTo(4);
        assertThat(kept.get(C)).isEqualTo(3);
    }

    @Test
    void forgettingEmptiesEverySet() {
        KeptDoubles kept = new KeptDoubles(8);
        kept.put(A, 1);
        kept.put(B, 2);
        kept.forgetAll();
        assertThat(kept.has(A)).isFalse();
        assertThat(kept.has(B)).isFalse();
    }
}
