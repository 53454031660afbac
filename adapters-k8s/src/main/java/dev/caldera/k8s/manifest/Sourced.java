package dev.caldera.k8s.manifest;

/** A decoded object and where its document starts. */
public record Sourced<T>(T object, Location location) {
}
