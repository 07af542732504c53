package io.httpjson.serialization.fastjson.internal;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.List;

import com.alibaba.fastjson2.JSONWriter;
import com.alibaba.fastjson2.codec.BeanInfo;
import com.alibaba.fastjson2.codec.FieldInfo;
import com.alibaba.fastjson2.modules.ObjectReaderAnnotationProcessor;
import com.alibaba.fastjson2.modules.ObjectReaderModule;
import com.alibaba.fastjson2.modules.ObjectWriterAnnotationProcessor;
import com.alibaba.fastjson2.modules.ObjectWriterModule;
import com.alibaba.fastjson2.reader.ObjectReaderProvider;
import com.alibaba.fastjson2.writer.ObjectWriterProvider;
import io.httpjson.codec.internal.NullDefaults;

/**
 * Undoes what fastjson2's own annotations ({@code @JSONField}, {@code @JSONType}, and Jackson's that it reads)
 * say about names, ignored fields, formats, custom codecs and subtypes, so that fastjson2-text reads and writes a
 * class by its Java field names as the Gson engine and the strict input check do: the same JSON for both
 * engines, and no field bound under a name the check does not know. Runs after fastjson2's own annotation
 * processing (it is moved to the end of the provider's modules). Not API.
 */
final class NoAnnotations {

    private NoAnnotations() {}

    static void install(ObjectReaderProvider readers, ObjectWriterProvider writers) {
        ObjectReaderModule reader = new ObjectReaderModule() {
            @Override
            public ObjectReaderAnnotationProcessor getAnnotationProcessor() {
                return new ObjectReaderAnnotationProcessor() {
                    @Override
                    public void getBeanInfo(BeanInfo beanInfo, Class<?> objectClass) {
                        plain(beanInfo);
                    }

                    @Override
                    public void getFieldInfo(FieldInfo fieldInfo, Class objectClass, Field field) {
                        plain(fieldInfo, field);
                        fieldInfo.readUsing = field == null ? null : Mapping.fieldReader(field.getType());
                    }
                };
            }
        };
        ObjectWriterModule writer = new ObjectWriterModule() {
            @Override
            public ObjectWriterAnnotationProcessor getAnnotationProcessor() {
                return new ObjectWriterAnnotationProcessor() {
                    @Override
                    public void getBeanInfo(BeanInfo beanInfo, Class objectClass) {
                        plain(beanInfo);
                    }

                    @Override
                    public void getFieldInfo(BeanInfo beanInfo, FieldInfo fieldInfo, Class objectType, Field field) {
                        plain(fieldInfo, field);
                        fieldInfo.writeUsing = field == null ? null : Mapping.fieldWriter(field.getType());
                        if (field != null && NullDefaults.writtenWhenNull(objectType, field)) {
                            fieldInfo.features |= JSONWriter.Feature.WriteNulls.mask;
                            if (field.getType().isEnum()) {
                                fieldInfo.writeUsing = ValueWriters.EnumName.class;
                            }
                        }
                    }
                };
            }
        };
        readers.register(reader);
        last(readers.getModules(), reader);
        writers.register(writer);
        last(writers.getModules(), writer);
    }

    private static <T> void last(List<T> modules, T module) {
        modules.remove(module);
        modules.add(module);
    }

    private static void plain(FieldInfo f, Field field) {
        f.fieldName = null;
        f.alternateNames = null;
        f.ignore = field != null && Modifier.isTransient(field.getModifiers()); // as the Gson engine
        f.format = null;
        f.label = null;
        f.ordinal = 0;
        f.defaultValue = null;
        f.required = false;
        f.keyUsing = null;
        f.valueUsing = null;
        f.arrayToMapKey = null;
        f.contentAs = null;
    }

    private static void plain(BeanInfo b) {
        b.typeKey = null;
        b.typeName = null;
        b.seeAlso = null;
        b.seeAlsoNames = null;
        b.seeAlsoDefault = null;
        b.namingStrategy = null;
        b.ignores = null;
        b.includes = null;
        b.orders = null;
        b.serializer = null;
        b.deserializer = null;
        b.format = null;
        b.alphabetic = true;
    }
}
