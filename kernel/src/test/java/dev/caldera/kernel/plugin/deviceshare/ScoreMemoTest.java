package dev.caldera.kernel.plugin.deviceshare;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The memo's columns follow the classes' digests: an open with the digests' version, array and class count of the
 * last one looks nothing up, and any change of the three (a class given another digest, a new class, other arrays,
 * a clear) finds every class's column again by its digest.
 */
class ScoreMemoTest {
    @Test
    void columnsFollowTheDigestsWhenTheirVersionMoves() {
        ScoreMemo memo = new ScoreMemo();
        long[] digests = {10, 20, 0};
        memo.open(digests, 1, 2, 4);
        assertThat(memo.column(0)).isEqualTo(0);
        assertThat(memo.column(1)).isEqualTo(1);
        memo.put(1, 3, 99, 2.5);
        assertThat(memo.has(1, 3, 99)).isTrue();

        // class 1 now has class 0's digest: it reads and writes class 0's column
        digests[1] = 10;
        memo.open(digests, 2, 2, 4);
        assertThat(memo.column(1)).isEqualTo(0);
        assertThat(memo.has(1, 3, 99)).isFalse();
        // the same version again: nothing moved, nothing looked up, the same columns
        memo.open(digests, 2, 2, 4);
        assertThat(memo.column(1)).isEqualTo(0);

        // a third class: found by its digest although the version did not move
        digests[2] = 20;
        memo.open(digests, 2, 3, 4);
        assertThat(memo.column(2)).isEqualTo(1);
        assertThat(memo.has(2, 3, 99)).isTrue();

        // another array of the same digests (a refresh that grew the class arrays)
        long[] grown = {20, 10, 20, 0};
        memo.open(grown, 2, 3, 4);
        assertThat(memo.column(0)).isEqualTo(1);
        assertThat(memo.column(1)).isEqualTo(0);

        // a clear drops the columns; the next open with the same array and version makes them again
        memo.clear();
        assertThat(memo.column(0)).isEqualTo(-1);
        memo.open(grown, 2, 3, 4);
        assertThat(memo.column(0)).isNotNegative();
        assertThat(memo.column(1)).isNotNegative().isNotEqualTo(memo.column(0));
        assertThat(memo.column(2)).isEqualTo(memo.column(0));
    }

    @Test
    void aClassPastTheBudgetKeepsNoColumnUntilAClear() {
        ScoreMemo memo = new ScoreMemo(16L * 4); // one column of 4 node rows
        long[] digests = {10, 20};
        memo.open(digests, 1, 2, 4);
        assertThat(memo.column(0)).isEqualTo(0);
        assertThat(memo.column(1)).isEqualTo(-1);
        // class 1 takes class 0's digest: it shares its column; back to its own, none again
        digests[1] = 10;
        memo.open(digests, 2, 2, 4);
        assertThat(memo.column(1)).isEqualTo(0);
        digests[1] = 20;
        memo.open(digests, 3, 2, 4);
        assertThat(memo.column(1)).isEqualTo(-1);
        assertThat(memo.has(1, 0, 1)).isFalse();
        memo.put(1, 0, 1, 1.0);
        assertThat(memo.has(1, 0, 1)).isFalse();
        // after a clear, digest 20 is looked up first: it has the one column now
        memo.clear();
        memo.open(new long[] {20, 10}, 3, 2, 4);
        assertThat(memo.column(0)).isEqualTo(0);
        assertThat(memo.column(1)).isEqualTo(-1);
    }
}
