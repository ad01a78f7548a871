// The locale bundles (locales/*.txt): every language opens as itself, has
// the complete notation data of the schema (locales/README.md), sane piece
// letters, date patterns that really parse that country's dates, and -- for
// nb, nn, da, sv, de -- a real translation of every message.
#include <doctest/doctest.h>

#include <unicode/calendar.h>
#include <unicode/locid.h>
#include <unicode/messagepattern.h>
#include <unicode/msgfmt.h>
#include <unicode/smpdtfmt.h>
#include <unicode/timezone.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <future>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "notera/base/message.hpp"
#include "notera/locale/bundle.hpp"
#include "notera/locale/messages.hpp"

using notera::Message;
using notera::locale::Bundle;
using notera::locale::Messages;

namespace {

const std::vector<std::string> all_languages = {"bg", "ca", "cs", "da", "de", "en", "es", "et", "fi",
                                                "fr", "hr", "hu", "is", "it", "lv", "nb", "nl", "nn",
                                                "pl", "pt", "ro", "ru", "sk", "sv", "tr", "uk"};

// The languages whose messages are translated; the others fall back to English.
const std::vector<std::string> translated_languages = {"nb", "nn", "da", "sv", "de"};

const std::vector<std::string> pieces = {"notation.king", "notation.queen", "notation.rook",
                                         "notation.bishop", "notation.knight"};

// Every key of the schema that each language must give (locales/README.md),
// except the arrays that may be empty (notation.pawn, notation.lookalikes).
const std::vector<std::string> required_keys = {"lang.name",
                                                "notation.king",
                                                "notation.queen",
                                                "notation.rook",
                                                "notation.bishop",
                                                "notation.knight",
                                                "notation.castle_short",
                                                "notation.castle_long",
                                                "notation.promotion_mark",
                                                "words.check",
                                                "words.mate",
                                                "words.en_passant",
                                                "words.draw_offer",
                                                "words.castle_short",
                                                "words.castle_long",
                                                "result.white_wins",
                                                "result.black_wins",
                                                "result.draw",
                                                "header.event",
                                                "header.site",
                                                "header.date",
                                                "header.round",
                                                "header.board",
                                                "header.white",
                                                "header.black",
                                                "header.result",
                                                "header.notation",
                                                "header.sheet",
                                                "header.time_control",
                                                "header.fen",
                                                "header.white_elo",
                                                "header.black_elo",
                                                "sheet.white",
                                                "sheet.black",
                                                "date.patterns"};

// A language's own value of a key; English lives in root, so "en" reads
// through the fallback.
std::vector<std::string> own(const Bundle& bundle, const std::string& key) {
  return bundle.resolved() == "en" ? bundle.strings(key) : bundle.own_strings(key);
}

// The named arguments of an ICU MessageFormat pattern, nested ones included.
std::set<std::string> argument_names(const std::string& pattern) {
  UErrorCode status = U_ZERO_ERROR;
  icu::MessagePattern parsed(icu::UnicodeString::fromUTF8(pattern), nullptr, status);
  REQUIRE_MESSAGE(U_SUCCESS(status), pattern);
  std::set<std::string> names;
  for (int32_t i = 0; i < parsed.countParts(); ++i) {
    const icu::MessagePattern::Part& part = parsed.getPart(i);
    if (part.getType() != UMSGPAT_PART_TYPE_ARG_NAME) continue;
    std::string name;
    parsed.getSubstring(part).toUTF8String(name);
    names.insert(name);
  }
  return names;
}

// Parses `text` with the first of `patterns` that reads all of it (strict
// parsing, as a careful reader would) and returns "yyyy-MM-dd", or "" if no
// pattern reads it.
std::string parse_date(const std::vector<std::string>& patterns, const std::string& language,
                       const std::string& text) {
  const icu::Locale locale(language.c_str());
  const icu::UnicodeString input = icu::UnicodeString::fromUTF8(text);
  for (const auto& pattern : patterns) {
    UErrorCode status = U_ZERO_ERROR;
    icu::SimpleDateFormat format(icu::UnicodeString::fromUTF8(pattern), locale, status);
    REQUIRE_MESSAGE(U_SUCCESS(status), language << " " << pattern);
    format.setLenient(false);
    std::unique_ptr<icu::Calendar> calendar(
        icu::Calendar::createInstance(icu::TimeZone::getGMT()->clone(), locale, status));
    REQUIRE(U_SUCCESS(status));
    calendar->clear();
    icu::ParsePosition position(0);
    format.parse(input, *calendar, position);
    if (position.getErrorIndex() >= 0 || position.getIndex() != input.length()) continue;
    status = U_ZERO_ERROR;
    const int year = calendar->get(UCAL_YEAR, status);
    const int month = calendar->get(UCAL_MONTH, status) + 1;
    const int day = calendar->get(UCAL_DATE, status);
    if (U_FAILURE(status)) continue;
    char out[40];
    std::snprintf(out, sizeof out, "%04d-%02d-%02d", year, month, day);
    return out;
  }
  return "";
}

// Formats 21 November 2026 with one pattern in the language.
std::string format_date(const std::string& pattern, const std::string& language) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Locale locale(language.c_str());
  icu::SimpleDateFormat format(icu::UnicodeString::fromUTF8(pattern), locale, status);
  REQUIRE(U_SUCCESS(status));
  format.setTimeZone(*icu::TimeZone::getGMT());
  std::unique_ptr<icu::Calendar> calendar(
      icu::Calendar::createInstance(icu::TimeZone::getGMT()->clone(), locale, status));
  calendar->clear();
  calendar->set(2026, UCAL_NOVEMBER, 21);
  icu::UnicodeString out;
  icu::FieldPosition field;
  format.format(*calendar, out, field);
  std::string text;
  out.toUTF8String(text);
  return text;
}

}  // namespace

TEST_CASE("locale bundles: every language opens as itself, nb and nn without hanging") {
  CHECK(notera::locale::available_languages() == all_languages);

  // ICU 72 loops forever opening nb or nn from our package unless their
  // bundles declare %%Parent (locales/README.md), so open them on a thread.
  struct Opened {
    std::string code, resolved;
    bool exact;
  };
  auto task = std::make_shared<std::packaged_task<std::vector<Opened>()>>([] {
    std::vector<Opened> out;
    for (const auto& code : all_languages) {
      const Bundle bundle(code);
      out.push_back({code, bundle.resolved(), bundle.is_exact()});
    }
    for (const char* regional : {"nb_NO", "nn-NO", "de-AT", "sv_FI", "pt_BR", "ru_RU.UTF-8"}) {
      const Bundle bundle(regional);
      out.push_back({regional, bundle.resolved(), false});
    }
    return out;
  });
  auto done = task->get_future();
  std::thread([task] { (*task)(); }).detach();
  REQUIRE_MESSAGE(done.wait_for(std::chrono::seconds(30)) == std::future_status::ready,
                  "opening the bundles hangs");
  const auto opened = done.get();
  for (std::size_t i = 0; i < all_languages.size(); ++i) {
    CAPTURE(opened[i].code);
    CHECK(opened[i].resolved == opened[i].code);
    CHECK(opened[i].exact);
  }
  // A regional id falls back to its language's bundle.
  const std::map<std::string, std::string> regional_expected = {{"nb_NO", "nb"}, {"nn-NO", "nn"},
                                                                {"de-AT", "de"}, {"sv_FI", "sv"},
                                                                {"pt_BR", "pt"}, {"ru_RU.UTF-8", "ru"}};
  for (std::size_t i = all_languages.size(); i < opened.size(); ++i) {
    CAPTURE(opened[i].code);
    CHECK(opened[i].resolved == regional_expected.at(opened[i].code));
  }
  // Unknown languages and the POSIX locale get root, which is English.
  CHECK(Bundle("xx").resolved() == "root");
  CHECK(Bundle("en_US_POSIX").string("notation.knight") == "N");
}

TEST_CASE("locale bundles: every language gives every key of the schema itself") {
  for (const auto& code : all_languages) {
    const Bundle bundle(code);
    for (const auto& key : required_keys) {
      CAPTURE(code);
      CAPTURE(key);
      const auto values = own(bundle, key);
      REQUIRE_FALSE(values.empty());
      if (key == "notation.promotion_mark") continue;  // "" is the FIDE form
      for (const auto& value : values) CHECK_FALSE(value.empty());
    }
    // Only root lists the languages.
    CHECK(bundle.own_strings("languages").empty());
  }
}

TEST_CASE("locale bundles: piece letters are distinct and never a file letter") {
  for (const auto& code : all_languages) {
    CAPTURE(code);
    const Bundle bundle(code);
    std::set<std::string> first_letters, all_letters;
    std::size_t count = 0;
    for (const auto& piece : pieces) {
      const auto letters = own(bundle, piece);
      REQUIRE_FALSE(letters.empty());
      first_letters.insert(letters.front());
      for (const auto& letter : letters) {
        CAPTURE(letter);
        REQUIRE_FALSE(letter.empty());
        CHECK_FALSE((letter.front() >= 'a' && letter.front() <= 'h'));
        all_letters.insert(letter);
        ++count;
      }
    }
    CHECK(first_letters.size() == pieces.size());
    CHECK(all_letters.size() == count);  // no letter means two pieces
    for (const auto& pawn : own(bundle, "notation.pawn")) {
      CAPTURE(pawn);
      CHECK(all_letters.count(pawn) == 0);
    }
  }
}

TEST_CASE("locale bundles: the letters of each language") {
  // king queen rook bishop knight, as written; and the pawn letter read.
  const std::map<std::string, std::pair<std::vector<std::string>, std::string>> expected = {
      {"en", {{"K", "Q", "R", "B", "N"}, "P"}}, {"nb", {{"K", "D", "T", "L", "S"}, ""}},
      {"nn", {{"K", "D", "T", "L", "S"}, ""}},  {"da", {{"K", "D", "T", "L", "S"}, ""}},
      {"sv", {{"K", "D", "T", "L", "S"}, ""}},  {"de", {{"K", "D", "T", "L", "S"}, "B"}},
      {"is", {{"K", "D", "H", "B", "R"}, ""}},  {"fi", {{"K", "D", "T", "L", "R"}, ""}},
      {"nl", {{"K", "D", "T", "L", "P"}, ""}},  {"fr", {{"R", "D", "T", "F", "C"}, "P"}},
      {"es", {{"R", "D", "T", "A", "C"}, "P"}}, {"it", {{"R", "D", "T", "A", "C"}, "P"}},
      {"pt", {{"R", "D", "T", "B", "C"}, "P"}}, {"ca", {{"R", "D", "T", "A", "C"}, "P"}},
      {"ro", {{"R", "D", "T", "N", "C"}, "P"}}, {"pl", {{"K", "H", "W", "G", "S"}, "P"}},
      {"cs", {{"K", "D", "V", "S", "J"}, "P"}}, {"sk", {{"K", "D", "V", "S", "J"}, "P"}},
      {"hu", {{"K", "V", "B", "F", "H"}, ""}},  {"et", {{"K", "L", "V", "O", "R"}, ""}},
      {"lv", {{"K", "D", "T", "L", "Z"}, ""}},  {"hr", {{"K", "D", "T", "L", "S"}, ""}},
      {"ru", {{"Кр", "Ф", "Л", "С", "К"}, ""}}, {"uk", {{"Кр", "Ф", "Т", "С", "К"}, ""}},
      {"bg", {{"Ц", "Д", "Т", "О", "К"}, ""}},  {"tr", {{"Ş", "V", "K", "F", "A"}, "P"}}};
  REQUIRE(expected.size() == all_languages.size());
  for (const auto& [code, letters] : expected) {
    CAPTURE(code);
    const Bundle bundle(code);
    for (std::size_t i = 0; i < pieces.size(); ++i) CHECK(own(bundle, pieces[i]).front() == letters.first[i]);
    const auto pawn = own(bundle, "notation.pawn");
    if (letters.second.empty())
      CHECK(pawn.empty());
    else
      CHECK(pawn == std::vector<std::string>{letters.second});
  }
}

TEST_CASE("locale bundles: castling and promotion are written the FIDE way, PGN in English") {
  for (const auto& code : all_languages) {
    CAPTURE(code);
    const Bundle bundle(code);
    const bool english = code == "en";
    CHECK(bundle.string("notation.castle_short") == (english ? "O-O" : "0-0"));
    CHECK(bundle.string("notation.castle_long") == (english ? "O-O-O" : "0-0-0"));
    CHECK(bundle.string("notation.promotion_mark") == (english ? "=" : ""));
    // FIDE Appendix C: (=) marks a draw offer in every language.
    CHECK(own(bundle, "words.draw_offer").front() == "(=)");
  }
}

TEST_CASE("locale bundles: look-alike letters turn Latin into the language's Cyrillic") {
  for (const auto& code : all_languages) {
    CAPTURE(code);
    const Bundle bundle(code);
    const auto pairs = own(bundle, "notation.lookalikes");
    const bool cyrillic = code == "ru" || code == "uk" || code == "bg";
    CHECK(pairs.empty() != cyrillic);
    REQUIRE(pairs.size() % 2 == 0);
    std::string letters;
    for (const auto& piece : pieces)
      for (const auto& letter : own(bundle, piece)) letters += letter + ' ';
    for (std::size_t i = 0; i < pairs.size(); i += 2) {
      const std::string& from = pairs[i];
      const std::string& to = pairs[i + 1];
      CAPTURE(from);
      CHECK(std::all_of(from.begin(), from.end(), [](char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');  // Latin only
      }));
      CHECK(letters.find(to) != std::string::npos);  // part of a piece letter
      // Never a file letter: a lower-case c must stay the c-file.
      CHECK_FALSE((from.size() == 1 && from[0] >= 'a' && from[0] <= 'h'));
    }
  }
  CHECK(Bundle("ru").own_strings("notation.lookalikes").front() == "Kp");
}

TEST_CASE("locale bundles: header words cover those of the scoresheet format") {
  // docs/scoresheet-format.md, "Header lines".
  const std::map<std::string, std::vector<std::string>> documented = {
      {"header.event", {"Event", "Turnering", "Tävling"}},
      {"header.site", {"Site", "Sted", "Plats"}},
      {"header.date", {"Date", "Dato", "Datum"}},
      {"header.round", {"Round", "Runde", "Rond", "Omgång"}},
      {"header.white", {"White", "Hvit", "Kvit", "Hvid", "Vit"}},
      {"header.black", {"Black", "Svart", "Sort"}},
      {"header.result", {"Result", "Resultat"}},
      {"header.board", {"Board", "Bord"}},
      {"header.notation", {"Notation", "Notasjon"}},
      {"header.sheet", {"Sheet", "Skjema", "Protokoll", "Noteringsliste"}},
      {"header.time_control", {"TimeControl"}},
      {"header.fen", {"FEN"}},
      {"sheet.white", {"white", "hvit", "kvit", "hvid", "vit", "weiß"}},
      {"sheet.black", {"black", "svart", "sort", "schwarz"}}};
  for (const auto& [key, words] : documented) {
    std::set<std::string> known;
    for (const auto& code : all_languages)
      for (const auto& word : own(Bundle(code), key)) known.insert(word);
    for (const auto& word : words) {
      CAPTURE(key);
      CAPTURE(word);
      CHECK(known.count(word) == 1);
    }
  }
  // The example sheet of that document, word by word.
  const Bundle nb("nb");
  CHECK(nb.own_strings("header.event").front() == "Turnering");
  CHECK(nb.own_strings("header.sheet").front() == "Skjema");
  CHECK(nb.own_strings("sheet.white").front() == "hvit");
}

TEST_CASE("locale bundles: date patterns read the dates people write") {
  // 21 November 2026 as written on sheets in each country.
  const std::map<std::string, std::vector<std::string>> samples = {
      {"en", {"2026.11.21", "2026-11-21", "21 November 2026", "November 21, 2026", "21/11/2026"}},
      {"nb", {"21.11.2026", "21. nov. 2026", "21. november 2026", "2026-11-21"}},
      {"nn", {"21.11.2026", "21. nov. 2026", "21. november 2026"}},
      {"da", {"21.11.2026", "21. nov. 2026", "21. november 2026", "21/11-2026", "21-11-2026"}},
      {"sv", {"2026-11-21", "21 nov. 2026", "21 november 2026", "21/11 2026"}},
      {"is", {"21.11.2026", "21. nóvember 2026"}},
      {"fi", {"21.11.2026", "21. marraskuuta 2026"}},
      {"de", {"21.11.2026", "21. November 2026", "21. Nov. 2026"}},
      {"nl", {"21-11-2026", "21 november 2026"}},
      {"fr", {"21/11/2026", "21 novembre 2026"}},
      {"es", {"21/11/2026", "21 de noviembre de 2026"}},
      {"it", {"21/11/2026", "21 novembre 2026"}},
      {"pt", {"21/11/2026", "21 de novembro de 2026"}},
      {"ca", {"21/11/2026", "21 de novembre de 2026"}},
      {"ro", {"21.11.2026", "21 noiembrie 2026"}},
      {"pl", {"21.11.2026", "21 listopada 2026"}},
      {"cs", {"21. 11. 2026", "21.11.2026", "21. listopadu 2026"}},
      {"sk", {"21. 11. 2026", "21. novembra 2026"}},
      {"hu", {"2026. 11. 21.", "2026.11.21.", "2026. november 21."}},
      {"et", {"21.11.2026", "21. november 2026"}},
      {"lv", {"21.11.2026", "2026. gada 21. novembris"}},
      {"hr", {"21.11.2026.", "21. studenoga 2026."}},
      {"ru", {"21.11.2026", "21 ноября 2026", "21 ноября 2026 г."}},
      {"uk", {"21.11.2026", "21 листопада 2026", "21 листопада 2026 р."}},
      {"bg", {"21.11.2026 г.", "21.11.2026", "21 ноември 2026 г."}},
      {"tr", {"21.11.2026", "21 Kasım 2026"}}};
  REQUIRE(samples.size() == all_languages.size());
  for (const auto& [code, texts] : samples) {
    CAPTURE(code);
    const auto patterns = own(Bundle(code), "date.patterns");
    REQUIRE_FALSE(patterns.empty());
    for (const auto& text : texts) {
      CAPTURE(text);
      CHECK(parse_date(patterns, code, text) == "2026-11-21");
    }
    // Every pattern reads back what it writes; patterns for partial dates
    // ("November 2026", "2026": sheets often give no more) read back the
    // parts they have, the rest defaulting to the first.
    for (const auto& pattern : patterns) {
      const std::string written = format_date(pattern, code);
      CAPTURE(pattern);
      CAPTURE(written);
      const bool has_day = pattern.find('d') != std::string::npos;
      const bool has_month = pattern.find('M') != std::string::npos;
      const std::string expected = has_day ? "2026-11-21" : has_month ? "2026-11-01" : "2026-01-01";
      CHECK(parse_date({pattern}, code, written) == expected);
    }
  }
  // Two-digit years: a yyyy pattern reads them literally (locales/README.md
  // tells readers to pass over such a match); the yy pattern at the end of
  // the list reads them in this century.
  const auto nb = own(Bundle("nb"), "date.patterns");
  CHECK(parse_date(nb, "nb", "21.11.26") == "0026-11-21");
  CHECK(nb.back() == "dd.MM.yy");
  CHECK(parse_date({nb.back()}, "nb", "21.11.26") == "2026-11-21");
}

TEST_CASE("locale bundles: every message is translated in nb, nn, da, sv and de") {
  const auto keys = Bundle("root").keys("msg.");
  REQUIRE(keys.size() > 30);
  CHECK(std::find(keys.begin(), keys.end(), "msg.fen.side") != keys.end());
  const Bundle root("root");
  for (const auto& code : all_languages) {
    const Bundle bundle(code);
    const bool translated = std::find(translated_languages.begin(), translated_languages.end(), code) !=
                            translated_languages.end();
    CHECK(bundle.keys("msg.") == keys);  // a language adds no message of its own
    for (const auto& key : keys) {
      CAPTURE(code);
      CAPTURE(key);
      const auto text = bundle.own_strings(key);
      if (!translated) {
        CHECK(text.empty());  // falls back to English, no copies
        continue;
      }
      REQUIRE(text.size() == 1);
      CHECK(text.front() != *root.string(key));
      CHECK(argument_names(text.front()) == argument_names(*root.string(key)));
      UErrorCode status = U_ZERO_ERROR;
      icu::MessageFormat format(icu::UnicodeString::fromUTF8(text.front()), icu::Locale(code.c_str()),
                                status);
      CHECK(U_SUCCESS(status));
    }
  }
}

TEST_CASE("locale bundles: games and nodes per second agree with their number") {
  const auto summary = [](const char* key, std::int64_t games, std::int64_t rate) {
    return Message(key)
        .with("read", games)
        .with("written", games)
        .with("complete", games)
        .with("incomplete", 0)
        .with("rejected", 0)
        .with("skipped", 0)
        .with("seconds", "1.00")
        .with("rate", rate);
  };
  const auto progress = [](std::int64_t games, std::int64_t rate) {
    return Message("progress.unknown").with("done", "0.1").with("games", games).with("rate", rate);
  };
  CHECK(Messages("en").format(summary("convert.summary", 1, 1)) ==
        "1 game read, 1 written, 0 incomplete, 0 rejected, 0 pieces of text between games, in 1.00 s (1 "
        "game/s)");
  CHECK(Messages("en").format(summary("check.summary", 2, 2)).find("(2 games/s)") != std::string::npos);
  CHECK(Messages("en").format(summary("check.summary", 2, 1234)).find("(1,234 games/s)") !=
        std::string::npos);
  CHECK(Messages("en").format(progress(1, 1)) == "0.1 MB, 1 game, 1 game/s");
  CHECK(Messages("en").format(progress(3, 0)) == "0.1 MB, 3 games, 0 games/s");
  CHECK(Messages("en").format(Message("progress.known")
                                  .with("percent", 50)
                                  .with("done", "1.0")
                                  .with("total", "2.0")
                                  .with("games", 1)
                                  .with("rate", 1)
                                  .with("eta", "0:01")) == "50% 1.0/2.0 MB, 1 game, 1 game/s, 0:01 left");
  CHECK(Messages("nb").format(summary("convert.summary", 1, 1)).find("(1 parti/s)") != std::string::npos);
  CHECK(Messages("nb").format(progress(1, 2)) == "0.1 MB, 1 parti, 2 partier/s");
  CHECK(Messages("sv").format(summary("check.summary", 1, 1)).find("(1 parti/s)") != std::string::npos);
  CHECK(Messages("sv").format(progress(2, 1)) == "0.1 MB, 2 partier, 1 parti/s");
  CHECK(Messages("da").format(summary("convert.summary", 1, 1)).find("(1 parti/s)") != std::string::npos);
  CHECK(Messages("da").format(progress(1, 1)) == "0.1 MB, 1 parti, 1 parti/s");
  CHECK(Messages("de").format(summary("check.summary", 1, 1)).find("(1 Partie/s)") != std::string::npos);
  CHECK(Messages("de").format(progress(1, 5)) == "0.1 MB, 1 Partie, 5 Partien/s");
  CHECK(Messages("nn").format(progress(1, 5)) == "0.1 MB, 1 parti, 5 parti/s");
  // perft at depth 0 counts one node.
  const Message one_node =
      Message("cli.perft.summary").with("nodes", 1).with("milliseconds", 0).with("nps", 0);
  CHECK(Messages("en").format(one_node) == "1 node in 0 ms (0 nodes/s)");
  CHECK(Messages("nb").format(one_node) == "1 node på 0 ms (0 noder/s)");
  CHECK(Messages("sv").format(one_node) == "1 nod på 0 ms (0 noder/s)");
}

TEST_CASE("locale bundles: fractional numbers are written as the message's language writes them") {
  const auto summary = [](double seconds) {
    return Message("convert.summary")
        .with("read", 3)
        .with("written", 3)
        .with("incomplete", 0)
        .with("rejected", 0)
        .with("skipped", 0)
        .with("seconds", seconds, 2)
        .with("rate", 2);
  };
  CHECK(Messages("en").format(summary(1.5)).find("in 1.5 s (2 games/s)") != std::string::npos);
  CHECK(Messages("nb").format(summary(1.5)).find("på 1,5 s (2 partier/s)") != std::string::npos);
  CHECK(Messages("de").format(summary(1.5)).find("in 1,5 s (2 Partien/s)") != std::string::npos);
  CHECK(Messages("sv").format(summary(1.5)).find("på 1,5 s") != std::string::npos);
  CHECK(Messages("da").format(summary(1.5)).find("på 1,5 s") != std::string::npos);
  CHECK(Messages("nn").format(summary(1.5)).find("på 1,5 s") != std::string::npos);
  // Rounded to the digits asked for, without trailing zeros; never "-0".
  CHECK(Messages("en").format(summary(0.126)).find("in 0.13 s") != std::string::npos);
  CHECK(Messages("en").format(summary(2.0)).find("in 2 s") != std::string::npos);
  CHECK(Messages("en").format(summary(-0.001)).find("in 0 s") != std::string::npos);
  // A language without its own summary writes it in English, digits too.
  CHECK(Messages("fr").format(summary(1.5)).find("in 1.5 s") != std::string::npos);
  // Grouping as the language groups: a comma in English, a (no-break)
  // space in bokmål, a point in German.
  const Message megabytes =
      Message("progress.unknown").with("done", 1234.56, 1).with("games", 1).with("rate", 1);
  CHECK(Messages("en").format(megabytes) == "1,234.6 MB, 1 game, 1 game/s");
  CHECK(Messages("nb").format(megabytes) == "1\u00a0234,6 MB, 1 parti, 1 parti/s");
  CHECK(Messages("de").format(megabytes) == "1.234,6 MB, 1 Partie, 1 Partie/s");
  // Equal messages are equal in their numbers too.
  CHECK(Message("x").with("n", 1.5) == Message("x").with("n", 1.5));
  CHECK_FALSE(Message("x").with("n", 1.5) == Message("x").with("n", 2.5));
}

TEST_CASE("locale bundles: messages read as written in each language") {
  const Message short_rank = Message("fen.rank_too_short").with("rank", 3).with("squares", 7);
  const Message side = Message("fen.side").with("found", "x");
  const Message kings = Message("fen.king_count").with("color", "white").with("count", 2);

  CHECK(Messages("en").format(short_rank) == "rank 3 has 7 squares instead of 8");
  CHECK(Messages("nb").format(short_rank) == "rad 3 har 7 felt i stedet for 8");
  CHECK(Messages("sv").format(short_rank) == "rad 3 har 7 rutor i stället för 8");
  CHECK(Messages("da").format(short_rank) == "række 3 har 7 felter i stedet for 8");
  CHECK(Messages("de").format(short_rank) == "Reihe 3 hat 7 Felder statt 8");

  CHECK(Messages("en").format(side) == "the side to move must be 'w' or 'b', found 'x'");
  CHECK(Messages("nb").format(side) == "spilleren i trekket må angis med «w» eller «b», fant «x»");
  CHECK(Messages("sv").format(side) == "spelaren vid draget måste anges med ”w” eller ”b”, hittade ”x”");
  CHECK(Messages("da").format(side) == "spilleren i trækket skal angives med »w« eller »b«, fandt »x«");

  // The colour argument is chosen with select, not pasted in English.
  CHECK(Messages("en").format(kings) == "white has 2 kings instead of one");
  CHECK(Messages("nb").format(kings) == "hvit har 2 konger i stedet for én");
  CHECK(Messages("nn").format(kings) == "kvit har 2 kongar i staden for éin");
  CHECK(Messages("da").format(Message("fen.king_count").with("color", "black").with("count", 0)) ==
        "sort har 0 konger i stedet for én");
  CHECK(Messages("de").format(Message("fen.king_count").with("color", "black").with("count", 2)) ==
        "Schwarz hat 2 Könige statt eines einzigen");

  // A language's name and a PGN tag's header word, in the reader's language.
  CHECK(Messages("sv").format(Message("language_name").with("code", "de")) == "tyska");
  CHECK(Messages("en").format(Message("language_name").with("code", "nb")) == "Norwegian Bokmål");
  CHECK(Messages("nb").format(Message("tag_name").with("tag", "Date")) == "Dato");
  CHECK(Messages("de").format(Message("tag_name").with("tag", "WhiteElo")) ==
        Bundle("de").string("header.white_elo").value());
  CHECK(Messages("en").format(Message("tag_name").with("tag", "Annotator")) == "Annotator");
  // "no", the code Norwegian machines use, is bokmål.
  CHECK(Messages("no").format(short_rank) == "rad 3 har 7 felt i stedet for 8");
  CHECK(Messages("no_NO").language() == "nb");

  // Other languages fall back to English message by message.
  CHECK(Messages("fr").format(short_rank) == "rank 3 has 7 squares instead of 8");
  CHECK(Messages("nb_NO").format(short_rank) == "rad 3 har 7 felt i stedet for 8");
  // ... and such a text is English in its plurals and digits too, not
  // French ("0 piece") or Russian ("2 001 games").
  const auto summary_with = [](int skipped) {
    return Message("check.summary")
        .with("read", 2001)
        .with("complete", 2001)
        .with("incomplete", 0)
        .with("rejected", 0)
        .with("skipped", skipped)
        .with("seconds", "0.5")
        .with("rate", 4002);
  };
  const Message summary = summary_with(0);
  const std::string english = Messages("en").format(summary);
  CHECK(english.find("2,001 games checked") != std::string::npos);
  CHECK(english.find("0 pieces of text") != std::string::npos);
  for (const char* language : {"fr", "pt", "pt-BR", "ru"})
    CHECK_MESSAGE(Messages(language).format(summary) == english, language);
  // German: one piece is "Textstück".
  CHECK(Messages("de").format(summary_with(1)).find("1 Textstück zwischen") != std::string::npos);
}
