// A user-facing message, kept as a key into the locale bundles plus named
// arguments, so that the library never hard-codes English text. The CLI
// (or any caller) renders it with notera::locale::Messages in the user's
// language; English is the fallback.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace notera {

struct Message {
  // An argument: text, or a number (numbers drive plural and select forms).
  struct Value {
    std::string text;
    std::int64_t number = 0;
    bool is_number = false;
    bool operator==(const Value&) const = default;
  };

  std::string key;  // e.g. "fen.side" -> bundle entry "msg.fen.side"
  std::vector<std::pair<std::string, Value>> args;

  Message() = default;
  explicit Message(std::string k) : key(std::move(k)) {}

  Message& with(std::string name, std::string value) {
    args.emplace_back(std::move(name), Value{std::move(value), 0, false});
    return *this;
  }
  Message& with(std::string name, std::string_view value) {
    return with(std::move(name), std::string(value));
  }
  Message& with(std::string name, const char* value) {
    return with(std::move(name), std::string(value));
  }
  Message& with(std::string name, std::int64_t value) {
    args.emplace_back(std::move(name), Value{{}, value, true});
    return *this;
  }
  Message& with(std::string name, int value) {
    return with(std::move(name), static_cast<std::int64_t>(value));
  }
  bool empty() const { return key.empty(); }
  bool operator==(const Message&) const = default;
};

}  // namespace notera
