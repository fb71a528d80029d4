package dev.serialboost.corpus.replace;

import dev.serialboost.corpus.Fixture;

import java.util.List;

public final class Fixtures {

    private Fixtures() {
    }

    public static final class SingletonCase extends Fixture {
        @Override
        public Object get() {
            SingletonHolder h = new SingletonHolder();
            h.first = Singleton.INSTANCE;
            h.second = Singleton.INSTANCE;
            h.asObject = Singleton.INSTANCE;
            return h;
        }

        @Override
        public String apply(final Object copy) {
            SingletonHolder h = (SingletonHolder) copy;
            return all(check(h.first == Singleton.INSTANCE && h.second == Singleton.INSTANCE
                            && h.asObject == Singleton.INSTANCE, "singleton identity lost"),
                    check(Singleton.resolved == 1, "readResolve ran " + Singleton.resolved + " times, expected 1"));
        }
    }

    public static final class WriteReplaceCase extends Fixture {
        @Override
        public Object get() {
            Wallet w = new Wallet();
            w.main = new Money(1234L, "EUR");
            w.sameAsMain = w.main;
            w.others = List.of(new Money(1L, "USD"), w.main);
            w.owner = "owner";
            return w;
        }

        @Override
        public String apply(final Object copy) {
            Wallet w = (Wallet) copy;
            return all(check(w.main == w.sameAsMain && w.others.get(1) == w.main, "resolved Money not shared"),
                    check(w.main.cents() == 1234L, "Money value lost"),
                    check(Money.replaced == 2 && MoneyProxy.resolved == 2,
                            "writeReplace ran " + Money.replaced + " and readResolve " + MoneyProxy.resolved
                                    + " times, expected 2 and 2"));
        }
    }

    public static final class InheritedReadResolveCase extends Fixture {
        @Override
        public Object get() {
            Token alpha = new Token("alpha");
            NamedToken beta = new NamedToken("beta", 2);
            TokenRegistry.register(alpha);
            TokenRegistry.register(beta);
            TokenHolder h = new TokenHolder();
            h.plain = alpha;
            h.named = beta;
            h.unknown = new NamedToken("gamma", 3);
            return h;
        }

        @Override
        public String apply(final Object copy) {
            TokenHolder h = (TokenHolder) copy;
            return all(check(h.plain == TokenRegistry.lookup("alpha"), "Token.readResolve not used"),
                    check(h.named == TokenRegistry.lookup("beta"), "inherited readResolve not used for NamedToken"),
                    check(h.unknown instanceof NamedToken && h.unknown != TokenRegistry.lookup("gamma"),
                            "unknown token mis-resolved"),
                    check(TokenRegistry.lookups == 3, "readResolve ran " + TokenRegistry.lookups + " times"));
        }
    }

    public static final class PrivateReadResolveCase extends Fixture {
        @Override
        public Object get() {
            return new Object[] {new PrivateResolveBase(1), new PrivateResolveSub(2, "sub")};
        }

        @Override
        public String apply(final Object copy) {
            Object[] a = (Object[]) copy;
            return all(check(a[0] == PrivateResolveBase.MARKER, "private readResolve not applied to its own class"),
                    check(a[1] instanceof PrivateResolveSub, "private readResolve applied to a subclass"));
        }
    }

    public static final class InheritedWriteReplaceCase extends Fixture {
        @Override
        public Object get() {
            return new Object[] {new ReplacingBase(1), new ReplacingSub(2, "lost")};
        }

        @Override
        public String apply(final Object copy) {
            Object[] a = (Object[]) copy;
            return all(check(a[0] instanceof Replacement && a[1] instanceof Replacement, "writeReplace not applied"),
                    check("ReplacingSub".equals(((Replacement) a[1]).from), "inherited writeReplace not applied"));
        }
    }
}
