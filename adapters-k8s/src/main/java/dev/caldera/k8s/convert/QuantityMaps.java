package dev.caldera.k8s.convert;

import io.fabric8.kubernetes.api.model.Quantity;

import java.util.LinkedHashMap;
import java.util.Map;

/** Maps of fabric8 {@link Quantity} to exact canonical amounts, failing with the object and field named. */
final class QuantityMaps {
    private QuantityMaps() {
    }

    /** {@code quantities} in canonical units, in their order; an absent map is empty. */
    static Map<String, Long> of(Map<String, Quantity> quantities, String object, String field) {
        Map<String, Long> out = new LinkedHashMap<>();
        if (quantities == null) {
            return out;
        }
        for (Map.Entry<String, Quantity> e : quantities.entrySet()) {
            out.put(e.getKey(), amount(e.getKey(), e.getValue(), object, field + "." + e.getKey()));
        }
        return out;
    }

    static long amount(String resource, Quantity quantity, String object, String field) {
        String text = text(quantity);
        try {
            return dev.caldera.k8s.quantity.Quantities.canonical(resource, text);
        } catch (IllegalArgumentException e) {
            throw new ConversionException(object, field, e.getMessage());
        }
    }

    /** The quantity as written ("500m"); fabric8 splits it into amount and format. */
    static String text(Quantity quantity) {
        if (quantity == null) {
            return "";
        }
        String amount = quantity.getAmount() == null ? "" : quantity.getAmount();
        String format = quantity.getFormat() == null ? "" : quantity.getFormat();
        return amount + format;
    }
}
