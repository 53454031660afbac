package dev.caldera.kernel.cache;

import dev.caldera.kernel.resource.ResourceList;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Queues created one by one through Volcano's admission rules ({@link QueueAdmission}) never end with children
 * whose guarantees sum above their parent's (moved from the capacity plugin's QueuePropertiesTest: what it
 * checks is the admission rules of this package).
 */
class QueueAdmissionProperties {
    private static final long GI = 1L << 30;

    @Property(tries = 200)
    void admittedChildrenNeverGuaranteeMoreThanTheirParent(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        Map<String, QueueSpec> admitted = new LinkedHashMap<>();
        for (int i = 0; i < 12; i++) {
            String parent = admitted.isEmpty() || r.nextInt(3) == 0 ? null
                    : new ArrayList<>(admitted.keySet()).get(r.nextInt(admitted.size()));
            ResourceList g = r.nextInt(4) == 0 ? null : units(r.nextInt(5));
            ResourceList d = g == null ? (r.nextBoolean() ? null : units(r.nextInt(5))) : units(r.nextInt(3) + 4);
            QueueSpec q = new QueueSpec("q" + i, 1, null, g, d, true, parent, 0, null, i);
            if (QueueAdmission.create(q, admitted, Map.of()) == null) {
                admitted.put(q.name(), q);
            }
        }
        for (QueueSpec parent : admitted.values()) {
            long[] sum = new long[2];
            for (QueueSpec c : admitted.values()) {
                if (parent.name().equals(c.parent()) && c.guarantee() != null) {
                    sum[0] += c.guarantee().amount("cpu");
                    sum[1] += c.guarantee().amount("memory");
                }
            }
            long[] own = parent.guarantee() == null ? new long[2]
                    : new long[] {parent.guarantee().amount("cpu"), parent.guarantee().amount("memory")};
            assertThat(sum[0]).as("children of %s guarantee cpu", parent.name()).isLessThanOrEqualTo(own[0]);
            assertThat(sum[1]).as("children of %s guarantee memory", parent.name()).isLessThanOrEqualTo(own[1]);
        }
    }

    /** {@code n} units of one cpu and one GiB. */
    private static ResourceList units(int n) {
        return ResourceList.of("cpu", n * 1000L, "memory", n * GI);
    }
}
