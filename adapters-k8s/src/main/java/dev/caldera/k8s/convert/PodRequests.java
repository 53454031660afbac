package dev.caldera.k8s.convert;

import dev.caldera.k8s.convert.fields.ContainerFields;
import dev.caldera.k8s.convert.fields.PodFields;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A pod's effective request as the Kubernetes scheduler computes it: the larger of the app containers' sum
 * and the peak of the init phase, plus {@code spec.overhead}. Init containers run one after another, so the
 * init phase needs the largest of them; a sidecar (an init container with {@code restartPolicy: Always})
 * keeps running, so it adds to the app containers' sum and to every later init container's need.
 * <p>
 * A container that sets a limit but no request for a resource requests its limit, as the API server
 * defaults it on admission. Every amount is exact, in canonical units.
 */
public final class PodRequests {
    private PodRequests() {
    }

    /** The effective request of a fabric8 pod spec. */
    public static Map<String, Long> of(io.fabric8.kubernetes.api.model.PodSpec spec, String object) {
        io.fabric8.kubernetes.api.model.Pod pod = new io.fabric8.kubernetes.api.model.Pod();
        pod.setSpec(spec);
        return of(Fabric8Fields.pod(pod), object);
    }

    /** The effective request of {@code pod}; {@code object} names the pod in errors. */
    public static Map<String, Long> of(PodFields pod, String object) {
        try {
            return effective(pod, object);
        } catch (ArithmeticException e) {
            throw new ConversionException(object, "spec.containers[*].resources", "the summed requests do not fit"
                    + " a 64-bit amount");
        }
    }

    private static Map<String, Long> effective(PodFields pod, String object) {
        Map<String, Long> containers = new LinkedHashMap<>();
        List<ContainerFields> apps = pod.containers == null ? List.of() : pod.containers;
        for (int i = 0; i < apps.size(); i++) {
            add(containers, container(apps.get(i), object, "spec.containers[" + i + "]"));
        }
        Map<String, Long> initPeak = new LinkedHashMap<>();
        Map<String, Long> sidecars = new LinkedHashMap<>();
        List<ContainerFields> inits = pod.initContainers == null ? List.of() : pod.initContainers;
        for (int i = 0; i < inits.size(); i++) {
            ContainerFields c = inits.get(i);
            Map<String, Long> request = container(c, object, "spec.initContainers[" + i + "]");
            if (c != null && "Always".equals(c.restartPolicy)) {
                add(containers, request);
                add(sidecars, request);
                max(initPeak, sidecars);
            } else {
                Map<String, Long> need = new LinkedHashMap<>(sidecars);
                add(need, request);
                max(initPeak, need);
            }
        }
        max(containers, initPeak);
        add(containers, QuantityMaps.of(pod.overhead, object, "spec.overhead"));
        return containers;
    }

    /** One container's requests, with limits standing in for requests it does not set. */
    static Map<String, Long> container(ContainerFields c, String object, String path) {
        if (c == null) {
            return Map.of();
        }
        Map<String, Long> request = QuantityMaps.of(c.requests, object, path + ".resources.requests");
        if (c.limits != null) {
            for (Map.Entry<String, String> e : c.limits.entrySet()) {
                if (!request.containsKey(e.getKey())) {
                    request.put(e.getKey(), QuantityMaps.amount(e.getKey(), e.getValue(), object,
                            path + ".resources.limits"));
                }
            }
        }
        return request;
    }

    private static void add(Map<String, Long> into, Map<String, Long> amounts) {
        for (Map.Entry<String, Long> e : amounts.entrySet()) {
            into.merge(e.getKey(), e.getValue(), Math::addExact);
        }
    }

    private static void max(Map<String, Long> into, Map<String, Long> amounts) {
        for (Map.Entry<String, Long> e : amounts.entrySet()) {
            into.merge(e.getKey(), e.getValue(), Math::max);
        }
    }
}
