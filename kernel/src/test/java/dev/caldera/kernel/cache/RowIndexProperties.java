package dev.caldera.kernel.cache;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link RowIndex}, an open-addressing table with its own removal (later keys shifted back into the gap), against a
 * model: a {@link HashMap} of key to row and a stack of freed rows. Random adds, removes and look-ups over a small
 * set of keys (so that keys come and go many times and tables grow past several doublings), among them keys of equal
 * {@link String#hashCode} ({@code "Aa"} and {@code "BB"} joined in any order) and keys of one long shared prefix;
 * now and then room is reserved for a number of keys ({@link RowIndex#reserve}); after every step every key of the
 * set is looked up.
 */
class RowIndexProperties {
    @Property(tries = 300)
    void rowIndexIsAMapWithAStackOfFreeRows(@ForAll @LongRange(min = 0, max = 1_000_000) long seed,
                                            @ForAll @IntRange(min = 1, max = 400) int keyCount,
                                            @ForAll @IntRange(min = 1, max = 3000) int steps) {
        SplittableRandom random = new SplittableRandom(seed);
        String[] keys = new String[keyCount];
        for (int i = 0; i < keyCount; i++) {
            keys[i] = switch (i % 3) {
                case 0 -> colliding(i);
                case 1 -> "team-0-job-" + i + "-worker-" + (i % 7);
                default -> Integer.toString(i);
            };
        }
        RowIndex index = new RowIndex();
        Map<String, Integer> model = new HashMap<>();
        Deque<Integer> free = new ArrayDeque<>();
        int next = 0;
        for (int s = 0; s < steps; s++) {
            if (random.nextInt(200) == 0) { // room made before a bulk load: capacity only
                index.reserve(random.nextInt(2 * keyCount + 1));
            }
            // a copy of the key, not the object the index holds, half of the time
            String key = keys[random.nextInt(keyCount)];
            String asked = random.nextBoolean() ? key : new String(key);
            if (model.containsKey(key) || random.nextInt(4) == 0) {
                index.remove(asked);
                Integer row = model.remove(key);
                if (row != null) {
                    free.push(row);
                }
            } else {
                int expected = free.isEmpty() ? next++ : free.pop();
                assertThat(index.add(asked)).isEqualTo(expected);
                model.put(key, expected);
            }
            assertThat(index.size()).isEqualTo(model.size());
            for (String k : keys) {
                assertThat(index.get(k)).as(k).isEqualTo(model.getOrDefault(k, -1));
            }
        }
        assertThat(index.get(null)).isEqualTo(-1);
    }

    /** A string of "Aa" and "BB" pieces chosen by the bits of {@code i}: every such string of one length has one hash. */
    private static String colliding(int i) {
        StringBuilder b = new StringBuilder();
        for (int bit = 0; bit < 9; bit++) {
            b.append((i >> bit & 1) == 0 ? "Aa" : "BB");
        }
        return b.toString();
    }
}
