package dev.caldera.k8s.manifest;

/** Where a document starts: the file (or {@code <stdin>}) and its 1-based line. */
public record Location(String file, int line) {
    @Override
    public String toString() {
        return file + ":" + line;
    }
}
