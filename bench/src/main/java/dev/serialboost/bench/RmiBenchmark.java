package dev.serialboost.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.io.Serializable;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.RemoteObject;
import java.rmi.server.UnicastRemoteObject;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real client of Java serialization, unchanged: JDK RMI. A client calls a remote method on an RMI server in the
 * same JVM over loopback, passing a workload object (an Employee with its supervisor chain, or the CustomerOrder
 * business graph) and getting the server's copy back. Each call marshals the argument into a new
 * {@code ObjectOutputStream} subclass on the client, unmarshals it on the server, and the same for the result: four
 * streams per call, the one-per-stream pattern as RMI has it, plus RMI's own protocol and a loopback TCP round trip.
 *
 * <p>The set-up is what an application does: a registry ({@code LocateRegistry.createRegistry}) on an ephemeral port
 * of 127.0.0.1, a service exported with {@code UnicastRemoteObject.exportObject} and bound in it, and a client that
 * looks the service up through the registry's stub. Sockets are loopback only (the socket factories below), so
 * nothing listens beyond this machine. {@link #tearDown} unexports the service and the registry, which closes the
 * listening socket and lets RMI's non-daemon threads end. {@link BenchRunner} runs it without the agent, with the
 * agent's default (engine layer) and with the converted format, in one run.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class RmiBenchmark {

    /** The name the service is bound under in the registry. */
    static final String SERVICE = "records";

    /** What the server offers: one remote method that takes a record and returns the server's copy of it. */
    public interface RecordService extends Remote {
        /** Stores {@code record} (here: keeps nothing) and returns it as the server received it. */
        Serializable update(Serializable record) throws RemoteException;
    }

    /** The server side: returns the argument it received, which RMI then marshals back to the client. */
    static final class RecordServer implements RecordService {
        @Override
        public Serializable update(final Serializable record) {
            return record;
        }
    }

    /**
     * Loopback-only sockets for the registry, the service and their clients: the server side listens on
     * 127.0.0.1, and the client side connects there whatever host name a stub carries. Serializable, as RMI sends
     * the client factory inside each stub; all instances are equal, so that RMI shares connections between them.
     */
    static final class Loopback implements RMIClientSocketFactory, RMIServerSocketFactory, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public Socket createSocket(final String host, final int port) throws IOException {
            return new Socket(InetAddress.getLoopbackAddress(), port);
        }

        @Override
        public ServerSocket createServerSocket(final int port) throws IOException {
            return new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
        }

        @Override
        public boolean equals(final Object o) {
            return o != null && o.getClass() == Loopback.class;
        }

        @Override
        public int hashCode() {
            return Loopback.class.hashCode();
        }
    }

    @Param({"Employee", "CustomerOrder"})
    public Workload argument;

    private Registry registry;
    private RecordServer server;
    private RecordService client;
    private Serializable record;

    @Setup(Level.Trial)
    public void setUp() throws RemoteException, NotBoundException {
        AgentMode.verify(List.of(argument.modelClass()));
        record = (Serializable) argument.one(Form.SERIALIZABLE);
        Loopback sockets = new Loopback();
        registry = LocateRegistry.createRegistry(0, sockets, sockets);
        try {
            server = new RecordServer();
            registry.rebind(SERVICE, UnicastRemoteObject.exportObject(server, 0, sockets, sockets));
            // the client's view: the registry's stub (a remote call over loopback), then the service's stub from it
            Registry remoteRegistry = (Registry) RemoteObject.toStub(registry);
            client = (RecordService) remoteRegistry.lookup(SERVICE);
        } catch (RemoteException | NotBoundException | RuntimeException e) {
            tearDown();
            throw e;
        }
    }

    /** One remote call: the argument marshalled to the server and the server's copy marshalled back. */
    @Benchmark
    public Object remoteCall() throws RemoteException {
        return client.update(record);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws RemoteException {
        client = null;
        if (server != null) {
            unexport(server);
            server = null;
        }
        if (registry != null) {
            unexport(registry);
            registry = null;
        }
    }

    private static void unexport(final Remote exported) {
        try {
            UnicastRemoteObject.unexportObject(exported, true);
        } catch (java.rmi.NoSuchObjectException e) {
            // not exported (any more): nothing to clean up
        }
    }

    /** What {@link #remoteCall} sends and must get back (for {@link SelfCheck}). */
    Object[] expected() {
        return new Object[] {record};
    }
}

// How to run it (the before/after run starts it in every mode):
//   ./bench.sh --quick --methods remoteCall
// One JVM by hand, with the agent's default:
//   java -jar bench/target/benchmarks.jar RmiBenchmark -p argument=Employee \
//        -jvmArgsPrepend -javaagent:agent/target/serialboost-agent.jar
