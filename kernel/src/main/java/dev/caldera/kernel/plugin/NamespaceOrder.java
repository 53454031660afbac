package dev.caldera.kernel.plugin;

/** Orders namespaces (symbols): negative when {@code a} goes first, 0 when this plugin has no opinion. */
@FunctionalInterface
public interface NamespaceOrder {
    int compareNamespaces(int a, int b);
}
