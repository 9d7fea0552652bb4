#include "media/source_selector.hpp"

#include <spdlog/spdlog.h>

#include <cctype>

#include "media/packet_source.hpp"
#include "media/rtsp/rtsp_unsupported_stream.hpp"
#include "media/url_redaction.hpp"

namespace argus::media {
namespace {

bool is_plain_rtsp(const std::string& url) {
  static const std::string k_scheme = "rtsp://";
  if (url.size() < k_scheme.size())
    return false;
  for (std::size_t i = 0; i < k_scheme.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(url[i])) != k_scheme[i])
      return false;
  }
  return true;
}

} // namespace

//! The own reader until it gives up, then the fallback; forwards interrupt() to whichever is current.
class SourceSelector::SelectingSource final : public PacketSource {
public:
  SelectingSource(std::string url, std::unique_ptr<PacketSource> own, Factory fallback, std::shared_ptr<Memory> memory)
      : url_(std::move(url)), current_(std::move(own)), fallback_(std::move(fallback)), memory_(std::move(memory)) {}

  void open() override {
    try {
      current_->open();
    } catch (const rtsp::RtspUnsupportedStream& e) {
      remember(e.what());
      std::unique_ptr<PacketSource> given_up;
      {
        std::lock_guard lock(mutex_);
        given_up = std::move(current_);
        current_ = fallback_(url_);
        if (interrupted_)
          current_->interrupt();
      }
      given_up.reset();
      current_->open();
    }
  }

  const StreamInfo& info() const override { return current_->info(); }

  std::optional<EncodedPacket> read() override {
    try {
      return current_->read();
    } catch (const rtsp::RtspUnsupportedStream& e) {
      remember(e.what());
      throw SourceFailure(OfflineReason::stream_error,
                          std::string(e.what()) + ": the next connection records through libavformat");
    }
  }

  void interrupt() override {
    std::lock_guard lock(mutex_);
    interrupted_ = true;
    current_->interrupt();
  }

private:
  void remember(const std::string& why) {
    {
      std::lock_guard lock(memory_->mutex);
      if (!memory_->fallback_urls.insert(url_).second)
        return;
    }
    spdlog::warn("{}: recorded through libavformat from now on: {}", redact_url(url_), why);
  }

  std::string url_;
  std::mutex mutex_; // current_ against interrupt() from another thread
  bool interrupted_ = false;
  std::unique_ptr<PacketSource> current_;
  Factory fallback_;
  std::shared_ptr<Memory> memory_;
};

SourceSelector::SourceSelector(Factory own, Factory fallback)
    : own_(std::move(own)), fallback_(std::move(fallback)), memory_(std::make_shared<Memory>()) {}

bool SourceSelector::uses_fallback(const std::string& url) const {
  if (!is_plain_rtsp(url))
    return true;
  std::lock_guard lock(memory_->mutex);
  return memory_->fallback_urls.count(url) > 0;
}

std::unique_ptr<PacketSource> SourceSelector::make(const std::string& url) {
  if (uses_fallback(url))
    return fallback_(url);
  return std::make_unique<SelectingSource>(url, own_(url), fallback_, memory_);
}

} // namespace argus::media
