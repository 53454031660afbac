package dev.caldera.kernel.conf;

/**
 * Where something in a configuration was written, for messages: {@code at} is the source and key path
 * ({@code volcano-scheduler.conf: tiers[1].plugins[0]}), {@code where} the line and column
 * ({@code " (line 9, column 5)"}, empty when unknown). A configuration built in code has {@link #NONE}.
 */
public record Origin(String at, String where) {
    /** A configuration built in code, not read from a file. */
    public static final Origin NONE = new Origin("scheduler configuration", "");

    /** "{@code at}: {@code why}{@code where}", the shape of every configuration message. */
    public String message(String why) {
        return at + ": " + why + where;
    }

    /** An error about this place. */
    public ConfException error(String why) {
        return new ConfException(message(why));
    }
}
