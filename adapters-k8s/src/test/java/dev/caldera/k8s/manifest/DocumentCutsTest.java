package dev.caldera.k8s.manifest;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** The parts' one pass over their bytes: the check's flags, and the line feeds counted as a second pass counts them. */
class DocumentCutsTest {
    private static final byte[] ALPHABET = {'a', ' ', '-', ':', '\n', '\n', '\t', '%', '\r', 0x07, 0x7F,
        (byte) 0xC3, (byte) 0xA9, (byte) 0xC2, (byte) 0x85};

    @Test
    void checkCountingGivesTheChecksFlagsAndTheLineFeedsOfCuttableBytes() {
        int cuttable = 0;
        for (int seed = 0; seed < 2_000; seed++) {
            Random random = new Random(seed);
            byte[] b = new byte[random.nextInt(200)];
            int rare = 4 + random.nextInt(ALPHABET.length - 4);
            for (int i = 0; i < b.length; i++) {
                b[i] = ALPHABET[random.nextInt(random.nextInt(20) == 0 ? rare : 7)];
            }
            int from = b.length == 0 ? 0 : random.nextInt(b.length);
            long counted = DocumentCuts.checkCounting(b, from, b.length);
            int flags = (int) counted;
            assertThat(flags).as("seed %d", seed).isEqualTo(DocumentCuts.check(b, from, b.length));
            if ((flags & DocumentCuts.NOT_CUTTABLE) == 0) {
                cuttable++;
                assertThat(counted >>> 32).as("seed %d", seed).isEqualTo(DocumentCuts.newlines(b, from, b.length));
            }
        }
        assertThat(cuttable).isBetween(500, 1_900);
    }
}
