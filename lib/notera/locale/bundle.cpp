#include "notera/locale/bundle.hpp"

#include <unicode/localpointer.h>
#include <unicode/udata.h>
#include <unicode/uloc.h>
#include <unicode/unistr.h>
#include <unicode/ures.h>

#include <algorithm>
#include <mutex>
#include <stdexcept>

// The package generated from locales/*.txt by genccode (locales/CMakeLists.txt).
extern "C" const char notera_dat[];

namespace notera::locale {
namespace {

constexpr const char* package = "notera";

void register_package() {
  static std::once_flag once;
  std::call_once(once, [] {
    UErrorCode status = U_ZERO_ERROR;
    udata_setAppData(package, notera_dat, &status);
    if (U_FAILURE(status))
      throw std::runtime_error(std::string("cannot register the notera locale data: ") + u_errorName(status));
  });
}

std::string to_utf8(const UChar* s, int32_t length) {
  std::string out;
  icu::UnicodeString(false, s, length).toUTF8String(out);
  return out;
}

std::vector<std::string> read_strings(UResourceBundle* bundle, std::string_view key) {
  std::vector<std::string> out;
  if (!bundle) return out;
  UErrorCode status = U_ZERO_ERROR;
  const std::string k(key);
  icu::LocalUResourceBundlePointer item(ures_getByKey(bundle, k.c_str(), nullptr, &status));
  if (U_FAILURE(status)) return out;
  if (ures_getType(item.getAlias()) == URES_STRING) {
    int32_t length = 0;
    const UChar* s = ures_getString(item.getAlias(), &length, &status);
    if (U_SUCCESS(status)) out.push_back(to_utf8(s, length));
    return out;
  }
  if (ures_getType(item.getAlias()) != URES_ARRAY) return out;
  const int32_t size = ures_getSize(item.getAlias());
  for (int32_t i = 0; i < size; ++i) {
    int32_t length = 0;
    status = U_ZERO_ERROR;
    const UChar* s = ures_getStringByIndex(item.getAlias(), i, &length, &status);
    if (U_SUCCESS(status)) out.push_back(to_utf8(s, length));
  }
  return out;
}

}  // namespace

std::string canonical_language(std::string_view language) {
  std::string id(language);
  if (const auto dot = id.find_first_of(".@"); dot != std::string::npos) id.resize(dot);
  std::replace(id.begin(), id.end(), '-', '_');
  char buffer[ULOC_FULLNAME_CAPACITY] = {};
  UErrorCode status = U_ZERO_ERROR;
  uloc_canonicalize(id.c_str(), buffer, sizeof buffer, &status);
  if (U_FAILURE(status)) return id;
  std::string out = buffer;
  // "no" (Norwegian, the code most Norwegian machines and people use) is
  // written as bokmål by almost everyone who writes it: the nb bundle.
  if (out == "no" || out.rfind("no_", 0) == 0) out = "nb" + out.substr(2);
  return out;
}

struct Bundle::Impl {
  icu::LocalUResourceBundlePointer bundle;  // with fallback
  icu::LocalUResourceBundlePointer own;     // exactly the resolved locale
};

Bundle::Bundle(std::string_view language) : impl_(std::make_unique<Impl>()) {
  register_package();
  std::string id = canonical_language(language);
  if (id.empty() || id == "c" || id == "posix" || id == "en_US_POSIX") id = "root";
  UErrorCode status = U_ZERO_ERROR;
  impl_->bundle.adoptInstead(ures_open(package, id.c_str(), &status));
  // For a language without a bundle ICU tries the machine's default locale
  // before root (U_USING_DEFAULT_WARNING): "xx" would get Norwegian on a
  // Norwegian machine. An unknown language gets root (English) instead.
  const bool unknown = U_FAILURE(status) || status == U_USING_DEFAULT_WARNING;
  if (unknown) {
    status = U_ZERO_ERROR;
    impl_->bundle.adoptInstead(ures_open(package, "root", &status));
  }
  exact_ = !unknown && status == U_ZERO_ERROR;
  status = U_ZERO_ERROR;
  const char* found = ures_getLocaleByType(impl_->bundle.getAlias(), ULOC_ACTUAL_LOCALE, &status);
  resolved_ = (U_SUCCESS(status) && found && *found) ? found : "root";
  status = U_ZERO_ERROR;
  impl_->own.adoptInstead(ures_openDirect(package, resolved_.c_str(), &status));
}

Bundle::~Bundle() = default;
Bundle::Bundle(Bundle&&) noexcept = default;
Bundle& Bundle::operator=(Bundle&&) noexcept = default;

std::optional<std::string> Bundle::string(std::string_view key) const {
  auto values = strings(key);
  if (values.empty()) return std::nullopt;
  return values.front();
}

std::vector<std::string> Bundle::strings(std::string_view key) const {
  return read_strings(impl_->bundle.getAlias(), key);
}

std::vector<std::string> Bundle::own_strings(std::string_view key) const {
  return read_strings(impl_->own.getAlias(), key);
}

std::vector<std::string> Bundle::keys(std::string_view prefix) const {
  std::vector<std::string> out;
  // By index, not with ures_getNextResource: that would move the table's
  // shared iterator and make a const method unsafe to call from two threads.
  const auto collect = [&](UResourceBundle* table) {
    if (!table) return;
    const int32_t size = ures_getSize(table);
    for (int32_t i = 0; i < size; ++i) {
      UErrorCode status = U_ZERO_ERROR;
      icu::LocalUResourceBundlePointer item(ures_getByIndex(table, i, nullptr, &status));
      if (U_FAILURE(status)) continue;
      const char* key = ures_getKey(item.getAlias());
      if (key && std::string_view(key).starts_with(prefix)) out.emplace_back(key);
    }
  };
  collect(impl_->own.getAlias());
  UErrorCode status = U_ZERO_ERROR;
  icu::LocalUResourceBundlePointer root(ures_openDirect(package, "root", &status));
  if (U_SUCCESS(status)) collect(root.getAlias());
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

const std::vector<std::string>& available_languages() {
  static const std::vector<std::string> languages = [] {
    register_package();
    std::vector<std::string> out;
    UErrorCode status = U_ZERO_ERROR;
    // Every bundle lists itself under "lang.code"; the root bundle lists all.
    icu::LocalUResourceBundlePointer root(ures_openDirect(package, "root", &status));
    if (U_SUCCESS(status)) out = read_strings(root.getAlias(), "languages");
    std::sort(out.begin(), out.end());
    return out;
  }();
  return languages;
}

std::map<std::string, std::string> bundle_strings(std::string_view language, std::string_view prefix) {
  const Bundle bundle(language);
  std::map<std::string, std::string> out;
  for (const std::string& key : bundle.keys(prefix))
    if (std::optional<std::string> text = bundle.string(key)) out.emplace(key, std::move(*text));
  return out;
}

}  // namespace notera::locale
