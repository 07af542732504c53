package io.httpjson.serialization.gson.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Type;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.InstanceCreator;
import com.google.gson.Strictness;
import com.google.gson.TypeAdapter;
import com.google.gson.reflect.TypeToken;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonWriter;
import io.httpjson.codec.JsonCodecException;
import io.httpjson.codec.internal.JsonTypes;
import io.httpjson.codec.internal.TypeResolution;

/** The one Gson of httpjson and its per-Type adapter cache. Not API. */
public final class GsonConfig {

    /** Same depth fastjson2 allows (its default maximum level). */
    public static final int NESTING_LIMIT = 2048;

    public static final Gson GSON = new GsonBuilder()
            .disableHtmlEscaping()
            // passed on to the writer, which refuses them in fastjson2-text's words (FiniteWriter)
            .serializeSpecialFloatingPointValues()
            .setObjectToNumberStrategy(in -> JsonTypes.objectNumber(in.nextString()))
            .setNumberToNumberStrategy(in -> JsonTypes.objectNumber(in.nextString()))
            .registerTypeAdapter(Map.class, (InstanceCreator<Map<?, ?>>) t -> new LinkedHashMap<>())
            .registerTypeAdapter(float.class, FloatAdapter.INSTANCE)
            .registerTypeAdapter(Float.class, FloatAdapter.INSTANCE)
            .registerTypeAdapterFactory(new TimeAdapterFactory())
            .registerTypeAdapterFactory(new PojoAdapterFactory())
            .registerTypeAdapterFactory(new MapAdapterFactory())
            .registerTypeAdapterFactory(new CollectionAdapterFactory())
            .registerTypeAdapterFactory(new OptionalAdapterFactory())
            // last, so asked first (GsonBuilder asks the factories registered later first), its delegate the others
            .registerTypeAdapterFactory(new UnmappedAdapterFactory())
            .create();

    private static final TypeAdapter<Object> ANY = new AnyAdapter(GSON);
    private static final Map<Type, TypeAdapter<Object>> ADAPTERS = new ConcurrentHashMap<>();

    private GsonConfig() {}

    /** The cached adapter for a declared type; {@code Object} gets the contract's Map/List/number rules. */
    @SuppressWarnings("unchecked")
    public static TypeAdapter<Object> adapter(Type type) {
        if (type == null || type == Object.class) {
            return ANY;
        }
        TypeAdapter<Object> a = ADAPTERS.get(type);
        if (a == null) {
            // a type variable left unbound (a method's own T) is Object, in a List<T> too: Gson would read it into
            // its own map class
            Type resolved = TypeResolution.resolve(type, Map.of());
            a = resolved == Object.class ? ANY : (TypeAdapter<Object>) GSON.getAdapter(TypeToken.get(resolved));
            ADAPTERS.putIfAbsent(type, a);
        }
        return a;
    }

    public static JsonWriter writer(OutputStream out) {
        JsonWriter w = new FiniteWriter(new Utf8Writer(out));
        w.setSerializeNulls(false);
        w.setHtmlSafe(false);
        return w;
    }

    public static JsonReader reader(byte[] json, int offset, int length) {
        JsonReader r = new JsonReader(new Utf8Reader(json, offset, length));
        r.setStrictness(Strictness.LEGACY_STRICT);
        r.setNestingLimit(NESTING_LIMIT);
        return r;
    }

    /** Writes by runtime class, as fastjson2 does. */
    public static void writeValue(JsonWriter w, Object value) throws IOException {
        if (value == null) {
            w.nullValue();
        } else {
            adapter(value.getClass()).write(w, value);
        }
    }

    /** Refuses NaN and Infinity in the words fastjson2-text uses (Gson's own advise a setting users cannot make). */
    private static final class FiniteWriter extends JsonWriter {
        FiniteWriter(java.io.Writer out) {
            super(out);
        }

        private static void check(double d) {
            if (!Double.isFinite(d)) {
                throw new JsonCodecException("cannot write " + d + " as JSON: JSON has no NaN or Infinity");
            }
        }

        @Override
        public JsonWriter value(double value) throws IOException {
            check(value);
            return super.value(value);
        }

        @Override
        public JsonWriter value(float value) throws IOException {
            check(value);
            return super.value(value);
        }

        @Override
        public JsonWriter value(Number value) throws IOException {
            if (value instanceof Double || value instanceof Float) {
                check(value.doubleValue());
            } else if (value instanceof java.math.BigDecimal) {
                JsonTypes.writableNumber(value); // refused if no reader would take it back
            }
            return super.value(value);
        }
    }
}
