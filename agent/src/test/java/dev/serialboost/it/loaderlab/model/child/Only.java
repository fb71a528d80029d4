package dev.serialboost.it.loaderlab.model.child;

import java.io.Serializable;

/** The class file "module" defines again as {@code Onl1}, a name no other loader knows. */
public class Only implements Serializable {
    private static final long serialVersionUID = 1L;

    public String what = "only";
    public long at = 42;
}
