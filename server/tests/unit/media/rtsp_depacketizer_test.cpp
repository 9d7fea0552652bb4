// RTP depacketizing of the RTSP reader: H.264 (RFC 6184), H.265 (RFC 7798), AAC (RFC 3640) and access unit assembly
// (media/rtsp/*_depacketizer, access_unit_assembler, rtp_packet, rtp_timestamp_unwrapper).
#include <gtest/gtest.h>

#include "media/rtsp/aac_depacketizer.hpp"
#include "media/rtsp/access_unit_assembler.hpp"
#include "media/rtsp/h264_depacketizer.hpp"
#include "media/rtsp/h265_depacketizer.hpp"
#include "media/rtsp/rtp_packet.hpp"
#include "media/rtsp/rtp_timestamp_unwrapper.hpp"
#include "support/rtsp_test_server.hpp"

namespace argus::media::rtsp {
namespace {

using Bytes = std::vector<std::uint8_t>;

Bytes length_prefixed(std::initializer_list<Bytes> nals) {
  Bytes out;
  for (const auto& nal : nals) {
    auto n = static_cast<std::uint32_t>(nal.size());
    out.insert(out.end(), {static_cast<std::uint8_t>(n >> 24), static_cast<std::uint8_t>(n >> 16),
                           static_cast<std::uint8_t>(n >> 8), static_cast<std::uint8_t>(n)});
    out.insert(out.end(), nal.begin(), nal.end());
  }
  return out;
}

Bytes rtp(std::uint16_t sequence, std::uint32_t timestamp, bool marker, const Bytes& payload, int payload_type = 96) {
  return argus::testing::rtp_packet(payload_type, marker, sequence, timestamp, 0x12345678, payload);
}

RtpPacket parsed(const Bytes& bytes) {
  auto packet = RtpPacket::parse(bytes);
  EXPECT_TRUE(packet);
  return packet.value_or(RtpPacket{});
}

const Bytes k_sps = {0x67, 0x4d, 0x40, 0x1f, 0xda};
const Bytes k_pps = {0x68, 0xef, 0x0f, 0xc8};
const Bytes k_idr = {0x65, 0x88, 0x80, 0x10, 0x20, 0x30, 0x40, 0x50};
const Bytes k_slice = {0x41, 0x9a, 0x01, 0x02};

TEST(RtpPacket, ParsesHeaderSkipsCsrcExtensionAndPadding) {
  Bytes bytes = {0xb1, 0xe0, 0x01, 0x02, 0,   0, 0x10, 0, 0, 0, 0, 1, // V2, padding, extension, 1 CSRC; M, PT 96
                 0xaa, 0xbb, 0xcc, 0xdd,                              // CSRC
                 0xbe, 0xde, 0x00, 0x01, 1,   2, 3,    4,             // extension, one word
                 0x65, 0x01, 0x00, 0x00, 0x03};                       // payload + 3 bytes of padding
  auto packet = RtpPacket::parse(bytes);
  ASSERT_TRUE(packet);
  EXPECT_TRUE(packet->marker);
  EXPECT_EQ(packet->payload_type, 96);
  EXPECT_EQ(packet->sequence, 0x0102);
  EXPECT_EQ(packet->timestamp, 0x1000u);
  EXPECT_EQ(packet->ssrc, 1u);
  EXPECT_EQ(Bytes(packet->payload.begin(), packet->payload.end()), (Bytes{0x65, 0x01}));
  EXPECT_FALSE(RtpPacket::parse(Bytes{0x80, 0x60, 0, 1}));              // too short
  EXPECT_FALSE(RtpPacket::parse(Bytes(12, 0x40)));                      // version 1
  Bytes bad_padding = {0xa0, 0x60, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0x09}; // padding longer than the packet
  EXPECT_FALSE(RtpPacket::parse(bad_padding));
  Bytes bad_extension = {0x90, 0x60, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0xbe, 0xde, 0x00, 0x09};
  EXPECT_FALSE(RtpPacket::parse(bad_extension));
}

TEST(RtpTimestampUnwrapper, UnwrapsAcrossTheWrapBothWays) {
  RtpTimestampUnwrapper clock;
  EXPECT_FALSE(clock.started());
  EXPECT_EQ(clock.unwrap(0xfffff000u), 0xfffff000);
  EXPECT_EQ(clock.unwrap(0x00000e10u), 0x100000e10); // wrapped forward
  EXPECT_EQ(clock.unwrap(0xfffffe00u), 0xfffffe00);  // back across the wrap
  EXPECT_EQ(clock.nearest(0x00001000u), 0x100001000);
  EXPECT_EQ(clock.unwrap(0x7ffffe00u), 0x7ffffe00); // less than 2^31 back
  EXPECT_TRUE(clock.started());
}

TEST(H264Depacketizer, SingleStapAAndFuA) {
  H264Depacketizer depacketizer;
  Bytes au;
  EXPECT_EQ(depacketizer.append(k_slice, au), VideoDepacketizer::Result::appended);
  EXPECT_EQ(au, length_prefixed({k_slice}));
  au.clear();
  Bytes stap = {0x78, 0x00, static_cast<std::uint8_t>(k_sps.size())};
  stap.insert(stap.end(), k_sps.begin(), k_sps.end());
  stap.insert(stap.end(), {0x00, static_cast<std::uint8_t>(k_pps.size())});
  stap.insert(stap.end(), k_pps.begin(), k_pps.end());
  EXPECT_EQ(depacketizer.append(stap, au), VideoDepacketizer::Result::appended);
  // FU-A: indicator NRI 3 type 28, header S/E + type 5; the unit's header is rebuilt as 0x65.
  EXPECT_EQ(depacketizer.append(Bytes{0x7c, 0x85, 0x88, 0x80, 0x10}, au), VideoDepacketizer::Result::appended);
  EXPECT_TRUE(depacketizer.fragment_open());
  EXPECT_EQ(depacketizer.append(Bytes{0x7c, 0x05, 0x20, 0x30}, au), VideoDepacketizer::Result::appended);
  EXPECT_EQ(depacketizer.append(Bytes{0x7c, 0x45, 0x40, 0x50}, au), VideoDepacketizer::Result::appended);
  EXPECT_FALSE(depacketizer.fragment_open());
  EXPECT_EQ(au, length_prefixed({k_sps, k_pps, k_idr}));
}

TEST(H264Depacketizer, LostFragmentsAndBrokenAggregatesAreDamage) {
  H264Depacketizer depacketizer;
  Bytes au;
  EXPECT_EQ(depacketizer.append(Bytes{0x7c, 0x05, 0x20}, au), VideoDepacketizer::Result::broken); // middle, no start
  EXPECT_EQ(depacketizer.append(Bytes{0x7c, 0x45, 0x20}, au), VideoDepacketizer::Result::broken); // end, no start
  EXPECT_EQ(depacketizer.append(Bytes{0x7c, 0x85, 0x88}, au), VideoDepacketizer::Result::appended);
  EXPECT_EQ(depacketizer.append(Bytes{0x7c, 0x85, 0x88}, au), VideoDepacketizer::Result::broken); // start again
  depacketizer.reset();
  EXPECT_EQ(depacketizer.append(Bytes{0x78, 0x00, 0x09, 0x67}, au), VideoDepacketizer::Result::broken); // truncated
  EXPECT_EQ(depacketizer.append(Bytes{0x78, 0x00, 0x00}, au), VideoDepacketizer::Result::broken);       // empty unit
  EXPECT_EQ(depacketizer.append(Bytes{0x7c}, au), VideoDepacketizer::Result::broken); // FU-A header missing
  EXPECT_EQ(depacketizer.append(Bytes{0x79, 0x00, 0x01}, au), VideoDepacketizer::Result::skipped); // STAP-B
  EXPECT_EQ(depacketizer.append(Bytes{0x7d, 0x85, 0x01}, au), VideoDepacketizer::Result::skipped); // FU-B
  EXPECT_EQ(depacketizer.append(Bytes{}, au), VideoDepacketizer::Result::skipped);
}

TEST(H265Depacketizer, SingleAggregationAndFragmentationUnits) {
  const Bytes vps = {0x40, 0x01, 0x0c}, sps = {0x42, 0x01, 0x01, 0x02}, pps = {0x44, 0x01, 0xc0};
  const Bytes idr = {0x26, 0x01, 0xaf, 0x01, 0x02, 0x03}; // IDR_W_RADL (19)
  H265Depacketizer depacketizer;
  Bytes au;
  Bytes ap = {0x60, 0x01}; // type 48
  for (const auto* nal : {&vps, &sps, &pps}) {
    ap.insert(ap.end(), {0x00, static_cast<std::uint8_t>(nal->size())});
    ap.insert(ap.end(), nal->begin(), nal->end());
  }
  EXPECT_EQ(depacketizer.append(ap, au), VideoDepacketizer::Result::appended);
  // FU: payload header type 49 (0x62 0x01), FU header S/E + type 19.
  EXPECT_EQ(depacketizer.append(Bytes{0x62, 0x01, 0x93, 0xaf, 0x01}, au), VideoDepacketizer::Result::appended);
  EXPECT_EQ(depacketizer.append(Bytes{0x62, 0x01, 0x53, 0x02, 0x03}, au), VideoDepacketizer::Result::appended);
  EXPECT_EQ(au, length_prefixed({vps, sps, pps, idr}));
  au.clear();
  EXPECT_EQ(depacketizer.append(Bytes{0x02, 0x01, 0xd0}, au), VideoDepacketizer::Result::appended); // TRAIL_R single
  EXPECT_EQ(depacketizer.append(Bytes{0x62, 0x01, 0x13, 0x01}, au), VideoDepacketizer::Result::broken); // no start
  EXPECT_EQ(depacketizer.append(Bytes{0x64, 0x01, 0x00}, au), VideoDepacketizer::Result::skipped);      // PACI (50)
  EXPECT_EQ(depacketizer.append(Bytes{0x60, 0x01, 0x00, 0x05, 0x40}, au), VideoDepacketizer::Result::broken);
}

class AssemblerTest : public ::testing::Test {
protected:
  void push(std::uint16_t sequence, std::uint32_t timestamp, bool marker, const Bytes& payload) {
    auto bytes = rtp(sequence, timestamp, marker, payload);
    assembler_.push(parsed(bytes), out_);
  }
  H264Depacketizer depacketizer_;
  AccessUnitAssembler assembler_{VideoCodec::h264, depacketizer_, 64};
  std::vector<AccessUnit> out_;
};

TEST_F(AssemblerTest, MarkerEndsAnAccessUnitAtOnce) {
  push(1, 3600, false, k_sps);
  push(2, 3600, false, k_pps);
  EXPECT_TRUE(assembler_.in_progress());
  push(3, 3600, true, k_idr);
  ASSERT_EQ(out_.size(), 1u);
  EXPECT_EQ(out_[0].data, length_prefixed({k_sps, k_pps, k_idr}));
  EXPECT_EQ(out_[0].rtp_timestamp, 3600u);
  EXPECT_TRUE(out_[0].keyframe);
  EXPECT_FALSE(assembler_.in_progress());
  EXPECT_EQ(out_[0].data.capacity(), out_[0].data.size()); // exactly sized: the fragmenter keeps a GOP of them
}

TEST_F(AssemblerTest, ANewTimestampEndsAnAccessUnitWithoutMarker) {
  push(1, 3600, false, k_idr);
  EXPECT_TRUE(out_.empty());
  push(2, 7200, false, k_slice);
  ASSERT_EQ(out_.size(), 1u);
  EXPECT_EQ(out_[0].rtp_timestamp, 3600u);
  push(3, 10800, true, k_slice);
  ASSERT_EQ(out_.size(), 3u);
  EXPECT_FALSE(out_[2].keyframe);
  EXPECT_EQ(out_[2].rtp_timestamp, 10800u);
}

TEST_F(AssemblerTest, ASequenceGapDropsTheDamagedAccessUnits) {
  push(1, 3600, true, k_idr);
  push(2, 7200, false, {0x7c, 0x81, 0x01});
  // 3 lost (the end of the fragmented slice): the unit in progress is damaged, the one after the gap may have lost
  // its start as well.
  push(4, 10800, true, k_slice);
  push(5, 14400, true, k_slice);
  ASSERT_EQ(out_.size(), 2u);
  EXPECT_EQ(out_[0].rtp_timestamp, 3600u);
  EXPECT_EQ(out_[1].rtp_timestamp, 14400u);
  EXPECT_EQ(assembler_.dropped(), 2u);
  // A duplicate (an old sequence number) is ignored, not a gap.
  push(5, 14400, true, k_slice);
  push(6, 18000, true, k_slice);
  EXPECT_EQ(out_.size(), 3u);
  EXPECT_EQ(assembler_.dropped(), 2u);
}

TEST_F(AssemblerTest, AFragmentLeftOpenAtTheMarkerIsDamage) {
  push(1, 3600, false, {0x7c, 0x85, 0x01});
  push(2, 3600, true, {0x7c, 0x05, 0x02}); // marker but no end bit
  EXPECT_TRUE(out_.empty());
  EXPECT_EQ(assembler_.dropped(), 1u);
}

TEST_F(AssemblerTest, AnOversizedAccessUnitIsDroppedWithEverythingUntilTheNextKeyframe) {
  Bytes big(100, 0x41); // a slice larger than the 64-byte limit
  push(1, 3600, true, k_idr);
  push(2, 7200, true, big);
  push(3, 10800, true, k_slice); // refers to the dropped frame
  push(4, 14400, true, k_idr);
  push(5, 18000, true, k_slice);
  ASSERT_EQ(out_.size(), 3u);
  EXPECT_EQ(out_[1].rtp_timestamp, 14400u);
  EXPECT_EQ(assembler_.oversized(), 1u);
  EXPECT_EQ(assembler_.dropped(), 2u);
}

TEST_F(AssemblerTest, APacketAfterTheMarkerWithTheSameTimestampIsDropped) {
  push(1, 3600, true, k_idr);
  push(2, 3600, true, k_slice);
  push(3, 7200, true, k_slice);
  ASSERT_EQ(out_.size(), 2u);
  EXPECT_EQ(out_[1].rtp_timestamp, 7200u);
  EXPECT_EQ(assembler_.late_packets(), 1u);
}

AacDepacketizer::Config hbr() {
  AacDepacketizer::Config config;
  config.size_length = 13;
  config.index_length = 3;
  config.index_delta_length = 3;
  return config;
}

// AU-headers-length + 16-bit AU headers (13-bit size, 3-bit index 0) + the frames.
Bytes aac_payload(const std::vector<Bytes>& frames) {
  Bytes out = {0x00, static_cast<std::uint8_t>(16 * frames.size())};
  for (const auto& frame : frames) {
    auto size = static_cast<std::uint16_t>(frame.size() << 3);
    out.insert(out.end(), {static_cast<std::uint8_t>(size >> 8), static_cast<std::uint8_t>(size)});
  }
  for (const auto& frame : frames)
    out.insert(out.end(), frame.begin(), frame.end());
  return out;
}

TEST(AacDepacketizer, SeveralFramesPerPacket) {
  AacDepacketizer aac(hbr());
  std::vector<AacDepacketizer::Frame> frames;
  auto bytes = rtp(1, 1024, true, aac_payload({{1, 2, 3}, {4, 5}, {6}}), 97);
  ASSERT_TRUE(aac.push(parsed(bytes), false, frames));
  ASSERT_EQ(frames.size(), 3u);
  EXPECT_EQ(Bytes(frames[1].data.begin(), frames[1].data.end()), (Bytes{4, 5}));
  EXPECT_EQ(frames[2].position, 2);
}

TEST(AacDepacketizer, AFragmentedFrameIsGatheredAndALostFragmentDropsIt) {
  AacDepacketizer aac(hbr());
  std::vector<AacDepacketizer::Frame> frames;
  // One header announcing 6 bytes; the packets carry 3 + 3.
  auto part = [](Bytes data) {
    Bytes out = {0x00, 0x10, 0x00, 6 << 3};
    out.insert(out.end(), data.begin(), data.end());
    return out;
  };
  auto first = rtp(1, 2048, false, part({1, 2, 3}), 97);
  auto second = rtp(2, 2048, true, part({4, 5, 6}), 97);
  ASSERT_TRUE(aac.push(parsed(first), false, frames));
  EXPECT_TRUE(frames.empty());
  ASSERT_TRUE(aac.push(parsed(second), false, frames));
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(Bytes(frames[0].data.begin(), frames[0].data.end()), (Bytes{1, 2, 3, 4, 5, 6}));
  // The first fragment, a lost one, then the last: nothing comes out of it.
  auto again = rtp(3, 3072, false, part({1, 2, 3}), 97);
  auto last = rtp(5, 3072, true, part({4, 5, 6}), 97);
  ASSERT_TRUE(aac.push(parsed(again), false, frames));
  aac.push(parsed(last), true, frames);
  EXPECT_TRUE(frames.empty());
}

TEST(AacDepacketizer, MalformedHeadersAreRefused) {
  AacDepacketizer aac(hbr());
  std::vector<AacDepacketizer::Frame> frames;
  auto too_short = rtp(1, 0, true, {0x00}, 97);
  auto headers_beyond = rtp(2, 0, true, {0x00, 0x40, 0x00}, 97);
  auto sizes_beyond = rtp(3, 0, true, {0x00, 0x20, 0x00, 0x18, 0x00, 0x18, 1, 2, 3}, 97); // 3 + 3 announced, 3 there
  auto odd_bits = rtp(4, 0, true, {0x00, 0x11, 0x00, 0x08, 0x00, 7}, 97);
  for (const auto* bytes : {&too_short, &headers_beyond, &sizes_beyond, &odd_bits})
    EXPECT_FALSE(aac.push(parsed(*bytes), false, frames));
}

TEST(AacDepacketizer, OptionalHeaderFieldsAreSkipped) {
  auto config = hbr();
  config.cts_delta_length = 4;
  config.random_access_indication = true;
  AacDepacketizer aac(config);
  // One header of 18 bits: size 2 (13 bits) | index 0 (3) | CTS flag 0 (1) | RAP 1 (1), padded to 3 bytes.
  std::uint32_t header = ((2u << 5) | 1u) << 6;
  Bytes payload = {0x00,
                   18,
                   static_cast<std::uint8_t>(header >> 16),
                   static_cast<std::uint8_t>(header >> 8),
                   static_cast<std::uint8_t>(header),
                   0xaa,
                   0xbb};
  auto bytes = rtp(1, 0, true, payload, 97);
  std::vector<AacDepacketizer::Frame> frames;
  ASSERT_TRUE(aac.push(parsed(bytes), false, frames));
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(Bytes(frames[0].data.begin(), frames[0].data.end()), (Bytes{0xaa, 0xbb}));
}

} // namespace
} // namespace argus::media::rtsp
