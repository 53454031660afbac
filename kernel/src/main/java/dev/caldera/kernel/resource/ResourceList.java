package dev.caldera.kernel.resource;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An immutable list of named quantities in canonical units (see {@link ResourceDimensions}), as the
 * adapter hands them to the cache. Names are resolved to dimension indices only inside the cache.
 */
public final class ResourceList {
    public static final ResourceList EMPTY = new ResourceList(new String[0], new long[0]);

    private final String[] names;
    private final long[] amounts;

    private ResourceList(String[] names, long[] amounts) {
        this.names = names;
        this.amounts = amounts;
    }

    /** Builds a list from a name to amount map; iteration order is kept. */
    public static ResourceList of(Map<String, Long> quantities) {
        String[] names = new String[quantities.size()];
        long[] amounts = new long[quantities.size()];
        int i = 0;
        for (Map.Entry<String, Long> e : quantities.entrySet()) {
            names[i] = e.getKey();
            amounts[i++] = e.getValue();
        }
        return new ResourceList(names, amounts);
    }

    /** Convenience for tests and generators: {@code of("cpu", 1000, "memory", 1L << 30)}. */
    public static ResourceList of(Object... nameAmountPairs) {
        Map<String, Long> map = new LinkedHashMap<>();
        for (int i = 0; i < nameAmountPairs.length; i += 2) {
            map.put((String) nameAmountPairs[i], ((Number) nameAmountPairs[i + 1]).longValue());
        }
        return of(map);
    }

    public int size() {
        return names.length;
    }

    public String name(int i) {
        return names[i];
    }

    public long amount(int i) {
        return amounts[i];
    }

    /** The amount of {@code name}, 0 when absent. */
    public long amount(String name) {
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return amounts[i];
            }
        }
        return 0;
    }

    public boolean isEmpty() {
        for (long amount : amounts) {
            if (amount != 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ResourceList other
                && Arrays.equals(names, other.names) && Arrays.equals(amounts, other.amounts);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(names) + Arrays.hashCode(amounts);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < names.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(names[i]).append('=').append(amounts[i]);
        }
        return sb.append('}').toString();
    }
}
