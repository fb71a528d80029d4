package dev.serialboost.corpus.graphs;

import dev.serialboost.corpus.Fixture;

public final class Fixtures {

    private Fixtures() {
    }

    public static final class CycleCase extends Fixture {
        @Override
        public Object get() {
            CycA a = new CycA();
            CycB b = new CycB();
            CycC c = new CycC(a);
            a.b = b;
            b.c = c;
            b.weight = 3;
            c.back = b;
            return a;
        }

        @Override
        public String apply(final Object copy) {
            CycA a = (CycA) copy;
            return check(a.b.c.a == a && a.b.c.back == a.b, "cycle broken");
        }
    }

    public static final class DoublyLinkedCase extends Fixture {
        @Override
        public Object get() {
            DNode head = new DNode(0);
            DNode tail = head;
            for (int i = 1; i < 100; i++) {
                DNode n = new DNode(i);
                n.prev = tail;
                tail.next = n;
                tail = n;
            }
            return head;
        }

        @Override
        public String apply(final Object copy) {
            int count = 0;
            DNode last = null;
            for (DNode n = (DNode) copy; n != null; n = n.next) {
                if (n.prev != last) {
                    return "prev link broken at " + n.value;
                }
                last = n;
                count++;
            }
            return check(count == 100, "list has " + count + " nodes");
        }
    }

    public static final class TreeCase extends Fixture {
        @Override
        public Object get() {
            TreeNode root = new TreeNode("root", null);
            for (int i = 0; i < 3; i++) {
                TreeNode child = new TreeNode("c" + i, root);
                for (int j = 0; j < 3; j++) {
                    new TreeNode("c" + i + "." + j, child);
                }
                child.childArray = child.children.toArray(new TreeNode[0]);
            }
            return root.children.get(1).children.get(2); // start from a leaf: everything is reached via parent
        }

        @Override
        public String apply(final Object copy) {
            TreeNode leaf = (TreeNode) copy;
            return check(leaf.parent.children.get(2) == leaf && leaf.parent.childArray[2] == leaf, "parent pointers broken");
        }
    }

    public static final class SharedSiblingsCase extends Fixture {
        @Override
        public Object get() {
            Payload shared = new Payload("shared", 16);
            Sibling left = new Sibling("left");
            Sibling right = new Sibling("right");
            left.shared = shared;
            right.shared = shared;
            left.own = new Payload("left-own", 3);
            right.own = left.own;
            left.other = right;
            right.other = left;
            return new Sibling[] {left, right};
        }

        @Override
        public String apply(final Object copy) {
            Sibling[] s = (Sibling[]) copy;
            return check(s[0].shared == s[1].shared && s[0].other == s[1] && s[1].other == s[0], "sharing lost");
        }
    }

    public static final class CollectionsCase extends Fixture {
        @Override
        public Object get() {
            Catalog c = new Catalog("catalog");
            Payload p1 = new Payload("p1", 2);
            Payload p2 = new Payload("p2", 0);
            c.list.add(p1);
            c.list.add(p2);
            c.list.add(p1);
            c.list.add(null);
            for (int i = 0; i < 20; i++) {
                c.hashed.put("key" + i, i % 2 == 0 ? p1 : new Payload("h" + i, i));
            }
            c.hashed.put("null", null);
            c.linked.put("z", p2);
            c.linked.put("a", c);
            c.linked.put("m", c.list);
            Sibling s = new Sibling("sorted");
            s.shared = p1;
            c.sorted.put("b", s);
            c.sorted.put("a", new Sibling("first"));
            c.deque.add(s);
            c.deque.add(c.hashed);
            c.selves.add(c);
            return c;
        }

        @Override
        public String apply(final Object copy) {
            Catalog c = (Catalog) copy;
            return check(c.list.get(0) == c.hashed.get("key0") && c.linked.get("a") == c && c.selves.get(0) == c
                    && c.deque.peekFirst() == c.sorted.get("b"), "sharing through collections lost");
        }
    }

    public static final class HashKeyCycleCase extends Fixture {
        @Override
        public Object get() {
            return Entity.group("e1", "e2", "e3");
        }

        /**
         * Records what the set can find after reading; the graph comparison then checks the transformed
         * copy behaves like the plain one (partial state seen during HashSet.readObject).
         */
        @Override
        public String apply(final Object copy) {
            Entity e = (Entity) copy;
            for (Entity member : e.group) {
                Entity.observe(member);
            }
            Entity.observe(e);
            return null;
        }
    }

    public static final class KeyedHierarchyCycleCase extends Fixture {
        @Override
        public Object get() {
            return KeyedNode.ring(11, 12, 13);
        }

        /** Records whether the set finds each member after reading; compared across loaders. */
        @Override
        public String apply(final Object copy) {
            KeyedNode n = (KeyedNode) copy;
            for (KeyedBase member : n.peers) {
                ((KeyedNode) member).containsItself = n.peers.contains(member);
            }
            return null;
        }
    }

    public static final class InitializedCollectionsCase extends Fixture {
        @Override
        public Object get() {
            InitializedCollections c = new InitializedCollections();
            c.items.add(new Payload("item", 1));
            c.byName.put("k", c.items.get(0));
            return c;
        }

        @Override
        public String apply(final Object copy) {
            InitializedCollections c = (InitializedCollections) copy;
            return check(c.items.size() == 1 && c.byName.get("k") == c.items.get(0) && c.scratch == null,
                    "collections lost, or the initializer of a transient field ran on read");
        }
    }
}
