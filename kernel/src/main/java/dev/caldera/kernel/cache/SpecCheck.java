package dev.caldera.kernel.cache;

import dev.caldera.kernel.resource.ResourceList;

/** Validation shared by the spec records: every failure names the object, the field and why. */
final class SpecCheck {
    private SpecCheck() {
    }

    static String required(String value, String object, String field) {
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException(object + ": " + field + " is required");
        }
        return value;
    }

    /** The index of the first negative amount in {@code list}, -1 when none is (or there is no list). */
    static int firstNegative(ResourceList list) {
        for (int i = 0; list != null && i < list.size(); i++) {
            if (list.amount(i) < 0) {
                return i;
            }
        }
        return -1;
    }

    static ResourceList nonNegative(ResourceList list, String object, String field) {
        if (list == null) {
            return null;
        }
        for (int i = 0; i < list.size(); i++) {
            if (list.amount(i) < 0) {
                throw new IllegalArgumentException(object + ": " + field + "." + list.name(i)
                        + " is negative (" + list.amount(i) + ")");
            }
        }
        return list;
    }

    static int atLeast(int value, int min, String object, String field) {
        if (value < min) {
            throw new IllegalArgumentException(object + ": " + field + " must be at least " + min + ", got " + value);
        }
        return value;
    }
}
