package dev.caldera.k8s.manifest.read;

import dev.caldera.k8s.convert.fields.PriorityClassFields;

/** Reads a PriorityClass: {@code value} and {@code globalDefault} (top-level fields). */
final class PriorityClassReader implements KindReader {
    private final PriorityClassFields pc = new PriorityClassFields();

    PriorityClassFields fields() {
        return pc;
    }

    @Override
    public void field(String key, Values v) {
        switch (key) {
            case "metadata" -> MetaReader.read(v, pc.meta);
            case "value" -> pc.value = v.integer("value");
            case "globalDefault" -> pc.globalDefault = v.bool("globalDefault");
            default -> v.skip();
        }
    }
}
