package dev.caldera.k8s.report;

import dev.caldera.k8s.quantity.Quantities;
import dev.caldera.kernel.framework.QueueShare;
import dev.caldera.kernel.resource.ResourceList;

import java.util.Locale;
import java.util.StringJoiner;

/** How the reports write a queue's numbers: quantities as Kubernetes writes them, shares with two decimals. */
final class QueueLines {
    private QueueLines() {
    }

    /** "cpu 4, memory 8Gi, nvidia.com/gpu 2", or {@code empty} for an empty list. */
    static String list(ResourceList r, String empty) {
        if (r.size() == 0) {
            return empty;
        }
        StringJoiner j = new StringJoiner(", ");
        for (int i = 0; i < r.size(); i++) {
            j.add(r.name(i) + " " + Quantities.text(r.name(i), r.amount(i)));
        }
        return j.toString();
    }

    static String share(double share) {
        return String.format(Locale.ROOT, "%.2f", share);
    }

    /** One text line: name, parent, share, deserved, allocated, capability, and what reclaim moved if anything. */
    static String text(QueueShare q) {
        StringBuilder sb = new StringBuilder(q.queue());
        if (q.parent() != null) {
            sb.append(" (in ").append(q.parent()).append(')');
        }
        sb.append("  share ").append(share(q.share()))
                .append("  deserved ").append(list(q.deserved(), "none"))
                .append("  allocated ").append(list(q.allocated(), "none"))
                .append("  capability ").append(list(q.capability(), "unbounded"));
        if (q.reclaimTook().size() > 0) {
            sb.append("  reclaim took ").append(list(q.reclaimTook(), ""));
        }
        if (q.reclaimGave().size() > 0) {
            sb.append("  reclaim gave ").append(list(q.reclaimGave(), ""));
        }
        return sb.toString();
    }
}
