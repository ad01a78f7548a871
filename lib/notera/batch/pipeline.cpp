#include "notera/batch/pipeline.hpp"

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
  std::vector<pgn::SplitNote> notes;
  std::int64_t index = 0;
  std::int64_t number = 0;
  std::int64_t line = 0;
  std::uint64_t offset = 0;
  Message skip_reason;
  game::Game game;
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

// The serial reading stage's state: the inputs, one after the other, each
// read through input::open_games.
class Reader {
 public:
  Reader(const PipelineOptions& options, std::vector<InputRecord>& records)
      : options_(options), records_(records) {
    input_options_.encoding = options.encoding;
    input_options_.keep_raw = options.keep_raw;
    input_options_.max_sheet_size = options.max_sheet_size;
  }

  // Fills `batch` with the next games; false when every input is done.
  bool fill(Batch& batch) {
    while (true) {
      if (!current_ && !open_next()) return false;
      batch.input = input_;
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
      if (!more) finish_input();
      if (batch.used > 0 || batch.first_of_input) return true;
      // An empty input: go on with the next one.
    }
  }

  // The encodings assumed, by input (kept while its games are read).
  const text::Detection& detection(int input) const {
    return records_[static_cast<std::size_t>(input)].detection;
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
    item.overflow = entry.overflow;
    item.notes.assign(entry.game.notes.begin(), entry.game.notes.end());
    item.line = entry.game.line;
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

  bool open_next() {
    while (++input_ < static_cast<int>(options_.inputs.size())) {
      const std::string& path = options_.inputs[static_cast<std::size_t>(input_)];
      InputRecord& record = records_[static_cast<std::size_t>(input_)];
      std::unique_ptr<input::GameStream> stream = input::open_games(path, input_options_);
      record.size = stream->size();
      record.detection = stream->detection();
      if (!stream->error().empty()) {
        record.error = stream->error();
        continue;
      }
      current_ = std::move(stream);
      if (options_.shard) {
        shard_begin_ = options_.shard->begin(record.size);
        shard_end_ = options_.shard->end(record.size);
        previous_owned_ = false;
      }
      started_ = false;
      input_bytes_ = 0;
      return true;
    }
    return false;
  }

  void finish_input() {
    InputRecord& record = records_[static_cast<std::size_t>(input_)];
    if (!current_->error().empty()) record.error = current_->error();
    bytes_done_ += input_bytes_;
    input_bytes_ = 0;
    current_.reset();
  }

  const PipelineOptions& options_;
  std::vector<InputRecord>& records_;
  input::InputOptions input_options_;
  std::unique_ptr<input::GameStream> current_;
  int input_ = -1;
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
  input::GameTextReader& reader_for(int input, const std::vector<InputRecord>& records) {
    auto it = readers.find(input);
    if (it == readers.end())
      it = readers
               .emplace(input, input::GameTextReader(options.play,
                                                     &records[static_cast<std::size_t>(input)].detection))
               .first;
    return it->second;
  }
  const PipelineOptions& options;
  locale::Messages messages;
  Renderer renderer;
  std::map<int, input::GameTextReader> readers;
};

// The parallel stage: every game of a batch read (and rendered).
void read_batch(Worker& worker, Batch& batch, const PipelineOptions& options,
                std::vector<InputRecord>& records) {
  const std::string_view file = options.inputs[static_cast<std::size_t>(batch.input)];
  for (std::size_t i = 0; i < batch.used; ++i) {
    Item& item = batch.items[i];
    item.out_begin = item.out_end = 0;
    if (item.kind == ItemKind::skipped) continue;
    const std::string_view text(batch.texts.data() + item.text_begin, item.text_end - item.text_begin);
    worker.reader_for(batch.input, records)
        .read(input::GameText{item.format, text, item.line, item.notes, item.truncated}, file, item.game);
    if (options.render) {
      item.out_begin = batch.output.size();
      worker.renderer.render(item.game, GameSource{file, item.line, item.index}, batch.output);
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
        read_batch(workers.local(), *batch, options, records);
        return batch;
      }) & tbb::make_filter<Batch*, void>(tbb::filter_mode::serial_in_order, [&](Batch* batch) {
        report_inputs_up_to(batch->input);
        hand_out(*batch, options.inputs[static_cast<std::size_t>(batch->input)], sink, totals);
        totals.bytes = batch->bytes_read;
        sink.progress(batch->bytes_read, totals.games);
        pool.put(batch);
      }));
  report_inputs_up_to(static_cast<int>(records.size()) - 1);
  if (options.cancel && options.cancel->load()) totals.cancelled = true;
  return totals;
}

}  // namespace notera::batch
