package dev.serialboost.corpus.replace;

import java.io.Serializable;
import java.util.List;

public class Wallet implements Serializable {
    private static final long serialVersionUID = 84L;

    Money main;
    Money sameAsMain;
    List<Money> others;
    String owner;
}
