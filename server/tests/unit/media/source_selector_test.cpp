// SourceSelector: rtsp:// to the own reader, the rest and what it gives up on to the fallback, remembered per URL.
#include <gtest/gtest.h>

#include "media/packet_source.hpp"
#include "media/rtsp/rtsp_unsupported_stream.hpp"
#include "media/source_selector.hpp"

namespace argus::media {
namespace {

enum class Fails { never, at_open, at_read };

class FakeSource final : public PacketSource {
public:
  FakeSource(std::string name, Fails fails, std::vector<std::string>& log)
      : name_(std::move(name)), fails_(fails), log_(log) {}
  void open() override {
    log_.push_back(name_ + " open");
    if (fails_ == Fails::at_open)
      throw rtsp::RtspUnsupportedStream("reordered frames");
    info_.width = name_ == "own" ? 1 : 2;
  }
  const StreamInfo& info() const override { return info_; }
  std::optional<EncodedPacket> read() override {
    log_.push_back(name_ + " read");
    if (fails_ == Fails::at_read)
      throw rtsp::RtspUnsupportedStream("a timestamp went back");
    return EncodedPacket{};
  }
  void interrupt() override { log_.push_back(name_ + " interrupt"); }

private:
  std::string name_;
  Fails fails_;
  std::vector<std::string>& log_;
  StreamInfo info_;
};

struct Fixture {
  Fails own_fails = Fails::never;
  std::vector<std::string> log;
  SourceSelector selector{
      [this](const std::string&) { return std::make_unique<FakeSource>("own", own_fails, log); },
      [this](const std::string&) { return std::make_unique<FakeSource>("fallback", Fails::never, log); }};
};

TEST(SourceSelector, RtspGoesToTheOwnReaderEverythingElseToTheFallback) {
  Fixture f;
  auto rtsp = f.selector.make("rtsp://cam/x");
  rtsp->open();
  EXPECT_EQ(rtsp->info().width, 1);
  for (const char* url : {"rtsps://cam/x", "/var/clips/a.mp4", "http://cam/x.mjpg", "rtmp://x/y"}) {
    auto other = f.selector.make(url);
    other->open();
    EXPECT_EQ(other->info().width, 2) << url;
    EXPECT_TRUE(f.selector.uses_fallback(url));
  }
  EXPECT_FALSE(f.selector.uses_fallback("rtsp://cam/x"));
  EXPECT_FALSE(f.selector.uses_fallback("RTSP://cam/x"));
}

TEST(SourceSelector, GivingUpAtOpenSwitchesAtOnceAndIsRemembered) {
  Fixture f;
  f.own_fails = Fails::at_open;
  auto source = f.selector.make("rtsp://cam/b-frames");
  source->open(); // no exception: the same attempt continues through the fallback
  EXPECT_EQ(source->info().width, 2);
  source->interrupt();
  EXPECT_EQ(f.log, (std::vector<std::string>{"own open", "fallback open", "fallback interrupt"}));
  EXPECT_TRUE(f.selector.uses_fallback("rtsp://cam/b-frames"));
  EXPECT_FALSE(f.selector.uses_fallback("rtsp://cam/other"));
  f.log.clear();
  f.selector.make("rtsp://cam/b-frames")->open();
  EXPECT_EQ(f.log, (std::vector<std::string>{"fallback open"}));
}

TEST(SourceSelector, GivingUpWhileReadingEndsTheSessionAndTheNextAttemptUsesTheFallback) {
  Fixture f;
  f.own_fails = Fails::at_read;
  auto source = f.selector.make("rtsp://cam/late");
  source->open();
  try {
    source->read();
    ADD_FAILURE() << "read went on";
  } catch (const rtsp::RtspUnsupportedStream&) {
    ADD_FAILURE() << "the supervisor would see the selector's own exception";
  } catch (const SourceFailure& e) {
    EXPECT_EQ(e.reason(), OfflineReason::stream_error);
  }
  f.log.clear();
  auto next = f.selector.make("rtsp://cam/late");
  next->open();
  EXPECT_EQ(next->info().width, 2);
  EXPECT_EQ(f.log, (std::vector<std::string>{"fallback open"}));
}

TEST(SourceSelector, AnInterruptBeforeTheSwitchReachesTheFallback) {
  Fixture f;
  f.own_fails = Fails::at_open;
  auto source = f.selector.make("rtsp://cam/x");
  source->interrupt();
  source->open();
  EXPECT_EQ(f.log, (std::vector<std::string>{"own interrupt", "own open", "fallback interrupt", "fallback open"}));
}

} // namespace
} // namespace argus::media
