package dev.caldera.kernel.session;

import dev.caldera.kernel.cluster.JobPhase;
import dev.caldera.kernel.cluster.TaskStatus;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * A job's PodGroup phase at session close, by current Volcano's rule ({@code pkg/scheduler/framework/session.go},
 * {@code getPodGroupPhase}):
 * <ul>
 *   <li>Unknown when some tasks run but the group was found unschedulable in this session;</li>
 *   <li>else, when the scheduled tasks - Running, Bound, Succeeded, Failed, and Releasing ones still on a node -
 *       reach minMember: Completed if every one of them has Succeeded or Failed, else Running. Tasks only
 *       Allocated or Binding in this session are not scheduled yet (Volcano v1.7 counted them, so a group bound
 *       in this cycle became Running at once; now it turns Running in the next cycle, once its pods are
 *       Bound);</li>
 *   <li>else Pending, except that an Inqueue group stays Inqueue.</li>
 * </ul>
 * Cost: O(1) per job from the status counters, plus a walk of the job's tasks when some are Releasing.
 */
final class PodGroupPhase {
    private PodGroupPhase() {
    }

    static byte of(Session s, int job) {
        if (s.count(job, TaskStatus.RUNNING) > 0 && s.conditions().isUnschedulable(job)) {
            return JobPhase.UNKNOWN;
        }
        int completed = s.count(job, TaskStatus.SUCCEEDED) + s.count(job, TaskStatus.FAILED);
        int scheduled = s.count(job, TaskStatus.RUNNING) + s.count(job, TaskStatus.BOUND) + completed
                + releasingOnNodes(s, job);
        if (scheduled >= s.jobTable().minMember(job)) {
            return scheduled == completed ? JobPhase.COMPLETED : JobPhase.RUNNING;
        }
        byte phase = s.jobState().phase(job);
        return phase == JobPhase.INQUEUE ? JobPhase.INQUEUE : JobPhase.PENDING;
    }

    /** Volcano's ReleasingScheduledTaskNum: terminating pods that still sit on a node hold their gang slot. */
    private static int releasingOnNodes(Session s, int job) {
        if (s.count(job, TaskStatus.RELEASING) == 0) {
            return 0;
        }
        IntArrayList tasks = s.jobTable().tasks(job);
        int n = 0;
        for (int i = 0; i < tasks.size(); i++) {
            int t = tasks.getInt(i);
            if (s.status(t) == TaskStatus.RELEASING && s.taskState().node(t) >= 0) {
                n++;
            }
        }
        return n;
    }
}
