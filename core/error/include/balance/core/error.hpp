#pragma once
// Errors are values up to main: every fallible core call returns Result<T>.

#include <string>
#include <utility>
#include <variant>

namespace balance {

// One human-readable error. `where` names the file, line, engine or FEN that caused it, so the
// message printed at the top level can say exactly what was wrong and where.
struct Error {
    std::string message;
    std::string where;  // "configs/variants/asymmetric.toml:42", "FEN '...'", "engine fairymax"

    [[nodiscard]] std::string to_string() const {
        return where.empty() ? message : where + ": " + message;
    }
};

[[nodiscard]] inline Error make_error(std::string message, std::string where = {}) {
    return Error{std::move(message), std::move(where)};
}

// A value or an Error (std::expected is C++23; this is the small part of it we need).
template <class T>
class [[nodiscard]] Result {
  public:
    Result(T value) : data_(std::move(value)) {}
    Result(Error error) : data_(std::move(error)) {}

    [[nodiscard]] bool ok() const { return data_.index() == 0; }
    explicit operator bool() const { return ok(); }

    [[nodiscard]] T& value() & { return std::get<0>(data_); }
    [[nodiscard]] const T& value() const& { return std::get<0>(data_); }
    [[nodiscard]] T&& value() && { return std::get<0>(std::move(data_)); }
    [[nodiscard]] const Error& error() const { return std::get<1>(data_); }

    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }

  private:
    std::variant<T, Error> data_;
};

// Result<void>: success or an Error.
template <>
class [[nodiscard]] Result<void> {
  public:
    Result() = default;
    Result(Error error) : error_(std::move(error)), failed_(true) {}

    [[nodiscard]] bool ok() const { return !failed_; }
    explicit operator bool() const { return ok(); }
    [[nodiscard]] const Error& error() const { return error_; }

  private:
    Error error_;
    bool failed_ = false;
};

}  // namespace balance
