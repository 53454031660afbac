package io.fabric8.kubernetes.client.server.mock;

import io.fabric8.kubernetes.client.server.mock.crud.KubernetesCrudDispatcherHandler;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;

/**
 * Lets a subclass of fabric8's CRUD dispatcher run a handler of its own under the store's write lock, as the
 * dispatcher runs its POST, PUT and PATCH handlers ({@code process} is package-private in fabric8's mock server
 * 7.8). Caldera's embedded API server answers {@code pods/binding} this way: one read of the stored pod and one
 * write, atomic with every other write, instead of a check followed by a generic merge patch.
 * <p>
 * Threading: any request thread; the handler runs holding the write lock (a handler may call the dispatcher's
 * own write methods: the lock is reentrant).
 */
public final class CrudWriteLock {
    private CrudWriteLock() {
    }

    /** Runs {@code handler} on {@code request} under {@code dispatcher}'s write lock; its failures become answers. */
    public static MockResponse run(KubernetesCrudDispatcher dispatcher, RecordedRequest request,
                                   KubernetesCrudDispatcherHandler handler) {
        return dispatcher.process(request, handler);
    }
}
