#include "notera/locale/messages.hpp"

#include <unicode/fmtable.h>
#include <unicode/locid.h>
#include <unicode/msgfmt.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <vector>

#include "notera/locale/bundle.hpp"

namespace notera::locale {

struct Messages::Impl {
  // Root is English; ICU's "root" locale has no "one" plural form, so
  // format English texts with the "en" locale.
  explicit Impl(std::string_view requested)
      : bundle(requested), locale(bundle.resolved() == "root" ? "en" : bundle.resolved().c_str()) {}
  Bundle bundle;
  icu::Locale locale;
  icu::Locale english{"en"};  // for the English texts a language lacks
  std::string language;
  std::vector<Rename> renames;
};

Messages::Messages(std::string_view language, std::vector<Rename> renames)
    : impl_(std::make_unique<Impl>(language)) {
  impl_->renames = std::move(renames);
  impl_->language = impl_->bundle.resolved() == "root" ? "en" : impl_->bundle.resolved();
}
Messages::~Messages() = default;
Messages::Messages(Messages&&) noexcept = default;
Messages& Messages::operator=(Messages&&) noexcept = default;

const std::string& Messages::language() const { return impl_->language; }

namespace {

std::string fallback_text(const Message& message);

std::string value_text(const Message::Value& value) {
  if (value.message) return fallback_text(*value.message);
  if (value.is_decimal) {
    char buffer[32];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, value.decimal).ptr;
    return std::string(buffer, end);
  }
  return value.is_number ? std::to_string(value.number) : value.text;
}

std::string fallback_text(const Message& message) {
  std::string out = message.key;
  for (const auto& [name, value] : message.args) {
    out += ' ';
    out += name;
    out += '=';
    out += value_text(value);
  }
  return out;
}

}  // namespace

namespace {

const Message::Value* argument(const Message& message, std::string_view name) {
  for (const auto& [n, value] : message.args)
    if (n == name) return &value;
  return nullptr;
}

// "TimeControl" -> "time_control": the sheet header word's key.
std::string snake_case(std::string_view tag) {
  std::string out;
  for (const char c : tag) {
    if (std::isupper(static_cast<unsigned char>(c)) && !out.empty()) out += '_';
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

// Characters of a text value a message shows; a longer one (a megabyte
// of junk where a move was expected) is cut there, with "…" after it.
constexpr std::size_t max_shown_characters = 240;

// A value as a message may show it: a control character in a text read
// from a file (0x1F where a move was expected) as its picture (U+241F),
// not as a byte that a terminal swallows or a line that breaks in two;
// at most max_shown_characters characters of it.
std::string visible(const std::string& text) {
  std::size_t end = text.size();
  std::size_t characters = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) continue;  // inside a character
    if (characters++ == max_shown_characters) {
      end = i;
      break;
    }
  }
  const std::string_view shown(text.data(), end);
  std::string out;
  if (std::none_of(shown.begin(), shown.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20; })) {
    out.assign(shown);
  } else {
    for (const char c : shown) {
      const auto b = static_cast<unsigned char>(c);
      if (b >= 0x20) {
        out += c;
        continue;
      }
      const char32_t picture = 0x2400 + b;  // U+2400..U+241F, three bytes in UTF-8
      out += static_cast<char>(0xE0 | (picture >> 12));
      out += static_cast<char>(0x80 | ((picture >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (picture & 0x3F));
    }
  }
  if (end < text.size()) out += "\u2026";
  return out;
}

}  // namespace

std::string Messages::format(const Message& message) const {
  // Two names every bundle has without writing them: a language's
  // ("language_name", code: ICU's display name in the messages' language,
  // "tyska" for de in Swedish), and a PGN tag's ("tag_name", tag: the
  // sheet's header word, "Dato" for Date in bokmål).
  if (message.key == "language_name") {
    const Message::Value* code = argument(message, "code");
    if (!code) return fallback_text(message);
    icu::UnicodeString name;
    icu::Locale(code->text.c_str()).getDisplayLanguage(impl_->locale, name);
    std::string out;
    name.toUTF8String(out);
    return out.empty() ? code->text : out;
  }
  if (message.key == "tag_name") {
    const Message::Value* tag = argument(message, "tag");
    if (!tag) return fallback_text(message);
    return impl_->bundle.string("header." + snake_case(tag->text)).value_or(tag->text);
  }
  const std::string* key = &message.key;
  for (const Rename& r : impl_->renames)
    if (r.first == message.key) key = &r.second;
  // A text the language has not translated is English, and is formatted
  // as English ("1 piece", "2,001 games"), not with the language's plural
  // rules and digits ("0 piece" under French rules).
  const std::string bundle_key = "msg." + *key;
  std::optional<std::string> pattern;
  const icu::Locale* locale = &impl_->locale;
  if (std::vector<std::string> own = impl_->bundle.own_strings(bundle_key); !own.empty()) {
    pattern = std::move(own.front());
  } else {
    pattern = impl_->bundle.string(bundle_key);
    locale = &impl_->english;
  }
  if (!pattern) return fallback_text(message);
  UErrorCode status = U_ZERO_ERROR;
  icu::MessageFormat compiled(icu::UnicodeString::fromUTF8(*pattern), *locale, status);
  if (U_FAILURE(status)) return fallback_text(message);
  std::vector<icu::UnicodeString> names;
  std::vector<icu::Formattable> values;
  names.reserve(message.args.size());
  values.reserve(message.args.size());
  for (const auto& [name, value] : message.args) {
    names.push_back(icu::UnicodeString::fromUTF8(name));
    if (value.message)
      values.emplace_back(icu::UnicodeString::fromUTF8(format(*value.message)));
    else if (value.is_number)
      values.emplace_back(static_cast<int64_t>(value.number));
    else if (value.is_decimal)  // "{seconds}": the locale's decimal separator and grouping
      values.emplace_back(value.decimal);
    else
      values.emplace_back(icu::UnicodeString::fromUTF8(visible(value.text)));
  }
  icu::UnicodeString result;
  compiled.format(names.data(), values.data(), static_cast<int32_t>(names.size()), result, status);
  if (U_FAILURE(status)) return fallback_text(message);
  std::string out;
  result.toUTF8String(out);
  return out;
}

std::string Messages::text(std::string_view key) const { return format(Message(std::string(key))); }

std::string bundle_language(std::string_view code) {
  const std::string id = canonical_language(code);
  const std::string base = id.substr(0, id.find('_'));
  if (base == "en" || base == "root") return "en";
  const std::vector<std::string>& known = available_languages();
  return std::find(known.begin(), known.end(), base) != known.end() ? base : std::string();
}

std::string language_from_environment() {
  for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* value = std::getenv(name);
    if (!value || !*value) continue;
    const std::string locale(value);
    // gettext ignores LANGUAGE in the C locale, but not in C.UTF-8 (glibc).
    if (locale == "C" || locale == "POSIX") return "en";
    if (const char* list = std::getenv("LANGUAGE"); list && *list) {
      for (std::string_view rest(list); !rest.empty();) {
        const std::size_t colon = std::min(rest.find(':'), rest.size());
        if (const std::string known = bundle_language(rest.substr(0, colon)); !known.empty())
          return canonical_language(rest.substr(0, colon));
        rest.remove_prefix(std::min(colon + 1, rest.size()));
      }
    }
    if (locale.rfind("C.", 0) == 0) return "en";
    return canonical_language(locale);
  }
  return "en";
}

}  // namespace notera::locale
