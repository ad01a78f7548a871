#include "serve_workspace.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <system_error>

#include "atomic_file.hpp"
#include "notera/base/utf8.hpp"
#include "notera/input/games.hpp"
#include "notera/text/source.hpp"

namespace notera::cli::serve {

namespace {

constexpr std::string_view sheet_extension = ".sheet";

std::string path_of(const std::filesystem::path& dir, std::string_view name) {
  return (dir / std::string(name)).string();
}

}  // namespace

NameProblem check_sheet_name(std::string_view name) {
  if (name.empty()) return NameProblem::empty;
  if (name.size() > max_name_bytes) return NameProblem::too_long;
  for (char c : name) {
    if (c == '/' || c == '\\') return NameProblem::separator;
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) return NameProblem::control;
  }
  if (name.find("..") != std::string_view::npos) return NameProblem::dot_dot;
  if (name.front() == '.') return NameProblem::hidden;
  if (!utf8::is_valid(name)) return NameProblem::not_utf8;
  if (name.size() <= sheet_extension.size() ||
      name.substr(name.size() - sheet_extension.size()) != sheet_extension)
    return NameProblem::extension;
  return NameProblem::none;
}

std::string_view to_string(NameProblem problem) {
  switch (problem) {
    case NameProblem::none: return "none";
    case NameProblem::empty: return "empty";
    case NameProblem::too_long: return "too_long";
    case NameProblem::separator: return "separator";
    case NameProblem::dot_dot: return "dot_dot";
    case NameProblem::hidden: return "hidden";
    case NameProblem::control: return "control";
    case NameProblem::not_utf8: return "not_utf8";
    case NameProblem::extension: return "extension";
  }
  return "none";
}

bool Workspace::create(std::string& error) const {
  std::error_code ec;
  std::filesystem::create_directories(dir_, ec);
  if (ec) {
    error = ec.message();
    return false;
  }
  if (!std::filesystem::is_directory(dir_, ec)) {
    error = std::strerror(ENOTDIR);
    return false;
  }
  return true;
}

std::vector<SheetFileInfo> Workspace::list() const {
  std::vector<SheetFileInfo> out;
  DIR* d = ::opendir(dir_.c_str());
  if (!d) return out;
  while (const dirent* entry = ::readdir(d)) {
    const std::string name = entry->d_name;
    if (check_sheet_name(name) != NameProblem::none) continue;
    struct stat st {};
    if (::fstatat(::dirfd(d), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode)) continue;
    out.push_back({name, static_cast<std::uintmax_t>(st.st_size),
                   static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000 + st.st_mtim.tv_nsec / 1000000});
  }
  ::closedir(d);
  std::sort(out.begin(), out.end(),
            [](const SheetFileInfo& a, const SheetFileInfo& b) { return a.name < b.name; });
  return out;
}

std::optional<std::string> Workspace::read(std::string_view name) const {
  // O_NOFOLLOW: a link is not a sheet; O_NONBLOCK: a FIFO must not hang us
  // (it is refused below, as is anything that is not a regular file).
  const int fd = ::open(path_of(dir_, name).c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  std::optional<std::string> text;
  struct stat st {};
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
      static_cast<std::size_t>(st.st_size) <= max_sheet_bytes) {
    input::InputOptions options;
    options.max_sheet_size = max_sheet_bytes;
    Message error;
    text = input::read_sheet_text(std::make_unique<text::FdSource>(fd), std::string(name), error, options);
  }
  ::close(fd);
  return text;
}

std::unique_lock<std::mutex> Workspace::lock(std::string_view name) const {
  return std::unique_lock<std::mutex>(locks_[std::hash<std::string_view>{}(name) % locks_.size()]);
}

Workspace::WriteOutcome Workspace::write(std::string_view name, std::string_view text, bool create_only,
                                         const VersionCheck& unchanged) const {
  const std::string target = path_of(dir_, name);
  WriteOutcome out;
  // From the version's check to the rename, and the read of the version
  // written: one step for every other writer of the sheet.
  const std::unique_lock<std::mutex> held = lock(name);
  if (unchanged && !unchanged(read(name))) {
    out.stale = true;
    return out;
  }
  struct stat st {};
  out.created = ::lstat(target.c_str(), &st) != 0;
  // A link or a FIFO put into the folder is not written through.
  if (!out.created && (create_only || !S_ISREG(st.st_mode))) {
    out.existed = create_only;
    out.error = std::strerror(EEXIST);
    return out;
  }
  // Saved as the person types: the sheet must survive a power cut once the
  // page says it is saved (commit(true) syncs it before the rename). A new
  // sheet is linked into place, so one made meanwhile by another client is
  // not replaced either.
  AtomicFile file(target);
  out.ok = file.open() && std::fwrite(text.data(), 1, text.size(), file.stream()) == text.size() &&
           file.commit(true, !create_only);
  if (!out.ok) {
    out.existed = file.existed();
    out.error = file.error().empty() ? std::strerror(EIO) : file.error();
    return out;
  }
  out.now = read(name);
  return out;
}

bool Workspace::remove(std::string_view name, std::string& error) const {
  const std::string target = path_of(dir_, name);
  const std::unique_lock<std::mutex> held = lock(name);
  struct stat st {};
  if (::lstat(target.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) {
    error.clear();
    return false;
  }
  if (::unlink(target.c_str()) != 0) {
    error = std::strerror(errno);
    return false;
  }
  return true;
}

}  // namespace notera::cli::serve
