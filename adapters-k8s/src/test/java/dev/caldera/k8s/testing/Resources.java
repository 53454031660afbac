package dev.caldera.k8s.testing;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;

/** Paths of test resources. */
public final class Resources {
    private Resources() {
    }

    public static String path(String resource) {
        URL url = Resources.class.getResource("/" + resource);
        if (url == null) {
            throw new IllegalArgumentException("no test resource " + resource);
        }
        try {
            return Path.of(url.toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
