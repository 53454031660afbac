package dev.caldera.k8s.run.feed;

import dev.caldera.k8s.convert.UnmodelledFields;
import io.fabric8.kubernetes.api.model.Pod;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Says once per kind of field, with the first pod that sets it, that a pod of ours carries a field Caldera does
 * not model ({@link UnmodelledFields}) and is scheduled as if it did not: a live scheduler sees the same pods on
 * every informer event, so anything more would flood the log.
 * <p>
 * Threading: thread safe (informer threads).
 */
final class UnmodelledPods {
    private static final Logger LOG = LoggerFactory.getLogger(UnmodelledPods.class);

    private final Set<String> reported = ConcurrentHashMap.newKeySet();

    void check(Pod pod, String key) {
        for (String field : UnmodelledFields.of(pod.getSpec())) {
            if (reported.add(field)) {
                LOG.warn("Pod {} sets {}, which Caldera does not model ({}); it is scheduled as if absent (logged"
                        + " once for the first pod with this field)", key, field,
                        UnmodelledFields.CONSEQUENCES.get(field));
            }
        }
    }
}
