#include "support/accounting.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "support/cli.hpp"
#include "support/measured.hpp"

namespace notera::test {

namespace {

// "1,234" (ICU grouping) -> 1234.
std::int64_t number(const std::string& text) {
  std::string digits;
  for (char c : text)
    if (c >= '0' && c <= '9') digits += c;
  return digits.empty() ? -1 : std::stoll(digits);
}

std::string regex_escape(const std::string& s) {
  static const std::regex special(R"([.^$|()\[\]{}*+?\\])");
  return std::regex_replace(s, special, R"(\$&)");
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Compares `size` bytes at `offset` of `input` with the next bytes of
// `rejects`, in chunks (rejects may be gigabytes).
bool same_bytes(std::ifstream& input, std::uint64_t offset, std::uint64_t size, std::ifstream& rejects,
                char& last) {
  input.clear();
  input.seekg(static_cast<std::streamoff>(offset));
  std::vector<char> a(1 << 20), b(1 << 20);
  while (size > 0) {
    const auto n = static_cast<std::streamsize>(std::min<std::uint64_t>(size, a.size()));
    input.read(a.data(), n);
    rejects.read(b.data(), n);
    if (input.gcount() != n || rejects.gcount() != n) return false;
    if (!std::equal(a.begin(), a.begin() + n, b.begin())) return false;
    last = a[static_cast<std::size_t>(n - 1)];
    size -= static_cast<std::uint64_t>(n);
  }
  return true;
}

bool is_utf16(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  unsigned char bom[2] = {0, 0};
  in.read(reinterpret_cast<char*>(bom), 2);
  return in.gcount() == 2 && ((bom[0] == 0xFF && bom[1] == 0xFE) || (bom[0] == 0xFE && bom[1] == 0xFF));
}

void check_run(const MeasuredRun& run, const AccountOptions& options, const std::string& what) {
  INFO(what << ": exit " << run.exit_code << ", signal " << run.signal << ", " << run.seconds << " s, "
            << run.peak_rss_kib / 1024 << " MiB\n"
            << run.err.substr(0, 4000));
  CHECK_FALSE(run.timed_out);
  CHECK(run.signal == 0);
  CHECK((run.exit_code == 0 || run.exit_code == 1));
  CHECK(run.peak_rss_kib <= options.max_rss_kib);
}

// Every line about a game says where: FILE:LINE:COL: game N[, ply P]: message
void check_positions(const std::string& err, const std::string& file) {
  std::string pattern = "^";  // (built in steps: GCC 12 warns about "x" + std::string&&)
  pattern += regex_escape(file);
  pattern += R"(:[0-9]+:[0-9]+: game [0-9]+(, ply [0-9]+)?: .+$)";
  const std::regex placed(pattern);
  for (const std::string& line : lines_of(err)) {
    if (line.rfind("notera: ", 0) == 0) continue;
    if (line.find(": game ") == std::string::npos) continue;
    INFO(line);
    CHECK(std::regex_match(line, placed));
  }
}

std::string summary_of(const std::string& err) {
  std::string summary;
  for (const std::string& line : lines_of(err))
    if (line.rfind("notera: ", 0) == 0) summary = line;
  return summary;
}

}  // namespace

FileAccount account_for(const std::filesystem::path& input, const AccountOptions& options) {
  FileAccount account;
  TempDir dir;
  const auto out = dir.path() / "out.pgn";
  const auto report = dir.path() / "report.json";
  const auto rejects = dir.path() / "rejects.pgn";
  const std::string file = input.string();
  INFO("input: " << file);

  std::vector<std::string> args{
      "convert",        file,     "-o", out.string(),   "--report", report.string(), "--rejects",
      rejects.string(), "--jobs", "2",  "--no-progress"};
  args.insert(args.end(), options.extra_args.begin(), options.extra_args.end());
  MeasuredOptions measure;
  measure.timeout = options.timeout;
  const MeasuredRun convert = run_measured(args, measure);
  check_run(convert, options, "convert");
  account.convert_rss_kib = convert.peak_rss_kib;
  account.convert_seconds = convert.seconds;
  account.exit_code = convert.exit_code;
  account.err = convert.err;
  if (convert.exit_code != 0 && convert.exit_code != 1) return account;
  check_positions(convert.err, file);
  for (const std::string& e : options.expect) {
    INFO("expected on stderr: " << e << "\n" << convert.err.substr(0, 4000));
    CHECK(convert.err.find(e) != std::string::npos);
  }

  // The summary line.
  const std::string summary = summary_of(convert.err);
  static const std::regex convert_summary(
      R"(notera: ([0-9,]+) games? read, ([0-9,]+) written, ([0-9,]+) incomplete, ([0-9,]+) rejected, ([0-9,]+) pieces? of text.*)");
  std::smatch m;
  REQUIRE_MESSAGE(std::regex_match(summary, m, convert_summary), summary);
  account.read = number(m[1]);
  account.written = number(m[2]);
  account.incomplete = number(m[3]);
  account.rejected = number(m[4]);
  account.skipped = number(m[5]);
  account.complete = account.written - account.incomplete;
  CHECK(account.read == account.written + account.rejected);

  // The report: every game, every skipped piece, every byte.
  nlohmann::json entries;
  {
    std::ifstream in(report);
    REQUIRE_NOTHROW(entries = nlohmann::json::parse(in));
  }
  REQUIRE(entries.is_array());
  std::int64_t complete = 0, incomplete = 0, rejected = 0;
  std::uint64_t offset = 0;
  std::ifstream input_bytes(input, std::ios::binary);
  std::ifstream rejects_bytes(rejects, std::ios::binary);
  bool rejecting = false;  // the last game went to rejects: its overflow follows
  char last = '\n';
  const auto end_reject = [&] {
    if (rejecting && last != '\n') {
      char c = 0;
      rejects_bytes.read(&c, 1);
      CHECK_MESSAGE(c == '\n', "a newline after a rejected game without one");
    }
    rejecting = false;
    last = '\n';
  };
  const bool byte_exact = !is_utf16(input);
  for (const auto& e : entries) {
    const std::string status = e.at("status");
    const auto at = e.at("offset").get<std::uint64_t>();
    const auto bytes = e.at("bytes").get<std::uint64_t>();
    INFO("report entry: " << e.dump().substr(0, 600));
    CHECK(at == offset);
    offset = at + bytes;
    if (status == "skipped") {
      if (e.at("code") == "pgn.split.skip.overflow") {
        CHECK_MESSAGE(rejecting, "overflow follows a game not converted in full");
        if (rejecting && byte_exact) CHECK(same_bytes(input_bytes, at, bytes, rejects_bytes, last));
      } else {
        end_reject();
      }
      continue;
    }
    end_reject();
    if (status == "complete") {
      ++complete;
      continue;
    }
    (status == "incomplete" ? incomplete : rejected) += 1;
    CHECK((status == "incomplete" || status == "rejected"));
    std::string reason = "(no error)";
    for (const auto& p : e.at("problems")) {
      if (p.at("severity") != "error") continue;
      reason = p.at("code").get<std::string>();
      if (p.contains("reason")) reason += " (" + p.at("reason").get<std::string>() + ")";
      break;
    }
    ++account.reasons[reason];
    if (byte_exact) {
      CHECK(same_bytes(input_bytes, at, bytes, rejects_bytes, last));
      rejecting = true;
    }
  }
  end_reject();
  if (byte_exact) {
    CHECK(offset == std::filesystem::file_size(input));
    char extra = 0;
    CHECK_MESSAGE(!rejects_bytes.read(&extra, 1),
                  "the rejects file holds only the games not converted in full");
  }
  CHECK(complete == account.complete);
  CHECK(incomplete == account.incomplete);
  CHECK(rejected == account.rejected);
  CHECK(complete + incomplete + rejected == account.read);
  CHECK(convert.exit_code == (incomplete + rejected > 0 ? 1 : 0));

  // OUT holds the games written (each starts with its Event tag).
  {
    std::ifstream in(out, std::ios::binary);
    std::int64_t games = 0;
    for (std::string line; std::getline(in, line);) games += line.rfind("[Event \"", 0) == 0;
    CHECK(games == account.written);
  }

  if (options.run_check) {
    std::vector<std::string> check_args{"check", file, "--jobs", "2", "--no-progress"};
    check_args.insert(check_args.end(), options.extra_args.begin(), options.extra_args.end());
    const MeasuredRun check = run_measured(check_args, measure);
    check_run(check, options, "check");
    account.check_rss_kib = check.peak_rss_kib;
    account.check_seconds = check.seconds;
    CHECK(check.exit_code == convert.exit_code);
    check_positions(check.err, file);
    static const std::regex check_summary(
        R"(notera: ([0-9,]+) games? checked: ([0-9,]+) complete, ([0-9,]+) incomplete, ([0-9,]+) rejected, .*)");
    const std::string line = summary_of(check.err);
    if (std::regex_match(line, m, check_summary)) {
      CHECK(number(m[1]) == account.read);
      CHECK(number(m[2]) == account.complete);
      CHECK(number(m[3]) == account.incomplete);
      CHECK(number(m[4]) == account.rejected);
    } else {
      FAIL_CHECK("check's summary: " << line);
    }
  }
  return account;
}

}  // namespace notera::test
