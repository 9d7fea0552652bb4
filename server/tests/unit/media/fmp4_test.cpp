#include <gtest/gtest.h>

#include "media/bitstream.hpp"
#include "media/fmp4_reader.hpp"
#include "media/fmp4_writer.hpp"
#include "media/fragmenter.hpp"
#include "media_test_support.hpp"

namespace argus::media {
namespace {

StreamInfo h264_info() {
  std::vector<std::uint8_t> annex_b{0, 0, 0, 1, 0x67, 0x64, 0x00, 0x1f, 0xac, 0xd9, 0, 0, 0, 1, 0x68, 0xeb, 0xe3, 0xcb};
  return {VideoCodec::h264, 640, 360, avcc_from_annex_b(annex_b)};
}

TEST(Fmp4Writer, InitSegmentHasFtypAndMoovWithAvcC) {
  auto info = h264_info();
  EXPECT_EQ(info.codec_string(), "avc1.64001f");
  auto init = build_init_segment(info);
  auto boxes = read_boxes(init);
  ASSERT_EQ(boxes.size(), 2u);
  EXPECT_EQ(boxes[0].type, "ftyp");
  EXPECT_EQ(boxes[1].type, "moov");
  EXPECT_EQ(boxes[0].size + boxes[1].size, init.size());
  std::string text(init.begin(), init.end());
  for (auto type : {"mvhd", "trak", "tkhd", "mdhd", "hdlr", "stsd", "avc1", "avcC", "mvex", "trex"})
    EXPECT_NE(text.find(type), std::string::npos) << type;
}

TEST(Fmp4Writer, FragmentRoundTripsSizesDurationsAndTfdt) {
  std::vector<std::vector<std::uint8_t>> payloads{{0, 0, 0, 2, 0x65, 1}, {0, 0, 0, 3, 0x41, 2, 3}, {0, 0, 0, 1, 0x41}};
  std::vector<FragmentSample> samples;
  std::int64_t dts = 1'700'000'000'000ll * 90;
  for (std::size_t i = 0; i < payloads.size(); ++i)
    samples.push_back({dts + static_cast<std::int64_t>(i) * 3600, 3600, 0, i == 0, payloads[i]});
  std::vector<std::uint8_t> bytes;
  auto size = append_fragment(bytes, 7, samples);
  EXPECT_EQ(size, bytes.size());
  auto boxes = read_boxes(bytes);
  ASSERT_EQ(boxes.size(), 2u);
  EXPECT_EQ(boxes[0].type, "moof");
  EXPECT_EQ(boxes[1].type, "mdat");
  EXPECT_EQ(boxes[1].size, 8u + 6 + 7 + 5);
  std::uint64_t valid = 0;
  auto fragments = read_fragments(bytes, &valid);
  ASSERT_EQ(fragments.size(), 1u);
  EXPECT_EQ(valid, bytes.size());
  EXPECT_EQ(fragments[0].sequence, 7u);
  EXPECT_EQ(fragments[0].base_dts_90k, dts);
  EXPECT_EQ(fragments[0].duration_90k, 3 * 3600);
  EXPECT_TRUE(fragments[0].keyframe);
  EXPECT_EQ(fragments[0].sample_sizes, (std::vector<std::uint32_t>{6, 7, 5}));
}

TEST(Fmp4Reader, StopsAtATornFragment) {
  std::vector<std::uint8_t> payload{0, 0, 0, 1, 0x65};
  std::vector<FragmentSample> samples{{90000, 3600, 0, true, payload}};
  std::vector<std::uint8_t> bytes;
  append_fragment(bytes, 1, samples);
  auto whole = bytes.size();
  append_fragment(bytes, 2, samples);
  bytes.resize(bytes.size() - 3);
  std::uint64_t valid = 0;
  EXPECT_EQ(read_fragments(bytes, &valid).size(), 1u);
  EXPECT_EQ(valid, whole);
}

// Found by reading after fuzzing (fuzz/crashes/*-fmp4-*-size-wrap.bin): a 64-bit box size near 2^64 made
// `at + size > data.size()` wrap, so read_boxes looped for ever and read_fragments (crash recovery) read past the
// buffer. Such a box is as torn as one that runs past the end: reading stops there.
TEST(Fmp4Reader, ABoxSizeNear2To64EndsTheReadingWithoutWrappingAround) {
  std::vector<std::uint8_t> boxes = {0x00, 0x00, 0x00, 0x10, 'f',  'r',  'e',  'e',  0,    0,   0,
                                     0,    0,    0,    0,    0,    0x00, 0x00, 0x00, 0x01, 'f', 'r',
                                     'e',  'e',  0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xf0};
  EXPECT_EQ(read_boxes(boxes).size(), 1u);

  std::vector<std::uint8_t> fragment = {0x00, 0x00, 0x00, 0x01, 'm',  'o',  'o',  'f',  0xff, 0xff, 0xff, 0xff,
                                        0xff, 0xff, 0xff, 0xf8, 0x00, 0x00, 0x00, 0x08, 'm',  'd',  'a',  't'};
  std::uint64_t valid = 1;
  EXPECT_TRUE(read_fragments(fragment, &valid).empty());
  EXPECT_EQ(valid, 0u);
  // The moof fits; its mdat claims nearly 2^64 bytes.
  std::vector<std::uint8_t> payload{0, 0, 0, 1, 0x65};
  std::vector<FragmentSample> samples{{90000, 3600, 0, true, payload}};
  std::vector<std::uint8_t> torn;
  append_fragment(torn, 1, samples);
  auto mdat_at = read_boxes(torn).at(0).size;
  const std::uint8_t large_mdat[] = {0x00, 0x00, 0x00, 0x01, 'm',  'd',  'a',  't',
                                     0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00};
  torn.resize(mdat_at);
  torn.insert(torn.end(), std::begin(large_mdat), std::end(large_mdat));
  valid = 1;
  EXPECT_TRUE(read_fragments(torn, &valid).empty());
  EXPECT_EQ(valid, 0u);
}

TEST(Bitstream, AnnexBConversionAndKeyframes) {
  std::vector<std::uint8_t> annex_b{0, 0, 0, 1, 0x67, 1, 2, 0, 0, 1, 0x65, 9, 9, 9};
  auto prefixed = annex_b_to_length_prefixed(annex_b);
  EXPECT_EQ(prefixed, (std::vector<std::uint8_t>{0, 0, 0, 3, 0x67, 1, 2, 0, 0, 0, 4, 0x65, 9, 9, 9}));
  EXPECT_TRUE(contains_keyframe(VideoCodec::h264, prefixed));
  EXPECT_FALSE(contains_keyframe(VideoCodec::h264, std::vector<std::uint8_t>{0, 0, 0, 2, 0x41, 0}));
}

// The scan for start codes skips ahead to 0x01 bytes (memchr); these are the cases where that can go wrong.
TEST(Bitstream, SplitAnnexBFindsEveryStartCodeAndOnlyThose) {
  using Bytes = std::vector<std::uint8_t>;
  auto split = [](const Bytes& data) {
    std::vector<Bytes> nals;
    for (auto nal : split_annex_b(data))
      nals.emplace_back(nal.begin(), nal.end());
    return nals;
  };
  // 0x01 inside a NAL unit after one zero or none is no start code; bytes before the first start code are dropped.
  EXPECT_EQ(split({7, 1, 0, 0, 1, 0x41, 1, 0, 1, 0, 0, 2, 1}), (std::vector<Bytes>{{0x41, 1, 0, 1, 0, 0, 2, 1}}));
  // 4-byte start codes and trailing zeros before the next start code belong to no NAL unit; the last keeps its zeros.
  EXPECT_EQ(split({0, 0, 0, 1, 0x67, 5, 0, 0, 0, 0, 1, 0x68, 0, 0}), (std::vector<Bytes>{{0x67, 5}, {0x68, 0, 0}}));
  // Back-to-back start codes give an empty unit; a start code that ends the buffer gives none.
  EXPECT_EQ(split({0, 0, 1, 0, 0, 1, 0x65, 0, 0, 1}), (std::vector<Bytes>{{}, {0x65}}));
  EXPECT_TRUE(split({0, 0}).empty());
  EXPECT_TRUE(split({1, 1, 1}).empty());
  // A start code split across the scan's stepping: 00 00 00 00 01 (leading zeros are trailing bytes of the previous).
  EXPECT_EQ(split({0, 0, 1, 9, 0, 0, 0, 0, 1, 8, 1}), (std::vector<Bytes>{{9}, {8, 1}}));
  // Long NAL units: the same answer as a byte-by-byte scan.
  Bytes big{0, 0, 0, 1, 0x65};
  for (int i = 0; i < 5000; ++i)
    big.push_back(static_cast<std::uint8_t>((i * 37) % 253 + 1)); // never 0: no start code inside
  big.insert(big.end(), {0, 0, 1, 0x41, 0, 1, 0, 0, 3, 1});
  auto nals = split(big);
  ASSERT_EQ(nals.size(), 2u);
  EXPECT_EQ(nals[0].size(), 5001u);
  EXPECT_EQ(nals[1], (Bytes{0x41, 0, 1, 0, 0, 3, 1}));
  EXPECT_EQ(annex_b_to_length_prefixed(big).size(), 4 + 5001 + 4 + 7u);
}

class FragmenterOnClip : public ::testing::Test {
protected:
  void SetUp() override {
    path_ = testing::clip("h264", "mp4", 6);
    if (path_.empty())
      GTEST_SKIP() << "ffmpeg or opencv-doc footage missing";
  }
  std::filesystem::path path_;
};

TEST_F(FragmenterOnClip, GopFragmentsStartOnKeyframesSumToTheClipAndDecode) {
  StreamInfo info;
  auto packets = testing::read_all_packets(path_, &info);
  ASSERT_EQ(packets.size(), 150u);
  std::vector<Fragment> fragments, parts;
  Fragmenter fragmenter(
      info, FragmenterOptions{.part_target_90k = 18000}, [&](Fragment&& f) { fragments.push_back(std::move(f)); },
      [&](Fragment&& p) { parts.push_back(std::move(p)); });
  auto first_dts = packets.front().dts_90k;
  for (auto& packet : packets)
    fragmenter.push(std::move(packet));
  fragmenter.flush();

  ASSERT_EQ(fragments.size(), 3u); // 6 s, keyframe every 2 s
  std::int64_t total = 0;
  std::uint32_t samples = 0;
  for (const auto& fragment : fragments) {
    EXPECT_TRUE(fragment.keyframe);
    EXPECT_EQ(fragment.start_90k, first_dts + total);
    total += fragment.duration_90k;
    samples += fragment.sample_count;
    auto parsed = read_fragments(fragment.bytes->contiguous());
    ASSERT_EQ(parsed.size(), 1u);
    EXPECT_EQ(parsed[0].base_dts_90k, fragment.start_90k);
  }
  EXPECT_EQ(samples, 150u);
  EXPECT_EQ(total, 6 * 90000);
  // Parts cover the same samples in ~200 ms pieces; each GOP's first part is independent.
  std::uint32_t part_samples = 0;
  int independent = 0;
  for (const auto& part : parts) {
    part_samples += part.sample_count;
    EXPECT_LE(part.duration_90k, 18000 + 3600);
    independent += part.keyframe;
  }
  EXPECT_EQ(part_samples, 150u);
  EXPECT_EQ(independent, 3);

  testing::TempDir dir;
  auto file = dir.path / "stream.mp4";
  auto bytes = fragmenter.init_segment();
  for (const auto& fragment : fragments)
    fragment.bytes->append_to(bytes);
  testing::write_bytes(file, bytes);
  auto decoded = testing::decode_file(file);
  EXPECT_EQ(decoded.error, "");
  EXPECT_EQ(decoded.packets, 150);
  EXPECT_EQ(decoded.frames, 150);
  EXPECT_EQ(decoded.errors, 0);
  EXPECT_NEAR(decoded.duration_s, 6.0, 0.05);

  // The parts alone also make a decodable stream (what an LL-HLS client plays).
  bytes = fragmenter.init_segment();
  for (const auto& part : parts)
    part.bytes->append_to(bytes);
  testing::write_bytes(file, bytes);
  decoded = testing::decode_file(file);
  EXPECT_EQ(decoded.frames, 150);
  EXPECT_EQ(decoded.errors, 0);
}

// Live parts close on the packet that completes them (their last sample's duration is an estimate); the next part's
// tfdt is still the real dts; each GOP fragment holds exactly its parts' samples with the real durations; both decode.
// The clip's timestamps get a deterministic jitter of up to ±600 ticks so that estimates and real durations differ.
TEST_F(FragmenterOnClip, PartsCloseOnTheirLastFrameAndGopsAreTheirPartsWithRealDurations) {
  StreamInfo info;
  auto packets = testing::read_all_packets(path_, &info);
  ASSERT_EQ(packets.size(), 150u);
  const std::int64_t jitter[] = {0, 400, -300, 600, -600, 200, 0, -100};
  std::vector<std::int64_t> dts;
  for (std::size_t i = 0; i < packets.size(); ++i) {
    auto shift = i == 0 ? 0 : jitter[i % 8];
    packets[i].dts_90k += shift;
    packets[i].pts_90k += shift;
    packets[i].duration_90k = 0; // as from RTSP: unknown
    dts.push_back(packets[i].dts_90k);
  }
  std::vector<bool> keyframe;
  for (const auto& packet : packets)
    keyframe.push_back(packet.keyframe);

  std::vector<Fragment> fragments, parts;
  std::size_t pushed = 0;       // index of the packet being pushed
  std::size_t part_samples = 0; // samples emitted in parts so far
  Fragmenter fragmenter(
      info, FragmenterOptions{.part_target_90k = 18000}, [&](Fragment&& f) { fragments.push_back(std::move(f)); },
      [&](Fragment&& p) {
        auto first = part_samples;
        part_samples += p.sample_count;
        auto last = part_samples - 1;
        EXPECT_EQ(p.start_90k, dts[first]); // tfdt from the real dts
        if (last == pushed) {
          EXPECT_GE(p.duration_90k, 18000); // closed by the frame that completed it, not by the next one
        } else {
          // Only a keyframe (a new GOP) or the end of the stream closes a shorter part ending on the previous packet.
          EXPECT_TRUE(pushed == keyframe.size() || keyframe[pushed])
              << "part ending at " << last << " emitted while pushing " << pushed;
          EXPECT_EQ(last + 1, pushed);
        }
        parts.push_back(std::move(p));
      });
  for (; pushed < packets.size(); ++pushed)
    fragmenter.push(std::move(packets[pushed]));
  fragmenter.flush();
  ASSERT_EQ(part_samples, 150u);
  ASSERT_EQ(fragments.size(), 3u);

  // Part k+1 starts at the real dts whatever part k estimated: the gap/overlap is at most 4 jitters (estimate and real
  // duration each off by 2).
  for (std::size_t k = 0; k + 1 < parts.size(); ++k)
    EXPECT_LE(std::abs(parts[k].start_90k + parts[k].duration_90k - parts[k + 1].start_90k), 4 * 600) << k;

  auto mdat_payload = [](const std::vector<std::uint8_t>& bytes) {
    auto boxes = read_boxes(bytes);
    EXPECT_EQ(boxes.size(), 2u);
    return std::vector<std::uint8_t>(bytes.begin() + static_cast<std::ptrdiff_t>(boxes[0].size + 8), bytes.end());
  };
  std::size_t part = 0, sample = 0;
  for (const auto& fragment : fragments) {
    auto gop = read_fragments(fragment.bytes->contiguous());
    ASSERT_EQ(gop.size(), 1u);
    EXPECT_EQ(gop[0].base_dts_90k, dts[sample]);
    // Real durations: dts differences (the stream's last sample: the previous real duration).
    for (std::size_t i = 0; i < gop[0].sample_durations.size(); ++i, ++sample) {
      auto real = sample + 1 < dts.size() ? dts[sample + 1] - dts[sample] : dts[sample] - dts[sample - 1];
      EXPECT_EQ(gop[0].sample_durations[i], static_cast<std::uint32_t>(real)) << sample;
    }
    // The GOP is the concatenation of its parts: same sizes, same payload bytes, durations equal but for each
    // part's last sample.
    std::vector<std::uint32_t> sizes, durations;
    std::vector<std::uint8_t> payload;
    ASSERT_LT(part, parts.size());
    EXPECT_EQ(parts[part].start_90k, fragment.start_90k);
    EXPECT_TRUE(parts[part].keyframe);
    while (sizes.size() < gop[0].sample_sizes.size() && part < parts.size()) {
      auto parsed = read_fragments(parts[part].bytes->contiguous());
      ASSERT_EQ(parsed.size(), 1u);
      sizes.insert(sizes.end(), parsed[0].sample_sizes.begin(), parsed[0].sample_sizes.end());
      durations.insert(durations.end(), parsed[0].sample_durations.begin(), parsed[0].sample_durations.end() - 1);
      durations.push_back(gop[0].sample_durations[durations.size()]);
      auto bytes = mdat_payload(parts[part].bytes->contiguous());
      payload.insert(payload.end(), bytes.begin(), bytes.end());
      ++part;
    }
    EXPECT_EQ(sizes, gop[0].sample_sizes);
    EXPECT_EQ(durations, gop[0].sample_durations);
    EXPECT_EQ(payload, mdat_payload(fragment.bytes->contiguous()));
  }
  EXPECT_EQ(part, parts.size());

  testing::TempDir dir;
  auto file = dir.path / "gops.mp4";
  for (const auto* list : {&fragments, &parts}) {
    auto bytes = fragmenter.init_segment();
    for (const auto& f : *list)
      f.bytes->append_to(bytes);
    testing::write_bytes(file, bytes);
    auto decoded = testing::decode_file(file);
    EXPECT_EQ(decoded.error, "");
    EXPECT_EQ(decoded.frames, 150);
    EXPECT_EQ(decoded.errors, 0);
  }
}

TEST(Fragmenter, BFramesKeepCompositionOffsetsAndDecode) {
  auto path = testing::clip("h264", "mp4", 4, 2);
  if (path.empty())
    GTEST_SKIP() << "ffmpeg or footage missing";
  StreamInfo info;
  auto packets = testing::read_all_packets(path, &info);
  std::vector<std::uint8_t> bytes;
  Fragmenter fragmenter(info, {}, [&](Fragment&& f) { f.bytes->append_to(bytes); });
  auto count = static_cast<int>(packets.size());
  for (auto& packet : packets)
    fragmenter.push(std::move(packet));
  fragmenter.flush();
  bytes.insert(bytes.begin(), fragmenter.init_segment().begin(), fragmenter.init_segment().end());
  testing::TempDir dir;
  testing::write_bytes(dir.path / "b.mp4", bytes);
  auto decoded = testing::decode_file(dir.path / "b.mp4");
  EXPECT_EQ(decoded.frames, count);
  EXPECT_EQ(decoded.errors, 0);
}

TEST(Fragmenter, H265IsRecordedAsHvc1AndFlaggedNotBrowserPlayable) {
  auto path = testing::clip("h265", "mkv", 4);
  if (path.empty())
    GTEST_SKIP() << "ffmpeg with libx265 missing";
  StreamInfo info;
  auto packets = testing::read_all_packets(path, &info);
  EXPECT_EQ(info.codec, VideoCodec::h265);
  EXPECT_FALSE(info.browser_playable());
  EXPECT_EQ(info.codec_string().rfind("hvc1.", 0), 0u) << info.codec_string();
  std::vector<std::uint8_t> bytes;
  Fragmenter fragmenter(info, {}, [&](Fragment&& f) { f.bytes->append_to(bytes); });
  auto count = static_cast<int>(packets.size());
  for (auto& packet : packets)
    fragmenter.push(std::move(packet));
  fragmenter.flush();
  bytes.insert(bytes.begin(), fragmenter.init_segment().begin(), fragmenter.init_segment().end());
  testing::TempDir dir;
  testing::write_bytes(dir.path / "h.mp4", bytes);
  auto decoded = testing::decode_file(dir.path / "h.mp4");
  EXPECT_EQ(decoded.frames, count);
  EXPECT_EQ(decoded.errors, 0);
}

} // namespace
} // namespace argus::media
