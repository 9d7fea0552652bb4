#include "media/live_hub.hpp"

#include <algorithm>

#include "media/fragmenter.hpp"

namespace argus::media {

struct LiveHub::StreamState {
  explicit StreamState(std::size_t max_frame_gop_bytes) : frames(max_frame_gop_bytes) {}

  LiveFrameStream frames; // its own lock
  mutable std::mutex mutex;
  mutable std::condition_variable changed;
  bool online = false;
  std::optional<StreamStatus> stopped; // why it last stopped (while offline)
  LiveWindow window;
  std::map<std::uint64_t, LiveSubscriber> subscribers;

  void publish(const LiveEvent& event) const {
    for (const auto& [id, subscriber] : subscribers)
      subscriber(event);
  }
  LiveEvent start_event() const {
    return {.kind = LiveEvent::Kind::start, .info = &window.info, .bytes = window.init_segment};
  }
  static LiveEvent part_event(const LivePart& part) {
    return {.kind = LiveEvent::Kind::part,
            .part = part.bytes,
            .start_90k = part.start_90k,
            .independent = part.independent};
  }
};

LiveHub::LiveHub(LiveHubOptions options) : options_(options) {}

LiveHub::~LiveHub() {
  shutdown();
}

std::shared_ptr<LiveHub::StreamState> LiveHub::state(std::int64_t camera_id, const std::string& stream,
                                                     bool create) const {
  std::lock_guard lock(mutex_);
  auto key = std::make_pair(camera_id, stream);
  auto found = streams_.find(key);
  if (found != streams_.end())
    return found->second;
  if (!create)
    return nullptr;
  return streams_.emplace(key, std::make_shared<StreamState>(options_.max_frame_gop_bytes)).first->second;
}

void LiveHub::on_stream_start(std::int64_t camera_id, const std::string& stream, const StreamInfo& info,
                              const std::vector<std::uint8_t>& init_segment) {
  auto s = state(camera_id, stream, true);
  s->frames.start(info);
  {
    std::lock_guard lock(s->mutex);
    s->online = true;
    s->window.info = info;
    s->window.init_segment = std::make_shared<const std::vector<std::uint8_t>>(init_segment);
    // A restart begins a new window; msns keep counting so that no player mixes old and new numbers.
    s->window.segments.clear();
    s->window.part_target_90k = options_.part_target_90k;
    s->window.target_duration_s = 1;
    s->publish(s->start_event());
  }
  s->changed.notify_all();
}

namespace {

// Whether the parts hold exactly the GOP fragment's samples: its video samples are the parts' video samples in order,
// then its audio samples are the parts' audio samples in order (the same packets, compared by pointer).
bool parts_hold(const std::vector<LivePart>& parts, const Fragment& fragment) {
  if (parts.empty() || !fragment.bytes)
    return false;
  const auto& gop = fragment.bytes->samples;
  std::size_t video = 0;
  std::size_t audio = fragment.sample_count;
  for (const auto& part : parts) {
    if (!part.bytes || part.bytes->samples.size() != part.sample_count + part.audio_sample_count)
      return false;
    const auto& samples = part.bytes->samples;
    for (std::size_t i = 0; i < samples.size(); ++i) {
      auto& at = i < part.sample_count ? video : audio;
      if (at >= gop.size() || gop[at++] != samples[i])
        return false;
    }
  }
  return video == fragment.sample_count && audio == gop.size();
}

// Where each part's samples are in the recorded GOP fragment (parts_hold() is true): its mdat payload follows the
// head, the video samples of every part first, then their audio samples.
void locate_parts(std::vector<LivePart>& parts, const Fragment& fragment) {
  const auto& recorded = *fragment.recorded;
  auto video_offset = recorded.offset_bytes + fragment.bytes->head.size();
  auto audio_offset = video_offset;
  for (const auto& part : parts) {
    for (std::uint32_t i = 0; i < part.sample_count; ++i)
      audio_offset += part.bytes->samples[i]->data.size();
  }
  for (auto& part : parts) {
    RecordedPart located{recorded.file, nullptr, video_offset, 0, audio_offset, 0};
    const auto& samples = part.bytes->samples;
    for (std::size_t i = 0; i < samples.size(); ++i)
      (i < part.sample_count ? located.video_size_bytes : located.audio_size_bytes) += samples[i]->data.size();
    video_offset += located.video_size_bytes;
    audio_offset += located.audio_size_bytes;
    part.recorded = std::move(located);
  }
}

// The segment that is being filled, starting a new one (with the next msn) when the last one is complete.
LiveSegment& open_segment(LiveWindow& window, std::int64_t start_90k) {
  if (window.segments.empty() || window.segments.back().complete) {
    LiveSegment segment;
    segment.msn = window.next_msn++;
    segment.start_90k = start_90k;
    window.segments.push_back(std::move(segment));
  }
  return window.segments.back();
}

} // namespace

void LiveHub::on_packet(std::int64_t camera_id, const std::string& stream, const SharedPacket& packet) {
  state(camera_id, stream, true)->frames.push(packet);
}

void LiveHub::on_part(std::int64_t camera_id, const std::string& stream, const Fragment& part) {
  auto s = state(camera_id, stream, true);
  {
    std::lock_guard lock(s->mutex);
    auto& window = s->window;
    auto& open = open_segment(window, part.start_90k);
    open.parts.push_back({.start_90k = part.start_90k,
                          .duration_90k = part.duration_90k,
                          .independent = part.keyframe,
                          .bytes = part.bytes,
                          .arrived = std::chrono::steady_clock::now(),
                          .sample_count = part.sample_count,
                          .audio_sample_count = part.audio_sample_count});
    open.duration_90k += part.duration_90k;
    window.part_target_90k = std::max(window.part_target_90k, part.duration_90k);
    window.window_end_90k = part.start_90k + part.duration_90k;
    if (part.keyframe)
      release_recorded(window); // a new GOP: the previous one is in the recording
    s->publish(StreamState::part_event(open.parts.back()));
  }
  s->changed.notify_all();
}

void LiveHub::on_fragment(std::int64_t camera_id, const std::string& stream, const Fragment& fragment) {
  auto s = state(camera_id, stream, true);
  {
    std::lock_guard lock(s->mutex);
    auto& window = s->window;
    // Without parts (parts disabled or the stream started mid-GOP) the fragment alone is the segment.
    auto& segment = open_segment(window, fragment.start_90k);
    segment.complete = true;
    segment.start_90k = fragment.start_90k;
    segment.duration_90k = fragment.duration_90k;
    segment.recorded = fragment.recorded;
    // The fragmenter cut the parts from the same samples: when they hold the whole GOP the segment is its parts (the
    // video once in memory). Parts off, or a stream that started mid-GOP: the fragment.
    if (parts_hold(segment.parts, fragment)) {
      segment.bytes.reset();
      if (fragment.recorded)
        locate_parts(segment.parts, fragment);
    } else {
      segment.bytes = fragment.bytes;
    }
    // EXTINF rounded to the nearest second must not exceed the target duration (RFC 8216bis 4.4.3.1).
    window.target_duration_s = std::max(window.target_duration_s, (fragment.duration_90k + k_timescale / 2) /
                                                                      k_timescale);
    window.window_end_90k = std::max(window.window_end_90k, fragment.start_90k + fragment.duration_90k);
    trim(*s);
    release_recorded(window);
  }
  s->changed.notify_all();
}

void LiveHub::release_recorded(LiveWindow& window) {
  auto& segments = window.segments;
  // Everything from the newest keyframe part on stays: the current GOP, which the frames transport and the fragmenter
  // hold anyway, where WebSocket feeds join and snapshots decode. A GOP that just completed is therefore released when
  // the next one's keyframe part arrives (~200 ms later), after the requests blocked on its last part were answered.
  std::size_t keep_from = segments.size();
  for (std::size_t i = segments.size(); i-- > 0;) {
    const auto& parts = segments[i].parts;
    if (std::any_of(parts.begin(), parts.end(), [](const auto& part) { return part.independent; })) {
      keep_from = std::min(keep_from, i);
      break;
    }
  }
  for (std::size_t i = 0; i < keep_from; ++i) {
    auto& segment = segments[i];
    bool located = std::all_of(segment.parts.begin(), segment.parts.end(),
                               [](const auto& part) { return part.recorded.has_value(); });
    if (!segment.complete || !segment.recorded || !located || !segment.in_memory())
      continue; // not recorded (storage full, a failed write): it stays in memory while in the window
    for (auto& part : segment.parts) {
      part.recorded->head = std::make_shared<const std::vector<std::uint8_t>>(part.bytes->head);
      part.bytes.reset();
    }
    segment.bytes.reset();
  }
}

void LiveHub::trim(StreamState& s) const {
  auto& segments = s.window.segments;
  auto complete_duration = [&] {
    std::int64_t total = 0;
    for (const auto& segment : segments)
      total += segment.complete ? segment.duration_90k : 0;
    return total;
  };
  while (segments.size() > options_.min_segments + 1 && segments.front().complete &&
         complete_duration() - segments.front().duration_90k >= options_.window_90k) {
    segments.pop_front();
  }
}

void LiveHub::on_stream_stop(std::int64_t camera_id, const std::string& stream, const StreamStatus& why) {
  auto s = state(camera_id, stream, false);
  if (!s)
    return;
  s->frames.stop(why);
  {
    std::lock_guard lock(s->mutex);
    s->online = false;
    s->stopped = why;
    s->window.segments.clear();
    s->window.init_segment.reset();
    s->publish({.kind = LiveEvent::Kind::stop, .why = why});
  }
  s->changed.notify_all();
}

std::optional<StreamStatus> LiveHub::offline_status(std::int64_t camera_id, const std::string& stream) const {
  auto s = state(camera_id, stream, false);
  if (!s)
    return std::nullopt;
  std::lock_guard lock(s->mutex);
  return s->online ? std::nullopt : s->stopped;
}

std::optional<LiveWindow> LiveHub::window(std::int64_t camera_id, const std::string& stream) const {
  auto s = state(camera_id, stream, false);
  if (!s)
    return std::nullopt;
  std::lock_guard lock(s->mutex);
  if (!s->online)
    return std::nullopt;
  return s->window;
}

LiveHub::WaitResult LiveHub::wait_for(std::int64_t camera_id, const std::string& stream, std::uint64_t msn, int part,
                                      std::chrono::steady_clock::time_point deadline) const {
  auto s = state(camera_id, stream, true);
  std::unique_lock lock(s->mutex);
  auto ready = [&] {
    for (const auto& segment : s->window.segments) {
      if (segment.msn > msn && (!segment.parts.empty() || segment.complete))
        return true;
      if (segment.msn == msn) {
        if (part < 0 ? segment.complete : segment.parts.size() > static_cast<std::size_t>(part))
          return true;
      }
    }
    return false;
  };
  bool done = s->changed.wait_until(lock, deadline, [&] { return shutdown_ || !s->online || ready(); });
  if (shutdown_ || !s->online)
    return WaitResult::offline;
  return done ? WaitResult::ready : WaitResult::timeout;
}

std::uint64_t LiveHub::subscribe(std::int64_t camera_id, const std::string& stream, LiveSubscriber subscriber) {
  note_viewer_start();
  auto s = state(camera_id, stream, true);
  auto id = next_subscriber_id_++;
  std::lock_guard lock(s->mutex);
  if (s->online && s->window.init_segment) {
    subscriber(s->start_event());
    // The newest GOP so far: from its keyframe part on, so that a player can start decoding at once.
    const LivePart* keyframe = s->window.latest_keyframe_part();
    bool found = false;
    for (const auto& segment : s->window.segments) {
      for (const auto& part : segment.parts) {
        found = found || &part == keyframe;
        if (found && part.bytes) // always in memory from the newest keyframe part on (release_recorded)
          subscriber(StreamState::part_event(part));
      }
    }
  }
  s->subscribers.emplace(id, std::move(subscriber));
  return id;
}

void LiveHub::unsubscribe(std::int64_t camera_id, const std::string& stream, std::uint64_t id) {
  auto s = state(camera_id, stream, false);
  if (!s)
    return;
  std::lock_guard lock(s->mutex);
  s->subscribers.erase(id);
}

std::uint64_t LiveHub::subscribe_frames(std::int64_t camera_id, const std::string& stream,
                                        LiveFrameSubscriber subscriber) {
  note_viewer_start();
  auto id = next_subscriber_id_++;
  state(camera_id, stream, true)->frames.subscribe(id, std::move(subscriber));
  return id;
}

void LiveHub::unsubscribe_frames(std::int64_t camera_id, const std::string& stream, std::uint64_t id) {
  if (auto s = state(camera_id, stream, false))
    s->frames.unsubscribe(id);
}

void LiveHub::note_viewer_start() {
  if (options_.viewer_starts)
    options_.viewer_starts->note_start();
}

void LiveHub::shutdown() {
  shutdown_ = true;
  std::vector<std::shared_ptr<StreamState>> all;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [key, s] : streams_)
      all.push_back(s);
  }
  for (const auto& s : all) {
    std::lock_guard lock(s->mutex); // no waiter can miss the flag between its check and its wait
    s->changed.notify_all();
  }
}

} // namespace argus::media
