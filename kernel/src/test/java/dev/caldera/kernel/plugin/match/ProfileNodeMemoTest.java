package dev.caldera.kernel.plugin.match;

import dev.caldera.kernel.framework.Nodes;
import dev.caldera.kernel.framework.Profiles;
import dev.caldera.kernel.cluster.NodeTable;
import dev.caldera.kernel.placement.PlacementProfiles;
import dev.caldera.kernel.placement.PlacementSpec;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

class ProfileNodeMemoTest {
    private final PlacementProfiles profiles = new PlacementProfiles();
    private final NodeTable nodes = new NodeTable(3);
    private final ProfileNodeMemo memo = new ProfileNodeMemo();

    ProfileNodeMemoTest() {
        nodes.ensureRows(4);
        nodes.rows(4);
    }

    private static PlacementSpec zone(String zone) {
        return new PlacementSpec(Map.of("zone", zone), null, null, null, null);
    }

    @Test
    void aValueIsUnknownUntilPutAndKeptAcrossRefreshes() {
        int p = profiles.acquire(zone("a"));
        memo.refresh(new Profiles<>(profiles), new Nodes(nodes));
        assertThat(memo.get(p, 2)).isEqualTo(ProfileNodeMemo.UNKNOWN);

        memo.put(p, 2, 7);
        memo.put(p, 3, 0);
        memo.refresh(new Profiles<>(profiles), new Nodes(nodes));

        assertThat(memo.get(p, 2)).isEqualTo(7);
        assertThat(memo.get(p, 3)).isZero();
        assertThat(memo.get(p, 1)).isEqualTo(ProfileNodeMemo.UNKNOWN);
    }

    @Test
    void aNodeWhosePlacementMovedIsForgottenForEveryProfile() {
        int a = profiles.acquire(zone("a"));
        int b = profiles.acquire(zone("b"));
        memo.refresh(new Profiles<>(profiles), new Nodes(nodes));
        memo.put(a, 1, 1);
        memo.put(b, 1, 2);
        memo.put(b, 2, 3);

        nodes.addPlacementVersion(1, 1);
        memo.refresh(new Profiles<>(profiles), new Nodes(nodes));

        assertThat(memo.get(a, 1)).isEqualTo(ProfileNodeMemo.UNKNOWN);
        assertThat(memo.get(b, 1)).isEqualTo(ProfileNodeMemo.UNKNOWN);
        assertThat(memo.get(b, 2)).isEqualTo(3);
    }

    @Test
    void aProfileIdGivenToAnotherSpecStartsEmpty() {
        int a = profiles.acquire(zone("a"));
        memo.refresh(new Profiles<>(profiles), new Nodes(nodes));
        memo.put(a, 0, 5);

        profiles.release(a);
        int reused = profiles.acquire(zone("c"));
        memo.refresh(new Profiles<>(profiles), new Nodes(nodes));

        assertThat(reused).isEqualTo(a);
        assertThat(memo.get(reused, 0)).isEqualTo(ProfileNodeMemo.UNKNOWN);
        assertThat(memo.bytes()).isZero();
    }

    @Test
    void valuesOutOfRangeAndColumnsPastTheBudgetAreNotKept() {
        ProfileNodeMemo small = new ProfileNodeMemo(2L * nodes.capacity());
        int a = profiles.acquire(zone("a"));
        int b = profiles.acquire(zone("b"));
        small.refresh(new Profiles<>(profiles), new Nodes(nodes));

        small.put(a, 0, ProfileNodeMemo.MAX_VALUE + 1);
        small.put(a, 1, ProfileNodeMemo.MAX_VALUE);
        small.put(b, 0, 1);

        assertThat(small.get(a, 0)).isEqualTo(ProfileNodeMemo.UNKNOWN);
        assertThat(small.get(a, 1)).isEqualTo(ProfileNodeMemo.MAX_VALUE);
        assertThat(small.get(b, 0)).isEqualTo(ProfileNodeMemo.UNKNOWN);
    }

    @Test
    void anotherThreadStoresOnlyIntoAColumnTheSchedulingThreadMade() {
        int a = profiles.acquire(zone("a"));
        int b = profiles.acquire(zone("b"));
        memo.refresh(new Profiles<>(profiles), new Nodes(nodes));
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
        int a = profiles.acquire(zone("a"));
        memo.refresh(new Profiles<>(profiles), new Nodes(nodes));
        memo.put(a, 0, 1);
        NodeTable other = new NodeTable(3);
        other.ensureRows(4);
        other.rows(4);

        memo.refresh(new Profiles<>(profiles), new Nodes(other));

        assertThat(memo.get(a, 0)).isEqualTo(ProfileNodeMemo.UNKNOWN);
    }
}
