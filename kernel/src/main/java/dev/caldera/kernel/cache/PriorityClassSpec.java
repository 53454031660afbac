package dev.caldera.kernel.cache;

/** A PriorityClass: its value, and whether it is the cluster's global default. */
public record PriorityClassSpec(String name, int value, boolean globalDefault) {
    public PriorityClassSpec {
        SpecCheck.required(name, "PriorityClass", "metadata.name");
    }
}
