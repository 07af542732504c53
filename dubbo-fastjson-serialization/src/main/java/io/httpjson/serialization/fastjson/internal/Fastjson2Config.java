package io.httpjson.serialization.fastjson.internal;

import java.lang.reflect.Field;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.LinkedHashMap;

import com.alibaba.fastjson2.JSONReader;
import com.alibaba.fastjson2.JSONWriter;
import com.alibaba.fastjson2.codec.BeanInfo;
import com.alibaba.fastjson2.codec.FieldInfo;
import com.alibaba.fastjson2.modules.ObjectWriterAnnotationProcessor;
import com.alibaba.fastjson2.modules.ObjectWriterModule;
import com.alibaba.fastjson2.reader.ObjectReaderProvider;
import com.alibaba.fastjson2.writer.ObjectWriter;
import com.alibaba.fastjson2.writer.ObjectWriterProvider;
import io.httpjson.codec.JsonCodecException;
import io.httpjson.codec.internal.JsonTypes;

/**
 * The one fastjson2 configuration of httpjson: private providers (nothing registered globally), field-based
 * POJOs, no autoType, ISO-8601 dates, base64 byte[], ordered maps. Not API.
 */
public final class Fastjson2Config {

    public static final JSONWriter.Context WRITE_CONTEXT;
    public static final JSONReader.Context READ_CONTEXT;

    static {
        ObjectWriterProvider writers = new ObjectWriterProvider();
        writers.register(new ObjectWriterModule() {
            @Override
            public ObjectWriter getObjectWriter(Type objectType, Class objectClass) {
                return objectClass != null && JsonTypes.isTimeType(objectClass) ? TimeWriter.INSTANCE : null;
            }

            @Override
            public ObjectWriterAnnotationProcessor getAnnotationProcessor() {
                return new ObjectWriterAnnotationProcessor() {
                    @Override
                    public void getFieldInfo(BeanInfo beanInfo, FieldInfo fieldInfo, Class objectType, Field field) {
                        if (JsonTypes.isTimeType(field.getType())) {
                            fieldInfo.writeUsing = TimeWriter.class;
                        }
                    }
                };
            }
        });
        WRITE_CONTEXT = new JSONWriter.Context(
                writers, JSONWriter.Feature.FieldBased, JSONWriter.Feature.WriteByteArrayAsBase64);

        ObjectReaderProvider readers = new ObjectReaderProvider();
        JSONReader.Context rc = new JSONReader.Context(
                readers,
                JSONReader.Feature.FieldBased,
                JSONReader.Feature.Base64StringAsByteArray,
                JSONReader.Feature.UseBigDecimalForDoubles,
                // "$ref" is data, never a reference to another part of the input
                JSONReader.Feature.DisableReferenceDetect);
        rc.setObjectSupplier(LinkedHashMap::new);
        rc.setArraySupplier(ArrayList::new);
        // autoType is never enabled; any "@type" that fastjson2 would look up is refused before a class is named.
        rc.config((JSONReader.AutoTypeBeforeHandler) (typeName, expectClass, features) -> {
            throw new JsonCodecException("\"@type\": \"" + JsonTypes.abbreviate(String.valueOf(typeName))
                    + "\" is not accepted: httpjson never selects classes from JSON input (expected "
                    + (expectClass == null ? "a value" : JsonTypes.typeName(expectClass)) + ")");
        });
        READ_CONTEXT = rc;
    }

    private Fastjson2Config() {}
}
