package io.httpjson.codec.internal;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Type;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import io.httpjson.codec.JsonCodec;
import io.httpjson.codec.JsonCodecException;
import io.httpjson.codec.ThrowableJson;
import org.apache.dubbo.common.serialize.ObjectInput;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.apache.dubbo.rpc.model.MethodDescriptor;
import org.apache.dubbo.rpc.model.ProviderModel;
import org.apache.dubbo.rpc.model.ServiceDescriptor;

/**
 * Dubbo ObjectInput reading one JSON value per line through a {@link JsonCodec}.
 *
 * <p>Dubbo's DecodeableRpcInvocation reads arguments with their raw parameter classes only. A request body
 * starts with five strings (dubbo version, path, version, method name, parameter descriptor); this input
 * remembers them and, when the arguments are then read, looks the invoked method up in the framework's
 * exported services and reads each argument with its generic parameter type ({@code List<Foo>} arrives as
 * {@code List<Foo>}). Not API.
 */
public final class JsonObjectInput implements ObjectInput {

    private static final byte[] NOTHING_READ = new byte[0];

    private static final String GENERIC_TYPES_KEY = JsonObjectInput.class.getName() + ".genericParameterTypes";

    private final JsonCodec codec;
    private final InputStream in;
    private final FrameworkModel model;
    private byte[] buf = NOTHING_READ;
    private int start;
    private int limit;
    private boolean eof;

    /** Strings read before the first object: a request header when there are five. */
    private final String[] header = new String[5];

    private int headerCount;
    private boolean headerBroken;
    private Type[] argTypes;
    private int argIndex;

    public JsonObjectInput(JsonCodec codec, InputStream in, FrameworkModel model) {
        this.codec = codec;
        this.in = in;
        this.model = model;
    }

    /** Returns the length of the next line, which starts at {@code start}; -1 at the end of the input. */
    private int nextLine() throws IOException {
        int scan = start;
        while (true) {
            int nl = indexOfNewline(buf, scan, limit);
            if (nl >= 0) {
                return nl - start;
            }
            if (eof) {
                return limit > start ? limit - start : -1;
            }
            scan = limit;
            if (start > 0) {
                System.arraycopy(buf, start, buf, 0, limit - start);
                scan -= start;
                limit -= start;
                start = 0;
            }
            // room for all the stream says it has (a Dubbo request body is in memory): one read, no regrowing
            long wanted = (long) limit + Math.max(1, in.available());
            if (wanted > buf.length) {
                buf = Arrays.copyOf(
                        buf, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(wanted, Math.max(512, buf.length * 2L))));
            }
            int n = in.read(buf, limit, buf.length - limit);
            if (n < 0) {
                eof = true;
            } else {
                limit += n;
            }
        }
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long NEWLINES = 0x0A0A0A0A0A0A0A0AL;
    private static final long LOW_BITS = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;

    /** The index of the first '\n' in {@code b[from, to)}, or -1; eight bytes at a time. */
    static int indexOfNewline(byte[] b, int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long x = (long) LONGS.get(b, i) ^ NEWLINES;
            long found = (x - LOW_BITS) & ~x & HIGH_BITS;
            if (found != 0) {
                return i + (Long.numberOfTrailingZeros(found) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private Object next(Type type, String what) throws IOException {
        AllowList.checkRead(model, type, what);
        int len = nextLine();
        if (len < 0) {
            throw new IOException("expected " + what + " but found the end of the JSON lines stream");
        }
        int s = start;
        start = Math.min(limit, s + len + 1);
        int bad = Utf8Check.firstInvalid(buf, s, len);
        if (bad >= 0) {
            throw new IOException(what + ": invalid UTF-8 at byte " + (bad - s) + " of its JSON line"
                    + " (expected: UTF-8, RFC 8259 section 8.1)");
        }
        try {
            return codec.read(buf, s, len, type);
        } catch (JsonCodecException e) {
            throw new IOException(what + ": " + e.getMessage(), e);
        }
    }

    private Object notNull(Object v, String what) throws IOException {
        if (v == null) {
            throw new IOException("expected " + what + " but found null");
        }
        return v;
    }

    @Override
    public boolean readBool() throws IOException {
        return (Boolean) notNull(next(boolean.class, "a boolean"), "a boolean");
    }

    @Override
    public byte readByte() throws IOException {
        return (Byte) notNull(next(byte.class, "a byte"), "a byte");
    }

    @Override
    public short readShort() throws IOException {
        return (Short) notNull(next(short.class, "a short"), "a short");
    }

    @Override
    public int readInt() throws IOException {
        return (Integer) notNull(next(int.class, "an int"), "an int");
    }

    @Override
    public long readLong() throws IOException {
        return (Long) notNull(next(long.class, "a long"), "a long");
    }

    @Override
    public float readFloat() throws IOException {
        return (Float) notNull(next(float.class, "a float"), "a float");
    }

    @Override
    public double readDouble() throws IOException {
        return (Double) notNull(next(double.class, "a double"), "a double");
    }

    @Override
    public String readUTF() throws IOException {
        String s = (String) next(String.class, "a string");
        if (headerCount < header.length && !headerBroken) {
            header[headerCount++] = s;
        }
        return s;
    }

    @Override
    public byte[] readBytes() throws IOException {
        String s = (String) next(String.class, "a base64 string");
        if (s == null) {
            return null;
        }
        try {
            return Base64.getDecoder().decode(s);
        } catch (IllegalArgumentException e) {
            throw new IOException("expected a base64 string but found \"" + JsonTypes.abbreviate(s) + "\"", e);
        }
    }

    @Override
    public Object readObject() throws IOException {
        headerBroken = true;
        return next(Object.class, "a value");
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T readObject(Class<T> cls) throws IOException {
        return (T) next(argumentType(cls), "a value of " + JsonTypes.typeName(cls));
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T readObject(Class<T> cls, Type type) throws IOException {
        headerBroken = true;
        return (T) next(type != null ? type : cls, "a value of " + JsonTypes.typeName(type != null ? type : cls));
    }

    /** The generic parameter type of the next argument when reading a request's arguments (finer), else {@code cls}. */
    private Type argumentType(Class<?> cls) {
        if (headerBroken || headerCount != header.length || model == null) {
            headerBroken = true;
            return cls;
        }
        if (argTypes == null) {
            argTypes = lookupArgumentTypes();
        }
        int i = argIndex++;
        if (argTypes.length > i && cls.isAssignableFrom(JsonTypes.rawClass(argTypes[i]))) {
            return argTypes[i];
        }
        return cls;
    }

    private Type[] lookupArgumentTypes() {
        try {
            String path = header[1];
            String version = header[2];
            String key = version == null || version.isEmpty() ? path : path + ":" + version;
            List<ProviderModel> providers = model.getServiceRepository().lookupExportedServicesWithoutGroup(key);
            if (providers == null) {
                return new Type[0];
            }
            for (ProviderModel provider : providers) {
                ServiceDescriptor service = provider.getServiceModel();
                MethodDescriptor md = service == null ? null : service.getMethod(header[3], header[4]);
                if (md == null) {
                    continue;
                }
                Object cached = md.getAttribute(GENERIC_TYPES_KEY);
                if (cached instanceof Type[]) {
                    return (Type[]) cached;
                }
                Type[] types = TypeResolution.parameterTypes(md.getMethod(), md, service.getServiceInterfaceClass());
                md.addAttribute(GENERIC_TYPES_KEY, types);
                return types;
            }
        } catch (RuntimeException e) {
            // no generic information: raw classes as Dubbo gives them
        }
        return new Type[0];
    }

    @Override
    @SuppressWarnings("unchecked")
    public Throwable readThrowable() throws IOException {
        headerBroken = true;
        Object tree = next(Object.class, "an exception");
        if (!(tree instanceof Map)) {
            throw new IOException("expected an exception object {\"exception\":...} but found "
                    + (tree == null ? "null" : tree.getClass().getSimpleName()));
        }
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        return ThrowableJson.rebuild(
                (Map<String, Object>) tree, codec, loader, model != null ? model : FrameworkModel.defaultModel());
    }

    @Override
    public String readEvent() throws IOException {
        headerBroken = true;
        Object v = next(Object.class, "an event");
        return v == null ? null : String.valueOf(v);
    }

    @Override
    @SuppressWarnings("unchecked")
    public Map<String, Object> readAttachments() throws IOException {
        headerBroken = true;
        Object v = next(Object.class, "attachments");
        if (v != null && !(v instanceof Map)) {
            throw new IOException(
                    "expected an attachments object but found " + v.getClass().getSimpleName());
        }
        return (Map<String, Object>) v;
    }
}
