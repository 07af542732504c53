package io.httpjson.serialization.it;

import io.httpjson.codec.JsonCodec;
import io.httpjson.serialization.gson.GsonTextCodec;
import io.httpjson.serialization.gson.GsonTextSerialization;
import org.apache.dubbo.common.serialize.Serialization;

/** The strict-input contract on the Gson engine. */
class GsonStrictInputTest extends StrictInputContract {

    @Override
    JsonCodec codec() {
        return new GsonTextCodec();
    }

    @Override
    Serialization serialization() {
        return new GsonTextSerialization();
    }
}
