package dev.serialboost.transformer.converted;

import dev.serialboost.transformer.converted.ClassConverter;
import dev.serialboost.transformer.converted.Decision;
import dev.serialboost.transformer.converted.SkipReason;
import dev.serialboost.transformer.converted.TransformOptions;
import dev.serialboost.transformer.kit.ClassFileSource;
import static dev.serialboost.transformer.converted.SkipReason.ALREADY_EXTERNALIZABLE;
import static dev.serialboost.transformer.converted.SkipReason.CONFLICTING_MEMBER;

import static dev.serialboost.transformer.converted.SkipReason.CUSTOM_SERIALIZATION;
import static dev.serialboost.transformer.converted.SkipReason.PUT_OR_GET_FIELDS;
import static dev.serialboost.transformer.converted.SkipReason.READ_OBJECT_NO_DATA;
import static dev.serialboost.transformer.converted.SkipReason.ENUM;
import static dev.serialboost.transformer.converted.SkipReason.NOT_A_CLASS;
import static dev.serialboost.transformer.converted.SkipReason.NOT_SERIALIZABLE;
import static dev.serialboost.transformer.converted.SkipReason.NO_VALID_CONSTRUCTOR;
import static dev.serialboost.transformer.converted.SkipReason.RECORD;
import static dev.serialboost.transformer.converted.SkipReason.SERIAL_PERSISTENT_FIELDS;
import static dev.serialboost.transformer.converted.SkipReason.SUPERCLASS_NOT_CONVERTED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.serialboost.corpus.custom.ConvertedParent;
import dev.serialboost.corpus.custom.CustomChild;
import dev.serialboost.corpus.custom.CustomMiddle;
import dev.serialboost.corpus.custom.CustomMiddleLeaf;
import dev.serialboost.corpus.custom.CustomParent;
import dev.serialboost.corpus.custom.CustomReadWrite;
import dev.serialboost.corpus.custom.DeclaresWriteExternal;
import dev.serialboost.corpus.custom.DomainException;
import dev.serialboost.corpus.custom.FieldsApi;
import dev.serialboost.corpus.custom.FullyCustom;
import dev.serialboost.corpus.custom.Guarded;
import dev.serialboost.corpus.custom.HoldsNonSerializable;
import dev.serialboost.corpus.custom.NamedList;
import dev.serialboost.corpus.custom.NoDataOnly;
import dev.serialboost.corpus.custom.PersistentFields;
import dev.serialboost.corpus.custom.PersistentFieldsChild;
import dev.serialboost.corpus.custom.PlainChildOfCustom;
import dev.serialboost.corpus.custom.PlainGrandChild;
import dev.serialboost.corpus.custom.Validated;
import dev.serialboost.corpus.ctor.CtorAssignsConstants;
import dev.serialboost.corpus.ctor.CtorCountsInstances;
import dev.serialboost.corpus.ctor.CtorSetsTransient;
import dev.serialboost.corpus.ctor.DelegatingCtor;
import dev.serialboost.corpus.ctor.SuperArgsCtor;
import dev.serialboost.corpus.ctor.PrivateCtorParent;
import dev.serialboost.corpus.ctor.PrivateCtorParentChild;
import dev.serialboost.corpus.ctor.SubOfCtorCode;
import dev.serialboost.corpus.ctor.SuperWithCtorCode;
import dev.serialboost.corpus.ctor.TransientCtorAssigned;
import dev.serialboost.corpus.ctor.TransientInitArgs;
import dev.serialboost.corpus.ctor.TransientInitImplicit;
import dev.serialboost.corpus.ctor.TrivialPrivateCtor;
import dev.serialboost.corpus.ctor.TrivialPublicCtor;
import dev.serialboost.corpus.finals.AllFinals;
import dev.serialboost.corpus.finals.FinalSub;
import dev.serialboost.corpus.finals.FinalSuper;
import dev.serialboost.corpus.generics.Box;
import dev.serialboost.corpus.generics.Ranked;
import dev.serialboost.corpus.generics.StringBox;
import dev.serialboost.corpus.graphs.Catalog;
import dev.serialboost.corpus.graphs.KeyedBase;
import dev.serialboost.corpus.graphs.KeyedNode;
import dev.serialboost.corpus.graphs.CycA;
import dev.serialboost.corpus.graphs.CycB;
import dev.serialboost.corpus.graphs.CycC;
import dev.serialboost.corpus.graphs.DNode;
import dev.serialboost.corpus.graphs.Entity;
import dev.serialboost.corpus.graphs.InitializedCollections;
import dev.serialboost.corpus.graphs.Payload;
import dev.serialboost.corpus.graphs.Sibling;
import dev.serialboost.corpus.graphs.TreeNode;
import dev.serialboost.corpus.hierarchy.ChainChild;
import dev.serialboost.corpus.hierarchy.ChainGrandChild;
import dev.serialboost.corpus.hierarchy.CountingBase;
import dev.serialboost.corpus.hierarchy.CounterMap;
import dev.serialboost.corpus.hierarchy.CrossPackageChild;
import dev.serialboost.corpus.hierarchy.CountingChild;
import dev.serialboost.corpus.hierarchy.GrandBase;
import dev.serialboost.corpus.hierarchy.Level1;
import dev.serialboost.corpus.hierarchy.Level2;
import dev.serialboost.corpus.hierarchy.Level3;
import dev.serialboost.corpus.hierarchy.Level4;
import dev.serialboost.corpus.hierarchy.Level5;
import dev.serialboost.corpus.hierarchy.MidBase;
import dev.serialboost.corpus.hierarchy.NoNoArgBase;
import dev.serialboost.corpus.hierarchy.NoNoArgChild;
import dev.serialboost.corpus.hierarchy.PackageCtorChild;
import dev.serialboost.corpus.hierarchy.PackageCtorElsewhereChild;
import dev.serialboost.corpus.hierarchy.PrivateCtorBase;
import dev.serialboost.corpus.hierarchy.PrivateCtorBaseChild;
import dev.serialboost.corpus.hierarchy.ProtectedCtorChild;
import dev.serialboost.corpus.hierarchy.bases.PackageCtorBaseElsewhere;
import dev.serialboost.corpus.hierarchy.bases.PublicSerialBase;
import dev.serialboost.corpus.hierarchy.bases.ProtectedCtorBase;
import dev.serialboost.corpus.iface.AbstractShape;
import dev.serialboost.corpus.iface.Circle;
import dev.serialboost.corpus.iface.DeepMarker;
import dev.serialboost.corpus.iface.Drawing;
import dev.serialboost.corpus.iface.ExternalizableChild;
import dev.serialboost.corpus.iface.SelfExternalizable;
import dev.serialboost.corpus.iface.SerialMarker;
import dev.serialboost.corpus.iface.Shape;
import dev.serialboost.corpus.iface.ViaDeepInterface;
import dev.serialboost.corpus.iface.ViaInterface;
import dev.serialboost.corpus.legacy.LegacyBase;
import dev.serialboost.corpus.legacy.LegacyChild;
import dev.serialboost.corpus.legacy.LegacyFinal;
import dev.serialboost.corpus.legacy.LegacyPoint;
import dev.serialboost.corpus.nested.AnonBase;
import dev.serialboost.corpus.nested.LambdaHolder;
import dev.serialboost.corpus.nested.NestedModifiers;
import dev.serialboost.corpus.nested.Outer;
import dev.serialboost.corpus.replace.Money;
import dev.serialboost.corpus.replace.NamedToken;
import dev.serialboost.corpus.replace.PrivateResolveBase;
import dev.serialboost.corpus.replace.PrivateResolveSub;
import dev.serialboost.corpus.replace.Replacement;
import dev.serialboost.corpus.replace.ReplacingBase;
import dev.serialboost.corpus.replace.ReplacingSub;
import dev.serialboost.corpus.replace.Singleton;
import dev.serialboost.corpus.replace.SingletonHolder;
import dev.serialboost.corpus.replace.Token;
import dev.serialboost.corpus.replace.TokenHolder;
import dev.serialboost.corpus.replace.TokenRegistry;
import dev.serialboost.corpus.replace.Wallet;
import dev.serialboost.corpus.statics.ComputedUid;
import dev.serialboost.corpus.statics.InstanceUidField;
import dev.serialboost.corpus.statics.StaticInitUid;
import dev.serialboost.corpus.statics.NonPrivateUid;
import dev.serialboost.corpus.statics.WithStatics;
import dev.serialboost.corpus.values.Boxes;
import dev.serialboost.corpus.values.Color;
import dev.serialboost.corpus.values.EnumRecordHolder;
import dev.serialboost.corpus.values.FinalPrimitives;
import dev.serialboost.corpus.values.Labeled;
import dev.serialboost.corpus.values.MultiArrays;
import dev.serialboost.corpus.values.NanPayloads;
import dev.serialboost.corpus.values.NanPayloadsMixed;
import dev.serialboost.corpus.values.PackedBase;
import dev.serialboost.corpus.values.PackedLeaf;
import dev.serialboost.corpus.values.PackedSub;
import dev.serialboost.corpus.values.Point;
import dev.serialboost.corpus.values.PrimitiveArrays;
import dev.serialboost.corpus.values.PrimitiveEdges;
import dev.serialboost.corpus.values.Texts;
import dev.serialboost.corpus.values.UnicodeNames;
import dev.serialboost.corpus.values.Unit;
import dev.serialboost.corpus.wide.WideMixed;
import dev.serialboost.corpus.wide.WidePrimitive;
import dev.serialboost.corpus.workloads.Employee;
import dev.serialboost.corpus.workloads.MarketData;
import dev.serialboost.corpus.workloads.Order;
import dev.serialboost.corpus.workloads.Sample;
import dev.serialboost.testing.ChildFirstLoader;
import dev.serialboost.testing.GraphAssert;
import dev.serialboost.testing.RoundTrip;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

import java.io.ByteArrayOutputStream;
import java.io.Externalizable;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.NotSerializableException;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.io.PrintWriter;
import java.io.Serializable;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Differential corpus: every case builds the same object graph in two child-first class loaders, one
 * defining the corpus classes as compiled and one defining them as {@link ClassConverter} rewrites
 * them, round-trips it with plain JDK streams in each, and requires the same outcome: the same graph, the
 * same static state, the same failures. It also checks each class's decision, that converted classes are
 * Externalizable with their original serialVersionUID and field list, and that their instances really went
 * through the Externalizable path (the class descriptor flags in the stream).
 */
class CorpusRoundTripTest {

    static final String CORPUS = "dev.serialboost.corpus.";
    static final Predicate<String> IN_CORPUS = name -> name.startsWith(CORPUS);

    private static final byte TC_CLASSDESC = 0x72;
    private static final int SC_SERIALIZABLE = 0x02;
    private static final int SC_EXTERNALIZABLE = 0x04;

    /** The fixture class {@code dev.serialboost.corpus.<pkg>.Fixtures$<simpleName>}. */
    private static String fx(final String pkg, final String simpleName) {
        return CORPUS + pkg + ".Fixtures$" + simpleName;
    }

    private static CorpusCase c(final String name, final String fixture) {
        return CorpusCase.of(name, fixture);
    }

    private static final String NESTED = CORPUS + "nested.";
    private static final String NM = NestedModifiers.class.getName() + "$";

    static List<CorpusCase> cases() {
        return List.of(
                // 1. DESIGN.md workloads
                c("workload-MarketData", fx("workloads", "MarketDataCase")).converted(MarketData.class),
                c("workload-Employee", fx("workloads", "EmployeeCase")).converted(Employee.class),
                c("workload-Order", fx("workloads", "OrderCase")).converted(Order.class),
                c("workload-Sample", fx("workloads", "SampleCase")).converted(Sample.class),

                // 2. deep hierarchy, same-named private fields
                c("deep-hierarchy-5-levels", fx("hierarchy", "DeepHierarchyCase"))
                        .converted(Level1.class, Level2.class, Level3.class, Level4.class, Level5.class),

                // 3, 4, 5, 24. non-serializable bases
                c("nonserializable-base-public-ctor-counts", fx("hierarchy", "CountingBaseCase"))
                        .converted(CountingChild.class).skipped(NOT_SERIALIZABLE, CountingBase.class),
                c("nonserializable-base-protected-ctor-other-package", fx("hierarchy", "ProtectedCtorCase"))
                        .converted(ProtectedCtorChild.class).skipped(NOT_SERIALIZABLE, ProtectedCtorBase.class),
                c("nonserializable-base-package-ctor-same-package", fx("hierarchy", "PackageCtorCase"))
                        .converted(PackageCtorChild.class)
                        .skipped(NOT_SERIALIZABLE, CORPUS + "hierarchy.PackageCtorBase"),
                c("nonserializable-base-package-ctor-other-package", fx("hierarchy", "PackageCtorElsewhereCase"))
                        .skipped(NO_VALID_CONSTRUCTOR, PackageCtorElsewhereChild.class)
                        .skipped(NOT_SERIALIZABLE, PackageCtorBaseElsewhere.class)
                        .readFailsBoth(InvalidClassException.class, "no valid constructor"),
                c("nonserializable-base-without-no-arg-ctor", fx("hierarchy", "NoNoArgCase"))
                        .skipped(NO_VALID_CONSTRUCTOR, NoNoArgChild.class)
                        .skipped(NOT_SERIALIZABLE, NoNoArgBase.class)
                        .readFailsBoth(InvalidClassException.class, "no valid constructor"),
                c("nonserializable-base-private-no-arg-ctor", fx("hierarchy", "PrivateCtorBaseCase"))
                        .skipped(NO_VALID_CONSTRUCTOR, PrivateCtorBaseChild.class)
                        .skipped(NOT_SERIALIZABLE, PrivateCtorBase.class)
                        .readFailsBoth(InvalidClassException.class, "no valid constructor"),
                c("nonserializable-two-level-base-chain", fx("hierarchy", "TwoLevelChainCase"))
                        .converted(ChainChild.class, ChainGrandChild.class)
                        .skipped(NOT_SERIALIZABLE, MidBase.class, GrandBase.class),
                c("converted-superclass-in-other-package", fx("hierarchy", "CrossPackageCase"))
                        .converted(PublicSerialBase.class, CrossPackageChild.class),
                c("nonserializable-jdk-base-AbstractMap", fx("hierarchy", "CounterMapCase"))
                        .converted(CounterMap.class),

                // 16, 17. constructors and transient fields
                c("transient-initializers-implicit-no-arg-ctor", fx("ctor", "TransientInitImplicitCase"))
                        .converted(TransientInitImplicit.class),
                c("transient-initializers-args-only-ctor", fx("ctor", "TransientInitArgsCase"))
                        .converted(TransientInitArgs.class),
                c("transient-fields-set-by-args-ctor", fx("ctor", "TransientCtorAssignedCase"))
                        .converted(TransientCtorAssigned.class),
                c("trivial-public-no-arg-ctor", fx("ctor", "TrivialPublicCtorCase"))
                        .converted(TrivialPublicCtor.class),
                c("trivial-private-no-arg-ctor", fx("ctor", "TrivialPrivateCtorCase"))
                        .converted(TrivialPrivateCtor.class),
                c("no-arg-ctor-sets-transient", fx("ctor", "CtorSetsTransientCase"))
                        .converted(CtorSetsTransient.class),
                c("no-arg-ctor-counts-instances", fx("ctor", "CtorCountsInstancesCase"))
                        .converted(CtorCountsInstances.class),
                c("no-arg-ctor-assigns-constants-to-serial-fields", fx("ctor", "CtorAssignsConstantsCase"))
                        .converted(CtorAssignsConstants.class),
                c("serializable-superclass-no-arg-ctor-runs-code", fx("ctor", "SuperCtorCodeCase"))
                        .converted(SuperWithCtorCode.class)
                        .converted(SubOfCtorCode.class),
                c("no-arg-ctor-delegates-to-this", fx("ctor", "DelegatingCtorCase"))
                        .converted(DelegatingCtor.class),
                c("no-arg-ctor-calls-base-args-ctor", fx("ctor", "SuperArgsCtorCase"))
                        .converted(SuperArgsCtor.class),
                c("private-no-arg-ctor-parent-of-other-class", fx("ctor", "PrivateCtorParentCase"))
                        .converted(PrivateCtorParent.class, PrivateCtorParentChild.class),

                // 6. final fields
                c("final-fields-every-type", fx("finals", "AllFinalsCase")).converted(AllFinals.class),
                c("final-fields-in-superclass", fx("finals", "FinalSuperCase"))
                        .converted(FinalSuper.class, FinalSub.class),

                // 7, 23. nested classes
                c("inner-class-of-serializable-outer", fx("nested", "InnerClassCase"))
                        .converted(Outer.class, Outer.Inner.class, Outer.class.getName() + "$Hidden"),
                c("anonymous-subclass-capturing-locals", fx("nested", "AnonymousCase"))
                        .converted(AnonBase.class, NESTED + "Anonymous$1")
                        .skipped(NOT_SERIALIZABLE, NESTED + "Anonymous"),
                c("local-class-capturing-locals", fx("nested", "LocalClassCase"))
                        .converted(AnonBase.class, NESTED + "Anonymous$1Local"),
                c("serializable-lambda-in-converted-class", fx("nested", "LambdaCase"))
                        .converted(LambdaHolder.class)
                        .skipped(NOT_A_CLASS, LambdaHolder.SerializableOp.class),
                c("nested-class-modifiers-computed-uid", fx("nested", "NestedModifiersCase"))
                        .converted(NM + "PrivateNested", NM + "ProtectedNested", NM + "PackageNested",
                                NM + "PublicAbstractNested", NM + "ProtectedFinalNested",
                                NESTED + "PackagePrivateShape"),
                c("private-inner-class-computed-uid", fx("nested", "PrivateInnerCase"))
                        .converted(NM + "SerializableOwner", NM + "SerializableOwner$OwnedInner"),

                // 8, 9, 10. values
                c("arrays-of-every-primitive-type", fx("values", "PrimitiveArraysCase"))
                        .converted(PrimitiveArrays.class),
                c("multi-dimensional-shared-self-containing-arrays", fx("values", "MultiArraysCase"))
                        .converted(MultiArrays.class),
                c("boxed-values-and-nulls", fx("values", "BoxesCase")).converted(Boxes.class),
                c("primitive-edge-values", fx("values", "PrimitiveEdgesCase")).converted(PrimitiveEdges.class),
                c("nan-payload-bits", fx("values", "NanPayloadsCase"))
                        .converted(NanPayloads.class, NanPayloadsMixed.class),
                c("small-primitive-levels-packed-together", fx("values", "PackedLevelsCase"))
                        .converted(PackedBase.class, PackedSub.class, PackedLeaf.class),
                c("all-final-primitive-fields", fx("values", "FinalPrimitivesCase")).converted(FinalPrimitives.class),
                c("unicode-field-names-stream-order", fx("values", "UnicodeNamesCase")).converted(UnicodeNames.class),
                c("string-edge-values", fx("values", "TextsCase")).converted(Texts.class),
                c("enum-and-record-fields", fx("values", "EnumRecordCase"))
                        .converted(EnumRecordHolder.class, Boxes.class)
                        .skipped(ENUM, Color.class, Color.class.getName() + "$1", Unit.class)
                        .skipped(RECORD, Point.class, Labeled.class),

                // 11. writeReplace / readResolve
                c("singleton-readResolve", fx("replace", "SingletonCase"))
                        .converted(Singleton.class, SingletonHolder.class),
                c("writeReplace-proxy", fx("replace", "WriteReplaceCase"))
                        .converted(Wallet.class, CORPUS + "replace.MoneyProxy")
                        .convertedNotInStream(Money.class),
                c("inherited-protected-readResolve", fx("replace", "InheritedReadResolveCase"))
                        .converted(Token.class, NamedToken.class, TokenHolder.class)
                        .skipped(NOT_SERIALIZABLE, TokenRegistry.class),
                c("private-readResolve-not-inherited", fx("replace", "PrivateReadResolveCase"))
                        .converted(PrivateResolveBase.class, PrivateResolveSub.class),
                c("inherited-protected-writeReplace", fx("replace", "InheritedWriteReplaceCase"))
                        .converted(Replacement.class)
                        .convertedNotInStream(ReplacingBase.class, ReplacingSub.class),

                // 12, 13, 14. custom serialization
                c("custom-writeObject-readObject", fx("custom", "CustomReadWriteCase"))
                        .converted(CustomReadWrite.class),
                c("readObjectNoData-only", fx("custom", "NoDataOnlyCase"))
                        .skipped(READ_OBJECT_NO_DATA, NoDataOnly.class),
                c("serialPersistentFields", fx("custom", "PersistentFieldsCase"))
                        .skipped(SERIAL_PERSISTENT_FIELDS, PersistentFields.class),
                c("converted-superclass-written-alone", fx("custom", "ConvertedParentCase"))
                        .converted(ConvertedParent.class),
                c("writeObject-subclass-of-converted-class", fx("custom", "CustomChildCase"))
                        .converted(ConvertedParent.class, CustomChild.class),
                c("serialPersistentFields-subclass-of-converted-class", fx("custom", "PersistentFieldsChildCase"))
                        .converted(ConvertedParent.class)
                        .skipped(SERIAL_PERSISTENT_FIELDS, PersistentFieldsChild.class)
                        .writtenPlain(),
                c("plain-subclass-of-writeObject-subclass-of-converted-class", fx("custom", "PlainGrandChildCase"))
                        .converted(ConvertedParent.class, CustomChild.class, PlainGrandChild.class),
                c("plain-subclass-of-custom-superclass", fx("custom", "PlainChildOfCustomCase"))
                        .converted(CustomParent.class, PlainChildOfCustom.class),
                c("own-serialized-form", fx("custom", "FullyCustomCase"))
                        .skipped(CUSTOM_SERIALIZATION, FullyCustom.class),
                c("putFields-readFields", fx("custom", "FieldsApiCase"))
                        .skipped(PUT_OR_GET_FIELDS, FieldsApi.class),
                c("readObject-only", fx("custom", "ValidatedCase"))
                        .converted(Validated.class),
                c("writeObject-only", fx("custom", "GuardedCase"))
                        .converted(Guarded.class),
                c("custom-level-between-converted-levels", fx("custom", "CustomMiddleCase"))
                        .converted(ConvertedParent.class, CustomMiddle.class, CustomMiddleLeaf.class),
                c("declares-writeExternal-without-Externalizable", fx("custom", "DeclaresWriteExternalCase"))
                        .converted(DeclaresWriteExternal.class),
                c("jdk-serializable-superclass-ArrayList", fx("custom", "NamedListCase"))
                        .skipped(SUPERCLASS_NOT_CONVERTED, NamedList.class),
                c("throwable-subclass", fx("custom", "DomainExceptionCase"))
                        .skipped(SUPERCLASS_NOT_CONVERTED, DomainException.class),
                c("non-serializable-field-value", fx("custom", "NonSerializableFieldCase"))
                        .converted(HoldsNonSerializable.class)
                        .skipped(NOT_SERIALIZABLE, HoldsNonSerializable.Opaque.class)
                        .writeFailsBoth(NotSerializableException.class),

                // 15. generics
                c("generic-fields-and-generic-superclass", fx("generics", "GenericsCase"))
                        .converted(Box.class, StringBox.class, Ranked.class),

                // 18. statics and serialVersionUID
                c("static-fields-explicit-uid", fx("statics", "StaticsCase"))
                        .converted(WithStatics.class, NonPrivateUid.class),
                c("computed-serialVersionUID", fx("statics", "ComputedUidCase")).converted(ComputedUid.class),
                c("instance-field-named-serialVersionUID", fx("statics", "InstanceUidFieldCase"))
                        .skipped(CONFLICTING_MEMBER, InstanceUidField.class),
                c("serialVersionUID-set-by-static-initializer", fx("statics", "StaticInitUidCase"))
                        .converted(StaticInitUid.class),

                // 19. interfaces
                c("serializable-through-interface", fx("iface", "ViaInterfaceCase"))
                        .converted(ViaInterface.class, ViaDeepInterface.class)
                        .skipped(NOT_A_CLASS, SerialMarker.class, DeepMarker.class),
                c("already-externalizable", fx("iface", "SelfExternalizableCase"))
                        .skipped(ALREADY_EXTERNALIZABLE, SelfExternalizable.class, ExternalizableChild.class),
                c("interface-typed-fields-abstract-superclass", fx("iface", "InterfaceFieldsCase"))
                        .converted(Drawing.class, AbstractShape.class, Circle.class, ViaInterface.class)
                        .skipped(NOT_A_CLASS, Shape.class),

                // 20. graphs
                c("cycle-across-three-classes", fx("graphs", "CycleCase"))
                        .converted(CycA.class, CycB.class, CycC.class),
                c("doubly-linked-list-100-nodes", fx("graphs", "DoublyLinkedCase")).converted(DNode.class),
                c("tree-with-parent-pointers", fx("graphs", "TreeCase")).converted(TreeNode.class),
                c("references-shared-between-siblings", fx("graphs", "SharedSiblingsCase"))
                        .converted(Sibling.class, Payload.class),
                c("jdk-collections-holding-converted-objects", fx("graphs", "CollectionsCase"))
                        .converted(Catalog.class, Payload.class, Sibling.class),
                c("no-arg-ctor-allocates-collections", fx("graphs", "InitializedCollectionsCase"))
                        .converted(InitializedCollections.class)
                        .converted(Payload.class),
                c("hash-set-cycle-sees-partial-state", fx("graphs", "HashKeyCycleCase")).converted(Entity.class),
                c("superclass-key-unset-while-subclass-set-is-read", fx("graphs", "KeyedHierarchyCycleCase"))
                        .converted(KeyedBase.class, KeyedNode.class),

                // 21. wide classes
                c("wide-300-mixed-fields", fx("wide", "WideMixedCase")).converted(WideMixed.class),
                c("wide-256-primitive-fields", fx("wide", "WidePrimitiveCase")).converted(WidePrimitive.class),

                // 22. old class-file versions
                legacy("class-file-version-49-java5", Opcodes.V1_5),
                legacy("class-file-version-50-java6", Opcodes.V1_6),
                legacy("class-file-version-51-java7", Opcodes.V1_7),
                legacy("class-file-version-52-java8", Opcodes.V1_8),
                legacy("class-file-version-53-java9", Opcodes.V9),
                legacy("class-file-version-54-java10", Opcodes.V10));
    }

    /** The legacy classes rewritten to an older class-file version (finals: putfield below 53, runtime above). */
    private static CorpusCase legacy(final String name, final int major) {
        return c(name, fx("legacy", "LegacyCase"))
                .downgrade(major, LegacyBase.class, LegacyPoint.class, LegacyFinal.class, LegacyChild.class)
                .converted(LegacyPoint.class, LegacyFinal.class, LegacyChild.class)
                .skipped(NOT_SERIALIZABLE, LegacyBase.class);
    }

    // ------------------------------------------------------------------------------------------------

    @Test
    void corpusIsLargeAndNamesAreUnique() {
        List<CorpusCase> all = cases();
        assertTrue(all.size() >= 45, "the corpus must hold at least 45 cases, has " + all.size());
        Set<String> names = new HashSet<>();
        for (CorpusCase c : all) {
            assertTrue(names.add(c.name), "duplicate case name " + c.name);
            assertTrue(!c.expects.isEmpty(), "case " + c.name + " expects no decision");
        }
    }

    /** Every fixture compiled into the corpus is used by a case (no shape silently left out). */
    @Test
    void everyFixtureIsUsed() throws IOException, URISyntaxException {
        Path root = Path.of(CorpusRoundTripTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path corpus = root.resolve(CORPUS.replace('.', '/'));
        Set<String> fixtures;
        try (Stream<Path> files = Files.walk(corpus)) {
            fixtures = files.map(p -> root.relativize(p).toString().replace('\\', '/'))
                    .filter(p -> p.matches(".*/Fixtures\\$[A-Za-z0-9]+Case\\.class"))
                    .map(p -> p.substring(0, p.length() - ".class".length()).replace('/', '.'))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        assertTrue(fixtures.size() >= 45, "found only " + fixtures.size() + " fixtures under " + corpus);
        Set<String> used = cases().stream().map(c -> c.fixture).collect(Collectors.toSet());
        Set<String> unused = new TreeSet<>(fixtures);
        unused.removeAll(used);
        assertEquals(Set.of(), unused, "fixtures no case uses");
        Set<String> missing = new TreeSet<>(used);
        missing.removeAll(fixtures);
        assertEquals(Set.of(), missing, "cases whose fixture does not exist");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void roundTripMatchesPlainJdk(final CorpusCase c) {
        Problems problems = new Problems(c);
        ClassLoader parent = CorpusRoundTripTest.class.getClassLoader();
        ClassConverter transformer = new ClassConverter(TransformOptions.DEFAULTS);
        ChildFirstLoader plain;
        ChildFirstLoader transformed;
        if (c.downgrades.isEmpty()) {
            plain = ChildFirstLoader.plain(parent, IN_CORPUS);
            transformed = ChildFirstLoader.transformed(parent, IN_CORPUS, transformer);
        } else {
            Function<String, byte[]> bytes = downgraded(parent, c, problems);
            plain = ChildFirstLoader.of(parent, IN_CORPUS, bytes, null);
            transformed = ChildFirstLoader.of(parent, IN_CORPUS, bytes, transformer);
        }

        Run p = Run.in(c, plain, "plain");
        Run t = Run.in(c, transformed, "transformed");

        checkOutcome(c, p, t, problems);
        checkDecisions(c, plain, transformed, problems);
        checkStream(c, transformed, p, t, problems);
        checkStatics(plain, transformed, problems);
        problems.throwIfAny();
    }

    /**
     * Journal style: every round-tripping case's root written into ONE stream, read back in one go, in both
     * loaders (class descriptors and handles shared across roots).
     */
    @Test
    void allCasesInOneStream() throws Exception {
        List<CorpusCase> journal = cases().stream()
                .filter(c -> c.mode == CorpusCase.Mode.ROUND_TRIP && c.downgrades.isEmpty()).toList();
        ClassLoader parent = CorpusRoundTripTest.class.getClassLoader();
        ChildFirstLoader plain = ChildFirstLoader.plain(parent, IN_CORPUS);
        ChildFirstLoader transformed = ChildFirstLoader.transformed(parent, IN_CORPUS,
                new ClassConverter(TransformOptions.DEFAULTS));
        List<Object> plainCopies = journal(journal, plain, "plain");
        List<Object> transformedCopies = journal(journal, transformed, "transformed");
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < journal.size(); i++) {
            String name = journal.get(i).name;
            Object pc = plainCopies.get(i);
            Object tc = transformedCopies.get(i);
            if (pc instanceof String message) {
                failures.add(name + " (plain): " + message);
            }
            if (tc instanceof String message) {
                failures.add(name + " (transformed): " + message);
            }
            if (!(pc instanceof String) && !(tc instanceof String)) {
                try {
                    GraphAssert.assertSameGraph(pc, tc);
                } catch (AssertionError e) {
                    failures.add(name + ": " + e.getMessage());
                }
            }
        }
        for (String name : transformed.decisions().keySet()) {
            try {
                GraphAssert.assertSameStatics(Class.forName(name, false, plain), Class.forName(name, false, transformed));
            } catch (AssertionError e) {
                failures.add(e.getMessage());
            }
        }
        if (!failures.isEmpty()) {
            throw new AssertionError("journal stream of " + journal.size() + " cases:\n  " + String.join("\n  ", failures));
        }
    }

    /** Writes all roots in one stream and reads them back; a String entry is a failed fixture check. */
    private static List<Object> journal(final List<CorpusCase> cases, final ClassLoader loader, final String label) {
        try {
            return journal(cases, loader);
        } catch (Exception | Error e) {
            throw new AssertionError("journal stream of " + cases.size() + " cases failed in the " + label + " loader: "
                    + e, e);
        }
    }

    private static List<Object> journal(final List<CorpusCase> cases, final ClassLoader loader) throws Exception {
        List<Function<Object, String>> checks = new ArrayList<>();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            for (CorpusCase c : cases) {
                Object fixture = newFixture(loader, c.fixture);
                @SuppressWarnings("unchecked")
                Function<Object, String> check = (Function<Object, String>) fixture;
                checks.add(check);
                out.writeObject(((Supplier<?>) fixture).get());
            }
        }
        List<Object> copies = new ArrayList<>();
        try (var in = RoundTrip.input(new java.io.ByteArrayInputStream(bytes.toByteArray()), loader)) {
            for (int i = 0; i < cases.size(); i++) {
                Object copy = in.readObject();
                String message = checks.get(i).apply(copy);
                copies.add(message == null ? copy : message);
            }
        }
        return copies;
    }

    // ------------------------------------------------------------------------------------------------

    /** What happened in one loader. */
    private record Run(String label, Object fixture, Object root, byte[] bytes, Throwable writeFailure,
                       Object copy, Throwable readFailure, String fixtureCheck, Throwable setupFailure) {

        static Run in(final CorpusCase c, final ClassLoader loader, final String label) {
            Object fixture;
            Object root;
            try {
                fixture = newFixture(loader, c.fixture);
                root = ((Supplier<?>) fixture).get();
            } catch (Throwable e) {
                return new Run(label, null, null, null, null, null, null, null, e);
            }
            byte[] bytes;
            try {
                bytes = RoundTrip.write(root);
            } catch (UncheckedIOException e) {
                return new Run(label, fixture, root, null, e.getCause(), null, null, null, null);
            } catch (Throwable e) {
                return new Run(label, fixture, root, null, e, null, null, null, null);
            }
            Object copy;
            try {
                copy = RoundTrip.read(bytes, loader);
            } catch (Throwable e) {
                return new Run(label, fixture, root, bytes, null, null, e, null, null);
            }
            String check;
            try {
                @SuppressWarnings("unchecked")
                Function<Object, String> f = (Function<Object, String>) fixture;
                check = f.apply(copy);
            } catch (Throwable e) {
                check = "fixture check threw " + stackTrace(e);
            }
            return new Run(label, fixture, root, bytes, null, copy, null, check, null);
        }

        boolean roundTripped() {
            return copy != null;
        }

        String describeFailure() {
            Throwable e = setupFailure != null ? setupFailure : writeFailure != null ? writeFailure : readFailure;
            String phase = setupFailure != null ? "building the graph" : writeFailure != null ? "writing" : "reading";
            return e == null ? "no failure" : phase + " failed: " + stackTrace(e);
        }
    }

    private static Object newFixture(final ClassLoader loader, final String fixture) throws ReflectiveOperationException {
        Class<?> type = Class.forName(fixture, true, loader);
        if (type.getClassLoader() != loader) {
            throw new IllegalStateException(fixture + " was not defined by the test loader but by " + type.getClassLoader());
        }
        return type.getConstructor().newInstance();
    }

    private static void checkOutcome(final CorpusCase c, final Run p, final Run t, final Problems problems) {
        for (Run r : List.of(p, t)) {
            if (r.setupFailure != null) {
                problems.add(r.label + ": " + r.describeFailure());
                return;
            }
        }
        switch (c.mode) {
            case ROUND_TRIP -> {
                for (Run r : List.of(p, t)) {
                    if (!r.roundTripped()) {
                        problems.add(r.label + " loader did not round-trip: " + r.describeFailure());
                    } else if (r.fixtureCheck != null) {
                        problems.add(r.label + " copy fails the fixture's check: " + r.fixtureCheck);
                    }
                }
                if (p.roundTripped() && t.roundTripped()) {
                    try {
                        GraphAssert.assertSameGraph(p.copy, t.copy);
                    } catch (AssertionError e) {
                        problems.add("transformed copy differs from the plain copy: " + e.getMessage());
                    }
                }
            }
            case READ_FAILS_BOTH -> {
                for (Run r : List.of(p, t)) {
                    if (r.bytes == null) {
                        problems.add(r.label + " loader: writing should succeed: " + r.describeFailure());
                    } else if (r.readFailure == null) {
                        problems.add(r.label + " loader: reading should fail with " + c.failure.getSimpleName()
                                + " but returned " + r.copy);
                    } else if (!c.failure.isInstance(r.readFailure)
                            || !String.valueOf(r.readFailure.getMessage()).contains(c.failureMessagePart)) {
                        problems.add(r.label + " loader: reading should fail with " + c.failure.getSimpleName()
                                + " containing '" + c.failureMessagePart + "' but " + r.describeFailure());
                    }
                }
                if (p.readFailure != null && t.readFailure != null
                        && !(p.readFailure.getClass() == t.readFailure.getClass()
                        && String.valueOf(p.readFailure.getMessage()).equals(String.valueOf(t.readFailure.getMessage())))) {
                    problems.add("reading fails differently: plain " + p.readFailure + ", transformed " + t.readFailure);
                }
            }
            case WRITE_FAILS_BOTH -> {
                for (Run r : List.of(p, t)) {
                    if (!c.failure.isInstance(r.writeFailure)) {
                        problems.add(r.label + " loader: writing should fail with " + c.failure.getSimpleName()
                                + " but " + (r.writeFailure == null ? "it succeeded" : r.describeFailure()));
                    }
                }
                if (p.writeFailure != null && t.writeFailure != null
                        && !(p.writeFailure.getClass() == t.writeFailure.getClass()
                        && String.valueOf(p.writeFailure.getMessage()).equals(String.valueOf(t.writeFailure.getMessage())))) {
                    problems.add("writing fails differently: plain " + p.writeFailure + ", transformed " + t.writeFailure);
                }
            }
            default -> throw new IllegalStateException(c.mode.toString());
        }
    }

    private static void checkDecisions(final CorpusCase c, final ChildFirstLoader plain,
                                       final ChildFirstLoader transformed, final Problems problems) {
        for (CorpusCase.Expect e : c.expects) {
            Decision d;
            try {
                Class.forName(e.className(), false, transformed);
                d = transformed.decision(e.className());
            } catch (Throwable x) {
                problems.add("no decision for " + e.className() + ": " + stackTrace(x));
                continue;
            }
            if (e.converted() && !d.isConverted()) {
                problems.add(e.className() + " should be converted, but: " + d);
            } else if (!e.converted() && d.reason() != e.reason()) {
                problems.add(e.className() + " should be skipped with " + e.reason() + ", but: "
                        + (d.isConverted() ? "converted: " : d.reason() + ": ") + d);
            }
        }
        // Whatever the expectations: every class the transformed loader defined must be consistent.
        for (Decision d : List.copyOf(transformed.decisions().values())) {
            String name = d.className();
            Class<?> tc;
            Class<?> pc;
            try {
                tc = Class.forName(name, false, transformed);
                pc = Class.forName(name, false, plain);
            } catch (Throwable x) {
                problems.add("cannot load " + name + ": " + stackTrace(x));
                continue;
            }
            boolean serializable = Serializable.class.isAssignableFrom(pc);
            if (!d.isConverted()) {
                // A skipped class below a converted one is plain, its hierarchy with it: no converted superclass
                if (d.convertedSuperclass() != null) {
                    problems.add(name + " is skipped; its decision names convertedSuperclass " + d.convertedSuperclass()
                            + ": " + d);
                }
                // A skipped class is defined from its original bytes.
                if (!sameShape(pc, tc)) {
                    problems.add(name + " is skipped but the class was changed: " + d);
                }
                if (serializable && !pc.isInterface() && !pc.isArray()) {
                    long pu = ObjectStreamClass.lookup(pc).getSerialVersionUID();
                    long tu = ObjectStreamClass.lookup(tc).getSerialVersionUID();
                    if (pu != tu) {
                        problems.add(name + " is skipped but its serialVersionUID changed from " + pu + " to " + tu);
                    }
                }
                continue;
            }
            if (!serializable || pc.isInterface() || pc.isEnum() || pc.isRecord()) {
                problems.add(name + " must never be converted (not a serializable class, or an enum/record): " + d);
                continue;
            }
            // invisible: the same modifiers, interfaces, constructors and methods; only synthetic $sb$ members added
            if (!visibleShape(pc).equals(visibleShape(tc))) {
                problems.add(name + " is converted but what the program sees of it changed from " + visibleShape(pc)
                        + " to " + visibleShape(tc));
            }
            ObjectStreamClass plainDesc = ObjectStreamClass.lookup(pc);
            ObjectStreamClass transformedDesc = ObjectStreamClass.lookup(tc);
            if (transformedDesc.getSerialVersionUID() != plainDesc.getSerialVersionUID()) {
                problems.add(name + " serialVersionUID changed: plain " + plainDesc.getSerialVersionUID()
                        + ", transformed " + transformedDesc.getSerialVersionUID());
            }
            List<String> expectedFields = new ArrayList<>();
            for (ObjectStreamField f : plainDesc.getFields()) {
                boolean isFinal;
                try {
                    isFinal = Modifier.isFinal(pc.getDeclaredField(f.getName()).getModifiers());
                } catch (NoSuchFieldException x) {
                    isFinal = false;
                }
                expectedFields.add(f.getName() + ":" + (f.isPrimitive() ? String.valueOf(f.getTypeCode()) : f.getTypeString())
                        + (isFinal ? ":final" : ""));
            }
            List<String> decidedFields = d.fields().stream()
                    .map(f -> f.name() + ":" + f.descriptor() + (f.isFinal() ? ":final" : "")).toList();
            if (d.bulk()) {
                // a bulk level lists its fields in the bulk record's order: same fields, any order
                if (!new TreeSet<>(expectedFields).equals(new TreeSet<>(decidedFields))
                        || expectedFields.size() != decidedFields.size()) {
                    problems.add(name + " (bulk) decision fields " + decidedFields + " are not the JDK's serializable"
                            + " fields " + expectedFields);
                }
                if (d.fields().stream().anyMatch(f -> !f.isPrimitive())) {
                    problems.add(name + " is written in bulk but has reference fields: " + decidedFields);
                }
            } else if (!expectedFields.equals(decidedFields)) {
                problems.add(name + " decision fields " + decidedFields + " differ from the JDK's serializable fields in"
                        + " stream order " + expectedFields);
            }
            Class<?> superclass = pc.getSuperclass();
            String expectedSuper = superclass != null && Serializable.class.isAssignableFrom(superclass)
                    ? superclass.getName() : null;
            if (!java.util.Objects.equals(expectedSuper, d.convertedSuperclass())) {
                problems.add(name + " decision names convertedSuperclass " + d.convertedSuperclass() + ", expected "
                        + expectedSuper);
            }
            if (expectedSuper != null && IN_CORPUS.test(expectedSuper)) {
                Decision sd = transformed.decisions().get(expectedSuper);
                if (sd == null || !sd.isConverted()) {
                    problems.add(name + " is converted but its serializable superclass is not: " + sd);
                }
            }
        }
    }

    /** Same declared interfaces, fields and methods (names, descriptors, modifiers). */
    private static boolean sameShape(final Class<?> a, final Class<?> b) {
        return a.getModifiers() == b.getModifiers()
                && names(a.getInterfaces()).equals(names(b.getInterfaces()))
                && Arrays.stream(a.getDeclaredFields()).map(f -> f.getModifiers() + " " + f).sorted().toList()
                .equals(Arrays.stream(b.getDeclaredFields()).map(f -> f.getModifiers() + " " + f).sorted().toList())
                && Arrays.stream(a.getDeclaredMethods()).map(m -> m.getModifiers() + " " + m).sorted().toList()
                .equals(Arrays.stream(b.getDeclaredMethods()).map(m -> m.getModifiers() + " " + m).sorted().toList())
                && Arrays.stream(a.getDeclaredConstructors()).map(m -> m.getModifiers() + " " + m).sorted().toList()
                .equals(Arrays.stream(b.getDeclaredConstructors()).map(m -> m.getModifiers() + " " + m).sorted().toList());
    }

    /** Modifiers, interfaces, constructors and methods that are not serialboost's synthetic {@code $sb$} members. */
    private static List<String> visibleShape(final Class<?> c) {
        List<String> shape = new ArrayList<>();
        shape.add(Modifier.toString(c.getModifiers()) + " implements " + names(c.getInterfaces()));
        Stream.concat(Arrays.stream(c.getDeclaredConstructors()), Arrays.stream(c.getDeclaredMethods()))
                .filter(m -> !(m.isSynthetic() && m.getName().startsWith("$sb$")))
                .map(m -> m.getModifiers() + " " + m).sorted().forEach(shape::add);
        return shape;
    }

    private static List<String> names(final Class<?>[] classes) {
        return Arrays.stream(classes).map(Class::getName).toList();
    }

    /** The converted classes really went through the converted path; skipped-only streams are unchanged. */
    private static void checkStream(final CorpusCase c, final ChildFirstLoader transformed, final Run p, final Run t,
                                    final Problems problems) {
        if (p.bytes == null || t.bytes == null) {
            return;
        }
        boolean anyConverted = transformed.decisions().values().stream().anyMatch(Decision::isConverted);
        if (!anyConverted || c.writtenPlain) {
            if (!Arrays.equals(p.bytes, t.bytes)) {
                problems.add((anyConverted ? "the hierarchy was expected in the plain format" : "no class was converted")
                        + ", yet the transformed stream differs from the plain one");
            }
            return;
        }
        if (Arrays.equals(p.bytes, t.bytes)) {
            problems.add("classes were converted, yet the transformed stream is byte for byte the plain one");
        }
        for (CorpusCase.Expect e : c.expects) {
            long[] pd = classDesc(p.bytes, e.className());
            long[] td = classDesc(t.bytes, e.className());
            if (!e.inStream()) {
                if (pd != null || td != null) {
                    problems.add(e.className() + " was expected to be replaced, yet its class descriptor is in the stream");
                }
                continue;
            }
            if (e.reason() == ENUM || e.reason() == RECORD || e.reason() == NOT_SERIALIZABLE || e.reason() == NOT_A_CLASS) {
                continue;
            }
            if (pd == null) {
                problems.add("test bug? no class descriptor for " + e.className() + " in the plain stream");
                continue;
            }
            if (td == null) {
                problems.add("no class descriptor for " + e.className() + " in the transformed stream");
                continue;
            }
            if (pd[0] != td[0]) {
                problems.add(e.className() + " serialVersionUID in the stream changed: plain " + pd[0] + ", transformed " + td[0]);
            }
            if (e.converted()) {
                if ((td[1] & SC_EXTERNALIZABLE) == 0) {
                    problems.add(e.className() + " is expected converted but was written with flags 0x"
                            + Long.toHexString(td[1]) + " (not SC_EXTERNALIZABLE)");
                }
                if ((pd[1] & SC_SERIALIZABLE) == 0 || (pd[1] & SC_EXTERNALIZABLE) != 0) {
                    problems.add("test bug? plain stream flags for " + e.className() + ": 0x" + Long.toHexString(pd[1]));
                }
            } else if (pd[1] != td[1]) {
                problems.add(e.className() + " is expected skipped but its stream flags changed from 0x" + Long.toHexString(pd[1])
                        + " to 0x" + Long.toHexString(td[1]));
            }
        }
    }

    /** Finds {@code TC_CLASSDESC className serialVersionUID flags}; returns {uid, flags} or null. */
    static long[] classDesc(final byte[] stream, final String className) {
        byte[] name = className.getBytes(StandardCharsets.UTF_8);
        outer:
        for (int i = 0; i + 3 + name.length + 9 <= stream.length; i++) {
            if (stream[i] != TC_CLASSDESC || ((stream[i + 1] & 0xff) << 8 | (stream[i + 2] & 0xff)) != name.length) {
                continue;
            }
            for (int k = 0; k < name.length; k++) {
                if (stream[i + 3 + k] != name[k]) {
                    continue outer;
                }
            }
            int at = i + 3 + name.length;
            long uid = 0;
            for (int k = 0; k < 8; k++) {
                uid = uid << 8 | (stream[at + k] & 0xff);
            }
            return new long[] {uid, stream[at + 8] & 0xff};
        }
        return null;
    }

    /** The statics of every corpus class the transformed loader defined match the plain loader's. */
    private static void checkStatics(final ChildFirstLoader plain, final ChildFirstLoader transformed,
                                     final Problems problems) {
        for (String name : new TreeSet<>(transformed.decisions().keySet())) {
            try {
                GraphAssert.assertSameStatics(Class.forName(name, false, plain), Class.forName(name, false, transformed));
            } catch (AssertionError e) {
                problems.add(e.getMessage());
            } catch (Throwable e) {
                problems.add("cannot compare statics of " + name + ": " + stackTrace(e));
            }
        }
    }

    /** Class files of the case's downgraded classes rewritten to an older major version; others unchanged. */
    private static Function<String, byte[]> downgraded(final ClassLoader parent, final CorpusCase c,
                                                       final Problems problems) {
        ClassFileSource source = ClassFileSource.of(parent);
        return name -> {
            byte[] original = source.read(name.replace('.', '/'));
            Integer major = c.downgrades.get(name);
            if (original == null || major == null) {
                return original;
            }
            ClassReader reader = new ClassReader(original);
            ClassWriter writer = new ClassWriter(0);
            reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
                @Override
                public void visit(final int version, final int access, final String n, final String signature,
                                  final String superName, final String[] interfaces) {
                    super.visit(major, access, n, signature, superName, interfaces);
                }

                @Override
                public void visitNestHost(final String nestHost) {
                    problems.add("test bug: " + name + " has a nest host; legacy classes must be top-level");
                }

                @Override
                public void visitNestMember(final String nestMember) {
                    problems.add("test bug: " + name + " has nest members; legacy classes must not nest classes");
                }
            }, major < Opcodes.V1_6 ? ClassReader.SKIP_FRAMES : 0); // no StackMapTable before version 50
            byte[] rewritten = writer.toByteArray();
            int written = (rewritten[6] & 0xff) << 8 | (rewritten[7] & 0xff);
            if (written != major) {
                problems.add("test bug: " + name + " rewritten to class-file version " + written + ", not " + major);
            }
            return rewritten;
        };
    }

    private static String stackTrace(final Throwable e) {
        StringWriter out = new StringWriter();
        e.printStackTrace(new PrintWriter(out));
        String s = out.toString();
        return s.length() > 4000 ? s.substring(0, 4000) + "..." : s;
    }

    /** Collects every problem of one case and fails once, naming the case. */
    private static final class Problems {
        private final CorpusCase c;
        private final List<String> list = new ArrayList<>();

        Problems(final CorpusCase c) {
            this.c = c;
        }

        void add(final String problem) {
            list.add(problem);
        }

        void throwIfAny() {
            if (!list.isEmpty()) {
                throw new AssertionError("corpus case '" + c.name + "' (fixture " + c.fixture + "): " + list.size()
                        + " problem(s):\n  - " + String.join("\n  - ", list));
            }
        }
    }

    // ------------------------------------------------------------------------------------------------

    static final class CorpusCase {

        /** What the round trip must do in both loaders. */
        enum Mode {
            /** Write and read succeed in both loaders and give the same graph. */
            ROUND_TRIP,
            /** Writing succeeds and reading fails the same way in both loaders (the JDK cannot read it either). */
            READ_FAILS_BOTH,
            /** Writing fails the same way in both loaders. */
            WRITE_FAILS_BOTH
        }

        /** The decision expected for one class: converted when {@code reason} is null. */
        record Expect(String className, SkipReason reason, boolean inStream) {
            boolean converted() {
                return reason == null;
            }
        }

        final String name;
        final String fixture;
        Mode mode = Mode.ROUND_TRIP;
        boolean writtenPlain;
        final List<Expect> expects = new ArrayList<>();
        /** Binary class name to the class-file major version it is rewritten to before loading. */
        final Map<String, Integer> downgrades = new LinkedHashMap<>();
        Class<? extends Throwable> failure;
        String failureMessagePart;
        final List<String> failureMustName = new ArrayList<>();

        private CorpusCase(final String name, final String fixture) {
            this.name = name;
            this.fixture = fixture;
        }

        static CorpusCase of(final String name, final String fixture) {
            return new CorpusCase(name, fixture);
        }

        /** Classes expected converted, whose class descriptors appear in the stream. */
        CorpusCase converted(final Object... classes) {
            for (Object c : classes) {
                expects.add(new Expect(nameOf(c), null, true));
            }
            return this;
        }

        /** Classes expected converted that never reach the stream themselves (e.g. replaced by writeReplace). */
        CorpusCase convertedNotInStream(final Object... classes) {
            for (Object c : classes) {
                expects.add(new Expect(nameOf(c), null, false));
            }
            return this;
        }

        CorpusCase skipped(final SkipReason reason, final Object... classes) {
            for (Object c : classes) {
                expects.add(new Expect(nameOf(c), reason, true));
            }
            return this;
        }

        CorpusCase readFailsBoth(final Class<? extends IOException> type, final String messagePart) {
            mode = Mode.READ_FAILS_BOTH;
            failure = type;
            failureMessagePart = messagePart;
            return this;
        }

        CorpusCase writeFailsBoth(final Class<? extends IOException> type) {
            mode = Mode.WRITE_FAILS_BOTH;
            failure = type;
            return this;
        }

        /**
         * A class below a converted one that serialboost did not convert: the JDK writes the whole hierarchy in the
         * plain format, so the stream must be byte for byte the plain one.
         */
        CorpusCase writtenPlain() {
            writtenPlain = true;
            return this;
        }

        /** Rewrites these classes to class-file version {@code major} (51 = Java 7, 52 = Java 8) before loading. */
        CorpusCase downgrade(final int major, final Object... classes) {
            for (Object c : classes) {
                downgrades.put(nameOf(c), major);
            }
            return this;
        }

        private static String nameOf(final Object c) {
            return c instanceof Class<?> k ? k.getName() : (String) c;
        }

        @Override
        public String toString() {
            return name;
        }
    }
}
