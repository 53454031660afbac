package dev.caldera.k8s.convert;

import java.util.function.Supplier;

/**
 * Builds a kernel spec record and turns its validation failure ({@code "field: why"}, the record's own field
 * names) into a {@link ConversionException} naming the object and the full path of the field in the manifest.
 */
final class SpecErrors {
    private SpecErrors() {
    }

    static <T> T at(String object, String path, Supplier<T> build) {
        try {
            return build.get();
        } catch (IllegalArgumentException e) {
            String message = e.getMessage() == null ? "is invalid" : e.getMessage();
            int colon = message.indexOf(": ");
            if (colon <= 0 || message.substring(0, colon).contains(" ")) {
                throw new ConversionException(object, path, message);
            }
            throw new ConversionException(object, path + "." + message.substring(0, colon),
                    message.substring(colon + 2));
        }
    }
}
