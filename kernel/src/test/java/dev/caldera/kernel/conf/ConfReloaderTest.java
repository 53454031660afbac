package dev.caldera.kernel.conf;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ConfReloaderTest {
    private static final String GOOD = "actions: enqueue, allocate\ntiers:\n- plugins:\n  - name: gang\n";
    private static final String BETTER = "actions: allocate, backfill\ntiers:\n- plugins:\n  - name: priority\n";
    private static final String BROKEN = "actions: allocate\ntiers:\n- plugins:\n  - name: [gang\n";

    @TempDir
    Path dir;

    private Path write(String text) throws IOException {
        Path file = dir.resolve("volcano-scheduler.conf");
        Files.writeString(file, text);
        return file;
    }

    @Test
    void theFileIsLoadedAtConstruction() throws IOException {
        ConfReloader reloader = new ConfReloader(write(GOOD));
        assertThat(reloader.current().actions()).containsExactly("enqueue", "allocate");
        assertThat(reloader.lastError()).isEmpty();
    }

    @Test
    void aValidEditReplacesTheConfiguration() throws IOException {
        ConfReloader reloader = new ConfReloader(write(GOOD));
        write(BETTER);
        assertThat(reloader.reload().actions()).containsExactly("allocate", "backfill");
        assertThat(reloader.current().tiers().get(0).plugins().get(0).name()).isEqualTo("priority");
    }

    @Test
    void aBrokenEditKeepsThePreviousConfigurationAndSaysWhereItIsBroken() throws IOException {
        ConfReloader reloader = new ConfReloader(write(GOOD));
        SchedulerConf before = reloader.current();
        write(BROKEN);
        assertThat(reloader.reload()).isSameAs(before);
        assertThat(reloader.lastError()).get().extracting(Throwable::getMessage).asString()
                .startsWith(dir.resolve("volcano-scheduler.conf") + ": YAML syntax error at line 5");
        assertThat(reloader.reload()).isSameAs(before);
    }

    @Test
    void fixingTheFileRecovers() throws IOException {
        ConfReloader reloader = new ConfReloader(write(GOOD));
        write(BROKEN);
        reloader.reload();
        write(BETTER);
        assertThat(reloader.reload().actions()).containsExactly("allocate", "backfill");
        assertThat(reloader.lastError()).isEmpty();
    }

    @Test
    void anUnchangedFileIsNotReparsedEvenWhenTouched() throws IOException {
        Path file = write(GOOD);
        ConfReloader reloader = new ConfReloader(file);
        SchedulerConf before = reloader.current();
        Files.setLastModifiedTime(file, FileTime.fromMillis(System.currentTimeMillis() + 5_000));
        assertThat(reloader.reload()).isSameAs(before);
        assertThat(reloader.reload()).isSameAs(before);
    }

    @Test
    void aSameSizeEditWithinTheTimestampGranularityIsStillNoticed() throws IOException {
        Path file = write(GOOD);
        ConfReloader reloader = new ConfReloader(file);
        FileTime stamp = Files.getLastModifiedTime(file);
        write(GOOD.replace("gang", "sla1"));
        Files.setLastModifiedTime(file, stamp);
        assertThat(reloader.reload().tiers().get(0).plugins().get(0).name()).isEqualTo("sla1");
    }

    @Test
    void aDeletedFileKeepsThePreviousConfigurationAndComesBackWhenRestored() throws IOException {
        Path file = write(GOOD);
        ConfReloader reloader = new ConfReloader(file);
        SchedulerConf before = reloader.current();
        Files.delete(file);
        assertThat(reloader.reload()).isSameAs(before);
        assertThat(reloader.lastError()).get().extracting(Throwable::getMessage).asString()
                .startsWith(file + ": cannot read: java.nio.file.NoSuchFileException");
        write(BETTER);
        assertThat(reloader.reload().actions()).containsExactly("allocate", "backfill");
    }

    @Test
    void aCandidateTheCheckRejectsIsKeptOutLikeABrokenOne() throws IOException {
        Set<String> actions = Set.of("enqueue", "allocate");
        ConfReloader reloader = new ConfReloader(write(GOOD), c -> ConfValidator.validate(c, actions));
        write("actions: allocate, elect\n");
        assertThat(reloader.reload().actions()).containsExactly("enqueue", "allocate");
        assertThat(reloader.lastError()).get().extracting(Throwable::getMessage).asString()
                .contains("unknown action 'elect'").contains("(line 1, column 20)");
    }

    @Test
    void aBadFirstFileIsAnErrorForTheStrictConstructor() throws IOException {
        Path file = write(BROKEN);
        assertThatThrownBy(() -> new ConfReloader(file)).isInstanceOf(ConfException.class)
                .hasMessageStartingWith(file + ": YAML syntax error at line 5");
    }

    @Test
    void startingFromVolcanosDefaultKeepsItWhileTheFileIsBadOrEmpty() throws IOException {
        Path file = write("");
        ConfReloader reloader = ConfReloader.startingFrom(SchedulerConf.volcanoDefault(), file, c -> { });
        assertThat(reloader.current()).isEqualTo(SchedulerConf.volcanoDefault());
        assertThat(reloader.lastError()).get().extracting(Throwable::getMessage).asString()
                .contains("the configuration is empty");
        write(GOOD);
        assertThat(reloader.reload().actions()).containsExactly("enqueue", "allocate");
    }
}
