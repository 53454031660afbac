package dev.caldera.k8s.replay;

import dev.caldera.k8s.manifest.ManifestException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A CSV file read in blocks on one thread and its pod rows checked on another as they come: the same rows, shapes
 * and errors as reading the whole file and then checking it.
 */
class RowBlocksTest {
    private static final String HEADER = "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,"
            + "creation_time,deletion_time,scheduled_time\n";

    @TempDir
    Path dir;

    @Test
    void blocksHoldTheWholeTablesRowsInOrderEachWithItsIndexInTheFile() throws IOException {
        Path f = dir.resolve("t.csv");
        Files.writeString(f, "a,b\n1,2\n\n3,\"x\ny\"\n5,6\n  \n7,8\n9,10\n");
        CsvTable whole = CsvTable.read(f, List.of("a"));
        List<CsvTable> blocks = new ArrayList<>();
        CsvTable.read(f, List.of("a"), 2, blocks::add);

        assertThat(blocks).extracting(CsvTable::size).containsExactly(2, 2, 1);
        assertThat(blocks).extracting(CsvTable::first).containsExactly(0, 2, 4);
        for (CsvTable b : blocks) {
            for (int r = 0; r < b.size(); r++) {
                assertThat(b.where(r)).isEqualTo(whole.where(b.first() + r));
                assertThat(b.text(r, "b")).isEqualTo(whole.text(b.first() + r, "b"));
            }
        }
        List<CsvTable> even = new ArrayList<>();
        CsvTable.read(f, List.of("a"), 5, even::add);
        assertThat(even).extracting(CsvTable::size).containsExactly(5);
        Files.writeString(f, "a,b\n\n");
        List<CsvTable> none = new ArrayList<>();
        CsvTable.read(f, List.of("a"), 5, none::add);
        assertThat(none).extracting(CsvTable::size).containsExactly(0); // one block, empty: the header's columns
    }

    @Test
    void podsCheckedBlockByBlockAreThoseOfTheWholeFile() throws IOException {
        SplittableRandom random = new SplittableRandom(5);
        StringBuilder rows = new StringBuilder(HEADER);
        for (int i = 0; i < 2_000; i++) {
            String gpu = random.nextBoolean() ? "1," + (1 + random.nextInt(4) * 250) + ",T4" : "0,0,";
            rows.append("p").append(i).append(',').append(1000 * (1 + random.nextInt(4))).append(",1024,").append(gpu)
                    .append(",LS,Running,").append(random.nextInt(500)).append(",,\n");
        }
        Path f = dir.resolve("pods.csv");
        Files.writeString(f, rows.toString());
        OpenbRows.Pods whole = OpenbRows.pods(f, Set.of("T4"), true);

        OpenbRows.Pods blocks = OpenbRows.pods(readOnAnotherThread(f, 7), Set.of("T4"), true);

        assertThat(blocks.shapes()).hasSizeGreaterThan(10).isEqualTo(whole.shapes());
        assertThat((Object) blocks.rowsOfShape()).isEqualTo(whole.rowsOfShape());
        assertThat((Object) blocks.firstRowOfShape()).isEqualTo(whole.firstRowOfShape());
        assertThat(blocks.rows()).isEqualTo(whole.rows());
    }

    @Test
    void aBrokenQuoteAfterABadRowIsTheErrorAsWhenTheWholeFileIsReadFirst() throws IOException {
        StringBuilder rows = new StringBuilder(HEADER + "p0,1,1,0,0,,LS,Running,1,,\np1,-5,1,0,0,,LS,Running,1,,\n");
        for (int i = 2; i < 20; i++) {
            rows.append("p").append(i).append(",1,1,0,0,,LS,Running,1,,\n");
        }
        Path f = dir.resolve("pods.csv");
        Files.writeString(f, rows + "p20,1,1,0,0,,\"LS\n");
        assertThatThrownBy(() -> OpenbRows.pods(f, Set.of(), true)).hasMessageContaining(f + ": cannot read CSV");

        assertThatThrownBy(() -> OpenbRows.pods(readOnAnotherThread(f, 2), Set.of(), true))
                .isInstanceOf(ManifestException.class).hasMessageStartingWith(f + ": cannot read CSV");
        // without the broken quote, the bad row
        Files.writeString(f, rows.toString());
        assertThatThrownBy(() -> OpenbRows.pods(readOnAnotherThread(f, 2), Set.of(), true))
                .isInstanceOf(ManifestException.class)
                .hasMessage(f + ":3: column cpu_milli must not be negative, got '-5'");
    }

    private static RowBlocks readOnAnotherThread(Path f, int size) {
        RowBlocks blocks = new RowBlocks();
        Thread t = new Thread(() -> blocks.read(f, OpenbRows.podColumns(true), size), "test-reader");
        t.setDaemon(true);
        t.start();
        return blocks;
    }
}
