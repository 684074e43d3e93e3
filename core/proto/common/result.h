#pragma once

#include <QString>

#include <optional>
#include <utility>
#include <variant>

namespace roce {

/// Categories of failure that callers branch on; the message carries the details
/// (path, host, what was expected) for the user.
enum class ErrorCode {
    InvalidArgument,
    NotFound,
    Io,
    Parse,
    Protocol,
    Timeout,
    Unreachable,
    AuthenticationFailed,
    Refused,
    Busy,
    ServerError,
    Cancelled,
    Unsupported,
    Internal,
};

/// An error as a value: a code to branch on and a message for people.
struct Error {
    ErrorCode code = ErrorCode::Internal;
    QString message;
};

/// Expected-like result of a fallible call: either a value or an Error. No exceptions cross
/// Qt or thread boundaries in this code base.
template <typename T> class [[nodiscard]] Result
{
public:
    Result(T value) : m_data(std::move(value)) { }      // NOLINT(google-explicit-constructor)
    Result(Error error) : m_data(std::move(error)) { }  // NOLINT(google-explicit-constructor)

    bool ok() const { return std::holds_alternative<T>(m_data); }
    explicit operator bool() const { return ok(); }

    const T &value() const & { return std::get<T>(m_data); }
    T &value() & { return std::get<T>(m_data); }
    T &&value() && { return std::get<T>(std::move(m_data)); }
    const T &operator*() const & { return value(); }
    const T *operator->() const { return &value(); }

    const Error &error() const { return std::get<Error>(m_data); }

    T valueOr(T fallback) const { return ok() ? value() : std::move(fallback); }

private:
    std::variant<T, Error> m_data;
};

/// Result of a call that yields nothing but can fail.
template <> class [[nodiscard]] Result<void>
{
public:
    Result() = default;
    Result(Error error) : m_error(std::move(error)) { }  // NOLINT(google-explicit-constructor)

    bool ok() const { return !m_error.has_value(); }
    explicit operator bool() const { return ok(); }
    const Error &error() const { return *m_error; }

private:
    std::optional<Error> m_error;
};

inline Error makeError(ErrorCode code, QString message)
{
    return Error {code, std::move(message)};
}

}  // namespace roce
