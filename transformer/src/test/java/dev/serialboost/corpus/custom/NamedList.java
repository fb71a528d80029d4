package dev.serialboost.corpus.custom;

import java.util.ArrayList;

/** A serializable JDK superclass (ArrayList, not converted): SUPERCLASS_NOT_CONVERTED. */
public class NamedList extends ArrayList<String> {
    private static final long serialVersionUID = 109L;

    private String listName;

    public NamedList(final String listName) {
        this.listName = listName;
    }
}
