package dev.caldera.kernel.cache;

import dev.caldera.kernel.resource.ResourceDimensions;
import dev.caldera.kernel.resource.ResourceList;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The memo's vector of a list is the one {@link RequestVectors#of} works out, shared while the list is the same object
 * (or equal to the list asked for just before) and no dimension was added since; a dimension added makes it again, one longer.
 */
class VectorMemoTest {
    @Test
    void aListSeenAgainSharesItsVectorUntilADimensionIsAdded() {
        ResourceDimensions dims = new ResourceDimensions();
        VectorMemo memo = new VectorMemo(dims, true);
        ResourceList request = ResourceList.of("cpu", 500L, "memory", 1L << 30);
        long[] first = memo.of(request);
        assertThat(first).containsExactly(RequestVectors.of(request, dims));
        assertThat(memo.of(request)).isSameAs(first);
        // an equal list right after (the next pod of a job, its own list): the same vector, by value
        assertThat(memo.of(ResourceList.of("cpu", 500L, "memory", 1L << 30))).isSameAs(first);
        // an equal list after another: worked out again, equal
        memo.of(ResourceList.of("cpu", 250L, "memory", 1L << 30));
        assertThat(memo.of(ResourceList.of("cpu", 500L, "memory", 1L << 30))).isNotSameAs(first).containsExactly(first);
        // a list that differs from the last one only in an amount, or a name, is not taken for it
        ResourceList half = ResourceList.of("cpu", 500L, "memory", 1L << 29);
        assertThat(memo.of(half)).containsExactly(RequestVectors.of(half, dims));
        ResourceList other = ResourceList.of("memory", 500L, "cpu", 1L << 30); // the names swapped
        assertThat(memo.of(other)).containsExactly(RequestVectors.of(other, dims));

        memo.of(ResourceList.of("cpu", 1L, "nvidia.com/gpu", 2L)); // registers a dimension
        long[] longer = memo.of(request);
        assertThat(longer).hasSize(dims.count()).hasSize(first.length + 1)
                .containsExactly(RequestVectors.of(request, dims));

        // the list asked for last, after a dimension came from elsewhere (another memo on the same dimensions)
        dims.register("example.com/fpga");
        assertThat(memo.of(request)).hasSize(dims.count()).containsExactly(RequestVectors.of(request, dims));
    }

    @Test
    void everyVectorIsTheOneWorkedOutOfItsList() {
        SplittableRandom random = new SplittableRandom(17);
        ResourceDimensions dims = new ResourceDimensions();
        ResourceDimensions fresh = new ResourceDimensions();
        VectorMemo memo = new VectorMemo(dims, false);
        List<ResourceList> seen = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            ResourceList list;
            if (!seen.isEmpty() && random.nextInt(4) > 0) {
                list = seen.get(random.nextInt(seen.size()));
            } else {
                list = ResourceList.of("cpu", (long) random.nextInt(8), "scalar-" + random.nextInt(40),
                        (long) random.nextInt(1, 5), "pods", 3L);
                seen.add(list);
            }
            long[] expected = RequestVectors.of(list, fresh, false);
            assertThat(memo.of(list)).as("list %d", i).containsExactly(expected);
        }
        assertThat(dims.count()).isEqualTo(fresh.count());
    }
}
