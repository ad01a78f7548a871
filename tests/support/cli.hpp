// Running the real `notera` binary from tests: arguments, stdin, and the
// captured stdout, stderr and exit status. Used by every *_cli test so the
// command is tested end to end, as users and scripts run it.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace notera::test {

struct RunResult {
  int exit_code = -1;  // -1 when killed by a signal
  std::string out;
  std::string err;
};

RunResult run_notera(const std::vector<std::string>& args, const std::string& input = "",
                     const std::vector<std::string>& env = {});
// Any program (pgn-extract, xz, ...), found by path.
RunResult run_program(const std::string& program, const std::vector<std::string>& args,
                      const std::string& input = "", const std::vector<std::string>& env = {});
// pgn-extract, when installed (Debian puts it in /usr/games).
std::optional<std::filesystem::path> pgn_extract();

// A fresh temporary directory, removed with the object.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path write(const std::string& name, const std::string& content) const;

 private:
  std::filesystem::path path_;
};

std::string read_file(const std::filesystem::path& path);
// The JSON objects of output written one a line (--json on several games);
// a line that is not JSON fails the test that reads it (parse throws).
std::vector<nlohmann::json> json_lines(const std::string& out);
// Path of a file in tests/data.
std::filesystem::path data_path(const std::string& name);
// Path into ../shared/corpus when it exists (tests skip without it).
std::optional<std::filesystem::path> corpus_path(const std::string& name);
// The first `games` games of ../shared/corpus/big.pgn.xz (0: all) written to
// `path`; false when the corpus or xz is missing.
bool extract_corpus_games(const std::filesystem::path& path, std::size_t games);

}  // namespace notera::test
