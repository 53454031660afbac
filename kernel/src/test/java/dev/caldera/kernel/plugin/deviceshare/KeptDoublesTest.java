package dev.caldera.kernel.plugin.deviceshare;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Four keys of one set are kept side by side and read back bit for bit; a fifth forgets the one read or kept least
 * recently, whichever way it lies in.
 */
class KeptDoublesTest {
    /** Keys whose top bits, the set of a table of 16 keys (4 sets), are those of set 1; the low bits tell them apart. */
    private static final long A = 1L << 62 | 1;
    private static final long B = 1L << 62 | 3;
    private static final long C = 1L << 62 | 5;
    private static final long D = 1L << 62 | 7;
    private static final long E = 1L << 62 | 9;

    @Test
    void fourKeysOfOneSetAreAllKept() {
        KeptDoubles kept = new KeptDoubles(16);
        kept.put(A, 0.1 + 0.2);
        kept.put(B, -0.0);
        kept.put(C, Double.MIN_VALUE);
        kept.put(D, -1e300);

        for (long key : new long[] {A, B, C, D}) {
            assertThat(kept.has(key)).isTrue();
        }
        assertThat(Double.doubleToRawLongBits(kept.get(A))).isEqualTo(Double.doubleToRawLongBits(0.1 + 0.2));
        assertThat(Double.doubleToRawLongBits(kept.get(B))).isEqualTo(Double.doubleToRawLongBits(-0.0));
        assertThat(Double.doubleToRawLongBits(kept.get(C))).isEqualTo(Double.doubleToRawLongBits(Double.MIN_VALUE));
        assertThat(Double.doubleToRawLongBits(kept.get(D))).isEqualTo(Double.doubleToRawLongBits(-1e300));
        assertThat(kept.has(1L << 63 | 1)).isFalse(); // another set
    }

    @Test
    void aFifthKeyForgetsTheLeastRecentlyUsed() {
        KeptDoubles kept = new KeptDoubles(16);
        kept.put(A, 1);
        kept.put(B, 2);
        kept.put(C, 3);
        kept.put(D, 4);
        kept.get(A); // A, in the last way, is now the newest: B the least recently used
        kept.get(C); // C, from the middle: the order is C, A, D, B

        kept.put(E, 5);

        assertThat(kept.has(B)).isFalse();
        assertThat(kept.get(A)).isEqualTo(1);
        assertThat(kept.get(C)).isEqualTo(3);
        assertThat(kept.get(D)).isEqualTo(4);
        assertThat(kept.get(E)).isEqualTo(5);
        kept.put(B, 6); // A was read longest ago of the four: A goes
        assertThat(kept.has(A)).isFalse();
        assertThat(kept.get(B)).isEqualTo(6);
        assertThat(kept.get(C)).isEqualTo(3);
        assertThat(kept.get(D)).isEqualTo(4);
        assertThat(kept.get(E)).isEqualTo(5);
    }

    @Test
    void forgettingEmptiesEverySet() {
        KeptDoubles kept = new KeptDoubles(16);
        kept.put(A, 1);
        kept.put(B, 2);
        kept.forgetAll();
        assertThat(kept.has(A)).isFalse();
        assertThat(kept.has(B)).isFalse();
    }
}
