package dev.caldera.kernel.action.topology;

import dev.caldera.kernel.statement.SavedOperations;

import java.util.ArrayList;
import java.util.List;

/** Reusable {@link SavedOperations} for dry runs: taken during a job's search, all released when it ends. */
final class SavedPool {
    private final List<SavedOperations> all = new ArrayList<>();
    private int used;

    SavedOperations take() {
        if (used == all.size()) {
            all.add(new SavedOperations());
        }
        return all.get(used++);
    }

    void releaseAll() {
        used = 0;
    }
}
