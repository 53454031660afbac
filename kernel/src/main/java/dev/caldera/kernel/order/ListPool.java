package dev.caldera.kernel.order;

import it.unimi.dsi.fastutil.ints.IntArrayList;

import java.util.ArrayList;

/** Reusable int lists, handed out empty and all taken back at once; a warm pool allocates nothing. */
public final class ListPool {
    private final ArrayList<IntArrayList> all = new ArrayList<>();
    private int inUse;

    public IntArrayList take() {
        if (inUse == all.size()) {
            all.add(new IntArrayList());
        }
        IntArrayList list = all.get(inUse++);
        list.clear();
        return list;
    }

    public void releaseAll() {
        inUse = 0;
    }
}
