#include "notera/batch/pipeline.hpp"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>
#include <tbb/info.h>
#include <tbb/parallel_pipeline.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <system_error>

#include "notera/base/utf8.hpp"
#include "notera/input/games.hpp"

namespace notera::batch {

namespace {

// floor(size * k / n) without overflow.
std::uint64_t scaled(std::uint64_t size, std::uint64_t k, std::uint64_t n) {
  return size / n * k + size % n * k / n;
}

}  // namespace

std::uint64_t Shard::begin(std::uint64_t size) const {
  return index <= 1 ? 0 : scaled(size, index - 1, count);
}

std::uint64_t Shard::end(std::uint64_t size) const {
  return index >= count ? std::numeric_limits<std::uint64_t>::max() : scaled(size, index, count);
}

namespace {

enum class ItemKind : std::uint8_t { game, skipped };

struct Item {
  ItemKind kind = ItemKind::game;
  input::Format format = input::Format::pgn;
  std::size_t text_begin = 0;
  std::size_t text_end = 0;
  std::size_t raw_begin = 0;  // the text as it was in the input (often the same range)
  std::size_t raw_end = 0;
  bool truncated = false;
  bool overflow = false;
  bool before_damage = false;  // the last game of an input that stopped early
  std::vector<pgn::SplitNote> notes;
  std::int64_t index = 0;
  std::int64_t number = 0;
  std::int64_t line = 0;
  int column = 1;
  std::uint64_t offset = 0;
  Message skip_reason;
  game::Game game;
  std::size_t out_begin = 0;
  std::size_t out_end = 0;
};

// A run of games from one input file, processed by one task.
struct Batch {
  int input = 0;  // the file's index in Records
  const InputRecord* record = nullptr;
  bool first_of_input = false;
  bool last_of_input = false;
  Message end_error;  // the file stopped early (a read error, a damaged archive)
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
    last_of_input = false;
    end_error = Message();
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

// The files read, in input order: one per input, or one per archive member.
// Added by the reading stage while the last stage reports them, so behind a
// lock; a record does not move once added, nor change.
class Records {
 public:
  const InputRecord& add(std::string file, InputRecord record) {
    auto owned = std::make_unique<Owned>();
    owned->file = std::move(file);
    owned->record = std::move(record);
    owned->record.file = owned->file;
    std::lock_guard<std::mutex> lock(mutex_);
    all_.push_back(std::move(owned));
    return all_.back()->record;
  }
  int size() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return static_cast<int>(all_.size());
  }
  const InputRecord& at(int i) const {
    std::lock_guard<std::mutex> lock(mutex_);
    return all_[static_cast<std::size_t>(i)]->record;
  }

 private:
  struct Owned {
    std::string file;
    InputRecord record;
  };
  mutable std::mutex mutex_;
  std::vector<std::unique_ptr<Owned>> all_;
};

// The serial reading stage's state: the inputs, one after the other, each
// read through input::open_input_files (an archive is a file per member).
class Reader {
 public:
  Reader(const PipelineOptions& options, Records& records) : options_(options), records_(records) {
    input_options_.encoding = options.encoding;
    input_options_.split.game_per_line = options.game_per_line;
    input_options_.keep_raw = options.keep_raw;
    input_options_.max_sheet_size = options.max_sheet_size;
  }

  // Fills `batch` with the next games; false when every input is done.
  bool fill(Batch& batch) {
    while (true) {
      if (!current_ && !open_next()) return false;
      batch.input = file_;
      batch.record = record_;
      batch.first_of_input = !started_;
      started_ = true;
      input::Entry entry;
      bool more = true;
      while (batch.used < options_.games_per_batch && batch.texts.size() < options_.bytes_per_batch) {
        more = current_->next(entry);
        if (!more) break;
        if (options_.shard && !in_shard(entry, more)) {
          if (!more) break;  // past the shard's range: the rest is not read
          if (entry.kind == input::Entry::Kind::game) ++games_;
          input_bytes_ = entry.offset + entry.game.text.size();
          if (options_.cancel && options_.cancel->load()) break;
          continue;
        }
        add(batch, entry);
        input_bytes_ = entry.offset + entry.game.text.size();
        if (options_.cancel && options_.cancel->load()) break;
      }
      batch.bytes_read = bytes_done_ + input_bytes_;
      if (!more) finish_input(batch);
      if (batch.used > 0 || batch.first_of_input) return true;
      // An empty input: go on with the next one.
    }
  }

 private:
  void add(Batch& batch, const input::Entry& entry) {
    Item& item = batch.add();
    item.text_begin = batch.texts.size();
    batch.texts.append(entry.game.text);
    item.text_end = batch.texts.size();
    item.raw_begin = item.text_begin;
    item.raw_end = item.text_end;
    if (entry.raw.data() != entry.game.text.data()) {  // nearly never
      item.raw_begin = batch.texts.size();
      batch.texts.append(entry.raw);
      item.raw_end = batch.texts.size();
    }
    item.format = entry.game.format;
    item.truncated = entry.game.truncated;
    item.before_damage = false;
    item.overflow = entry.overflow;
    item.notes.assign(entry.game.notes.begin(), entry.game.notes.end());
    item.line = entry.game.line;
    item.column = entry.game.column;
    item.offset = entry.offset;
    if (entry.kind == input::Entry::Kind::game) {
      item.kind = ItemKind::game;
      item.index = static_cast<std::int64_t>(current_->games());
      item.number = ++games_;
    } else {
      item.kind = ItemKind::skipped;
      item.skip_reason = entry.skip_reason;
    }
  }

  // Whether the shard owns `entry` (see Shard); `more` becomes false at the
  // first entry past its range.
  bool in_shard(const input::Entry& entry, bool& more) {
    bool owned = false;
    if (entry.overflow) {
      owned = previous_owned_;  // the rest of a cut game goes with the game
    } else if (entry.offset >= shard_end_) {
      more = false;
    } else {
      owned = entry.offset >= shard_begin_;
    }
    previous_owned_ = owned;
    return owned;
  }

  // The next file with something to read; files with an error or a note
  // are only recorded.
  bool open_next() {
    while (true) {
      if (!files_) {
        if (++input_ >= static_cast<int>(options_.inputs.size())) return false;
        files_ = input::open_input_files(options_.inputs[static_cast<std::size_t>(input_)], input_options_);
      }
      std::unique_ptr<input::GameStream> stream = files_->next();
      if (!stream) {
        files_.reset();
        continue;
      }
      InputRecord record;
      record.size = stream->size();
      record.detection = stream->detection();
      record.error = stream->error();
      record.note = stream->note();
      const bool readable = record.error.empty() && record.note.empty();
      record_ = &records_.add(stream->name(), std::move(record));
      file_ = records_.size() - 1;
      if (!readable) continue;
      current_ = std::move(stream);
      if (options_.shard) {
        shard_begin_ = options_.shard->begin(record_->size);
        shard_end_ = options_.shard->end(record_->size);
        previous_owned_ = false;
      }
      started_ = false;
      input_bytes_ = 0;
      return true;
    }
  }

  void finish_input(Batch& batch) {
    batch.last_of_input = true;
    batch.end_error = current_->error();
    if (!batch.end_error.empty() && batch.used > 0 && batch.items[batch.used - 1].kind == ItemKind::game)
      batch.items[batch.used - 1].before_damage = true;
    bytes_done_ += input_bytes_;
    input_bytes_ = 0;
    current_.reset();
  }

  const PipelineOptions& options_;
  Records& records_;
  input::InputOptions input_options_;
  std::unique_ptr<input::InputFiles> files_;  // of the input being read
  std::unique_ptr<input::GameStream> current_;
  const InputRecord* record_ = nullptr;  // current_'s
  int input_ = -1;                       // in options_.inputs
  int file_ = -1;                        // in records_
  bool started_ = false;
  std::int64_t games_ = 0;
  std::uint64_t bytes_done_ = 0;
  std::uint64_t input_bytes_ = 0;
  std::uint64_t shard_begin_ = 0;  // the current input's shard range
  std::uint64_t shard_end_ = 0;
  bool previous_owned_ = false;  // the entry before was the shard's
};

// What one worker thread keeps between batches.
struct Worker {
  explicit Worker(const PipelineOptions& o)
      : options(o), messages(o.messages_language), renderer(o.format, messages, o.latin1_repertoire) {}
  input::GameTextReader& reader_for(int input, const InputRecord& record) {
    auto it = readers.find(input);
    if (it == readers.end()) {
      // An archive may hold thousands of files: keep the readers of the
      // last few only (batches of one file come together).
      if (readers.size() >= 8) readers.erase(readers.begin());
      it = readers.emplace(input, input::GameTextReader(options.play, &record.detection)).first;
    }
    return it->second;
  }
  const PipelineOptions& options;
  locale::Messages messages;
  Renderer renderer;
  std::map<int, input::GameTextReader> readers;
};

// The parallel stage: every game of a batch read (and rendered).
// The last game before a damaged or cut compressed input's end, when its
// text does not end with a termination marker: it stops where the input
// did, so it is not known to be whole (the damage itself is reported with
// the input). Said after the text's last token.
void mark_cut_by_damage(game::Game& game, std::string_view text, std::int64_t line, int column) {
  if (game.status != game::GameStatus::complete) return;
  std::size_t end = text.size();
  while (end > 0 && std::isspace(static_cast<unsigned char>(text[end - 1]))) --end;
  const std::string_view body = text.substr(0, end);
  for (const std::string_view marker : {"1-0", "0-1", "1/2-1/2", "*", "\xC2\xBD-\xC2\xBD"})
    if (body.ends_with(marker)) return;
  const std::size_t line_start = body.rfind('\n') == std::string_view::npos ? 0 : body.rfind('\n') + 1;
  const auto lines = static_cast<std::int64_t>(std::count(body.begin(), body.end(), '\n'));
  SourceLocation where;
  where.line = static_cast<int>(std::min<std::int64_t>(line + lines, std::numeric_limits<int>::max()));
  where.column = (lines == 0 ? column : 1) + utf8::char_column(body.substr(line_start), end - line_start) - 1;
  game.status = game::GameStatus::incomplete;
  game.diagnostics.push_back(Diagnostic{Severity::error, Message("io.game_cut_by_damage"), where,
                                        static_cast<int>(game.mainline.moves.size()) + 1});
}

void read_batch(Worker& worker, Batch& batch, const PipelineOptions& options) {
  const std::string_view file = batch.record->file;
  for (std::size_t i = 0; i < batch.used; ++i) {
    Item& item = batch.items[i];
    item.out_begin = item.out_end = 0;
    if (item.kind == ItemKind::skipped) continue;
    const std::string_view text(batch.texts.data() + item.text_begin, item.text_end - item.text_begin);
    worker.reader_for(batch.input, *batch.record)
        .read(input::GameText{item.format, text, item.line, item.notes, item.truncated, item.column}, file,
              item.game);
    if (item.before_damage) mark_cut_by_damage(item.game, text, item.line, item.column);
    if (options.render) {
      item.out_begin = batch.output.size();
      worker.renderer.render(item.game, GameSource{file, item.line, item.index, text, item.column},
                             batch.output);
      item.out_end = batch.output.size();
    }
  }
}

// The last stage, in input order: every game and skipped segment of a
// batch handed to the sink and counted.
void hand_out(const Batch& batch, std::string_view file, Sink& sink, Totals& totals) {
  for (std::size_t i = 0; i < batch.used; ++i) {
    const Item& item = batch.items[i];
    const std::string_view raw(batch.texts.data() + item.raw_begin, item.raw_end - item.raw_begin);
    if (item.kind == ItemKind::skipped) {
      if (!item.skip_reason.empty()) ++totals.skipped_segments;  // not blank lines or a BOM
      sink.skipped({file, item.line, item.offset, raw, item.skip_reason, item.overflow});
      continue;
    }
    ++totals.games;
    switch (item.game.status) {
      case game::GameStatus::complete: ++totals.complete; break;
      case game::GameStatus::incomplete: ++totals.incomplete; break;
      case game::GameStatus::rejected: ++totals.rejected; break;
    }
    GameRecord record;
    record.file = file;
    record.index = item.index;
    record.number = item.number;
    record.line = item.line;
    record.offset = item.offset;
    record.game = &item.game;
    record.output = std::string_view(batch.output.data() + item.out_begin, item.out_end - item.out_begin);
    record.raw = raw;
    record.truncated = item.truncated;
    sink.game(record);
  }
}

}  // namespace

Totals run_pipeline(const PipelineOptions& options, Sink& sink) {
  const int jobs = options.jobs > 0 ? options.jobs : tbb::info::default_concurrency();
  tbb::global_control threads(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(jobs));

  Records records;
  Reader reader(options, records);
  BatchPool pool;
  tbb::enumerable_thread_specific<Worker> workers([&options] { return Worker(options); });
  Totals totals;
  int reported_inputs = 0;

  auto report_inputs_up_to = [&](int input) {
    for (; reported_inputs <= input && reported_inputs < records.size(); ++reported_inputs) {
      const InputRecord& r = records.at(reported_inputs);
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
        read_batch(workers.local(), *batch, options);
        return batch;
      }) & tbb::make_filter<Batch*, void>(tbb::filter_mode::serial_in_order, [&](Batch* batch) {
        report_inputs_up_to(batch->input);
        hand_out(*batch, batch->record->file, sink, totals);
        if (batch->last_of_input && !batch->end_error.empty()) {
          // Found at the end of the file, after its first games went out:
          // the games before it are all there; the file is said to fail.
          InputRecord failed;
          failed.file = batch->record->file;
          failed.error = batch->end_error;
          ++totals.inputs_failed;
          sink.input(failed);
        }
        totals.bytes = batch->bytes_read;
        sink.progress(batch->bytes_read, totals.games);
        pool.put(batch);
      }));
  report_inputs_up_to(records.size() - 1);
  if (options.cancel && options.cancel->load()) totals.cancelled = true;
  return totals;
}

}  // namespace notera::batch
