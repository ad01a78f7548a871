#include "notera/scoresheet/sheet_locale.hpp"

#include <unicode/calendar.h>
#include <unicode/locid.h>
#include <unicode/normalizer2.h>
#include <unicode/smpdtfmt.h>
#include <unicode/timezone.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <cstdio>
#include <memory>

#include "notera/base/utf8.hpp"
#include "notera/locale/bundle.hpp"

namespace notera::scoresheet::sheet_locale {
namespace {

const icu::Normalizer2& nfc() {
  UErrorCode status = U_ZERO_ERROR;
  return *icu::Normalizer2::getNFCInstance(status);  // ICU owns it; never fails for NFC
}

icu::UnicodeString normalized(icu::UnicodeString text) {
  UErrorCode status = U_ZERO_ERROR;
  if (!nfc().isNormalized(text, status)) {
    status = U_ZERO_ERROR;
    icu::UnicodeString out = nfc().normalize(text, status);
    if (U_SUCCESS(status)) return out;
  }
  return text;
}

std::string to_utf8(const icu::UnicodeString& text) {
  std::string out;
  text.toUTF8String(out);
  return out;
}

bool is_blank(UChar32 c) { return c == ' ' || c == '\t' || c == 0xA0 || c == 0x2007 || c == 0x202F; }

std::string fold(std::string_view text, bool key) {
  icu::UnicodeString u = normalized(
      icu::UnicodeString::fromUTF8(icu::StringPiece(text.data(), static_cast<int32_t>(text.size()))));
  u.foldCase();
  icu::UnicodeString out;
  for (int32_t i = 0; i < u.length(); i = u.moveIndex32(i, 1)) {
    const UChar32 c = u.char32At(i);
    if (is_blank(c)) continue;
    if (key && (c == '-' || c == '_' || c == '.')) continue;
    out.append(c);
  }
  return to_utf8(out);
}

std::string display_code(const std::string& code) { return code == "root" ? "en" : code; }

std::string written_key(std::string_view language, std::string_view key) {
  std::string out(language);
  out += '|';
  out += key;
  return out;
}

}  // namespace

DecodedText decode(std::string_view bytes) {
  DecodedText out;
  icu::UnicodeString text;
  if (utf8::is_valid(bytes)) {
    if (bytes.substr(0, 3) == "\xEF\xBB\xBF") bytes.remove_prefix(3);
    text = icu::UnicodeString::fromUTF8(icu::StringPiece(bytes.data(), static_cast<int32_t>(bytes.size())));
  } else {
    // Not UTF-8: a sheet typed on an older Windows machine. Windows-1252 is
    // Latin-1 plus the printable characters Latin-1 leaves to controls.
    out.encoding = "windows-1252";
    text = icu::UnicodeString(bytes.data(), static_cast<int32_t>(bytes.size()), "windows-1252");
  }
  out.text = to_utf8(normalized(std::move(text)));
  return out;
}

std::string fold_key(std::string_view text) { return fold(text, true); }
std::string fold_word(std::string_view text) { return fold(text, false); }

// The canonical header keys, as in the bundles' "header.<key>" entries.
const std::vector<std::string>& SheetWords::header_keys() {
  static const std::vector<std::string> keys = {
      "event",  "site",     "date",  "round",        "board", "white",     "black",
      "result", "notation", "sheet", "time_control", "fen",   "white_elo", "black_elo",
  };
  return keys;
}

const SheetWords& SheetWords::get() {
  static const SheetWords words;
  return words;
}

SheetWords::SheetWords() {
  // Root holds the English words; every other language has its own bundle.
  std::vector<std::string> codes = {"root"};
  for (const std::string& code : locale::available_languages())
    if (code != "root" && code != "en") codes.push_back(code);
  for (const std::string& code : codes) {
    const locale::Bundle bundle(code);
    const std::string language = display_code(code);
    languages_.push_back(language);
    for (const std::string& key : header_keys()) {
      const std::vector<std::string> words = bundle.own_strings("header." + key);
      if (!words.empty()) written_.emplace(written_key(language, key), words.front());
      for (const std::string& word : words) {
        HeaderWord& entry = headers_[fold_key(word)];
        if (entry.key.empty()) entry.key = key;
        if (entry.key == key &&
            std::find(entry.languages.begin(), entry.languages.end(), language) == entry.languages.end())
          entry.languages.push_back(language);
      }
    }
    for (const char* owner : {"sheet.white", "sheet.black"}) {
      const std::vector<std::string> words = bundle.own_strings(owner);
      if (!words.empty()) written_.emplace(written_key(language, owner), words.front());
      for (const std::string& word : words)
        owners_.emplace(fold_word(word),
                        owner == std::string_view("sheet.white") ? Color::white : Color::black);
    }
    for (const std::string& word : bundle.own_strings("result.white_wins"))
      results_.emplace(fold_word(word), "1-0");
    for (const std::string& word : bundle.own_strings("result.black_wins"))
      results_.emplace(fold_word(word), "0-1");
    for (const std::string& word : bundle.own_strings("result.draw"))
      results_.emplace(fold_word(word), "1/2-1/2");
    for (const std::string& name : bundle.own_strings("lang.name"))
      language_names_.emplace(fold_word(name), language);
    date_patterns_[language] = bundle.own_strings("date.patterns");
  }
  // The PGN spellings are understood whatever the bundles say.
  results_.emplace("1-0", "1-0");
  results_.emplace("0-1", "0-1");
  results_.emplace("1/2-1/2", "1/2-1/2");
  results_.emplace("*", "*");
}

std::string SheetWords::header_word(std::string_view key, std::string_view language) const {
  auto it = written_.find(written_key(language, key));
  if (it == written_.end()) it = written_.find(written_key("en", key));
  return it == written_.end() ? std::string(key) : it->second;
}

std::string SheetWords::owner_word(Color side, std::string_view language) const {
  return header_word(side == Color::white ? "sheet.white" : "sheet.black", language);
}

const HeaderWord* SheetWords::header(std::string_view key) const {
  const auto it = headers_.find(fold_key(key));
  return it == headers_.end() ? nullptr : &it->second;
}

std::optional<Color> SheetWords::owner(std::string_view value) const {
  const auto it = owners_.find(fold_word(value));
  if (it == owners_.end()) return std::nullopt;
  return it->second;
}

std::optional<std::string> SheetWords::result(std::string_view value) const {
  const auto it = results_.find(fold_word(value));
  if (it == results_.end()) return std::nullopt;
  return it->second;
}

std::optional<std::string> SheetWords::language(std::string_view value) const {
  const std::string folded = fold_word(value);
  if (const auto it = language_names_.find(folded); it != language_names_.end()) return it->second;
  // A code, maybe with a region: "nb", "nb-NO", "NB_no".
  std::string code = locale::canonical_language(folded);
  if (const auto cut = code.find('_'); cut != std::string::npos) code.resize(cut);
  if (code == "root") code = "en";
  if (std::find(languages_.begin(), languages_.end(), code) != languages_.end()) return code;
  return std::nullopt;
}

namespace {

struct PatternFields {
  bool year = false, month = false, day = false;
};

// Which fields a SimpleDateFormat pattern has (letters outside quotes).
PatternFields fields_of(std::string_view pattern) {
  PatternFields fields;
  bool quoted = false;
  for (const char c : pattern) {
    if (c == '\'') quoted = !quoted;
    if (quoted) continue;
    if (c == 'y' || c == 'Y' || c == 'u') fields.year = true;
    if (c == 'M' || c == 'L') fields.month = true;
    if (c == 'd') fields.day = true;
  }
  return fields;
}

// One pattern, lenient about blanks, dots and case, strict about the calendar
// (no 31st of November) and about leaving nothing unread.
std::optional<std::string> parse_with(const icu::UnicodeString& text, const std::string& pattern,
                                      const std::string& language) {
  const PatternFields fields = fields_of(pattern);
  if (!fields.year) return std::nullopt;
  UErrorCode status = U_ZERO_ERROR;
  const icu::Locale locale(language.c_str());
  icu::SimpleDateFormat format(icu::UnicodeString::fromUTF8(pattern), locale, status);
  if (U_FAILURE(status)) return std::nullopt;
  format.setLenient(false);  // also turns the parse attributes off; turn them on again
  format.setBooleanAttribute(UDAT_PARSE_ALLOW_WHITESPACE, true, status);
  format.setBooleanAttribute(UDAT_PARSE_ALLOW_NUMERIC, true, status);
  format.setBooleanAttribute(UDAT_PARSE_PARTIAL_LITERAL_MATCH, true, status);
  format.setBooleanAttribute(UDAT_PARSE_MULTIPLE_PATTERNS_FOR_MATCH, true, status);
  std::unique_ptr<icu::Calendar> calendar(
      icu::Calendar::createInstance(icu::TimeZone::getGMT()->clone(), locale, status));
  if (U_FAILURE(status) || !calendar) return std::nullopt;
  calendar->setLenient(false);
  calendar->clear();
  icu::ParsePosition position(0);
  format.parse(text, *calendar, position);
  if (position.getErrorIndex() >= 0 || position.getIndex() != text.length()) return std::nullopt;
  status = U_ZERO_ERROR;
  const int32_t year = calendar->get(UCAL_YEAR, status);
  const int32_t month = calendar->get(UCAL_MONTH, status) + 1;
  const int32_t day = calendar->get(UCAL_DATE, status);
  if (U_FAILURE(status) || year < 1000 || year > 9999) return std::nullopt;
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%04d.", static_cast<int>(year));
  std::string out = buffer;
  if (fields.month) {
    std::snprintf(buffer, sizeof buffer, "%02d.", static_cast<int>(month));
    out += buffer;
  } else {
    out += "??.";
  }
  if (fields.day && fields.month) {
    std::snprintf(buffer, sizeof buffer, "%02d", static_cast<int>(day));
    out += buffer;
  } else {
    out += "??";
  }
  return out;
}

}  // namespace

std::optional<std::string> SheetWords::date(std::string_view value,
                                            const std::vector<std::string>& preferred) const {
  const icu::UnicodeString text =
      icu::UnicodeString::fromUTF8(icu::StringPiece(value.data(), static_cast<int32_t>(value.size()))).trim();
  if (text.isEmpty()) return std::nullopt;
  std::vector<std::string> order;
  for (const std::string& language : preferred)
    if (!language.empty() && date_patterns_.count(language)) order.push_back(language);
  for (const std::string& language : languages_)
    if (std::find(order.begin(), order.end(), language) == order.end()) order.push_back(language);
  for (const std::string& language : order) {
    const auto it = date_patterns_.find(language);
    if (it == date_patterns_.end()) continue;
    for (const std::string& pattern : it->second)
      if (auto date = parse_with(text, pattern, language)) return date;
  }
  return std::nullopt;
}

}  // namespace notera::scoresheet::sheet_locale
