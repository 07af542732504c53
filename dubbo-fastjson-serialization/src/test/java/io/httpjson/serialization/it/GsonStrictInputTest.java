package io.httpjson.serialization.it;

import io.httpjson.codec.JsonCodec;
import io.httpjson.serialization.gson.GsonTextCodec;

/** The strict-input contract on the Gson engine. */
class GsonStrictInputTest extends StrictInputContract {

    @Override
    JsonCodec codec() {
        return new GsonTextCodec();
    }
}
