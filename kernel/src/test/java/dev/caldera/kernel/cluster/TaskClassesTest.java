package dev.caldera.kernel.cluster;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A class is found by value (request vector, profile, inter-pod profile), also right after the same vector was asked
 * for (the short path for a job's pods in a row), and a freed id is never answered for a class it no longer stands for.
 */
class TaskClassesTest {
    @Test
    void theClassJustAcquiredIsAcquiredAgainOnlyWhileItStands() {
        TaskClasses classes = new TaskClasses();
        long[] v = {1000, 1 << 20, 1};
        int a = classes.acquire(v, 1, 0);
        assertThat(classes.acquire(v, 1, 0)).isEqualTo(a);
        assertThat(classes.acquire(v, 2, 0)).isNotEqualTo(a);
        assertThat(classes.acquire(v, 1, 3)).isNotEqualTo(a);
        assertThat(classes.acquire(v.clone(), 1, 0)).isEqualTo(a);

        // freed and made again at once from the same vector: a new class, counted as such
        long[] w = {5, 5, 1};
        int b = classes.acquire(w, 0, 0);
        classes.release(b);
        int again = classes.acquire(w, 0, 0);
        int other = classes.acquire(new long[] {7, 7, 1}, 0, 0);
        assertThat(other).isNotEqualTo(again);
        assertThat(classes.request(again)).containsExactly(5, 5, 1);
        assertThat(classes.request(other)).containsExactly(7, 7, 1);
    }

    @Test
    void everyAcquisitionAnswersTheClassOfItsValueWithItsReferences() {
        SplittableRandom random = new SplittableRandom(11);
        TaskClasses classes = new TaskClasses();
        long[][] vectors = new long[6][];
        for (int i = 0; i < vectors.length; i++) {
            vectors[i] = new long[] {random.nextInt(3), random.nextInt(2), 1};
        }
        List<Integer> held = new ArrayList<>();
        Map<Integer, String> valueOf = new HashMap<>();
        Map<Integer, Integer> refs = new HashMap<>();
        for (int step = 0; step < 20_000; step++) {
            if (!held.isEmpty() && random.nextInt(3) == 0) {
                int id = held.remove(random.nextInt(held.size()));
                classes.release(id);
                if (refs.merge(id, -1, Integer::sum) == 0) {
                    refs.remove(id);
                    valueOf.remove(id);
                }
                continue;
            }
            long[] v = vectors[random.nextInt(vectors.length)];
            if (random.nextBoolean()) {
                v = v.clone();
            }
            int profile = random.nextInt(2);
            String value = java.util.Arrays.toString(v) + "/" + profile;
            int id = classes.acquire(v, profile, 0);
            assertThat(valueOf.getOrDefault(id, value)).as("step %d", step).isEqualTo(value);
            assertThat(valueOf.entrySet().stream().filter(e -> e.getValue().equals(value) && e.getKey() != id))
                    .as("step %d: one class per value", step).isEmpty();
            assertThat(classes.request(id)).containsExactly(v);
            assertThat(classes.profile(id)).isEqualTo(profile);
            valueOf.put(id, value);
            refs.merge(id, 1, Integer::sum);
            held.add(id);
        }
    }
}
