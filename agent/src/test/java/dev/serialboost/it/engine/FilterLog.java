package dev.serialboost.it.engine;

import java.io.ObjectInputFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * A serialization filter that records every call, {@code class/arrayLength/depth/references/streamBytes}
 * (class {@code -} when there is none), and rejects where its predicate says so ({@code !} after the call), else
 * answers {@code UNDECIDED} (or {@code ALLOWED}, marked {@code +}).
 */
public final class FilterLog implements ObjectInputFilter {

    /** Where the JVM-wide logging filters of {@link GlobalFilters} record; null records nothing. */
    public static volatile FilterLog global;

    private final List<String> calls = new ArrayList<>();
    private final Predicate<FilterInfo> reject;
    private final Status otherwise;

    private FilterLog(final Predicate<FilterInfo> reject, final Status otherwise) {
        this.reject = reject;
        this.otherwise = otherwise;
    }

    /** Records, answers {@code UNDECIDED}. */
    public static FilterLog recording() {
        return new FilterLog(info -> false, Status.UNDECIDED);
    }

    /** Records, answers {@code ALLOWED}. */
    public static FilterLog allowing() {
        return new FilterLog(info -> false, Status.ALLOWED);
    }

    /** Records, rejects where {@code reject} holds, else answers {@code UNDECIDED}. */
    public static FilterLog rejecting(final Predicate<FilterInfo> reject) {
        return new FilterLog(reject, Status.UNDECIDED);
    }

    /** A predicate that holds on the {@code n}th call only (1-based) of the filter it is given to. */
    public static Predicate<FilterInfo> nthCall(final int n) {
        int[] count = {0};
        return info -> ++count[0] == n;
    }

    @Override
    public Status checkInput(final FilterInfo info) {
        Status status = reject.test(info) ? Status.REJECTED : otherwise;
        record(info, status);
        return status;
    }

    /** Records a call some other filter answered. */
    public void record(final FilterInfo info, final Status status) {
        String call = Digests.typeName(info.serialClass()) + "/" + info.arrayLength() + "/" + info.depth() + "/"
                + info.references() + "/" + info.streamBytes();
        synchronized (calls) {
            calls.add(status == Status.UNDECIDED ? call : call + (status == Status.REJECTED ? "!" : "+"));
        }
    }

    /** {@code calls=N [c1 c2 ...]}. */
    public String calls() {
        synchronized (calls) {
            return "calls=" + calls.size() + " [" + String.join(" ", calls) + "]";
        }
    }

    public int size() {
        synchronized (calls) {
            return calls.size();
        }
    }
}
