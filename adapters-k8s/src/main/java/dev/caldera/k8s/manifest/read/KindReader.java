package dev.caldera.k8s.manifest.read;

/**
 * Reads the top-level fields of one object of a kind (after {@code apiVersion} and {@code kind}) into its field
 * view. A new reader per object.
 */
interface KindReader {
    /** One top-level field; the value is the current token and must be consumed. */
    void field(String key, Values v);
}
