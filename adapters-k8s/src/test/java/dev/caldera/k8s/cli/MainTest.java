package dev.caldera.k8s.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;

import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The command line's model. */
class MainTest {
    /** Main leaves out picocli's converters for some types ({@link Main#UNUSED_CONVERTERS}): no option may have one. */
    @Test
    void noOptionHasATypeWhoseConverterIsLeftOut() {
        CommandLine all = Main.commandLine("", new ByteArrayInputStream(new byte[0]));
        List<String> types = new ArrayList<>();
        for (CommandLine command : all.getSubcommands().values()) {
            for (ArgSpec arg : command.getCommandSpec().args()) {
                Stream.concat(Stream.of(arg.type()), Stream.of(arg.auxiliaryTypes()))
                        .forEach(type -> types.add(command.getCommandName() + " " + arg.paramLabel() + ": "
                                + type.getName()));
            }
        }
        assertThat(all.getSubcommands()).containsKeys("simulate", "generate", "run", "replay");
        assertThat(types).isNotEmpty().noneMatch(type -> Stream.of(Main.UNUSED_CONVERTERS.split(","))
                .anyMatch(excluded -> type.substring(type.indexOf(": ") + 2).matches(excluded)));
    }
}
