package dev.caldera.k8s.manifest.token;

/**
 * Thrown by {@link YamlTokens} on what only SnakeYAML's composer resolves (anchors and aliases, merge keys,
 * explicit tags, keys that are collections, very deep nesting): the caller reads the input again with
 * {@link NodeTokens}. Control flow, so one shared instance without a stack trace.
 */
public final class NeedsComposer extends RuntimeException {
    private static final long serialVersionUID = 1L;

    static final NeedsComposer INSTANCE = new NeedsComposer();

    private NeedsComposer() {
        super("the input needs SnakeYAML's composer", null, false, false);
    }
}
