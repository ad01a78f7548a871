// A user-facing message, kept as a key into the locale bundles plus named
// arguments, so that the library never hard-codes English text. The CLI
// (or any caller) renders it with notera::locale::Messages in the user's
// language; English is the fallback.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace notera {

struct Message {
  // An argument: text, a whole number (numbers drive plural and select
  // forms), a fractional number (seconds, megabytes), or another message,
  // rendered in the same language first ("the move is illegal: {reason}").
  // Numbers are formatted as the message's language writes them ("1.5" in
  // English, "1,5" in bokmål and German), never preformatted by the caller.
  struct Value {
    std::string text;
    std::int64_t number = 0;
    bool is_number = false;
    std::shared_ptr<const Message> message;
    double decimal = 0;
    bool is_decimal = false;
    bool operator==(const Value& o) const {
      return text == o.text && number == o.number && is_number == o.is_number && decimal == o.decimal &&
             is_decimal == o.is_decimal &&
             (message == o.message || (message && o.message && *message == *o.message));
    }
  };

  std::string key;  // e.g. "fen.side" -> bundle entry "msg.fen.side"
  std::vector<std::pair<std::string, Value>> args;

  Message() = default;
  explicit Message(std::string k) : key(std::move(k)) {}

  Message& with(std::string name, std::string value) {
    args.emplace_back(std::move(name), Value{std::move(value), 0, false, nullptr});
    return *this;
  }
  Message& with(std::string name, std::string_view value) {
    return with(std::move(name), std::string(value));
  }
  Message& with(std::string name, const char* value) { return with(std::move(name), std::string(value)); }
  Message& with(std::string name, std::int64_t value) {
    args.emplace_back(std::move(name), Value{{}, value, true, nullptr});
    return *this;
  }
  Message& with(std::string name, int value) {
    return with(std::move(name), static_cast<std::int64_t>(value));
  }
  // A fractional number, rounded to `fraction_digits` places (0 to 3) and
  // shown without trailing zeros: 1.5 with 2 digits is "1.5", 0.004 is "0".
  Message& with(std::string name, double value, int fraction_digits = 2) {
    const double scale = std::pow(10.0, std::clamp(fraction_digits, 0, 3));
    Value v;
    v.decimal = std::isfinite(value) ? std::round(value * scale) / scale + 0.0 : 0;  // + 0.0: no "-0"
    v.is_decimal = true;
    args.emplace_back(std::move(name), std::move(v));
    return *this;
  }
  Message& with(std::string name, Message value) {
    args.emplace_back(std::move(name),
                      Value{{}, 0, false, std::make_shared<const Message>(std::move(value))});
    return *this;
  }
  bool empty() const { return key.empty(); }
  bool operator==(const Message& o) const { return key == o.key && args == o.args; }
};

}  // namespace notera
