package dev.serialboost.corpus.generics;

import dev.serialboost.corpus.Fixture;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public final class Fixtures {

    private Fixtures() {
    }

    public static final class GenericsCase extends Fixture {
        @Override
        public Object get() {
            StringBox sb = new StringBox("v", new ArrayList<>(List.of("a", "b")), "!");
            Box<Integer> ib = new Box<>(5, List.of(1, 2, 3));
            Map<String, List<Integer>> index = new LinkedHashMap<>();
            index.put("odd", new ArrayList<>(List.of(1, 3, 5)));
            index.put("even", new ArrayList<>(List.of(2, 4)));
            index.put("none", null);
            Ranked<String> ranked = new Ranked<>("gold", new String[] {"gold", "silver"}, index, new Box<Object>(sb, null));
            return new Object[] {sb, ib, ranked};
        }

        @Override
        public String apply(final Object copy) {
            StringBox sb = (StringBox) ((Object[]) copy)[0];
            return check("v!".equals(sb.get()), "bridge/override broken: " + sb.get());
        }
    }
}
