package dev.caldera.kernel.cache;

import dev.caldera.kernel.cluster.TaskTable;
import dev.caldera.kernel.resource.ResourceList;
import dev.caldera.kernel.testing.CacheImage;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A pod's change carries its key and name index, worked out or checked where the change is made; the cache takes
 * them as they are, so a pod written through a change made with them is the pod written through one made without.
 */
class TaskChangeTest {
    private static TaskSpec pod(String uid, String name) {
        return TaskSpec.builder("ns", name).uid(uid).job("job").request(ResourceList.of("cpu", 500L)).build();
    }

    @Test
    void aChangeWorksTheKeyAndNameIndexOut() {
        TaskSpec byKey = pod("ns/job-worker-7", "job-worker-7");
        ClusterChange.UpsertTask c = new ClusterChange.UpsertTask(byKey);
        assertThat(c.key()).isSameAs(byKey.uid()); // the uid is the key: kept, not joined again
        assertThat(c.nameIndex()).isEqualTo(7);
        ClusterChange.UpsertTask other = new ClusterChange.UpsertTask(pod("a1b2", "p"));
        assertThat(other.key()).isEqualTo("ns/p");
        assertThat(other.nameIndex()).isEqualTo(TaskTable.parseNameIndex("p")).isEqualTo(-1);
    }

    @Test
    void aChangeRefusesAKeyOrNameIndexThatIsNotItsSpecs() {
        TaskSpec spec = pod("u", "job-worker-7");
        assertThat(new ClusterChange.UpsertTask(spec, "ns/job-worker-7", 7).key()).isEqualTo("ns/job-worker-7");
        assertThatThrownBy(() -> new ClusterChange.UpsertTask(spec, "u", 7))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("the key of Pod ns/job-worker-7 is not u");
        assertThatThrownBy(() -> new ClusterChange.UpsertTask(spec, "ns/job-worker-7", 8))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the name index of Pod ns/job-worker-7 is 7, not 8");
    }

    @Test
    void aPodWrittenThroughAChangeWithItsKeyIsThePodWrittenWithout() {
        ClusterCache plain = new ClusterCache();
        ClusterCache given = new ClusterCache();
        for (TaskSpec spec : new TaskSpec[] {pod("ns/job-worker-7", "job-worker-7"), pod("a1b2", "job-w-3")}) {
            plain.upsertTask(spec);
            given.submit(new ClusterChange.UpsertTask(spec, spec.key(), TaskTable.parseNameIndex(spec.name())));
        }
        plain.applyChanges();
        given.applyChanges();
        assertThat(given.taskRow("a1b2")).isEqualTo(plain.taskRow("a1b2")).isNotNegative();
        assertThat(CacheImage.of(given)).isEqualTo(CacheImage.of(plain));
        int row = given.taskRow("ns/job-worker-7");
        assertThat(given.tasks().key(row)).isEqualTo("ns/job-worker-7");
        assertThat(given.tasks().nameIndex(row)).isEqualTo(7);
        assertThat(given.tasks().key(given.taskRow("a1b2"))).isEqualTo("ns/job-w-3");
        assertThat(given.tasks().nameIndex(given.taskRow("a1b2"))).isEqualTo(3);
    }
}
