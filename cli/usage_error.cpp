#include "usage_error.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string_view>
#include <tuple>

namespace notera::cli {

namespace {

// CLI11 2.1's texts (CLI/Error.hpp, CLI/Validators.hpp) that name what
// went wrong. Each is read only when the whole text has the expected form;
// anything else falls back to "cli.usage.error" with CLI11's text.

bool has_prefix(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

bool has_suffix(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// An option's or argument's name as CLI11 writes it: "--jobs", "text".
bool is_name(std::string_view s) { return !s.empty() && s.find_first_of(" \t\n") == std::string_view::npos; }

// "NAME: REST", CLI11's form for an error of one option.
bool split_name(std::string_view what, std::string_view& name, std::string_view& rest) {
  const std::size_t colon = what.find(": ");
  if (colon == std::string_view::npos || !is_name(what.substr(0, colon))) return false;
  name = what.substr(0, colon);
  rest = what.substr(colon + 2);
  return true;
}

// "A SEPARATOR B" with two names, as in "--fen excludes --game".
bool split_pair(std::string_view what, std::string_view separator, std::string_view& a, std::string_view& b) {
  const std::size_t at = what.find(separator);
  if (at == std::string_view::npos) return false;
  a = what.substr(0, at);
  b = what.substr(at + separator.size());
  return is_name(a) && is_name(b);
}

std::vector<std::string_view> words(std::string_view s) {
  std::vector<std::string_view> out;
  while (!s.empty()) {
    const std::size_t blank = std::min(s.find(' '), s.size());
    if (blank > 0) out.push_back(s.substr(0, blank));
    s.remove_prefix(std::min(blank + 1, s.size()));
  }
  return out;
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& name : names) out += (out.empty() ? "" : ", ") + name;
  return out;
}

Message required(std::string_view name) {
  if (name.front() == '-') return Message("cli.usage.required_option").with("option", name);
  return Message("cli.usage.required_argument").with("argument", name);
}

// ExtrasError: "The following argument(s) was/were not expected: A B".
std::optional<Message> extras(std::string_view what, const std::vector<std::string>& commands,
                              const std::string& command) {
  std::string_view list;
  for (std::string_view prefix : {std::string_view("The following argument was not expected: "),
                                  std::string_view("The following arguments were not expected: ")})
    if (has_prefix(what, prefix)) list = what.substr(prefix.size());
  // CLI11 lists them last first (detail::rjoin): in the order given.
  std::vector<std::string_view> found = words(list);
  if (found.empty()) return std::nullopt;
  std::reverse(found.begin(), found.end());
  std::string given;
  for (std::string_view w : found) given += (given.empty() ? "" : " ") + std::string(w);
  const auto count = static_cast<std::int64_t>(found.size());
  // No command yet: the first word was meant as one.
  if (command.empty() && found.size() == 1 && found.front().front() != '-')
    return Message("cli.usage.unknown_command")
        .with("command", found.front())
        .with("commands", joined(commands));
  const bool options =
      std::all_of(found.begin(), found.end(), [](std::string_view w) { return w.front() == '-'; });
  return Message(options ? "cli.usage.unknown_option" : "cli.usage.unexpected")
      .with("count", count)
      .with(options ? "options" : "arguments", given);
}

std::optional<Message> read_error(const CLI::ParseError& error, std::string_view what,
                                  const std::vector<std::string>& commands, const std::string& command,
                                  const std::vector<std::string>& remaining) {
  std::string_view name;
  std::string_view rest;
  std::string_view other;
  if (dynamic_cast<const CLI::RequiredError*>(&error)) {
    if (what == "A subcommand is required") {
      // "notera konverter": the word where the command should be (past
      // options, which are the commands', and the language of --messages).
      for (std::size_t k = 0; command.empty() && k < remaining.size(); ++k) {
        if (remaining[k] == "--messages")
          ++k;
        else if (!remaining[k].empty() && remaining[k][0] != '-')
          return Message("cli.usage.unknown_command")
              .with("command", remaining[k])
              .with("commands", joined(commands));
      }
      return Message("cli.usage.no_command").with("commands", joined(commands));
    }
    if (has_suffix(what, " is required") && is_name(what.substr(0, what.size() - 12)))
      return required(what.substr(0, what.size() - 12));
    return std::nullopt;
  }
  if (dynamic_cast<const CLI::ExtrasError*>(&error)) return extras(what, commands, command);
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&error)) {
    if (!split_name(what, name, rest)) return std::nullopt;
    // "--messages: 1 required TEXT missing": the option ends the line.
    if (has_suffix(rest, " missing") && rest.find(" required ") != rest.npos)
      return Message("cli.usage.missing_value").with("option", name);
    // "sheets: At Most 2 required but received 3", "... At least 1 ...".
    for (const auto& [bound, key, limit] :
         {std::tuple{std::string_view("At Most "), "cli.usage.too_many_values", "max"},
          std::tuple{std::string_view("At least "), "cli.usage.too_few_values", "min"}}) {
      constexpr std::string_view received = " required but received ";
      const std::size_t at = rest.find(received);
      if (has_prefix(rest, bound) && at != std::string_view::npos && at > bound.size())
        return Message(key)
            .with("option", name)
            .with(limit, rest.substr(bound.size(), at - bound.size()))
            .with("given", rest.substr(at + received.size()));
    }
    return std::nullopt;
  }
  if (dynamic_cast<const CLI::ValidationError*>(&error)) {
    if (!split_name(what, name, rest)) return std::nullopt;
    // CLI::TypeValidator: "Failed parsing abc as a INT".
    constexpr std::string_view failed = "Failed parsing ";
    if (has_prefix(rest, failed)) {
      const std::size_t as = rest.rfind(" as a ");
      if (as == std::string_view::npos || as < failed.size()) return std::nullopt;
      const std::string_view value = rest.substr(failed.size(), as - failed.size());
      const std::string_view type = rest.substr(as + 6);
      return Message(type == "INT" || type == "UINT" ? "cli.usage.not_whole_number"
                                                     : "cli.usage.invalid_value")
          .with("option", name)
          .with("value", value);
    }
    // CLI::Range: "Value 2000 not in range 0 to 1024".
    constexpr std::string_view value_word = "Value ";
    const std::size_t range = rest.find(" not in range ");
    const std::size_t to = rest.rfind(" to ");
    if (has_prefix(rest, value_word) && range != std::string_view::npos && to != std::string_view::npos &&
        to > range) {
      const std::size_t min_at = range + 14;
      return Message("cli.usage.out_of_range")
          .with("option", name)
          .with("value", rest.substr(value_word.size(), range - value_word.size()))
          .with("min", rest.substr(min_at, to - min_at))
          .with("max", rest.substr(to + 4));
    }
    return std::nullopt;
  }
  if (dynamic_cast<const CLI::ConversionError*>(&error)) {
    // "Could not convert: --depth = deep"
    constexpr std::string_view could_not = "Could not convert: ";
    if (has_prefix(what, could_not)) {
      const std::string_view pair = what.substr(could_not.size());
      const std::size_t equals = pair.find(" = ");
      if (equals != std::string_view::npos && is_name(pair.substr(0, equals)))
        return Message("cli.usage.invalid_value")
            .with("option", pair.substr(0, equals))
            .with("value", pair.substr(equals + 3));
    }
    // "The value x is not an allowed value for --flag"
    constexpr std::string_view the_value = "The value ";
    constexpr std::string_view not_allowed = " is not an allowed value for ";
    const std::size_t at = what.rfind(not_allowed);
    if (has_prefix(what, the_value) && at != std::string_view::npos && at >= the_value.size() &&
        is_name(what.substr(at + not_allowed.size())))
      return Message("cli.usage.invalid_value")
          .with("option", what.substr(at + not_allowed.size()))
          .with("value", what.substr(the_value.size(), at - the_value.size()));
    return std::nullopt;
  }
  if (dynamic_cast<const CLI::ExcludesError*>(&error)) {
    if (split_pair(what, " excludes ", name, other))
      return Message("cli.usage.excludes").with("option", name).with("other", other);
    return std::nullopt;
  }
  if (dynamic_cast<const CLI::RequiresError*>(&error)) {
    if (split_pair(what, " requires ", name, other))
      return Message("cli.usage.requires").with("option", name).with("other", other);
    return std::nullopt;
  }
  if (dynamic_cast<const CLI::FileError*>(&error)) {
    constexpr std::string_view unreadable = " was not readable (missing?)";
    if (has_suffix(what, unreadable))
      return Message("cli.usage.unreadable").with("file", what.substr(0, what.size() - unreadable.size()));
    return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace

Message usage_error_message(const CLI::ParseError& error, const std::vector<std::string>& commands,
                            const std::string& command, const std::vector<std::string>& remaining) {
  const std::string_view what = error.what();
  if (std::optional<Message> m = read_error(error, what, commands, command, remaining)) return std::move(*m);
  return Message("cli.usage.error").with("what", what);
}

Message usage_help_hint(const std::string& command) {
  return Message("cli.usage.help").with("program", command.empty() ? "notera" : "notera " + command);
}

}  // namespace notera::cli
