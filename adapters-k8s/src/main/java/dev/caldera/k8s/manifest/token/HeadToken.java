package dev.caldera.k8s.manifest.token;

import org.yaml.snakeyaml.scanner.Scanner;
import org.yaml.snakeyaml.tokens.Token;

/**
 * SnakeYAML's scanner with its next token remembered between the parser's questions. The parser asks "is the
 * next token one of these?" several times for each token it takes ({@link Scanner#checkToken}, {@link
 * Scanner#peekToken}), and {@code ScannerImpl} answers each question by running its whole "need more tokens?"
 * test again (walking its possible simple keys through a new iterator), though nothing has moved since it last
 * answered: that repetition was a fifth of the parse on the 5,000-node dump. Between two {@link #getToken()}s the
 * answer cannot change (no text is read, no key goes stale: the scanner's position is where it was), so the
 * first answer is kept until the parser takes the token. Every token is still the scanner's, scanned when the
 * parser first asks; its syntax errors are thrown at the same question.
 * <p>
 * Threading: one thread, as the scanner. No allocation.
 */
final class HeadToken implements Scanner {
    private final Scanner scanner;
    /** The next token, or null at the end; valid while {@link #known}. */
    private Token head;
    /**
     * Its id, asked once: {@link Token#getTokenId()} is abstract, with a dozen implementations, so each call is a
     * virtual dispatch the compiler cannot inline.
     */
    private Token.ID headId;
    private boolean known;
    /** Whether the stream's end has been taken. */
    private boolean ended;

    HeadToken(Scanner scanner) {
        this.scanner = scanner;
    }

    /**
     * The scanner's next token, asked for once per token: only {@link Scanner#peekToken()}, which ends the
     * scanner's loop with the queue's head (its {@code checkToken} runs the same loop; asking both ran it twice).
     * The queue is empty only once the stream's end was taken: the scanner then has no more to give.
     */
    private Token head() {
        if (!known) {
            head = ended ? null : scanner.peekToken();
            headId = head == null ? null : head.getTokenId();
            known = true;
        }
        return head;
    }

    @Override
    public boolean checkToken(Token.ID... choices) {
        Token next = head();
        if (next == null) {
            return false;
        }
        if (choices.length == 0) {
            return true;
        }
        Token.ID id = headId;
        for (Token.ID choice : choices) {
            if (id == choice) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean checkToken(Token.ID choice) {
        Token next = head();
        return next != null && headId == choice;
    }

    /** As the scanner's: the next token, which must be there. */
    @Override
    public Token peekToken() {
        Token next = head();
        return next != null ? next : scanner.peekToken();
    }

    @Override
    public Token getToken() {
        Token.ID id = known ? headId : null;
        known = false;
        head = null;
        Token token = scanner.getToken();
        ended = (id != null ? id : token.getTokenId()) == Token.ID.StreamEnd;
        return token;
    }

    @Override
    public void resetDocumentIndex() {
        scanner.resetDocumentIndex();
    }
}
