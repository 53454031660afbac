package dev.caldera.k8s.replay;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The allocation curve's figures, read from its samples indexed by rounded arrived percentage, are bit for bit the
 * plain definition's: a scan over every sample in the order taken, the exact level first, else the samples within
 * one point. Random curves: arrivals that rise (as in a replay) or jump about, some levels skipped so that the
 * within-one-point rule is used, figures read between samples too.
 */
class AllocationCurveProperties {
    @Property(tries = 300)
    void figuresAreThePlainScans(@ForAll @LongRange(min = 0, max = 1_000_000) long seed,
                                 @ForAll @IntRange(min = 0, max = 400) int samples) {
        SplittableRandom r = new SplittableRandom(seed);
        long capacity = 1 + r.nextLong(100_000);
        AllocationCurve curve = new AllocationCurve(capacity);
        double[] arrived = new double[samples];
        double[] allocated = new double[samples];
        long arrivedMilli = 0;
        boolean rising = r.nextBoolean();
        for (int i = 0; i < samples; i++) {
            arrivedMilli = rising ? arrivedMilli + r.nextLong(1 + capacity / (1 + r.nextInt(40)))
                    : r.nextLong(1 + capacity * 13 / 10);
            long allocatedMilli = r.nextLong(1 + arrivedMilli);
            curve.sample(arrivedMilli, allocatedMilli);
            arrived[i] = 100.0 * arrivedMilli / capacity;
            allocated[i] = 100.0 * allocatedMilli / capacity;
            if (r.nextInt(50) == 0) {
                compare(curve, arrived, allocated, i + 1, r);
            }
        }
        compare(curve, arrived, allocated, samples, r);
    }

    private static void compare(AllocationCurve curve, double[] arrived, double[] allocated, int size,
                                SplittableRandom r) {
        int top = (int) Math.floor(curve.maxArrivedPercent()) + 2;
        for (int level = -1; level <= top; level++) {
            // as objects: Double.equals compares the bits, and a NaN figure equals NaN
            assertThat((Object) curve.at(level)).as("level %d of %d samples", level, size)
                    .isEqualTo(plain(arrived, allocated, size, level));
        }
        int any = r.nextInt(200);
        assertThat((Object) curve.at(any)).isEqualTo(plain(arrived, allocated, size, any));
    }

    /** The definition, as a scan over every sample. */
    private static double plain(double[] arrived, double[] allocated, int size, int level) {
        double sum = 0;
        int n = 0;
        for (int i = 0; i < size; i++) {
            if (Math.rint(arrived[i]) == level) {
                sum += AllocationCurve.round2(allocated[i]);
                n++;
            }
        }
        if (n == 0) {
            for (int i = 0; i < size; i++) {
                double rounded = Math.rint(arrived[i]);
                if (rounded >= level - 1 && rounded <= level + 1) {
                    sum += AllocationCurve.round2(allocated[i]);
                    n++;
                }
            }
        }
        return n == 0 ? Double.NaN : AllocationCurve.round2(sum / n);
    }
}
