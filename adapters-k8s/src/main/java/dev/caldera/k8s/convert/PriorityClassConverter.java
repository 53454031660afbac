package dev.caldera.k8s.convert;

import dev.caldera.k8s.convert.fields.PriorityClassFields;
import dev.caldera.kernel.cache.PriorityClassSpec;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;

/** PriorityClasses to kernel specs; {@code value} is required, as in Kubernetes. */
public final class PriorityClassConverter {
    private PriorityClassConverter() {
    }

    public static PriorityClassSpec of(PriorityClass pc) {
        return of(Fabric8Fields.priorityClass(pc));
    }

    public static PriorityClassSpec of(PriorityClassFields pc) {
        String object = ObjectNames.clusterScoped("PriorityClass", pc.meta);
        String name = ObjectNames.requireName(object, pc.meta);
        if (pc.value == null) {
            throw new ConversionException(object, "value", "is required");
        }
        return new PriorityClassSpec(name, pc.value, Boolean.TRUE.equals(pc.globalDefault));
    }
}
