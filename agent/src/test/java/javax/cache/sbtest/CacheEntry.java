package javax.cache.sbtest;

import java.io.Serializable;

/** A class as an ordinary jar has it in a package named like the JDK's (JCache's {@code javax.cache}). */
public class CacheEntry implements Serializable {
    private static final long serialVersionUID = 1L;
    public String key;
    public long version;
}
