// How fast a .zst is read: libarchive's zstd filter against libzstd
// called directly, against notera's own reader (libzstd behind a byte
// source, lib/notera/input/decompress.hpp), and against reading the same
// bytes uncompressed. README ("Compressed input") has the figures and the
// reasons for the choice.
//
//   xz -dc ../shared/corpus/big.pgn.xz > /tmp/big.pgn; zstd -q /tmp/big.pgn
//   build/bench/notera_bench_decompress /tmp/big.pgn.zst /tmp/big.pgn [--rounds N]
//
// Each round runs every reader once, in turn, so that a busy machine slows
// them alike; the best and the median round are printed, in CPU time (the
// readers are single-threaded; on a shared machine the wall clock mostly
// measures the other work) and in wall time.
#include <archive.h>
#include <fcntl.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "notera/input/decompress.hpp"
#include "notera/text/source.hpp"

namespace {

constexpr std::size_t block = std::size_t{1} << 20;

// Sums the bytes so that nothing can be optimised away.
std::uint64_t checksum(const char* data, std::size_t size) {
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < size; i += 64) sum += static_cast<unsigned char>(data[i]);
  return sum;
}

struct Result {
  std::uint64_t bytes = 0;
  std::uint64_t sum = 0;
};

Result read_plain(const std::string& path) {
  Result r;
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) std::exit(2);
  std::vector<char> buffer(block);
  for (ssize_t n; (n = ::read(fd, buffer.data(), buffer.size())) > 0;) {
    r.bytes += static_cast<std::uint64_t>(n);
    r.sum += checksum(buffer.data(), static_cast<std::size_t>(n));
  }
  ::close(fd);
  return r;
}

Result read_libzstd(const std::string& path) {
  Result r;
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) std::exit(2);
  ZSTD_DStream* stream = ZSTD_createDStream();
  std::vector<char> in(block), out(block);
  for (ssize_t n; (n = ::read(fd, in.data(), in.size())) > 0;) {
    ZSTD_inBuffer input{in.data(), static_cast<std::size_t>(n), 0};
    while (input.pos < input.size) {
      ZSTD_outBuffer output{out.data(), out.size(), 0};
      const std::size_t status = ZSTD_decompressStream(stream, &output, &input);
      if (ZSTD_isError(status)) {
        std::fprintf(stderr, "zstd: %s\n", ZSTD_getErrorName(status));
        std::exit(1);
      }
      r.bytes += output.pos;
      r.sum += checksum(out.data(), output.pos);
    }
  }
  ZSTD_freeDStream(stream);
  ::close(fd);
  return r;
}

Result read_libarchive(const std::string& path) {
  Result r;
  ::archive* a = archive_read_new();
  archive_read_support_filter_zstd(a);
  archive_read_support_format_raw(a);
  archive_entry* entry = nullptr;
  if (archive_read_open_filename(a, path.c_str(), block) != ARCHIVE_OK ||
      archive_read_next_header(a, &entry) != ARCHIVE_OK) {
    std::fprintf(stderr, "libarchive: %s\n", archive_error_string(a));
    std::exit(1);
  }
  std::vector<char> buffer(block);
  for (la_ssize_t n; (n = archive_read_data(a, buffer.data(), buffer.size())) > 0;) {
    r.bytes += static_cast<std::uint64_t>(n);
    r.sum += checksum(buffer.data(), static_cast<std::size_t>(n));
  }
  archive_read_free(a);
  return r;
}

// The path notera takes (lib/notera/input/decompress.hpp): libzstd behind
// a byte source, fed by read(2), read as the PGN splitter reads.
Result read_notera(const std::string& path) {
  Result r;
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) std::exit(2);
  struct Owned final : notera::text::ByteSource {
    explicit Owned(int f) : fd(f) {}
    std::size_t read(char* b, std::size_t s) override { return fd.read(b, s); }
    notera::text::FdSource fd;
  };
  auto source = notera::input::decompress::Decompressor::make(notera::input::decompress::Compression::zstd,
                                                              std::make_unique<Owned>(fd));
  std::vector<char> buffer(std::size_t{1} << 18);
  for (std::size_t n; (n = source->read(buffer.data(), buffer.size())) > 0;) {
    r.bytes += n;
    r.sum += checksum(buffer.data(), n);
  }
  if (source->failure()) std::fprintf(stderr, "notera: %s\n", source->failure().what.c_str());
  ::close(fd);
  return r;
}

double cpu_seconds() {
  timespec t{};
  ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

}  // namespace

int main(int argc, char** argv) {
  std::string zst, plain;
  int rounds = 5;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--rounds" && i + 1 < argc)
      rounds = std::atoi(argv[++i]);
    else if (zst.empty())
      zst = arg;
    else
      plain = arg;
  }
  if (zst.empty()) {
    std::fprintf(stderr, "usage: %s FILE.zst [PLAIN_FILE] [--rounds N]\n", argv[0]);
    return 2;
  }
  struct Reader {
    const char* name;
    std::function<Result()> run;
    std::vector<double> seconds;  // CPU
    std::vector<double> wall;
    Result result;
  };
  std::vector<Reader> readers{{"libzstd, direct", [&] { return read_libzstd(zst); }, {}, {}, {}},
                              {"libarchive", [&] { return read_libarchive(zst); }, {}, {}, {}},
                              {"notera (libzstd)", [&] { return read_notera(zst); }, {}, {}, {}}};
  if (!plain.empty())
    readers.push_back({"uncompressed read(2)", [&] { return read_plain(plain); }, {}, {}, {}});
  for (int round = 0; round < rounds; ++round)
    for (Reader& reader : readers) {
      const auto start = std::chrono::steady_clock::now();
      const double cpu = cpu_seconds();
      reader.result = reader.run();
      reader.seconds.push_back(cpu_seconds() - cpu);
      reader.wall.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
  std::printf("%-22s %12s %10s %10s %10s %12s\n", "reader", "bytes out", "best cpu s", "median cpu",
              "MB/s cpu", "median wall");
  for (Reader& reader : readers) {
    std::sort(reader.seconds.begin(), reader.seconds.end());
    std::sort(reader.wall.begin(), reader.wall.end());
    const double best = reader.seconds.front();
    const double median = reader.seconds[reader.seconds.size() / 2];
    std::printf("%-22s %12llu %10.3f %10.3f %10.1f %12.3f\n", reader.name,
                static_cast<unsigned long long>(reader.result.bytes), best, median,
                static_cast<double>(reader.result.bytes) / 1e6 / median, reader.wall[reader.wall.size() / 2]);
  }
  return 0;
}
