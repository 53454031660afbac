package dev.caldera.k8s.cli;

import dev.caldera.k8s.manifest.ManifestException;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ReadAheadTest {
    @Test
    void theReadingsWarningsFollowWhatTheCommandsThreadWarnedBeforeJoining() throws InterruptedException {
        List<String> err = new ArrayList<>();
        ReadAhead read = new ReadAhead();
        CountDownLatch done = new CountDownLatch(1);
        read.start(() -> {
            read.accept("from the reading");
            done.countDown();
            return 3;
        });
        assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
        err.add("from the configuration");
        assertThat(read.join(err::add)).isEqualTo(3);
        read.accept("after the reading");
        assertThat(err).containsExactly("from the configuration", "from the reading", "after the reading");
    }

    @Test
    void theReadingsExceptionIsThrownOnTheCommandsThread() {
        ManifestException bad = new ManifestException("f.yaml:3: Pod ns/p: spec.priority: expected an integer");
        ReadAhead read = new ReadAhead();
        read.start(() -> {
            throw bad;
        });
        assertThatThrownBy(() -> read.join(w -> { })).isSameAs(bad);
        OutOfMemoryError oom = new OutOfMemoryError();
        ReadAhead failing = new ReadAhead();
        failing.start(() -> {
            throw oom;
        });
        assertThatThrownBy(() -> failing.join(w -> { })).isSameAs(oom);
    }
}
