package dev.caldera.kernel.session;

import dev.caldera.kernel.cluster.JobPhase;
import dev.caldera.kernel.cluster.TaskStatus;

/**
 * A job's PodGroup phase at session close, by Volcano's rule: Unknown when some tasks run but the group
 * was found unschedulable; Running when allocated (or succeeded) tasks reach minMember; otherwise
 * Pending, except that an Inqueue group stays Inqueue.
 */
final class PodGroupPhase {
    private PodGroupPhase() {
    }

    static byte of(Session s, int job) {
        if (s.count(job, TaskStatus.RUNNING) > 0 && s.conditions.isUnschedulable(job)) {
            return JobPhase.UNKNOWN;
        }
        if (s.readyCount(job) >= s.jobs.minMember[job]) {
            return JobPhase.RUNNING;
        }
        byte phase = s.jobState.phase[job];
        return phase == JobPhase.INQUEUE ? JobPhase.INQUEUE : JobPhase.PENDING;
    }
}
