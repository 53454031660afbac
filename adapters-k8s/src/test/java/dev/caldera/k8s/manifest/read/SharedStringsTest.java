package dev.caldera.k8s.manifest.read;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Equal strings read on one thread come back as the first one met; the table stops growing at its bound. */
class SharedStringsTest {
    @Test
    void equalStringsAreTheFirstOneMet() {
        SharedStrings shared = new SharedStrings();
        String first = new String("team-0");
        String again = new String("team-0");
        assertThat(shared.of(first)).isSameAs(first);
        assertThat(shared.of(again)).isSameAs(first).isNotSameAs(again);
        assertThat(shared.of(null)).isNull();
    }

    @Test
    void pastItsBoundOnlyWhatItHoldsIsShared() {
        SharedStrings shared = new SharedStrings();
        for (int i = 0; i < SharedStrings.MAX; i++) {
            shared.of("s" + i);
        }
        String held = new String("s7");
        assertThat(shared.of(held)).isNotSameAs(held).isEqualTo("s7");
        String late = new String("late");
        assertThat(shared.of(late)).isSameAs(late);
        assertThat(shared.of(new String("late"))).isNotSameAs(late);
    }

    /** Item paths are made once per list path and index, and each is its own list's, however many lists alternate. */
    @Test
    void itemPathsAreMadeOncePerListAndIndex() {
        SharedStrings shared = new SharedStrings();
        String[] lists = {"spec.containers", "spec.tolerations", "spec.initContainers", "spec.taints", "x", "y"};
        String first = shared.item(lists[0], 1);
        assertThat(first).isEqualTo("spec.containers[1]");
        assertThat(shared.item(lists[0], 1)).isSameAs(first);
        for (int round = 0; round < 3; round++) {
            for (String list : lists) {
                for (int i = 0; i < 6; i++) {
                    assertThat(shared.item(list, i)).isEqualTo(list + "[" + i + "]");
                }
            }
        }
        assertThat(shared.item(lists[5], 2)).isSameAs(shared.item(lists[5], 2));
    }
}
