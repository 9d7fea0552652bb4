// Fragments without a copy of their media (issue 18, memory per camera): a fragment is a head (moof + mdat header) and
// the shared packets of its samples. What it amounts to, what the chunk file gets (one gather write) and what is read
// back must be byte for byte what the contiguous writer produced before.
#include <algorithm>
#include <climits>

#include <gtest/gtest.h>

#include "media/chunk_file.hpp"
#include "media/fmp4_reader.hpp"
#include "media/fmp4_writer.hpp"
#include "media/fragment_bytes.hpp"
#include "media/fragmenter.hpp"
#include "media_test_support.hpp"

namespace argus::media {
namespace {

// A synthetic stream with audio: 25 fps video (a keyframe every 10 frames, sizes varying), AAC frames of 5760 ticks
// (16 kHz) in between; every packet carries its real duration, so parts' estimates equal the GOP's durations.
struct SyntheticStream {
  StreamInfo info;
  std::vector<EncodedPacket> packets;

  SyntheticStream() {
    info.width = 640;
    info.height = 360;
    info.extradata = {1, 0x64, 0x00, 0x1f, 0xff, 0xe0, 0x00};
    info.audio = AudioTrack{16000, 1, {0x14, 0x08}};
    std::int64_t audio_dts = 0;
    for (int frame = 0; frame < 60; ++frame) {
      EncodedPacket video;
      video.dts_90k = video.pts_90k = frame * 3600;
      video.duration_90k = 3600;
      video.keyframe = frame % 10 == 0;
      video.data.assign(static_cast<std::size_t>(100 + (frame * 37) % 900 + (video.keyframe ? 5000 : 0)),
                        static_cast<std::uint8_t>(frame));
      packets.push_back(std::move(video));
      while (audio_dts < (frame + 1) * 3600) {
        EncodedPacket audio;
        audio.track = MediaTrack::audio;
        audio.dts_90k = audio.pts_90k = audio_dts;
        audio.duration_90k = 5760;
        audio.keyframe = true;
        audio.data.assign(static_cast<std::size_t>(40 + audio_dts % 23), static_cast<std::uint8_t>(0xa0));
        packets.push_back(std::move(audio));
        audio_dts += 5760;
      }
    }
  }
};

// The old contiguous fragment of the same samples: append_fragment over the packets' bytes.
std::vector<std::uint8_t> contiguous_fragment(const Fragment& fragment, std::uint32_t timescale) {
  std::vector<FragmentSample> video, audio;
  const auto& samples = fragment.bytes->samples;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    const auto& p = *samples[i];
    if (i < fragment.sample_count)
      video.push_back(
          {p.dts_90k, p.duration_90k, static_cast<std::int32_t>(p.pts_90k - p.dts_90k), p.keyframe, p.data});
    else
      audio.push_back({p.dts_90k, p.duration_90k, 0, true, p.data});
  }
  std::vector<std::uint8_t> out;
  append_fragment(out, fragment.sequence, video, {timescale, audio});
  return out;
}

TEST(FragmentBytes, GopsAndPartsAreTheContiguousFragmentsWithoutCopyingThePackets) {
  SyntheticStream stream;
  std::vector<Fragment> gops, parts;
  Fragmenter fragmenter(
      stream.info, {.part_target_90k = 18000}, [&](Fragment&& f) { gops.push_back(std::move(f)); },
      [&](Fragment&& p) { parts.push_back(std::move(p)); });
  std::vector<SharedPacket> pushed;
  for (auto& packet : stream.packets) {
    pushed.push_back(std::make_shared<const EncodedPacket>(std::move(packet)));
    fragmenter.push(pushed.back());
  }
  fragmenter.flush();
  ASSERT_EQ(gops.size(), 6u);
  ASSERT_GT(parts.size(), gops.size());
  for (const auto* list : {&gops, &parts}) {
    for (const auto& fragment : *list) {
      auto bytes = fragment.bytes->contiguous();
      EXPECT_EQ(bytes, contiguous_fragment(fragment, 16000)) << fragment.sequence;
      EXPECT_EQ(bytes.size(), fragment.bytes->size());
      EXPECT_EQ(fragment.bytes->size(), fragment.bytes->head.size() + fragment.bytes->payload_size());
      auto parsed = read_fragments(bytes);
      ASSERT_EQ(parsed.size(), 1u);
      EXPECT_EQ(parsed[0].sample_sizes.size(), fragment.sample_count);
      ASSERT_EQ(parsed[0].other_tracks.size(), fragment.audio_sample_count > 0 ? 1u : 0u);
    }
  }
  // The samples are the pushed packets themselves (the same buffers), not copies.
  for (const auto& sample : gops[1].bytes->samples)
    EXPECT_NE(std::find(pushed.begin(), pushed.end(), sample), pushed.end());
}

TEST(ChunkFile, GatherWriteOfAFragmentIsByteIdenticalToTheContiguousWrite) {
  SyntheticStream stream;
  std::vector<Fragment> gops;
  Fragmenter fragmenter(stream.info, {}, [&](Fragment&& f) { gops.push_back(std::move(f)); });
  for (auto& packet : stream.packets)
    fragmenter.push(std::move(packet));
  fragmenter.flush();
  // And a fragment of more pieces than one writev takes (IOV_MAX).
  auto many = std::make_shared<FragmentBytes>();
  many->head = {0, 0, 0, 8, 'f', 'r', 'e', 'e'};
  for (int i = 0; i < IOV_MAX * 2 + 7; ++i) {
    EncodedPacket packet;
    packet.data.assign(static_cast<std::size_t>(1 + i % 5), static_cast<std::uint8_t>(i));
    many->samples.push_back(std::make_shared<const EncodedPacket>(std::move(packet)));
  }

  testing::TempDir dir;
  std::vector<std::uint64_t> gather_offsets, contiguous_offsets;
  {
    ChunkFile gathered(dir.path / "gathered.m4s");
    ChunkFile contiguous(dir.path / "contiguous.m4s");
    for (const auto& gop : gops) {
      gather_offsets.push_back(gathered.append(*gop.bytes));
      contiguous_offsets.push_back(contiguous.append(gop.bytes->contiguous()));
    }
    gather_offsets.push_back(gathered.append(*many));
    contiguous_offsets.push_back(contiguous.append(many->contiguous()));
    EXPECT_EQ(gathered.size(), contiguous.size());
  }
  EXPECT_EQ(gather_offsets, contiguous_offsets);
  auto written = testing::read_bytes(dir.path / "gathered.m4s");
  EXPECT_EQ(written, testing::read_bytes(dir.path / "contiguous.m4s"));
  // What crash recovery reads: every GOP fragment, whole.
  std::uint64_t valid = 0;
  std::vector<std::uint8_t> gop_bytes(written.begin(),
                                      written.begin() + static_cast<std::ptrdiff_t>(gather_offsets[6]));
  EXPECT_EQ(read_fragments(gop_bytes, &valid).size(), gops.size());
  EXPECT_EQ(valid, gop_bytes.size());
}

TEST(ChunkFile, ReadChunkRangeIsExactOrNothing) {
  testing::TempDir dir;
  auto path = dir.path / "chunk.m4s";
  testing::write_bytes(path, {1, 2, 3, 4, 5, 6, 7, 8});
  EXPECT_EQ(read_chunk_range(path, 2, 4), (std::vector<std::uint8_t>{3, 4, 5, 6}));
  EXPECT_EQ(read_chunk_range(path, 8, 0), std::vector<std::uint8_t>{});
  EXPECT_FALSE(read_chunk_range(path, 6, 4)); // past the end: truncated since
  EXPECT_FALSE(read_chunk_range(dir.path / "gone.m4s", 0, 1));
}

} // namespace
} // namespace argus::media
