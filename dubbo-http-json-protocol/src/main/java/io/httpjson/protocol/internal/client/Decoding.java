package io.httpjson.protocol.internal.client;

import io.httpjson.codec.JsonCodec;
import io.httpjson.codec.internal.AllowList;
import org.apache.dubbo.rpc.model.FrameworkModel;

/**
 * What reading a reference's responses takes, resolved once when its invoker is made, while the framework is
 * alive: an answer may come after the consumer's framework was destroyed (within the shutdown wait), and must be
 * read as any other rather than fail a lookup in it.
 *
 * @param codec the JSON engine of the reference
 * @param model the consumer's framework (exceptions are rebuilt through its serialize checks)
 * @param allowList Dubbo's serialize allow-list of that framework, or null without one
 */
record Decoding(JsonCodec codec, FrameworkModel model, AllowList allowList) {

    static Decoding of(JsonCodec codec, FrameworkModel model) {
        return new Decoding(codec, model, AllowList.of(model));
    }
}
