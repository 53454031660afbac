package dev.caldera.kernel.cache;

import dev.caldera.kernel.testing.CacheImage;
import dev.caldera.kernel.testing.RandomChanges;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/** A cache whose changes come from the scheduling thread alone applies them as one whose changes come from any. */
class OneThreadCacheTest {
    @Test
    void itEndsEveryBatchAsTheDefaultCache() {
        for (long seed = 1; seed <= 8; seed++) {
            ClusterCache any = new ClusterCache();
            ClusterCache one = ClusterCache.oneThread();
            RandomChanges changes = new RandomChanges(seed);
            SplittableRandom random = new SplittableRandom(seed);
            for (int batch = 0; batch < 20; batch++) {
                for (int k = random.nextInt(60); k > 0; k--) {
                    ClusterChange c = random.nextInt(8) == 0 ? changes.invalid(any).change() : changes.valid();
                    any.submit(c);
                    one.submit(c);
                }
                assertThat(one.applyChanges()).isEqualTo(any.applyChanges());
                assertThat(CacheImage.of(one)).as("seed %d batch %d", seed, batch).isEqualTo(CacheImage.of(any));
            }
        }
    }
}
