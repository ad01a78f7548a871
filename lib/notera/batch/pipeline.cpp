#include "notera/batch/pipeline.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>
#include <tbb/info.h>
#include <tbb/parallel_pipeline.h>

#include <cerrno>
#include <cstring>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <system_error>

#include "notera/pgn/reader.hpp"
#include "notera/pgn/splitter.hpp"
#include "notera/scoresheet/sheet.hpp"
#include "notera/scoresheet/sheet_game.hpp"
#include "notera/text/source.hpp"

namespace notera::batch {

namespace {

bool is_sheet(const std::string& path) {
  return path.size() > 6 && path.compare(path.size() - 6, 6, ".sheet") == 0;
}

enum class ItemKind : std::uint8_t { pgn_game, sheet, skipped };

struct Item {
  ItemKind kind = ItemKind::pgn_game;
  std::size_t text_begin = 0;
  std::size_t text_end = 0;
  std::size_t raw_begin = 0;  // the text as it was in the input (often the same range)
  std::size_t raw_end = 0;
  bool truncated = false;
  bool overflow = false;
  std::vector<pgn::SplitNote> notes;
  std::int64_t index = 0;
  std::int64_t number = 0;
  std::int64_t line = 0;
  std::uint64_t offset = 0;
  Message skip_reason;
  Game game;
  std::size_t out_begin = 0;
  std::size_t out_end = 0;
};

// A run of games from one input, processed by one task.
struct Batch {
  int input = 0;
  bool first_of_input = false;
  std::string texts;
  std::vector<Item> items;
  std::size_t used = 0;  // items in use (the rest are kept for reuse)
  std::string output;
  std::uint64_t bytes_read = 0;  // over all inputs, after this batch

  Item& add() {
    if (used == items.size()) items.emplace_back();
    Item& item = items[used++];
    item.skip_reason = Message();
    return item;
  }
  void reset() {
    texts.clear();
    used = 0;
    output.clear();
    first_of_input = false;
  }
};

// Batches are reused: their games keep their move vectors' capacity.
class BatchPool {
 public:
  Batch* get() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (free_.empty()) {
      all_.push_back(std::make_unique<Batch>());
      return all_.back().get();
    }
    Batch* b = free_.back();
    free_.pop_back();
    return b;
  }
  void put(Batch* b) {
    b->reset();
    std::lock_guard<std::mutex> lock(mutex_);
    free_.push_back(b);
  }

 private:
  std::mutex mutex_;
  std::vector<std::unique_ptr<Batch>> all_;
  std::vector<Batch*> free_;
};

// Keeps the bytes the splitter reads, as they were, until the segment
// they belong to has been handed out: the splitter changes a few bytes in
// place (NULs, lone CRs, '%' lines), and --rejects must hold the text as it
// was in the input. Holds no more than the splitter's own buffer.
class RecordingSource final : public text::ByteSource {
 public:
  explicit RecordingSource(text::ByteSource& inner) : inner_(inner) {}
  std::size_t read(char* buffer, std::size_t size) override {
    const std::size_t n = inner_.read(buffer, size);
    kept_.append(buffer, n);
    return n;
  }
  // The input bytes [offset, offset + size), which must not be released yet.
  std::string_view original(std::uint64_t offset, std::size_t size) const {
    return std::string_view(kept_).substr(static_cast<std::size_t>(offset - base_), size);
  }
  // Forgets the bytes before `offset` (compacting only now and then, so
  // that releasing is cheap per segment).
  void release(std::uint64_t offset) {
    const auto n = static_cast<std::size_t>(offset - base_);
    if (n < (std::size_t{1} << 16) || n < kept_.size() / 2) return;
    kept_.erase(0, n);
    base_ = offset;
  }

 private:
  text::ByteSource& inner_;
  std::string kept_;
  std::uint64_t base_ = 0;  // input offset of kept_[0]
};

// One input being read: file, encoding detection, splitter.
struct OpenInput {
  int fd = -1;
  bool owns_fd = false;
  std::unique_ptr<text::FdSource> raw;
  text::OpenedInput opened;
  std::unique_ptr<RecordingSource> recorder;  // only with keep_raw
  std::unique_ptr<pgn::Splitter> splitter;
  std::int64_t games = 0;
  ~OpenInput() {
    splitter.reset();
    recorder.reset();
    opened.source.reset();
    if (owns_fd && fd >= 0) ::close(fd);
  }
};

// The serial reading stage's state.
class Reader {
 public:
  Reader(const PipelineOptions& options, std::vector<InputRecord>& records)
      : options_(options), records_(records) {}

  // Fills `batch` with the next games; false when every input is done.
  bool fill(Batch& batch) {
    while (true) {
      if (!current_ && !open_next()) return false;
      if (current_input_is_sheet_) {
        batch.input = input_;
        batch.first_of_input = true;
        read_sheet(batch);
        finish_input();
        batch.bytes_read = bytes_done_;
        return true;
      }
      batch.input = input_;
      batch.first_of_input = !started_;
      started_ = true;
      pgn::Segment segment;
      bool more = true;
      while (batch.used < options_.games_per_batch && batch.texts.size() < options_.bytes_per_batch) {
        try {
          more = current_->splitter->next(segment);
        } catch (const std::system_error& e) {
          records_[static_cast<std::size_t>(input_)].error =
              Message("io.read_error")
                  .with("file", options_.inputs[static_cast<std::size_t>(input_)])
                  .with("what", e.what());
          more = false;
        }
        if (!more) break;
        Item& item = batch.add();
        item.text_begin = batch.texts.size();
        batch.texts.append(segment.text);
        item.text_end = batch.texts.size();
        item.raw_begin = item.text_begin;
        item.raw_end = item.text_end;
        if (RecordingSource* recorder = current_->recorder.get()) {
          const std::string_view original = recorder->original(segment.byte_offset, segment.text.size());
          if (original != segment.text) {  // nearly never
            item.raw_begin = batch.texts.size();
            batch.texts.append(original);
            item.raw_end = batch.texts.size();
          }
          recorder->release(segment.byte_offset + segment.text.size());
        }
        item.truncated = segment.truncated;
        item.overflow = segment.reason == pgn::SkipReason::overflow;
        item.notes.assign(segment.notes.begin(), segment.notes.end());
        item.line = segment.first_line;
        item.offset = segment.byte_offset;
        input_bytes_ = segment.byte_offset + segment.text.size();
        if (segment.kind == pgn::SegmentKind::game) {
          item.kind = ItemKind::pgn_game;
          item.index = ++current_->games;
          item.number = ++games_;
        } else {
          item.kind = ItemKind::skipped;
          item.skip_reason = pgn::describe_skipped(segment);
        }
        if (options_.cancel && options_.cancel->load()) break;
      }
      batch.bytes_read = bytes_done_ + input_bytes_;
      if (!more) finish_input();
      if (batch.used > 0 || batch.first_of_input) return true;
      // An empty input: go on with the next one.
    }
  }

 private:
  bool open_next() {
    while (++input_ < static_cast<int>(options_.inputs.size())) {
      const std::string& path = options_.inputs[static_cast<std::size_t>(input_)];
      InputRecord& record = records_[static_cast<std::size_t>(input_)];
      auto in = std::make_unique<OpenInput>();
      if (path == "-") {
        in->fd = 0;
      } else {
        in->fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        in->owns_fd = true;
        if (in->fd < 0) {
          record.error =
              Message("io.cannot_open_because").with("file", path).with("what", std::strerror(errno));
          continue;
        }
        struct stat st {};
        if (::fstat(in->fd, &st) == 0 && S_ISREG(st.st_mode))
          record.size = static_cast<std::uint64_t>(st.st_size);
        if (::fstat(in->fd, &st) == 0 && S_ISDIR(st.st_mode)) {
          record.error = Message("io.is_directory").with("file", path);
          continue;
        }
      }
      in->raw = std::make_unique<text::FdSource>(in->fd);
      current_input_is_sheet_ = is_sheet(path);
      try {
        if (!current_input_is_sheet_) {
          in->opened = text::open_input(*in->raw, options_.encoding);
          record.detection = in->opened.detection;
          text::ByteSource* source = in->opened.source.get();
          if (options_.keep_raw) {
            in->recorder = std::make_unique<RecordingSource>(*source);
            source = in->recorder.get();
          }
          in->splitter = std::make_unique<pgn::Splitter>(*source);
        }
      } catch (const std::system_error& e) {
        record.error = Message("io.read_error").with("file", path).with("what", e.what());
        continue;
      }
      current_ = std::move(in);
      started_ = false;
      input_bytes_ = 0;
      return true;
    }
    return false;
  }

  void read_sheet(Batch& batch) {
    std::string text;
    char buffer[65536];
    try {
      for (std::size_t n; (n = current_->raw->read(buffer, sizeof buffer)) > 0;) {
        text.append(buffer, n);
        if (text.size() > options_.max_sheet_size) {
          records_[static_cast<std::size_t>(input_)].error =
              Message("io.sheet_too_large")
                  .with("file", options_.inputs[static_cast<std::size_t>(input_)])
                  .with("limit", static_cast<std::int64_t>(options_.max_sheet_size));
          return;
        }
      }
    } catch (const std::system_error& e) {
      records_[static_cast<std::size_t>(input_)].error =
          Message("io.read_error")
              .with("file", options_.inputs[static_cast<std::size_t>(input_)])
              .with("what", e.what());
      return;
    }
    Item& item = batch.add();
    item.kind = ItemKind::sheet;
    item.text_begin = batch.texts.size();
    batch.texts += text;
    item.text_end = batch.texts.size();
    item.raw_begin = item.text_begin;
    item.raw_end = item.text_end;
    item.truncated = item.overflow = false;
    item.notes.clear();
    item.line = 1;
    item.offset = 0;
    item.index = 1;
    item.number = ++games_;
    input_bytes_ = text.size();
  }

  void finish_input() {
    bytes_done_ += input_bytes_;
    input_bytes_ = 0;
    current_.reset();
  }

  const PipelineOptions& options_;
  std::vector<InputRecord>& records_;
  std::unique_ptr<OpenInput> current_;
  int input_ = -1;
  bool started_ = false;
  bool current_input_is_sheet_ = false;
  std::int64_t games_ = 0;
  std::uint64_t bytes_done_ = 0;
  std::uint64_t input_bytes_ = 0;
};

// What the splitter found in a game's bytes goes with the game's own
// problems: NULs read as spaces, a comment never closed, '%' lines, and a
// cut at a size limit, which makes the game incomplete (what followed the
// cut was not read; it reaches the sink as overflow).
void add_split_notes(const Item& item, Game& game) {
  const bool stopped_before = game.status != GameStatus::complete;
  for (const pgn::SplitNote& note : item.notes) {
    const std::string_view key = note.message.key;
    const bool cut = key == "pgn.split.line_too_long" || key == "pgn.split.game_too_large";
    Diagnostic d;
    d.severity = cut ? Severity::error : key == "pgn.split.escape_line" ? Severity::note : Severity::warning;
    d.message = note.message;
    d.where = {static_cast<int>(std::min<std::int64_t>(note.line, std::numeric_limits<int>::max())),
               note.column};
    if (cut && !stopped_before) d.ply = static_cast<int>(game.mainline.moves.size()) + 1;
    game.diagnostics.push_back(std::move(d));
  }
  if (item.truncated && game.status == GameStatus::complete) game.status = GameStatus::incomplete;
}

// What one worker thread keeps between batches.
struct Worker {
  explicit Worker(const PipelineOptions& o)
      : options(o), messages(o.messages_language), renderer(o.format, messages, o.latin1_repertoire) {}
  pgn::GameReader& reader_for(int input, const std::vector<InputRecord>& records) {
    auto it = readers.find(input);
    if (it == readers.end()) {
      pgn::ReadOptions ro;
      ro.play = options.play;
      it = readers.emplace(input, pgn::GameReader(ro, &records[static_cast<std::size_t>(input)].detection))
               .first;
    }
    return it->second;
  }
  const PipelineOptions& options;
  locale::Messages messages;
  Renderer renderer;
  std::map<int, pgn::GameReader> readers;
};

}  // namespace

Totals run_pipeline(const PipelineOptions& options, Sink& sink) {
  const int jobs = options.jobs > 0 ? options.jobs : tbb::info::default_concurrency();
  tbb::global_control threads(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(jobs));

  std::vector<InputRecord> records(options.inputs.size());
  for (std::size_t i = 0; i < options.inputs.size(); ++i) records[i].file = options.inputs[i];
  Reader reader(options, records);
  BatchPool pool;
  tbb::enumerable_thread_specific<Worker> workers([&options] { return Worker(options); });
  Totals totals;
  int reported_inputs = 0;

  auto report_inputs_up_to = [&](int input) {
    for (; reported_inputs <= input && reported_inputs < static_cast<int>(records.size());
         ++reported_inputs) {
      const InputRecord& r = records[static_cast<std::size_t>(reported_inputs)];
      if (!r.error.empty()) ++totals.inputs_failed;
      sink.input(r);
    }
  };

  const std::size_t tokens = static_cast<std::size_t>(2 * jobs + 2);
  tbb::parallel_pipeline(
      tokens,
      tbb::make_filter<void, Batch*>(tbb::filter_mode::serial_in_order, [&](tbb::flow_control& fc) -> Batch* {
        if (options.cancel && options.cancel->load()) {
          totals.cancelled = true;
          fc.stop();
          return nullptr;
        }
        Batch* batch = pool.get();
        if (!reader.fill(*batch)) {
          pool.put(batch);
          fc.stop();
          return nullptr;
        }
        return batch;
      }) & tbb::make_filter<Batch*, Batch*>(tbb::filter_mode::parallel, [&](Batch* batch) -> Batch* {
        Worker& worker = workers.local();
        for (std::size_t i = 0; i < batch->used; ++i) {
          Item& item = batch->items[i];
          item.out_begin = item.out_end = 0;
          if (item.kind == ItemKind::skipped) continue;
          const std::string_view text(batch->texts.data() + item.text_begin, item.text_end - item.text_begin);
          if (item.kind == ItemKind::sheet) {
            const Scoresheet sheet =
                read_scoresheet(text, options.inputs[static_cast<std::size_t>(batch->input)]);
            SheetGame read = sheet_game(sheet, options.play);
            for (const Diagnostic& d : sheet.diagnostics)
              if (d.severity != Severity::note)
                read.game.diagnostics.insert(read.game.diagnostics.begin(), d);
            if (read.needs_reconstruction)
              read.game.diagnostics.push_back(
                  Diagnostic{Severity::warning, Message("sheet.use_reconstruct"), {}, 0});
            item.game = std::move(read.game);
          } else {
            worker.reader_for(batch->input, records).read(text, item.line, item.game);
            add_split_notes(item, item.game);
          }
          if (options.render) {
            item.out_begin = batch->output.size();
            worker.renderer.render(
                item.game,
                GameSource{options.inputs[static_cast<std::size_t>(batch->input)], item.line, item.index},
                batch->output);
            item.out_end = batch->output.size();
          }
        }
        return batch;
      }) & tbb::make_filter<Batch*, void>(tbb::filter_mode::serial_in_order, [&](Batch* batch) {
        report_inputs_up_to(batch->input);
        const std::string_view file = options.inputs[static_cast<std::size_t>(batch->input)];
        for (std::size_t i = 0; i < batch->used; ++i) {
          const Item& item = batch->items[i];
          const std::string_view raw(batch->texts.data() + item.raw_begin, item.raw_end - item.raw_begin);
          if (item.kind == ItemKind::skipped) {
            if (!item.skip_reason.empty()) ++totals.skipped_segments;  // not blank lines or a BOM
            sink.skipped({file, item.line, item.offset, raw, item.skip_reason, item.overflow});
            continue;
          }
          ++totals.games;
          switch (item.game.status) {
            case GameStatus::complete: ++totals.complete; break;
            case GameStatus::incomplete: ++totals.incomplete; break;
            case GameStatus::rejected: ++totals.rejected; break;
          }
          GameRecord record;
          record.file = file;
          record.index = item.index;
          record.number = item.number;
          record.line = item.line;
          record.offset = item.offset;
          record.game = &item.game;
          record.output =
              std::string_view(batch->output.data() + item.out_begin, item.out_end - item.out_begin);
          record.raw = raw;
          record.truncated = item.truncated;
          sink.game(record);
        }
        totals.bytes = batch->bytes_read;
        sink.progress(batch->bytes_read, totals.games);
        pool.put(batch);
      }));
  report_inputs_up_to(static_cast<int>(records.size()) - 1);
  if (options.cancel && options.cancel->load()) totals.cancelled = true;
  return totals;
}

}  // namespace notera::batch
