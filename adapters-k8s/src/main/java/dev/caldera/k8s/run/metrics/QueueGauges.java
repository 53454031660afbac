package dev.caldera.k8s.run.metrics;

import dev.caldera.kernel.resource.ResourceList;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

/**
 * One of Volcano's per-queue resource families: {@code volcano_queue_<what>_milli_cpu},
 * {@code _memory_bytes} (label {@code queue_name}) and {@code _scalar_resources} (labels {@code queue_name},
 * {@code resource}). Threading: the scheduling thread.
 */
final class QueueGauges {
    private final Gauge cpu;
    private final Gauge memory;
    private final Gauge scalar;

    QueueGauges(String what, String title, PrometheusRegistry registry) {
        cpu = Gauge.builder().name("volcano_queue_" + what + "_milli_cpu").help(title + " CPU count for one queue")
                .labelNames("queue_name").register(registry);
        memory = Gauge.builder().name("volcano_queue_" + what + "_memory_bytes").help(title + " memory for one queue")
                .labelNames("queue_name").register(registry);
        scalar = Gauge.builder().name("volcano_queue_" + what + "_scalar_resources")
                .help(title + " scalar resources for one queue").labelNames("queue_name", "resource")
                .register(registry);
    }

    /** {@code amounts} (null: the queue has none, nothing is reported). */
    void set(String queue, ResourceList amounts) {
        if (amounts == null) {
            return;
        }
        for (int i = 0; i < amounts.size(); i++) {
            String name = amounts.name(i);
            if (name.equals("cpu")) {
                cpu.labelValues(queue).set(amounts.amount(i));
            } else if (name.equals("memory")) {
                memory.labelValues(queue).set(amounts.amount(i));
            } else if (!name.equals("pods")) {
                scalar.labelValues(queue, name).set(amounts.amount(i)); // milli-units, as Volcano keeps scalars
            }
        }
    }
}
