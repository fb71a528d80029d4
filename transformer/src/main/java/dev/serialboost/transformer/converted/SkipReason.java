package dev.serialboost.transformer.converted;

/** Why a class was left exactly as it was. Each reason carries the sentence users see. */
public enum SkipReason {
    NOT_A_CLASS("is an interface, annotation or module descriptor"),
    ENUM("is an enum (the JDK serializes enums by name)"),
    RECORD("is a record (the JDK serializes records through their canonical constructor)"),
    NOT_SERIALIZABLE("does not implement java.io.Serializable"),
    ALREADY_EXTERNALIZABLE("already implements java.io.Externalizable"),
    JDK_CLASS("is a class of the running JDK"),
    AGENT_CLASS("belongs to serialboost itself"),
    GENERATED_CLASS("is a generated proxy or lambda class"),
    EXCLUDED_BY_CONFIG("is excluded by the configuration"),
    NOT_INCLUDED("is not named by an include rule"),
    CUSTOM_SERIALIZATION("declares writeObject or readObject without calling defaultWriteObject or"
            + " defaultReadObject (a serialized form of its own)"),
    PUT_OR_GET_FIELDS("writes or reads its fields through putFields/writeFields or readFields"),
    READ_OBJECT_NO_DATA("declares readObjectNoData"),
    SERIAL_PERSISTENT_FIELDS("declares serialPersistentFields"),
    CONFLICTING_MEMBER("declares a serialVersionUID that is not a static final long"),
    ALREADY_CONVERTED("was already converted by serialboost"),
    LOADED_BEFORE_AGENT("was loaded before the agent started, and loaded classes cannot gain methods"),
    SUPERCLASS_NOT_CONVERTED("has a serializable superclass that is not converted"),
    NO_VALID_CONSTRUCTOR("has a first non-serializable superclass without an accessible no-arg constructor"),
    UNRESOLVABLE_TYPE("refers to a supertype whose class file could not be read"),
    UNSUPPORTED_CLASS_FILE("has a class-file version serialboost does not handle"),
    FINAL_FIELDS_UNSUPPORTED("has final fields and the runtime cannot restore them on this JVM"),
    INTERNAL_ERROR("could not be transformed because of an internal error");

    private final String sentence;

    SkipReason(final String sentence) {
        this.sentence = sentence;
    }

    /** The reason as a sentence fragment that follows the class name: "com.acme.Foo " + sentence(). */
    public String sentence() {
        return sentence;
    }
}
