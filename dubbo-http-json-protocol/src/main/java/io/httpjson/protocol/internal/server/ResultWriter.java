package io.httpjson.protocol.internal.server;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;

import io.httpjson.codec.JsonCodec;
import io.httpjson.codec.ThrowableJson;
import io.httpjson.protocol.internal.Attachments;
import io.httpjson.protocol.internal.EncodedAttachments;
import io.httpjson.protocol.internal.ErrorBody;
import io.httpjson.protocol.internal.ErrorCode;
import io.httpjson.protocol.internal.HttpFeatures;
import io.httpjson.protocol.internal.HttpJsonConfig;
import io.httpjson.protocol.internal.MethodMeta;
import io.httpjson.protocol.internal.OncePerKind;
import io.httpjson.protocol.internal.Wire;
import org.apache.dubbo.common.logger.ErrorTypeAwareLogger;
import org.apache.dubbo.common.logger.LoggerFactory;
import org.apache.dubbo.rpc.Result;
import org.apache.dubbo.rpc.RpcException;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;

import static org.apache.dubbo.common.constants.LoggerCodeConstants.PROTOCOL_FAILED_RESPONSE;

/**
 * The response stage for a call that ran: its value (with {@code Cache-Control} for GET), its business exception
 * as the JSON error body with the exception's class and fields, or the RpcException Dubbo's filters raised with the
 * status its code maps to; the result's attachments and trace context as headers.
 */
final class ResultWriter {

    private static final ErrorTypeAwareLogger LOG = LoggerFactory.getErrorTypeAwareLogger(ResultWriter.class);
    /** One-way calls Dubbo failed after their 202, which a caller may repeat: said once per method and kind. */
    private static final OncePerKind ONE_WAY_FAILURES = new OncePerKind(1024);

    private final Exchange ex;
    private final Target target;
    private final HttpJsonConfig config;
    private final HttpFeatures features;

    ResultWriter(Exchange ex, Target target, HttpJsonConfig config, HttpFeatures features) {
        this.ex = ex;
        this.target = target;
        this.config = config;
        this.features = features;
    }

    /** Answers with the outcome of the invocation, unless a one-way call was answered before it ran. */
    void write(MethodMeta method, Result result, Throwable failure, boolean answered) {
        if (failure instanceof CompletionException && failure.getCause() != null) {
            failure = failure.getCause();
        }
        Throwable e =
                failure != null ? failure : result != null && result.hasException() ? result.getException() : null;
        boolean business = failure == null && e != null && !(e instanceof RpcException && !((RpcException) e).isBiz());
        if (answered) {
            if (business) {
                // the method's own exception, which the caller asked not to be told: the dubbo protocol logs
                // nothing for it either, and any caller could otherwise write a WARN with a stack trace, and its own
                // text in the message, per call (Dubbo's ExceptionFilter still logs an undeclared unchecked one)
                if (LOG.isDebugEnabled()) {
                    LOG.debug("httpjson: one-way call " + target.route.path + "." + method + " threw", e);
                }
            } else if (e != null) {
                // Dubbo failed it (a filter's refusal, executes or tps): said once per method and kind, since any
                // caller may send such calls again and again
                String kind = target.route.path + "." + method + " "
                        + (e instanceof RpcException r
                                ? "code " + r.getCode()
                                : e.getClass().getName());
                if (ONE_WAY_FAILURES.first(kind)) {
                    LOG.warn(
                            PROTOCOL_FAILED_RESPONSE,
                            "",
                            "",
                            "httpjson: one-way call " + target.route.path + "." + method + " failed after it was"
                                    + " answered 202, so its caller was not told (said once per method and kind of"
                                    + " failure; later ones at DEBUG)",
                            e);
                } else if (LOG.isDebugEnabled()) {
                    LOG.debug("httpjson: one-way call " + target.route.path + "." + method + " failed", e);
                }
            }
            return;
        }
        JsonCodec codec = target.route.codec;
        try {
            if (business) {
                writeAttachments(result);
                // only where Dubbo's validation filter runs: a method's own (a JPA save's, say) is a business exception
                String validation = target.route.invoker.getUrl().getMethodParameter(method.name(), "validation");
                List<Map<String, String>> violations =
                        validation == null || validation.isEmpty() || "false".equalsIgnoreCase(validation)
                                ? null
                                : Violations.of(e);
                ErrorCode code = violations == null ? ErrorCode.BUSINESS_EXCEPTION : ErrorCode.VALIDATION_FAILED;
                Map<String, Object> body = ErrorBody.of(code, code.status(), e.getMessage(), config);
                body.putAll(ThrowableJson.describe(e, codec));
                if (violations != null) {
                    // Bean Validation's own message is each violation's toString(): the list says it plainly
                    body.put(ErrorBody.MESSAGE, Violations.summary(violations));
                    body.put("violations", violations);
                } else if (e.getMessage() == null) {
                    body.put(ErrorBody.MESSAGE, e.getClass().getName());
                    body.put(ErrorBody.NULL_MESSAGE, true);
                }
                ex.json(code.status(), body, null);
            } else if (e instanceof RpcException) {
                RpcException re = (RpcException) e;
                int status = failure == null
                        ? ErrorCode.statusOfReturned(re, target.route.invoker.getUrl(), method.name())
                        : ErrorCode.statusOf(re);
                Map<String, Object> body = ErrorBody.of(
                        ErrorCode.ofRpcStatus(status), status, ErrorBody.withoutUrlQueries(re.getMessage()), config);
                body.put(ErrorBody.RPC_CODE, re.getCode());
                if (failure == null) {
                    // the invocation's result (the method's own, or a filter's such as tps), not a failure to
                    // invoke: the dubbo protocol delivers it as the result, which failover does not send again
                    body.put(ErrorBody.RETURNED, true);
                }
                ex.json(status, body, null);
            } else if (e != null) {
                LOG.warn(
                        PROTOCOL_FAILED_RESPONSE,
                        "",
                        "",
                        "httpjson: invoking " + target.route.path + "." + method + " failed",
                        e);
                ex.fail(new CallError(
                        ErrorCode.SERVER_ERROR,
                        "invoking " + target.route.path + "." + method.name() + " failed: " + e));
            } else {
                writeAttachments(result);
                if ("GET".equals(ex.request.getMethod())) {
                    HttpFields.Mutable headers = ex.response.getHeaders();
                    headers.put(HttpHeader.CACHE_CONTROL, features.cacheControl());
                    if (features.vary() != null) {
                        // with CORS the answer also depends on Origin (Cors adds it for a request that has one)
                        boolean byOrigin =
                                !config.corsAllowedOrigins().isEmpty() && !headers.contains(HttpHeader.VARY, "Origin");
                        headers.add(HttpHeader.VARY, byOrigin ? "Origin, " + features.vary() : features.vary());
                    }
                }
                if (method.returnsVoid()) {
                    ex.empty(200);
                } else {
                    ex.json(200, result == null ? null : result.getValue(), method.returnType());
                }
            }
        } catch (RuntimeException | IOException | StackOverflowError | LinkageError | AssertionError writing) {
            // an Error from the value's own code (a class that fails to initialize, an assert) still gets an answer:
            // the caller and the calls behind it on the connection would wait for good
            LOG.warn(
                    PROTOCOL_FAILED_RESPONSE,
                    "",
                    "",
                    "httpjson: writing the result of " + target.route.path + "." + method + " failed",
                    writing);
            ex.fail(new CallError(
                    ErrorCode.SERVER_ERROR,
                    "the result of " + target.route.path + "." + method.name() + " could not be written as JSON: "
                            + writing));
        }
    }

    /**
     * The result's attachments as {@code Dubbo-Attachments}, its trace context as plain headers (not repeated in
     * {@code Dubbo-Attachments}); none of them if together they would pass the limit.
     */
    private void writeAttachments(Result result) {
        Map<String, Object> att = result == null ? null : result.getObjectAttachments();
        if (att == null || att.isEmpty()) {
            return;
        }
        EncodedAttachments encoded;
        try {
            encoded = Attachments.encodeResponse(att, config.maxAttachmentBytes());
        } catch (Attachments.AttachmentsTooLargeException tooLarge) {
            // the call ran: its outcome still goes to the caller, without the attachments (an error here would
            // not be a business one, and failover would run the call again)
            LOG.warn(
                    PROTOCOL_FAILED_RESPONSE,
                    "",
                    "",
                    "httpjson: the response attachments of " + target.route.path + " were not sent: "
                            + tooLarge.getMessage());
            return;
        }
        HttpFields.Mutable headers = ex.response.getHeaders();
        for (int i = 0; i < HttpFeatures.TRACE_HEADERS.size(); i++) {
            String v = encoded.trace(i);
            if (v != null) {
                headers.put(HttpFeatures.TRACE_HEADERS.get(i), v);
            }
        }
        if (encoded.header() != null) {
            headers.put(Wire.ATTACHMENTS, encoded.header());
        }
    }
}
