package dev.caldera.kernel.cache;

import dev.caldera.kernel.resource.ResourceList;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Volcano's queue admission ({@code pkg/webhooks/admission/queues/validate/validate_queue_test.go},
 * {@code TestAdmitQueues} and {@code TestAdmitHierarchicalQueues}): the cases and their messages, less the
 * webhook's "requestBody." field prefix.
 */
class QueueAdmissionTest {
    private static final long GI = 1L << 30;

    private static QueueSpec queue(String name, String parent, ResourceList capability, ResourceList guarantee,
                                   ResourceList deserved) {
        return new QueueSpec(name, 1, capability, guarantee, deserved, true, parent, 0, null, 0);
    }

    private static ResourceList cpuMem(long cores, long gib) {
        return ResourceList.of("cpu", cores * 1000, "memory", gib * GI);
    }

    private static String create(QueueSpec q, QueueSpec... existing) {
        Map<String, QueueSpec> byName = new LinkedHashMap<>();
        for (QueueSpec e : existing) {
            byName.put(e.name(), e);
        }
        return QueueAdmission.create(q, byName, Map.of());
    }

    /** TestAdmitQueues: guarantee without deserved; capability below deserved; deserved below guarantee. */
    @Test
    void guaranteeWithinDeservedWithinCapability() {
        assertThat(create(queue("q", null, null, ResourceList.of("cpu", 1000L), null)))
                .isEqualTo("spec.deserved.cpu: Invalid value: \"<nil>\": deserved[cpu] must be >= guarantee[cpu]=1");
        assertThat(create(queue("q", null, ResourceList.of("cpu", 1000L), null, ResourceList.of("cpu", 2000L))))
                .isEqualTo("spec.deserved.cpu: Invalid value: \"2\": deserved[cpu]=2 must be <= capability[cpu]=1");
        assertThat(create(queue("q", null, null, ResourceList.of("memory", 3 * GI), ResourceList.of("memory", GI))))
                .isEqualTo("spec.deserved.memory: Invalid value: \"1Gi\": deserved[memory]=1Gi must be >="
                        + " guarantee[memory]=3Gi");
        assertThat(create(queue("q", null, cpuMem(4, 4), cpuMem(1, 1), cpuMem(2, 2)))).isNull();
    }

    /** TestAdmitQueues: hierarchy annotations (lengths, weights, sub paths). */
    @Test
    void hierarchicalDrfAnnotations() {
        QueueSpec sci = new QueueSpec("sci", 1, null, null, null, true, null, 0, null, 0, "root/sci", "100/50");
        assertThat(create(new QueueSpec("q", 1, null, null, null, true, null, 0, null, 0, "root/a", "1")))
                .endsWith("volcano.sh/hierarchy must have the same length with volcano.sh/hierarchy-weights");
        assertThat(create(new QueueSpec("q", 1, null, null, null, true, null, 0, null, 0, "root/a", "1/-1")))
                .endsWith("-1 in the 1/-1 must be larger than 0");
        assertThat(create(new QueueSpec("q", 1, null, null, null, true, null, 0, null, 0, "root/a", "1/x")))
                .endsWith("x in the 1/x is invalid number");
        QueueSpec dev = new QueueSpec("dev", 1, null, null, null, true, null, 0, null, 0, "root/sci/dev", "1/1/1");
        assertThat(create(sci, dev)).isEqualTo("metadata.annotations: Invalid value: \"root/sci\": root/sci is not"
                + " allowed to be in the sub path of root/sci/dev of queue dev");
        QueueSpec scidev = new QueueSpec("scidev", 1, null, null, null, true, null, 0, null, 0, "root/scidev", "1/1");
        assertThat(create(sci, scidev)).isNull();
    }

    /** TestAdmitHierarchicalQueues: itself as parent, a parent holding pods, an unknown parent, depth. */
    @Test
    void parents() {
        assertThat(create(queue("self", "self", null, null, null)))
                .isEqualTo("queue self cannot use itself as parent");
        QueueSpec withJobs = queue("queue-with-jobs", "root", null, null, null);
        assertThat(QueueAdmission.create(queue("child", "queue-with-jobs", null, null, null),
                Map.of("queue-with-jobs", withJobs), Map.of("queue-with-jobs", 1)))
                .isEqualTo("queue queue-with-jobs cannot be the parent queue of queue child because it has allocated"
                        + " Pods: 1");
        assertThat(create(queue("orphan", "nowhere", null, null, null)))
                .isEqualTo("failed to get parent queue nowhere of queue orphan: queue nowhere not found");
        Map<String, QueueSpec> chain = new LinkedHashMap<>();
        String parent = "root";
        for (int i = 1; i <= 5; i++) {
            chain.put("l" + i, queue("l" + i, parent, null, null, null));
            parent = "l" + i;
        }
        assertThat(QueueAdmission.create(queue("l6", "l5", null, null, null), chain, Map.of()))
                .isEqualTo("queue l6 exceeds the maximum allowed depth of 5");
        assertThat(QueueAdmission.create(queue("l5b", "l4", null, null, null), chain, Map.of())).isNull();
    }

    /** TestAdmitHierarchicalQueues: child capability above its ancestor's; siblings' guarantees above the parent's. */
    @Test
    void childLimitsAgainstTheParent() {
        QueueSpec parent = queue("parent-queue-resource-test", "root", cpuMem(10, 20), cpuMem(8, 16), cpuMem(8, 16));
        QueueSpec sibling = queue("sibling-queue-resource-test", "parent-queue-resource-test", cpuMem(3, 6),
                cpuMem(2, 4), cpuMem(2, 4));
        assertThat(create(queue("child-capability-exceeds-parent", "parent-queue-resource-test", cpuMem(20, 40), null,
                null), parent, sibling)).isEqualTo("queue child-capability-exceeds-parent capability[cpu]=20 exceeds"
                + " its ancestor's capability=10");
        assertThat(create(queue("siblings-guarantee-exceeds", "parent-queue-resource-test", cpuMem(7, 14),
                cpuMem(7, 14), cpuMem(7, 14)), parent, sibling)).isEqualTo("parent queue parent-queue-resource-test"
                + " validation failed: sum of children's guarantee (cpu 9000.00, memory 19327352832.00) exceeds"
                + " parent's guarantee limit (cpu 8000.00, memory 17179869184.00)");
    }

    /** A dump's queues are each checked against the others; a good tree gives nothing. */
    @Test
    void reviewReportsEachOffendingQueue() {
        List<QueueSpec> good = List.of(queue("a", null, cpuMem(8, 8), cpuMem(4, 4), cpuMem(4, 4)),
                queue("a1", "a", cpuMem(4, 4), cpuMem(2, 2), cpuMem(2, 2)),
                queue("a2", "a", cpuMem(8, 8), cpuMem(2, 2), cpuMem(2, 2)));
        assertThat(QueueAdmission.review(good, Map.of())).isEmpty();
        List<QueueSpec> bad = List.of(queue("a", null, cpuMem(8, 8), cpuMem(4, 4), cpuMem(4, 4)),
                queue("a1", "a", cpuMem(4, 4), cpuMem(3, 3), cpuMem(3, 3)),
                queue("a2", "a", cpuMem(8, 8), cpuMem(2, 2), cpuMem(2, 2)));
        assertThat(QueueAdmission.review(bad, Map.of())).hasSize(3).allMatch(w -> w.contains("guarantee"));
    }
}
