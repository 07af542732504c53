package io.httpjson.benchmark.service;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;

import com.google.protobuf.CodedOutputStream;

/** Fills a {@link BenchmarkMessage} the way rpcx-benchmark's PrepareArgs does, and encodes it as protobuf. */
public final class BenchmarkMessages {
    /** rpcx-benchmark's sentence: 18 characters, 54 bytes in UTF-8. */
    public static final String TEXT =
            "\u8bb8\u591a\u5f80\u4e8b\u5728\u773c\u524d\u4e00\u5e55\u4e00\u5e55\uff0c\u53d8\u7684\u90a3\u9ebc\u6a21\u7cca";

    private BenchmarkMessages() {}

    /** Every string {@link #TEXT}, every int 100000, every bool true, field5 empty. */
    public static BenchmarkMessage prepare() {
        BenchmarkMessage m = new BenchmarkMessage();
        m.setField1(TEXT);
        m.setField2(100000);
        m.setField3(100000);
        m.setField4(TEXT);
        m.setField5(new ArrayList<>());
        m.setField6(100000);
        m.setField7(TEXT);
        m.setField9(TEXT);
        m.setField12(true);
        m.setField13(true);
        m.setField14(true);
        m.setField16(100000);
        m.setField17(true);
        m.setField18(TEXT);
        m.setField22(100000L);
        m.setField23(100000);
        m.setField24(true);
        m.setField25(100000);
        m.setField29(100000);
        m.setField30(true);
        m.setField59(true);
        m.setField60(100000);
        m.setField67(100000);
        m.setField68(100000);
        m.setField78(true);
        m.setField80(true);
        m.setField81(true);
        m.setField100(100000);
        m.setField101(100000);
        m.setField102(TEXT);
        m.setField103(TEXT);
        m.setField104(100000);
        m.setField128(100000);
        m.setField129(TEXT);
        m.setField130(100000);
        m.setField131(100000);
        m.setField150(100000);
        m.setField271(100000);
        m.setField272(100000);
        m.setField280(100000);
        return m;
    }

    /** proto2 wire encoding, fields by number (what protoc-generated code would write). */
    public static byte[] toProtobuf(BenchmarkMessage m) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(640);
            CodedOutputStream out = CodedOutputStream.newInstance(bytes);
            if (m.getField1() != null) out.writeString(1, m.getField1());
            out.writeInt32(2, m.getField2());
            out.writeInt32(3, m.getField3());
            if (m.getField4() != null) out.writeString(4, m.getField4());
            for (long v : m.getField5()) out.writeFixed64(5, v);
            out.writeInt32(6, m.getField6());
            if (m.getField7() != null) out.writeString(7, m.getField7());
            if (m.getField9() != null) out.writeString(9, m.getField9());
            out.writeBool(12, m.isField12());
            out.writeBool(13, m.isField13());
            out.writeBool(14, m.isField14());
            out.writeInt32(16, m.getField16());
            out.writeBool(17, m.isField17());
            if (m.getField18() != null) out.writeString(18, m.getField18());
            out.writeInt64(22, m.getField22());
            out.writeInt32(23, m.getField23());
            out.writeBool(24, m.isField24());
            out.writeInt32(25, m.getField25());
            out.writeInt32(29, m.getField29());
            out.writeBool(30, m.isField30());
            out.writeBool(59, m.isField59());
            out.writeInt32(60, m.getField60());
            out.writeInt32(67, m.getField67());
            out.writeInt32(68, m.getField68());
            out.writeBool(78, m.isField78());
            out.writeBool(80, m.isField80());
            out.writeBool(81, m.isField81());
            out.writeInt32(100, m.getField100());
            out.writeInt32(101, m.getField101());
            if (m.getField102() != null) out.writeString(102, m.getField102());
            if (m.getField103() != null) out.writeString(103, m.getField103());
            out.writeInt32(104, m.getField104());
            out.writeInt32(128, m.getField128());
            if (m.getField129() != null) out.writeString(129, m.getField129());
            out.writeInt32(130, m.getField130());
            out.writeInt32(131, m.getField131());
            out.writeInt32(150, m.getField150());
            out.writeInt32(271, m.getField271());
            out.writeInt32(272, m.getField272());
            out.writeInt32(280, m.getField280());
            out.flush();
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The reply check: the server sets field1 = "OK" and field2 = 100, and every other field comes back as
     * {@link #prepare()} filled it (a reply that lost or changed one is wrong, not a cheaper success).
     */
    public static boolean isValidReply(BenchmarkMessage reply) {
        return reply != null && "OK".equals(reply.getField1()) && reply.getField2() == 100 && restAsSent(reply);
    }

    private static final int INT = 100000;

    private static boolean restAsSent(BenchmarkMessage m) {
        return TEXT.equals(m.getField4())
                && TEXT.equals(m.getField7())
                && TEXT.equals(m.getField9())
                && TEXT.equals(m.getField18())
                && TEXT.equals(m.getField102())
                && TEXT.equals(m.getField103())
                && TEXT.equals(m.getField129())
                && m.getField5() != null
                && m.getField5().isEmpty()
                && m.getField3() == INT
                && m.getField6() == INT
                && m.getField16() == INT
                && m.getField22() == INT
                && m.getField23() == INT
                && m.getField25() == INT
                && m.getField29() == INT
                && m.getField60() == INT
                && m.getField67() == INT
                && m.getField68() == INT
                && m.getField100() == INT
                && m.getField101() == INT
                && m.getField104() == INT
                && m.getField128() == INT
                && m.getField130() == INT
                && m.getField131() == INT
                && m.getField150() == INT
                && m.getField271() == INT
                && m.getField272() == INT
                && m.getField280() == INT
                && m.isField12()
                && m.isField13()
                && m.isField14()
                && m.isField17()
                && m.isField24()
                && m.isField30()
                && m.isField59()
                && m.isField78()
                && m.isField80()
                && m.isField81();
    }
}
