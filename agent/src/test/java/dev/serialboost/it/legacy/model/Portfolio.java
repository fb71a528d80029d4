package dev.serialboost.it.legacy.model;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** JDK collections holding converted objects (final fields), an array of them, and a reference to itself. */
public class Portfolio implements Serializable {
    private static final long serialVersionUID = 11L;

    private final String owner;
    private final List<Trade> trades;
    private final Map<String, Quote> lastQuotes;
    private final Map<String, List<Leg>> legsByBook;
    private final Set<String> tags;
    private Trade[] favourites;
    private Portfolio self;

    private Portfolio(final String owner) {
        this.owner = owner;
        this.trades = new ArrayList<>();
        this.lastQuotes = new HashMap<>();
        this.legsByBook = new LinkedHashMap<>();
        this.tags = new TreeSet<>();
    }

    public static Portfolio sample() {
        Portfolio p = new Portfolio("desk-7");
        for (int i = 1; i <= 4; i++) {
            p.trades.add(new Trade(i, i % 2 == 0, "SYM" + i));
        }
        p.lastQuotes.put("SYM1", Quote.sample(1));
        p.lastQuotes.put("SYM2", Quote.sample(2));
        p.lastQuotes.put("none", null);
        p.legsByBook.put("book-a", new ArrayList<>(List.of(new Leg(p.trades.get(0), Side.BUY, p.lastQuotes.get("SYM1")),
                new Leg(p.trades.get(1), Side.SELL, null))));
        p.legsByBook.put("book-b", new ArrayList<>());
        p.tags.addAll(List.of("rates", "fx", "\u00e9t\u00e9"));
        p.favourites = new Trade[] {p.trades.get(3), null, p.trades.get(0)};
        p.self = p;
        return p;
    }
}
