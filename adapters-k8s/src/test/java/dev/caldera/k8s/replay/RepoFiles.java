package dev.caldera.k8s.replay;

import java.nio.file.Files;
import java.nio.file.Path;

/** Files of the repository (traces, examples), found from the working directory up. */
final class RepoFiles {
    private RepoFiles() {
    }

    static Path find(String first, String... more) {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            Path candidate = d.resolve(Path.of(first, more));
            if (Files.exists(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException(Path.of(first, more) + " not found above " + Path.of("").toAbsolutePath());
    }

    static Path openb(String file) {
        return find("traces", "alibaba-openb", file);
    }

    static Path gpuNodes() {
        return openb("openb_node_list_gpu_node.csv");
    }

    static Path defaultPods() {
        return openb("openb_pod_list_default.csv");
    }
}
