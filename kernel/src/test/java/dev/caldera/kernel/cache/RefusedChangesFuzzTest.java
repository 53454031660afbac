package dev.caldera.kernel.cache;

import dev.caldera.kernel.testing.CacheImage;
import dev.caldera.kernel.testing.RandomChanges;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * A refused change leaves every table exactly as it was: 10,000 random invalid changes (statuses only the
 * scheduler sets, a uid already another pod's, quantities past the cluster totals, empty resource names, too many
 * resources), each after 0 to 2 random valid ones, are fed to one cache while a second cache gets only the valid
 * ones; after every invalid change both caches' whole state ({@link CacheImage}) is equal, and the refusal names the
 * object's kind, name and field.
 */
class RefusedChangesFuzzTest {
    private static final int INVALID_CHANGES = 10_000;

    @Test
    void everyTableEqualsACacheBuiltFromTheValidChangesAlone() {
        ClusterCache fuzzed = new ClusterCache();
        ClusterCache reference = new ClusterCache();
        List<RejectedChange> refused = new ArrayList<>();
        fuzzed.rejections(refused::add);
        reference.rejections(r -> fail("a valid change was refused: " + r.getMessage()));
        RandomChanges changes = new RandomChanges(20_261_125L);
        fuzzed.applyChanges();
        reference.applyChanges();
        String expected = CacheImage.of(reference);
        int validChanges = 0;
        for (int i = 0; i < INVALID_CHANGES; i++) {
            int valid = i % 3;
            for (int k = 0; k < valid; k++) {
                var change = changes.valid();
                fuzzed.submit(change);
                reference.submit(change);
            }
            if (valid > 0) {
                validChanges += valid;
                assertThat(reference.applyChanges()).isEqualTo(valid);
                assertThat(fuzzed.applyChanges()).isEqualTo(valid);
                expected = CacheImage.of(reference);
            }
            RandomChanges.Invalid bad = changes.invalid(reference);
            fuzzed.submit(bad.change());
            assertThat(fuzzed.applyChanges()).as("applied of %s", bad.change()).isZero();

            RejectedChange last = refused.get(refused.size() - 1);
            assertThat(refused).hasSize(i + 1);
            assertThat(new String[] {last.kind(), last.name(), last.field()}).as("refusal of %s", bad.change())
                    .containsExactly(bad.kind(), bad.name(), bad.field());
            assertThat(last.reason()).isNotBlank();
            String actual = CacheImage.of(fuzzed);
            if (!actual.equals(expected)) {
                fail("after refusing invalid change " + i + " (" + last.getMessage() + "), the cache differs from "
                        + "one built from the " + validChanges + " valid changes alone: "
                        + CacheImage.difference(expected, actual));
            }
        }
        assertThat(fuzzed.rejectedChanges()).isEqualTo(INVALID_CHANGES);
        assertThat(reference.rejectedChanges()).isZero();
        assertThat(reference.tasks().liveCount()).as("the valid changes built a cluster").isPositive();
        assertThat(reference.nodes().liveCount()).isPositive();
    }
}
