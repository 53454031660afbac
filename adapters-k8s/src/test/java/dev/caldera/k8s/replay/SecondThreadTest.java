package dev.caldera.k8s.replay;

import dev.caldera.k8s.manifest.ManifestException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The value of a second thread's work, once; what the work threw, as it was. */
class SecondThreadTest {
    @Test
    void theValueIsHandedOutOnceAndThenLetGo() {
        SecondThread<String> s = SecondThread.start("test-second", () -> "read");

        assertThat(s.join()).isEqualTo("read");
        assertThatThrownBy(s::join).isInstanceOf(IllegalStateException.class).hasMessage("joined already");
    }

    @Test
    void whatTheWorkThrowsIsThrownAsItWas() {
        ManifestException bad = new ManifestException("pods.csv:7: column cpu_milli must not be negative");
        SecondThread<String> s = SecondThread.start("test-second", () -> {
            throw bad;
        });
        assertThatThrownBy(s::join).isSameAs(bad);
    }
}
