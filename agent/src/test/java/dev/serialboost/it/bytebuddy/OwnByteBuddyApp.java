package dev.serialboost.it.bytebuddy;

import dev.serialboost.it.GraphDump;
import dev.serialboost.it.StreamFlags;

import net.bytebuddy.ByteBuddy;
import net.bytebuddy.ClassFileVersion;
import net.bytebuddy.dynamic.loading.ClassLoadingStrategy;
import net.bytebuddy.implementation.FixedValue;
import net.bytebuddy.matcher.ElementMatchers;

import java.lang.invoke.MethodHandles;
import java.nio.file.Path;

/**
 * Test app for OwnByteBuddyIT: an application that carries its own (older) Byte Buddy, generates a subclass of a
 * serializable class with it at run time, and serializes both that and a plain converted class.
 */
public final class OwnByteBuddyApp {

    private OwnByteBuddyApp() {
    }

    public static void main(final String[] args) throws Exception {
        Path jar = Path.of(ByteBuddy.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        System.out.println("byte-buddy-jar=" + jar.getFileName());

        Class<? extends Greeter> type = new ByteBuddy(ClassFileVersion.JAVA_V17)
                .subclass(Greeter.class)
                .name("dev.serialboost.it.bytebuddy.GeneratedGreeter")
                .method(ElementMatchers.named("greet")).intercept(FixedValue.value("hello from a generated subclass"))
                .make()
                .load(OwnByteBuddyApp.class.getClassLoader(), ClassLoadingStrategy.UsingLookup.of(MethodHandles.lookup()))
                .getLoaded();
        Greeter generated = type.getDeclaredConstructor().newInstance();
        System.out.println("generated=" + type.getName() + " greet=" + generated.greet());

        Greeter plain = new Greeter("ada");
        plain.greet();
        byte[] bytes = StreamFlags.write(plain);
        Greeter copy = (Greeter) StreamFlags.read(bytes);
        System.out.println("greeter " + GraphDump.kind(copy.getClass()) + " flags="
                + StreamFlags.flags(bytes, Greeter.class.getName()) + " greet=" + copy.greet() + " copy: "
                + String.join(" | ", new GraphDump().graph(copy)));

        Greeter generatedCopy = (Greeter) StreamFlags.read(StreamFlags.write(generated));
        System.out.println("generated copy class=" + generatedCopy.getClass().getName() + " "
                + GraphDump.kind(generatedCopy.getClass()) + " greet="
                + generatedCopy.greet() + " name=" + generatedCopy.name());
    }
}
