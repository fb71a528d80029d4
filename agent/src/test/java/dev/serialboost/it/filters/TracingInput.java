package dev.serialboost.it.filters;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;

/** A stream class of the application's own, as frameworks have: recorded under its name. */
public class TracingInput extends ObjectInputStream {
    public TracingInput(final InputStream in) throws IOException {
        super(in);
    }
}
