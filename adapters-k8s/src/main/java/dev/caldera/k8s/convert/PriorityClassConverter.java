package dev.caldera.k8s.convert;

import dev.caldera.kernel.cache.PriorityClassSpec;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;

/** PriorityClasses to kernel specs; {@code value} is required, as in Kubernetes. */
public final class PriorityClassConverter {
    private PriorityClassConverter() {
    }

    public static PriorityClassSpec of(PriorityClass pc) {
        String object = ObjectNames.clusterScoped("PriorityClass", pc.getMetadata());
        String name = ObjectNames.requireName(object, pc.getMetadata());
        if (pc.getValue() == null) {
            throw new ConversionException(object, "value", "is required");
        }
        return new PriorityClassSpec(name, pc.getValue(), Boolean.TRUE.equals(pc.getGlobalDefault()));
    }
}
