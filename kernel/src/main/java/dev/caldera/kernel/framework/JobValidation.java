package dev.caldera.kernel.framework;

/** Why a job is not valid: a PodGroup condition reason (e.g. NotEnoughTasks) and a message for people. */
public record JobValidation(String reason, String message) {
}
