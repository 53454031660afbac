package dev.caldera.k8s.manifest;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Whether manifest bytes are text the readers take: plain ASCII (read as it is) or else strict UTF-8, refused with
 * the input's name otherwise. Threading: any thread; allocation: a decoder only for text beyond ASCII.
 */
final class Utf8Text {
    private Utf8Text() {
    }

    /**
     * Plain ASCII is checked in one pass; anything else by a strict decoder (the whole input). Returns whether
     * {@code bytes[from, to)} is plain ASCII.
     */
    static boolean check(byte[] bytes, int from, int to, String name) {
        if (!ascii(bytes, from, to)) {
            check(bytes, name);
            return false;
        }
        return true;
    }

    static boolean ascii(byte[] bytes, int from, int to) {
        int high = 0;
        for (int p = from; p < to; p++) {
            high |= bytes[p];
        }
        return high >= 0;
    }

    static boolean valid(byte[] bytes, int from, int to) {
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes, from, to - from));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    static void check(byte[] bytes, String name) {
        if (!valid(bytes, 0, bytes.length)) {
            throw new ManifestException(name + ": not valid UTF-8 text");
        }
    }
}
