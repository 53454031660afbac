package dev.caldera.kernel.cache;

import dev.caldera.kernel.cluster.TaskClasses;
import dev.caldera.kernel.cluster.TaskStatus;
import dev.caldera.kernel.placement.SpecInterner;
import dev.caldera.kernel.testing.CacheImage;
import dev.caldera.kernel.testing.ObjectImage;
import dev.caldera.kernel.testing.RandomChanges;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An update that only moves a pod (the spec last written with another status, node, nomination or GPU devices named:
 * what an informer sends when a pod is bound, starts, finishes or is nominated) takes the cache's short path; the cache must end
 * exactly as one that rewrites every pod in full. Random valid changes ({@link RandomChanges}) mixed with such
 * moves of live pods go to a cache with the short path and to one without it (to the first, half of the moves of
 * the spec the cache holds as a {@link ClusterChange.MoveTask}, the uid and the place alone); after every batch their whole state
 * is equal ({@link CacheImage}'s tables) but for the interners' version counters and the task classes' birth
 * numbers: a full rewrite of a pod that was its placement profile's (or class's) only user frees the profile and
 * takes it again, which counts as a new version (plugins compile it again, for the same spec) or birth; the short
 * path keeps the id (the contracts, "changes whenever the id is given to a different spec", hold either way). Also left out: the specs each cache last wrote per pod
 * (the same objects on both sides, but the image writes an object met twice as a reference to where it was met
 * first, and which of two equal placement specs a profile interned differs when one side freed and took it again),
 * the row the pods' last check found for the write that follows it (a move's check keeps none),
 * and the ids each interner last found per spec object and the cache's other memos of a last lookup
 * ({@link CacheImage#MEMOS}), which the two sides make in another order.
 */
class PodMovesProperties {
    private static final Set<String> SKIPPED = Set.of("changes", "rejections", "rejectedChanges", "problemSink",
            "rewriteEveryPod", "written", "checkedRow");
    private static final Set<String> BIRTHS = Set.of("born", "births");
    /** The version counters, and the ids last found per spec object (a look-up memo, not state). */
    private static final Set<String> INTERNER_SKIPPED = Set.of("versions", "seen", "seenId", "seenVersion");
    private static final ObjectImage IMAGE = new ObjectImage(type -> false,
            f -> SKIPPED.contains(f.getName()) || CacheImage.MEMOS.contains(f.getName()) || f.getType() == Runnable.class
                    || f.getType().getName().startsWith("java.util.function.")
                    || f.getDeclaringClass() == SpecInterner.class && INTERNER_SKIPPED.contains(f.getName())
                    || f.getDeclaringClass() == TaskClasses.class && BIRTHS.contains(f.getName()));
    private static final byte[] STATUSES = {TaskStatus.PENDING, TaskStatus.BOUND, TaskStatus.RUNNING,
        TaskStatus.RELEASING, TaskStatus.SUCCEEDED, TaskStatus.FAILED, TaskStatus.UNKNOWN};

    /**
     * A sample that found two task classes' equal requests one array on one side and two on the other (the request
     * vectors' memo shares equal vectors in the order of its look-ups, which the short path changes): each class keeps
     * its own copy.
     */
    @Example
    void equalRequestsOfTwoClassesAreNotOneArrayByChance() {
        aMoveLeavesTheCacheAsAFullRewrite(24, 4);
    }

    @Property(tries = 150)
    void aMoveLeavesTheCacheAsAFullRewrite(@ForAll @LongRange(min = 0, max = 1_000_000) long seed,
                                           @ForAll @IntRange(min = 1, max = 30) int batches) {
        ClusterCache moving = new ClusterCache();
        ClusterCache rewriting = new ClusterCache();
        rewriting.rewriteEveryPod();
        RandomChanges changes = new RandomChanges(seed);
        SplittableRandom random = new SplittableRandom(seed);
        List<TaskSpec> pods = new ArrayList<>();
        Map<String, TaskSpec> live = new HashMap<>();
        int moves = 0;
        for (int b = 0; b < batches; b++) {
            for (int k = random.nextInt(4); k > 0; k--) {
                ClusterChange c = changes.valid();
                if (c instanceof ClusterChange.UpsertTask t) {
                    pods.add(t.spec());
                    live.put(t.spec().uid(), t.spec());
                } else if (c instanceof ClusterChange.RemoveTask r) {
                    live.remove(r.uid());
                }
                moving.submit(c);
                rewriting.submit(c);
            }
            for (int k = random.nextInt(4); k > 0 && !pods.isEmpty(); k--) {
                TaskSpec last = pods.get(random.nextInt(pods.size()));
                boolean asMove = random.nextBoolean() && last.equals(live.get(last.uid()));
                byte status = STATUSES[random.nextInt(STATUSES.length)];
                String node = status == TaskStatus.PENDING || random.nextInt(5) == 0 ? null : "n" + random.nextInt(10);
                TaskSpec moved = last.toBuilder().status(status).nodeName(node)
                        .nominatedNodeName(!asMove && node == null && random.nextInt(4) == 0
                                ? "n" + random.nextInt(8) : null)
                        .gpuDevices(random.nextInt(3) == 0 ? random.nextLong(16) : last.gpuDevices())
                        .build();
                pods.add(moved);
                live.put(moved.uid(), moved);
                moves++;
                // the pod the cache holds, moved: either as its whole spec or as a move of the uid alone
                moving.submit(asMove ? new ClusterChange.MoveTask(moved.uid(), status, node, moved.gpuDevices())
                        : new ClusterChange.UpsertTask(moved));
                rewriting.submit(new ClusterChange.UpsertTask(moved));
            }
            assertThat(moving.applyChanges()).isEqualTo(rewriting.applyChanges());
            moving.resolveJobPriorities();
            rewriting.resolveJobPriorities();
            String expected = IMAGE.text(rewriting);
            String actual = IMAGE.text(moving);
            if (!actual.equals(expected)) {
                throw new AssertionError("after batch " + b + " (" + moves + " moves) the cache differs from one that"
                        + " rewrites every pod: " + CacheImage.difference(expected, actual));
            }
        }
    }
}
