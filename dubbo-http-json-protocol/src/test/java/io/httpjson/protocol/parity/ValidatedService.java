package io.httpjson.protocol.parity;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/** Exported with {@code validation="true"}: Dubbo checks the constraints before the method runs. */
public interface ValidatedService {

    String greet(@NotNull @Size(min = 2, max = 5) String name);

    String order(@NotNull @Min(1) Integer quantity, @NotNull String item);
}
