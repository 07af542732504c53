package io.httpjson.benchmark.service;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * The rpcx-benchmark proto2 {@code BenchmarkMessage} as a plain Java bean (fields in field-number order).
 * Fill values and the 581-byte protobuf size: see {@link BenchmarkMessages}.
 */
public class BenchmarkMessage implements Serializable {
    private static final long serialVersionUID = 1L;

    private String field1;
    private int field2;
    private int field3;
    private String field4;
    private List<Long> field5 = new ArrayList<>();
    private int field6;
    private String field7;
    private String field9;
    private boolean field12;
    private boolean field13;
    private boolean field14;
    private int field16;
    private boolean field17;
    private String field18;
    private long field22;
    private int field23;
    private boolean field24;
    private int field25;
    private int field29;
    private boolean field30;
    private boolean field59;
    private int field60;
    private int field67;
    private int field68;
    private boolean field78;
    private boolean field80;
    private boolean field81;
    private int field100;
    private int field101;
    private String field102;
    private String field103;
    private int field104;
    private int field128;
    private String field129;
    private int field130;
    private int field131;
    private int field150;
    private int field271;
    private int field272;
    private int field280;

    public BenchmarkMessage() {}

    public String getField1() {
        return field1;
    }

    public void setField1(String field1) {
        this.field1 = field1;
    }

    public int getField2() {
        return field2;
    }

    public void setField2(int field2) {
        this.field2 = field2;
    }

    public int getField3() {
        return field3;
    }

    public void setField3(int field3) {
        this.field3 = field3;
    }

    public String getField4() {
        return field4;
    }

    public void setField4(String field4) {
        this.field4 = field4;
    }

    public List<Long> getField5() {
        return field5;
    }

    public void setField5(List<Long> field5) {
        this.field5 = field5;
    }

    public int getField6() {
        return field6;
    }

    public void setField6(int field6) {
        this.field6 = field6;
    }

    public String getField7() {
        return field7;
    }

    public void setField7(String field7) {
        this.field7 = field7;
    }

    public String getField9() {
        return field9;
    }

    public void setField9(String field9) {
        this.field9 = field9;
    }

    public boolean isField12() {
        return field12;
    }

    public void setField12(boolean field12) {
        this.field12 = field12;
    }

    public boolean isField13() {
        return field13;
    }

    public void setField13(boolean field13) {
        this.field13 = field13;
    }

    public boolean isField14() {
        return field14;
    }

    public void setField14(boolean field14) {
        this.field14 = field14;
    }

    public int getField16() {
        return field16;
    }

    public void setField16(int field16) {
        this.field16 = field16;
    }

    public boolean isField17() {
        return field17;
    }

    public void setField17(boolean field17) {
        this.field17 = field17;
    }

    public String getField18() {
        return field18;
    }

    public void setField18(String field18) {
        this.field18 = field18;
    }

    public long getField22() {
        return field22;
    }

    public void setField22(long field22) {
        this.field22 = field22;
    }

    public int getField23() {
        return field23;
    }

    public void setField23(int field23) {
        this.field23 = field23;
    }

    public boolean isField24() {
        return field24;
    }

    public void setField24(boolean field24) {
        this.field24 = field24;
    }

    public int getField25() {
        return field25;
    }

    public void setField25(int field25) {
        this.field25 = field25;
    }

    public int getField29() {
        return field29;
    }

    public void setField29(int field29) {
        this.field29 = field29;
    }

    public boolean isField30() {
        return field30;
    }

    public void setField30(boolean field30) {
        this.field30 = field30;
    }

    public boolean isField59() {
        return field59;
    }

    public void setField59(boolean field59) {
        this.field59 = field59;
    }

    public int getField60() {
        return field60;
    }

    public void setField60(int field60) {
        this.field60 = field60;
    }

    public int getField67() {
        return field67;
    }

    public void setField67(int field67) {
        this.field67 = field67;
    }

    public int getField68() {
        return field68;
    }

    public void setField68(int field68) {
        this.field68 = field68;
    }

    public boolean isField78() {
        return field78;
    }

    public void setField78(boolean field78) {
        this.field78 = field78;
    }

    public boolean isField80() {
        return field80;
    }

    public void setField80(boolean field80) {
        this.field80 = field80;
    }

    public boolean isField81() {
        return field81;
    }

    public void setField81(boolean field81) {
        this.field81 = field81;
    }

    public int getField100() {
        return field100;
    }

    public void setField100(int field100) {
        this.field100 = field100;
    }

    public int getField101() {
        return field101;
    }

    public void setField101(int field101) {
        this.field101 = field101;
    }

    public String getField102() {
        return field102;
    }

    public void setField102(String field102) {
        this.field102 = field102;
    }

    public String getField103() {
        return field103;
    }

    public void setField103(String field103) {
        this.field103 = field103;
    }

    public int getField104() {
        return field104;
    }

    public void setField104(int field104) {
        this.field104 = field104;
    }

    public int getField128() {
        return field128;
    }

    public void setField128(int field128) {
        this.field128 = field128;
    }

    public String getField129() {
        return field129;
    }

    public void setField129(String field129) {
        this.field129 = field129;
    }

    public int getField130() {
        return field130;
    }

    public void setField130(int field130) {
        this.field130 = field130;
    }

    public int getField131() {
        return field131;
    }

    public void setField131(int field131) {
        this.field131 = field131;
    }

    public int getField150() {
        return field150;
    }

    public void setField150(int field150) {
        this.field150 = field150;
    }

    public int getField271() {
        return field271;
    }

    public void setField271(int field271) {
        this.field271 = field271;
    }

    public int getField272() {
        return field272;
    }

    public void setField272(int field272) {
        this.field272 = field272;
    }

    public int getField280() {
        return field280;
    }

    public void setField280(int field280) {
        this.field280 = field280;
    }
}
