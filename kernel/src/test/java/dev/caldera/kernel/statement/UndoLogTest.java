package dev.caldera.kernel.statement;

import dev.caldera.kernel.cluster.TaskStatus;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The undo log's packed records read back exactly as written, or are refused when a value does not fit. */
class UndoLogTest {

    @Test
    void everyFieldReadsBackAsWrittenAtTheEdgesOfItsRange() {
        UndoLog log = new UndoLog();
        long a = log.append(UndoOp.EVICT, Integer.MAX_VALUE, -1, TaskStatus.RELEASING, UndoLog.MAX_REASON);
        long b = log.append(UndoOp.PIPELINE, 0, Integer.MAX_VALUE, (byte) -1, 0);

        assertThat(new Object[] {log.op(a), log.task(a), log.node(a), log.previous(a), log.reason(a)})
                .containsExactly(UndoOp.EVICT, Integer.MAX_VALUE, -1, TaskStatus.RELEASING, UndoLog.MAX_REASON);
        assertThat(new Object[] {log.op(b), log.task(b), log.node(b), log.previous(b), log.reason(b)})
                .containsExactly(UndoOp.PIPELINE, 0, Integer.MAX_VALUE, (byte) -1, 0);
    }

    @Test
    void aReasonBeyondSixteenBitsOrANegativeOneIsRefused() {
        UndoLog log = new UndoLog();
        assertThatThrownBy(() -> log.append(UndoOp.EVICT, 1, 2, TaskStatus.RUNNING, UndoLog.MAX_REASON + 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reason 65536");
        assertThatThrownBy(() -> log.append(UndoOp.EVICT, 1, 2, TaskStatus.RUNNING, -1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reason -1");
        assertThat(log.tail()).isZero();
    }

    @Test
    void aNegativeTaskIsRefused() {
        UndoLog log = new UndoLog();
        assertThatThrownBy(() -> log.append(UndoOp.ALLOCATE, -1, 2, TaskStatus.PENDING, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("task -1");
    }

    @Test
    void growingKeepsEveryLiveRecordInOrder() {
        UndoLog log = new UndoLog();
        log.append(UndoOp.ALLOCATE, 7, 7, TaskStatus.PENDING, 0);
        log.dropBefore(1);
        for (int i = 0; i < 5000; i++) {
            log.append(i % 2 == 0 ? UndoOp.ALLOCATE : UndoOp.EVICT, i, i + 1, TaskStatus.PENDING, i & 0xFFFF);
        }
        for (long s = log.head(); s < log.tail(); s++) {
            int i = (int) (s - 1);
            assertThat(log.task(s)).isEqualTo(i);
            assertThat(log.node(s)).isEqualTo(i + 1);
            assertThat(log.reason(s)).isEqualTo(i & 0xFFFF);
            assertThat(log.op(s)).isEqualTo(i % 2 == 0 ? UndoOp.ALLOCATE : UndoOp.EVICT);
        }
    }
}
