package dev.serialboost.it.engine;

import dev.serialboost.it.engine.EngineProbes.ProbeIn;
import dev.serialboost.it.engine.EngineProbes.ProbeOut;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.List;

/**
 * The engine layer's start-up, seen from an application: {@code idle} touches no stream class and prints
 * {@code idle}; {@code streams} writes and reads a list through stream classes whose {@code writeClassDescriptor}
 * and {@code resolveClass} overrides note whether the engine called them (a {@code java.io.Serialboost$Engine}
 * frame on the stack), and prints {@code engine-in-write=B engine-in-read=B equal=B}.
 */
public final class StartupProbe {

    private StartupProbe() {
    }

    public static void main(final String[] args) throws IOException, ClassNotFoundException {
        if (args[0].equals("idle")) {
            System.out.println("idle");
            return;
        }
        List<Serializable> graph = List.of("a", 1, new java.util.ArrayList<>(List.of(2L, "b")));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ProbeOut out = new ProbeOut(bytes)) {
            out.writeObject(graph);
        }
        Object back;
        try (ProbeIn in = new ProbeIn(new ByteArrayInputStream(bytes.toByteArray()))) {
            back = in.readObject();
        }
        System.out.println("engine-in-write=" + ProbeOut.engineSeen + " engine-in-read=" + ProbeIn.engineSeen
                + " equal=" + graph.equals(back));
    }
}
