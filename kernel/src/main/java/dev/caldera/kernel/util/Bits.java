package dev.caldera.kernel.util;

/**
 * Bit tricks for the kernel's word-at-a-time loops over masks (fitting leaves, devices, short dimensions).
 * <p>
 * Threading: stateless. Allocation: none.
 */
public final class Bits {
    private static final long DE_BRUIJN = 0x03F79D71B4CB0A89L;
    /** By the top six bits of a single bit times {@link #DE_BRUIJN}: that bit's index (each top is another). */
    private static final byte[] LOWEST = new byte[64];

    static {
        for (int i = 0; i < 64; i++) {
            LOWEST[(int) ((1L << i) * DE_BRUIJN >>> 58)] = (byte) i;
        }
    }

    private Bits() {
    }

    /**
     * {@code Long.numberOfTrailingZeros} of a non-zero word, by a de Bruijn multiply: C1, which bin/caldera runs,
     * does not make that call one instruction on JDK 17 but runs its Java code (a third of the fitting-leaf loops'
     * samples in the 5,000-node dump's builds), while this is four operations and a table read on either compiler.
     * For 0 it answers 0, not 64: callers loop while the word is not 0.
     */
    public static int lowest(long bits) {
        return LOWEST[(int) ((bits & -bits) * DE_BRUIJN >>> 58)];
    }
}
