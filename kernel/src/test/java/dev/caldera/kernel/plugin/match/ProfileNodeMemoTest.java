package dev.caldera.kernel.plugin.match;

import dev.caldera.kernel.placement.PlacementSpec;
import dev.caldera.kernel.testing.PluginTables;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

class ProfileNodeMemoTest {
    private final PluginTables tables = new PluginTables(3, 4);
    private final ProfileNodeMemo memo = new ProfileNodeMemo();

    private static PlacementSpec zone(String zone) {
        return new PlacementSpec(Map.of("zone", zone), null, null, null, null);
    }

    @Test
    void aValueIsUnknownUntilPutAndKeptAcrossRefreshes() {
        int p = tables.acquire(zone("a"));
        memo.refresh(tables.profiles(), tables.nodes());
        assertThat(memo.get(p, 2)).isEqualTo(ProfileNodeMemo.UNKNOWN);

        memo.put(p, 2, 7);
        memo.put(p, 3, 0);
        memo.refresh(tables.profiles(), tables.nodes());

        assertThat(memo.get(p, 2)).isEqualTo(7);
        assertThat(memo.get(p, 3)).isZero();
        assertThat(memo.get(p, 1)).isEqualTo(ProfileNodeMemo.UNKNOWN);
    }

    @Test
    void aNodeWhosePlacementMovedIsForgottenForEveryProfile() {
        int a = tables.acquire(zone("a"));
        int b = tables.acquire(zone("b"));
        memo.refresh(tables.profiles(), tables.nodes());
        memo.put(a, 1, 1);
        memo.put(b, 1, 2);
        memo.put(b, 2, 3);

        tables.movePlacement(1, 1);
        memo.refresh(tables.profiles(), tables.nodes());

        assertThat(memo.get(a, 1)).isEqualTo(ProfileNodeMemo.UNKNOWN);
        assertThat(memo.get(b, 1)).isEqualTo(ProfileNodeMemo.UNKNOWN);
        assertThat(memo.get(b, 2)).isEqualTo(3);
    }

    @Test
    void aProfileIdGivenToAnotherSpecStartsEmpty() {
        int a = tables.acquire(zone("a"));
        memo.refresh(tables.profiles(), tables.nodes());
        memo.put(a, 0, 5);

        tables.release(a);
        int reused = tables.acquire(zone("c"));
        memo.refresh(tables.profiles(), tables.nodes());

        assertThat(reused).isEqualTo(a);
        assertThat(memo.get(reused, 0)).isEqualTo(ProfileNodeMemo.UNKNOWN);
        assertThat(memo.bytes()).isZero();
    }

    @Test
    void valuesOutOfRangeAndColumnsPastTheBudgetAreNotKept() {
        ProfileNodeMemo small = new ProfileNodeMemo(2L * tables.nodes().capacity());
        int a = tables.acquire(zone("a"));
        int b = tables.acquire(zone("b"));
        small.refresh(tables.profiles(), tables.nodes());

        small.put(a, 0, ProfileNodeMemo.MAX_VALUE + 1);
        small.put(a, 1, ProfileNodeMemo.MAX_VALUE);
        small.put(b, 0, 1);

        assertThat(small.get(a, 0)).isEqualTo(ProfileNodeMemo.UNKNOWN);
        assertThat(small.get(a, 1)).isEqualTo(ProfileNodeMemo.MAX_VALUE);
        assertThat(small.get(b, 0)).isEqualTo(ProfileNodeMemo.UNKNOWN);
    }

    @Test
    void anotherThreadStoresOnlyIntoAColumnTheSchedulingThreadMade() {
        int a = tables.acquire(zone("a"));
        int b = tables.acquire(zone("b"));
        memo.refresh(tables.profiles(), tables.nodes());
        memo.put(a, 0, 1);

        CompletableFuture.runAsync(() -> {
            memo.put(a, 1, 2);
            memo.put(b, 1, 2);
        }).join();

        assertThat(memo.get(a, 1)).isEqualTo(2);
        assertThat(memo.get(b, 1)).isEqualTo(ProfileNodeMemo.UNKNOWN);
    }

    @Test
    void anotherNodeTableStartsEmpty() {
        int a = tables.acquire(zone("a"));
        memo.refresh(tables.profiles(), tables.nodes());
        memo.put(a, 0, 1);
        tables.replaceNodeTable(3, 4);

        memo.refresh(tables.profiles(), tables.nodes());

        assertThat(memo.get(a, 0)).isEqualTo(ProfileNodeMemo.UNKNOWN);
    }
}
