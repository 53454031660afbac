package dev.caldera.k8s.convert;

import dev.caldera.k8s.quantity.Quantities;
import io.fabric8.kubernetes.api.model.Quantity;

import java.util.LinkedHashMap;
import java.util.Map;

/** Resource lists as written ({@code cpu: 500m}) to exact canonical amounts, failing with object and field. */
final class QuantityMaps {
    private QuantityMaps() {
    }

    /** {@code quantities} in canonical units, in their order; an absent map is empty. */
    static Map<String, Long> of(Map<String, String> quantities, String object, String field) {
        Map<String, Long> out = new LinkedHashMap<>();
        if (quantities == null) {
            return out;
        }
        for (Map.Entry<String, String> e : quantities.entrySet()) {
            out.put(e.getKey(), amount(e.getKey(), e.getValue(), object, field));
        }
        return out;
    }

    /** One amount; a resource needs a name, as the API server requires. */
    static long amount(String resource, String text, String object, String field) {
        if (resource == null || resource.isEmpty()) {
            throw new ConversionException(object, field, "a resource needs a name, got \"\"");
        }
        try {
            return Quantities.canonical(resource, text == null ? "" : text);
        } catch (IllegalArgumentException e) {
            throw new ConversionException(object, field + "." + resource, e.getMessage());
        }
    }

    /** A fabric8 quantity as written ("500m"); fabric8 splits it into amount and format. */
    static String text(Quantity quantity) {
        if (quantity == null) {
            return "";
        }
        String amount = quantity.getAmount() == null ? "" : quantity.getAmount();
        String format = quantity.getFormat() == null ? "" : quantity.getFormat();
        return amount + format;
    }
}
