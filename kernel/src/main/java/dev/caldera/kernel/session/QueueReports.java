package dev.caldera.kernel.session;

import dev.caldera.kernel.framework.QueueShare;
import dev.caldera.kernel.framework.QueueShareSource;
import dev.caldera.kernel.resource.ResourceDimensions;
import dev.caldera.kernel.resource.ResourceList;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Per queue, after a cycle: what the queue plugin (capacity or proportion, {@link QueueShareSource}) saw, and what
 * reclaim moved: {@code reclaimGave} sums the requests of the queue's pods evicted by reclaim, {@code reclaimTook}
 * the requests of the pods reclaim evicted for the queue's jobs. A queue that only took part in reclaim, under a
 * configuration without a queue plugin, gets a row with empty amounts.
 * <p>
 * Threading: scheduling thread, after the session closed; report time only, allocates.
 */
public final class QueueReports {
    private QueueReports() {
    }

    public static List<QueueShare> of(Session s) {
        QueueShareSource source = s.plugins().plugin(QueueShareSource.class);
        List<QueueShare> rows = source == null ? List.of() : source.queueShares();
        Map<String, long[]> took = new TreeMap<>();
        Map<String, long[]> gave = new TreeMap<>();
        Decisions d = s.decisions();
        for (int i = 0; i < d.evictionCount(); i++) {
            if (d.evictReason(i) != Decisions.RECLAIM) {
                continue;
            }
            int task = d.evictTask(i);
            long[] req = s.request(task);
            add(gave, s.queueTable().name(s.queueOf(task)), req);
            int job = d.evictFor(i);
            if (job >= 0) {
                add(took, s.queueTable().name(s.jobTable().queue(job)), req);
            }
        }
        List<QueueShare> out = new ArrayList<>();
        for (QueueShare r : rows) {
            out.add(r.withReclaim(list(s, took.remove(r.queue())), list(s, gave.remove(r.queue()))));
        }
        for (String q : union(took, gave)) {
            out.add(new QueueShare(q, null, ResourceList.EMPTY, ResourceList.EMPTY, ResourceList.EMPTY, 0,
                    list(s, took.get(q)), list(s, gave.get(q))));
        }
        return out;
    }

    private static void add(Map<String, long[]> into, String queue, long[] req) {
        long[] sum = into.computeIfAbsent(queue, k -> new long[req.length]);
        for (int d = 0; d < req.length && d < sum.length; d++) {
            sum[d] += req[d];
        }
    }

    private static List<String> union(Map<String, long[]> a, Map<String, long[]> b) {
        TreeMap<String, Boolean> keys = new TreeMap<>();
        a.keySet().forEach(k -> keys.put(k, true));
        b.keySet().forEach(k -> keys.put(k, true));
        return new ArrayList<>(keys.keySet());
    }

    /** cpu and memory, then the non-zero others, by dimension name; empty for no amounts. */
    private static ResourceList list(Session s, long[] v) {
        if (v == null) {
            return ResourceList.EMPTY;
        }
        Map<String, Long> m = new LinkedHashMap<>();
        for (int d = 0; d < v.length; d++) {
            if (d <= ResourceDimensions.MEMORY || v[d] != 0) {
                m.put(s.dims().name(d), v[d]);
            }
        }
        return ResourceList.of(m);
    }
}
