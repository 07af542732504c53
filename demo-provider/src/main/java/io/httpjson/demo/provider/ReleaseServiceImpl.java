package io.httpjson.demo.provider;

import io.httpjson.demo.api.ReleaseService;

public class ReleaseServiceImpl implements ReleaseService {

    private final String release;

    public ReleaseServiceImpl(String version, String group) {
        this.release = version + "/" + group;
    }

    @Override
    public String release() {
        return release;
    }
}
