// The workspace of `notera serve`: one folder of .sheet files, the same
// files `notera reconstruct` reads, one per scoresheet copy.
//
// Names come from the network, so a name is checked before any file is
// touched: it must be a plain file name ending in ".sheet" that cannot leave
// the folder or hide in it (no '/', '\', "..", NUL or other control
// characters, no leading '.', valid UTF-8, at most max_name_bytes). Only
// regular files are read or listed (a symbolic link or a FIFO put into the
// folder is neither followed nor opened), and a sheet is written to a
// temporary file in the same folder and renamed over the old one, so that a
// reader never sees half a sheet and a crash never leaves one. A write that
// depends on the version there (If-Match) compares and renames in one step:
// every write and removal of a sheet holds that sheet's lock.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace notera::cli::serve {

inline constexpr std::size_t max_name_bytes = 120;
inline constexpr std::size_t max_sheet_bytes = std::size_t{1} << 20;

enum class NameProblem {
  none,
  empty,
  too_long,
  separator,  // '/' or '\'
  dot_dot,    // ".."
  hidden,     // a leading '.'
  control,    // NUL or another control character
  not_utf8,
  extension,  // does not end in ".sheet"
};
NameProblem check_sheet_name(std::string_view name);
std::string_view to_string(NameProblem problem);

struct SheetFileInfo {
  std::string name;
  std::uintmax_t bytes = 0;
  std::int64_t modified_ms = 0;  // since the epoch
};

class Workspace {
 public:
  explicit Workspace(std::filesystem::path dir) : dir_(std::move(dir)) {}

  // Creates the folder when it is missing; false with the reason otherwise.
  bool create(std::string& error) const;
  const std::filesystem::path& dir() const { return dir_; }

  // The .sheet files, sorted by name.
  std::vector<SheetFileInfo> list() const;
  // The sheet's bytes; nullopt when there is no such sheet (or it is not a
  // regular file, or larger than max_sheet_bytes). The name must be valid.
  std::optional<std::string> read(std::string_view name) const;
  // What a write did.
  struct WriteOutcome {
    bool ok = false;
    bool created = false;  // the sheet is new
    bool existed = false;  // create_only, and a sheet of that name was there: nothing written
    bool stale = false;    // `unchanged` said no: nothing written
    std::string error;     // why it failed
    // When written: the sheet as read() reads it right after, before any
    // other write of it (the version the writer now has).
    std::optional<std::string> now;
  };
  // What read() gives for a sheet (nullopt: there is none) -> whether it is
  // still the version a client changed.
  using VersionCheck = std::function<bool(const std::optional<std::string>&)>;
  // Writes atomically. With `create_only` the sheet must be new: one that
  // is there (or appears meanwhile) is left as it is, so that a client
  // saving under a name it did not open never overwrites another game.
  // With `unchanged`, the sheet is written only while it still is the
  // version the client read (If-Match), compared and renamed under the
  // sheet's lock: of two clients saving over one version at the same
  // moment, one is written and the other finds the sheet changed (`stale`).
  WriteOutcome write(std::string_view name, std::string_view text, bool create_only = false,
                     const VersionCheck& unchanged = nullptr) const;
  // False with an empty error when there is no such sheet.
  bool remove(std::string_view name, std::string& error) const;

 private:
  // The lock of a sheet's name. Names share a few locks (a name's hash
  // picks one), so that a client cannot make the server keep one per name
  // it sends: two sheets that share one only wait for each other.
  std::unique_lock<std::mutex> lock(std::string_view name) const;

  std::filesystem::path dir_;
  mutable std::array<std::mutex, 61> locks_;
};

}  // namespace notera::cli::serve
