package dev.caldera.kernel.plugin.nodeorder;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Expected numbers from kube-scheduler's balanced_allocation_test.go. */
class BalancedAllocationTest {
    @Test
    void nothingRequestedIsPerfectlyBalanced() {
        assertThat(BalancedAllocation.score(0, 4000, 0, 10000, 0, 0)).isEqualTo(100);
    }

    @Test
    void twoFractionsUseHalfTheirDifference() {
        assertThat(BalancedAllocation.score(3000, 4000, 5000, 10000, 0, 0)).as("1 - 0.125").isEqualTo(87);
        assertThat(BalancedAllocation.score(3000, 6000, 5000, 10000, 0, 0)).isEqualTo(100);
        assertThat(BalancedAllocation.score(6000, 10000, 0, 20000, 0, 0)).as("1 - 0.3").isEqualTo(70);
        assertThat(BalancedAllocation.score(6000, 10000, 5000, 20000, 0, 0)).as("1 - 0.175").isEqualTo(82);
        assertThat(BalancedAllocation.score(6000, 10000, 10000, 20000, 0, 0)).as("1 - 0.05").isEqualTo(95);
        assertThat(BalancedAllocation.score(6000, 10000, 10000, 50000, 0, 0)).as("1 - 0.2").isEqualTo(80);
    }

    @Test
    void fractionsAreCappedAtOne() {
        assertThat(BalancedAllocation.score(6000, 6000, 0, 10000, 0, 0)).isEqualTo(50);
        assertThat(BalancedAllocation.score(6000, 6000, 5000, 10000, 0, 0)).isEqualTo(75);
        assertThat(BalancedAllocation.score(9000, 6000, 5000, 10000, 0, 0)).isEqualTo(75);
    }

    @Test
    void aNodeWithoutResourcesScoresFull() {
        assertThat(BalancedAllocation.score(3000, 0, 5000, 0, 0, 0)).isEqualTo(100);
    }

    @Test
    void threeFractionsUseTheStandardDeviation() {
        assertThat(BalancedAllocation.score(3000, 3500, 5000, 40000, 4, 8)).isEqualTo(70);
        assertThat(BalancedAllocation.score(3000, 3500, 5000, 40000, 1, 8)).isEqualTo(65);
    }
}
