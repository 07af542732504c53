package io.httpjson.benchmark.service;

public enum UserStatus {
    ACTIVE,
    DISABLED,
    PENDING
}
