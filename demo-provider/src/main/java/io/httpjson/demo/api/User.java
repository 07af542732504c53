package io.httpjson.demo.api;

import java.io.Serializable;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** A user as a typical CRUD service models it, with the three java.time types people actually use. */
public class User implements Serializable {

    private static final long serialVersionUID = 1L;

    private long id;
    private String name;
    private String email;
    private LocalDate birthday;
    private LocalDateTime registeredAt;
    private Instant lastLogin;
    private List<String> roles = new ArrayList<>();
    private Map<String, String> attributes = new LinkedHashMap<>();

    public User() {}

    public User(long id, String name, String email, LocalDate birthday, LocalDateTime registeredAt, Instant lastLogin) {
        this.id = id;
        this.name = name;
        this.email = email;
        this.birthday = birthday;
        this.registeredAt = registeredAt;
        this.lastLogin = lastLogin;
    }

    public long getId() {
        return id;
    }

    public void setId(long id) {
        this.id = id;
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public String getEmail() {
        return email;
    }

    public void setEmail(String email) {
        this.email = email;
    }

    public LocalDate getBirthday() {
        return birthday;
    }

    public void setBirthday(LocalDate birthday) {
        this.birthday = birthday;
    }

    public LocalDateTime getRegisteredAt() {
        return registeredAt;
    }

    public void setRegisteredAt(LocalDateTime registeredAt) {
        this.registeredAt = registeredAt;
    }

    public Instant getLastLogin() {
        return lastLogin;
    }

    public void setLastLogin(Instant lastLogin) {
        this.lastLogin = lastLogin;
    }

    public List<String> getRoles() {
        return roles;
    }

    public void setRoles(List<String> roles) {
        this.roles = roles;
    }

    public Map<String, String> getAttributes() {
        return attributes;
    }

    public void setAttributes(Map<String, String> attributes) {
        this.attributes = attributes;
    }

    /** A copy, so that callers never share mutable state with the in-memory store. */
    public User copy() {
        User u = new User(id, name, email, birthday, registeredAt, lastLogin);
        u.setRoles(new ArrayList<>(roles == null ? List.of() : roles));
        u.setAttributes(new LinkedHashMap<>(attributes == null ? Map.of() : attributes));
        return u;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof User u)) {
            return false;
        }
        return id == u.id
                && Objects.equals(name, u.name)
                && Objects.equals(email, u.email)
                && Objects.equals(birthday, u.birthday)
                && Objects.equals(registeredAt, u.registeredAt)
                && Objects.equals(lastLogin, u.lastLogin)
                && Objects.equals(roles, u.roles)
                && Objects.equals(attributes, u.attributes);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, name, email, birthday, registeredAt, lastLogin, roles, attributes);
    }

    @Override
    public String toString() {
        return "User{id=" + id + ", name='" + name + "', email='" + email + "', birthday=" + birthday
                + ", registeredAt=" + registeredAt + ", lastLogin=" + lastLogin + ", roles=" + roles
                + ", attributes=" + attributes + '}';
    }
}
