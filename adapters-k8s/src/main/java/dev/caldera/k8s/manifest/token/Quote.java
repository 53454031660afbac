package dev.caldera.k8s.manifest.token;

/** Values quoted in messages, cut short so that a 5,000-character value does not fill the terminal. */
public final class Quote {
    /** Longest value text quoted whole. */
    public static final int MAX_CHARS = 60;

    private Quote() {
    }

    /** {@code 'text'}, or {@code 'first 60 characters...' (5000 characters)}. */
    public static String of(String text) {
        if (text != null && text.length() > MAX_CHARS) {
            return "'" + text.substring(0, MAX_CHARS) + "...' (" + text.length() + " characters)";
        }
        return "'" + text + "'";
    }

    /** The text unquoted, or its first characters and its length when long. */
    public static String bare(String text) {
        if (text != null && text.length() > MAX_CHARS) {
            return text.substring(0, MAX_CHARS) + "... (" + text.length() + " characters)";
        }
        return String.valueOf(text);
    }
}
