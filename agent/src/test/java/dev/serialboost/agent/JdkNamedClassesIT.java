package dev.serialboost.agent;

import dev.serialboost.it.jdknames.JdkNamedApp;
import dev.serialboost.testing.Jdk;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A class of the application in a package named like the JDK's ({@code javax.cache}, as JCache's jar has it) is
 * not a JDK class: {@code convert=all} converts it, and it round-trips.
 */
class JdkNamedClassesIT {

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.serialboost.testing.Jdk#all")
    void anApplicationClassInAJavaxPackageIsConverted(final Jdk jdk) {
        jdk.assumeInstalled();
        JvmResult r = JvmRunner.on(jdk).withAgent("convert=all").run(JdkNamedApp.class);
        if (!r.stdout().strip().equals("k 7 externalizable=false converted=true")) {
            throw r.fail(jdk + ": expected javax.cache.sbtest.CacheEntry converted and back as written");
        }
    }
}
