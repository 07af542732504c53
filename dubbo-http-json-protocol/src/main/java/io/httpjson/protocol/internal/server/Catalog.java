package io.httpjson.protocol.internal.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import io.httpjson.protocol.internal.ErrorCode;
import io.httpjson.protocol.internal.Gzip;
import io.httpjson.protocol.internal.HttpFeatures;
import io.httpjson.protocol.internal.openapi.OpenApiDocument;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;

/**
 * With {@code httpjson.openapi=true}: {@code GET /openapi.json}, the OpenAPI document of the services exported on
 * this port, and {@code GET /}, the catalog page that reads it and calls methods from a form. Off, both paths are
 * answered as any other unknown path.
 */
final class Catalog {

    static final String DOCUMENT = "/openapi.json";
    static final String PAGE = "/";
    private static final String PAGE_RESOURCE = "/io/httpjson/protocol/catalog.html";
    /** The page loads nothing from elsewhere, runs only its own script, calls only this provider, in no frame. */
    private static final String PAGE_POLICY = "default-src 'none'; script-src 'unsafe-inline';"
            + " style-src 'unsafe-inline'; connect-src 'self'; img-src data:; frame-ancestors 'none';"
            + " base-uri 'none'; form-action 'none'";

    private final HttpJsonServer server;
    private final HttpFeatures features;
    private volatile byte[] page;
    /** The document of the exports as they were at its version of the routes; made again after they change. */
    private volatile Document document;
    /** Documents made so far (for tests); guarded by this. */
    private int made;

    /** The document as JSON (or why it could not be made), and its gzipped copy once a caller has asked for one. */
    private static final class Document {
        final long version;
        final byte[] json;
        final String failure;
        private byte[] gzipped;

        Document(long version, byte[] json, String failure) {
            this.version = version;
            this.json = json;
            this.failure = failure;
        }

        synchronized byte[] gzipped() {
            if (gzipped == null) {
                Responder.Output out = new Responder.Output(json.length / 8 + 64);
                try {
                    Gzip.gzip(json, 0, json.length, out);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                gzipped = Arrays.copyOf(out.array(), out.size());
            }
            return gzipped;
        }
    }

    Catalog(HttpJsonServer server, HttpFeatures features) {
        this.server = server;
        this.features = features;
    }

    /** Answers the request and returns true if it asks for the document or the page and they are switched on. */
    boolean serve(Request request, Exchange ex) throws IOException {
        if (!features.openapi() || !"GET".equals(request.getMethod()) && !"HEAD".equals(request.getMethod())) {
            return false;
        }
        String path = request.getHttpURI().getPath();
        HttpFields.Mutable headers = ex.response.getHeaders();
        if (DOCUMENT.equals(path)) {
            headers.put(HttpHeader.CACHE_CONTROL, "no-store");
            Document d = document();
            if (d.failure != null) {
                throw new CallError(ErrorCode.SERVER_ERROR, d.failure);
            }
            ex.encodedJson(d.json, d::gzipped);
            return true;
        }
        if (PAGE.equals(path)) {
            headers.put(HttpHeader.CACHE_CONTROL, "no-store");
            headers.put("Content-Security-Policy", PAGE_POLICY);
            headers.put("X-Content-Type-Options", "nosniff");
            headers.put("Referrer-Policy", "no-referrer");
            ex.page(page(), "text/html; charset=utf-8");
            return true;
        }
        return false;
    }

    /**
     * The document of the services exported now: made once after each change of the exports, not per request (with
     * many services it is megabytes, and any caller may ask for it again and again). Callers that ask while it is
     * being made wait for it rather than make it too.
     */
    private Document document() {
        Document d = document;
        if (d != null && d.version == server.routes().version()) {
            return d;
        }
        synchronized (this) {
            long version = server.routes().version();
            d = document;
            if (d != null && d.version == version) {
                return d;
            }
            made++;
            try {
                Map<String, Object> tree = OpenApiDocument.build(exports(), features.healthPath());
                Responder.Output out = new Responder.Output(8192);
                server.defaultCodec().write(tree, null, out);
                d = new Document(version, Arrays.copyOf(out.array(), out.size()), null);
            } catch (IOException | RuntimeException | LinkageError e) {
                // a type of a service's methods that reflection cannot read (e.g. a class missing at run time)
                d = new Document(version, null, "the OpenAPI document could not be made: " + e);
            }
            document = d;
            return d;
        }
    }

    /** How many times the document was made (for tests). */
    synchronized int documentsMade() {
        return made;
    }

    private List<OpenApiDocument.Export> exports() {
        List<OpenApiDocument.Export> exports = new ArrayList<>();
        for (ServiceRoute r : server.routes().all()) {
            exports.add(new OpenApiDocument.Export(r.path, r.version, r.group, r.meta, r.getMethods));
        }
        return exports;
    }

    private byte[] page() {
        byte[] p = page;
        if (p == null) {
            try (InputStream in = Catalog.class.getResourceAsStream(PAGE_RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException(PAGE_RESOURCE + " is missing from the jar");
                }
                p = in.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            page = p;
        }
        return p;
    }
}
