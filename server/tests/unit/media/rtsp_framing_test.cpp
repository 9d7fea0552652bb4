// The RTSP reader's receive side and requests: interleaved framing split at every byte, response parsing with its
// limits, Basic/Digest authentication (media/rtsp/interleaved_reader, rtsp_response, rtsp_authenticator, rtcp).
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "media/rtsp/interleaved_reader.hpp"
#include "media/rtsp/rtcp.hpp"
#include "media/rtsp/rtp_reception_stats.hpp"
#include "media/rtsp/rtsp_authenticator.hpp"
#include "media/rtsp/rtsp_response.hpp"

namespace argus::media::rtsp {
namespace {

std::string frame(int channel, const std::string& payload) {
  std::string out = {'$', static_cast<char>(channel), static_cast<char>(payload.size() >> 8),
                     static_cast<char>(payload.size() & 0xff)};
  return out + payload;
}

struct Item {
  InterleavedReader::Item kind;
  int channel = -1;
  std::string payload; // or the response's status and body
};

// Feeds `stream` to a reader in pieces cut at `cuts`, collecting every item.
std::vector<Item> read_in_pieces(const std::string& stream, const std::vector<std::size_t>& cuts,
                                 std::size_t capacity = 0) {
  InterleavedReader reader = capacity ? InterleavedReader(capacity) : InterleavedReader();
  std::vector<Item> items;
  std::size_t at = 0;
  auto drain = [&] {
    while (true) {
      auto kind = reader.next();
      if (kind == InterleavedReader::Item::need_more)
        return;
      if (kind == InterleavedReader::Item::frame) {
        items.push_back({kind, reader.channel(), std::string(reader.payload().begin(), reader.payload().end())});
      } else if (kind == InterleavedReader::Item::response) {
        auto response = reader.take_response();
        items.push_back({kind, -1, std::to_string(response.status) + ":" + response.body});
      } else {
        items.push_back({kind, -1, ""});
        return;
      }
    }
  };
  auto feed = [&](std::size_t end) {
    while (at < end) {
      auto space = reader.writable();
      auto n = std::min(space.size(), end - at);
      std::memcpy(space.data(), stream.data() + at, n);
      reader.commit(n);
      at += n;
      drain();
    }
  };
  for (auto cut : cuts)
    feed(cut);
  feed(stream.size());
  return items;
}

TEST(InterleavedReader, FramesAndResponsesSplitAtEveryByteBoundary) {
  std::string payload(1400, 'v');
  payload[0] = '$'; // a dollar inside a payload is data
  auto response = std::string("RTSP/1.0 200 OK\r\nCSeq: 5\r\nContent-Length: 4\r\n\r\nbody");
  auto stream = frame(0, payload) + frame(1, "rtcp") + response + frame(2, "") + frame(0, "last");
  for (std::size_t a = 1; a < stream.size(); ++a) {
    for (std::size_t b : {a, std::min(stream.size(), a + 1), std::min(stream.size(), a + 700)}) {
      auto items = read_in_pieces(stream, {a, b});
      ASSERT_EQ(items.size(), 5u) << "cut at " << a << ", " << b;
      EXPECT_EQ(items[0].payload, payload);
      EXPECT_EQ(items[1].channel, 1);
      EXPECT_EQ(items[1].payload, "rtcp");
      EXPECT_EQ(items[2].kind, InterleavedReader::Item::response);
      EXPECT_EQ(items[2].payload, "200:body");
      EXPECT_EQ(items[3].channel, 2);
      EXPECT_EQ(items[3].payload, "");
      EXPECT_EQ(items[4].payload, "last");
    }
  }
}

TEST(InterleavedReader, LargestFramesCrossTheBufferEndAndCompact) {
  std::string stream;
  for (int i = 0; i < 6; ++i)
    stream += frame(i % 2, std::string(65535, static_cast<char>('a' + i)));
  // Pieces of odd sizes, so that the unread tail is moved to the front several times.
  std::vector<std::size_t> cuts;
  for (std::size_t at = 1000; at < stream.size(); at += 9973)
    cuts.push_back(at);
  auto items = read_in_pieces(stream, cuts);
  ASSERT_EQ(items.size(), 6u);
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(items[i].payload.size(), 65535u);
    EXPECT_EQ(items[i].payload.front(), 'a' + i);
    EXPECT_EQ(items[i].payload.back(), 'a' + i);
  }
}

TEST(InterleavedReader, GarbageIsReportedAndCanBeSkippedToTheNextFrame) {
  InterleavedReader reader;
  std::string stream = "xyz\x01garbage" + frame(0, "ok");
  auto space = reader.writable();
  std::memcpy(space.data(), stream.data(), stream.size());
  reader.commit(stream.size());
  EXPECT_EQ(reader.next(), InterleavedReader::Item::not_rtsp);
  EXPECT_EQ(reader.skip_to_frame(), 11u);
  ASSERT_EQ(reader.next(), InterleavedReader::Item::frame);
  EXPECT_EQ(std::string(reader.payload().begin(), reader.payload().end()), "ok");
  EXPECT_EQ(reader.next(), InterleavedReader::Item::need_more);
  EXPECT_EQ(reader.skip_to_frame(), 0u);
}

TEST(InterleavedReader, AHugeResponseHeadIsMalformedNotBuffered) {
  std::string stream = "RTSP/1.0 200 OK\r\nX-Pad: " + std::string(20000, 'p');
  auto items = read_in_pieces(stream, {});
  ASSERT_EQ(items.size(), 1u);
  EXPECT_EQ(items[0].kind, InterleavedReader::Item::malformed);
}

TEST(RtspResponse, ParsesStatusHeadersAndBody) {
  std::string text = "RTSP/1.0 401 Unauthorized\r\nCSeq: 2\r\nWWW-Authenticate: Digest realm=\"a\"\r\n"
                     "www-authenticate: Basic realm=\"a\"\r\ncontent-length: 3\r\nnot a header\r\n\r\nabcEXTRA";
  auto parsed = parse_rtsp_response(text);
  ASSERT_EQ(parsed.result, ResponseParse::complete);
  EXPECT_EQ(parsed.response.status, 401);
  EXPECT_EQ(parsed.response.reason, "Unauthorized");
  EXPECT_EQ(parsed.response.header("cseq"), "2");
  EXPECT_EQ(parsed.response.headers_named("WWW-Authenticate").size(), 2u);
  EXPECT_EQ(parsed.response.body, "abc");
  EXPECT_EQ(parsed.consumed, text.size() - 5);
  // LF-only heads from sloppy servers.
  auto lf = parse_rtsp_response("RTSP/1.0 200 OK\nCSeq: 1\n\n");
  EXPECT_EQ(lf.result, ResponseParse::complete);
  EXPECT_EQ(lf.response.header("CSeq"), "1");
}

TEST(RtspResponse, IncompleteGarbageAndLimits) {
  EXPECT_EQ(parse_rtsp_response("RTS").result, ResponseParse::incomplete);
  EXPECT_EQ(parse_rtsp_response("RTSP/1.0 200 OK\r\nCSeq: 1\r\n").result, ResponseParse::incomplete);
  EXPECT_EQ(parse_rtsp_response("RTSP/1.0 200 OK\r\nContent-Length: 10\r\n\r\nabc").result, ResponseParse::incomplete);
  EXPECT_EQ(parse_rtsp_response("HTTP/1.1 200 OK\r\n\r\n").result, ResponseParse::not_rtsp);
  EXPECT_EQ(parse_rtsp_response("\x16\x03\x01").result, ResponseParse::not_rtsp);
  EXPECT_EQ(parse_rtsp_response("RTSP/1.0 2x0 OK\r\n\r\n").result, ResponseParse::malformed);
  EXPECT_EQ(parse_rtsp_response("RTSP/1.0\r\n\r\n").result, ResponseParse::malformed);
  EXPECT_EQ(parse_rtsp_response("RTSP/1.0 200 OK\r\nContent-Length: -1\r\n\r\n").result, ResponseParse::malformed);
  EXPECT_EQ(parse_rtsp_response("RTSP/1.0 200 OK\r\nContent-Length: 99999999999999999999999\r\n\r\n").result,
            ResponseParse::too_large);
  EXPECT_EQ(parse_rtsp_response("RTSP/1.0 200 OK\r\nContent-Length: 70000\r\n\r\n").result, ResponseParse::too_large);
  std::string many = "RTSP/1.0 200 OK\r\n";
  for (int i = 0; i < 100; ++i)
    many += "X: y\r\n";
  EXPECT_EQ(parse_rtsp_response(many + "\r\n").result, ResponseParse::too_large);
}

TEST(RtspAuthenticator, DigestResponseOfRfc2617) {
  // RFC 2617 §3.5 (its example's values; the method and URI as in the RFC).
  EXPECT_EQ(digest_response("Mufasa", "testrealm@host.com", "Circle Of Life", "GET", "/dir/index.html",
                            "dcd98b7102dd2f0e8b11d0f600bfb0c093", "auth", "00000001", "0a4f113b"),
            "6629fae49393a05397450978507c4ef1");
  // Without qop (RFC 2069 compatibility): MD5(HA1:nonce:HA2).
  auto ha1 = md5_hex("Mufasa:testrealm@host.com:Circle Of Life");
  auto ha2 = md5_hex("DESCRIBE:rtsp://cam/x");
  EXPECT_EQ(digest_response("Mufasa", "testrealm@host.com", "Circle Of Life", "DESCRIBE", "rtsp://cam/x", "n0nce", "",
                            "", ""),
            md5_hex(ha1 + ":n0nce:" + ha2));
  EXPECT_EQ(md5_hex(""), "d41d8cd98f00b204e9800998ecf8427e");
}

TEST(RtspAuthenticator, PrefersDigestAndAnswersEveryRequest) {
  RtspAuthenticator auth(std::string("admin"), "pw");
  EXPECT_EQ(auth.authorization("OPTIONS", "rtsp://cam/x"), "");
  ASSERT_TRUE(auth.take_challenge({"Basic realm=\"cam\"", "Digest realm=\"cam\", nonce=\"abc\", qop=\"auth,auth-int\", "
                                                          "opaque=\"op\""}));
  auto first = auth.authorization("DESCRIBE", "rtsp://cam/x");
  EXPECT_NE(first.find("Digest username=\"admin\", realm=\"cam\", nonce=\"abc\", uri=\"rtsp://cam/x\""),
            std::string::npos)
      << first;
  EXPECT_NE(first.find("nc=00000001"), std::string::npos) << first;
  EXPECT_NE(first.find("opaque=\"op\""), std::string::npos) << first;
  EXPECT_EQ(first.find("pw"), std::string::npos) << "the password itself is never sent";
  auto second = auth.authorization("SETUP", "rtsp://cam/x/track1");
  EXPECT_NE(second.find("nc=00000002"), std::string::npos) << second;

  RtspAuthenticator basic(std::string("Aladdin"), "open sesame");
  ASSERT_TRUE(basic.take_challenge({"Basic realm=\"x\""}));
  EXPECT_EQ(basic.authorization("DESCRIBE", "rtsp://cam/x"), "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==");
}

TEST(RtspAuthenticator, ChallengesItCannotAnswer) {
  RtspAuthenticator anonymous(std::nullopt, "");
  EXPECT_FALSE(anonymous.take_challenge({"Basic realm=\"x\""}));
  RtspAuthenticator auth(std::string("u"), "p");
  EXPECT_FALSE(auth.take_challenge({}));
  EXPECT_FALSE(auth.take_challenge({"Digest realm=\"x\", nonce=\"n\", algorithm=SHA-256"}));
  EXPECT_FALSE(auth.take_challenge({"Digest realm=\"x\", nonce=\"n\", qop=\"auth-int\""}));
  EXPECT_FALSE(auth.take_challenge({"Digest realm=\"x\""})); // no nonce
  EXPECT_FALSE(auth.take_challenge({"Bearer x"}));
}

TEST(Rtcp, ReadsSenderReportsAndWritesReceiverReports) {
  // A compound packet: SR (PT 200, no report blocks) then SDES.
  std::vector<std::uint8_t> compound = {0x80, 200,  0, 6, 0, 0,  0, 7, 0xe0, 0, 0,    1,   0x80, 0, 0, 0, 0, 0,
                                        0x30, 0x39, 0, 0, 0, 10, 0, 0, 0x10, 0, 0x81, 202, 0,    1, 0, 0, 0, 7};
  auto report = find_sender_report(compound);
  ASSERT_TRUE(report);
  EXPECT_EQ(report->ssrc, 7u);
  EXPECT_EQ(report->ntp, 0xe000000180000000ull);
  EXPECT_EQ(report->rtp_timestamp, 12345u);
  EXPECT_FALSE(find_sender_report({compound.begin() + 28, compound.end()}));
  EXPECT_FALSE(find_sender_report(std::vector<std::uint8_t>{0x80, 200, 0, 50})); // length beyond the packet

  RtpReceptionStats stats;
  EXPECT_FALSE(stats.report(0));
  for (std::uint16_t sequence : {65534, 65535, 0, 2}) // wraps; 1 lost
    stats.on_packet(9, sequence);
  stats.on_sender_report(*report, 1000);
  auto block = stats.report(1500);
  ASSERT_TRUE(block);
  EXPECT_EQ(block->source_ssrc, 9u);
  EXPECT_EQ(block->extended_highest_sequence, 65536u + 2);
  EXPECT_EQ(block->cumulative_lost, 1u);
  EXPECT_EQ(block->fraction_lost, 256 / 5);
  EXPECT_EQ(block->last_sender_report, 0x00018000u);
  EXPECT_EQ(block->delay_since_last_sender_report, 32768u);

  std::uint8_t out[64];
  auto size = write_receiver_report(out, 0x11223344, block, "argusd");
  ASSERT_EQ(size, 32u + 20u);
  EXPECT_EQ(out[0], 0x81);
  EXPECT_EQ(out[1], 201);
  EXPECT_EQ(out[3], 7); // 8 words - 1
  EXPECT_EQ(out[32 + 1], 202);
  EXPECT_EQ(std::string(reinterpret_cast<char*>(out) + 32 + 10, 6), "argusd");
  EXPECT_EQ(write_receiver_report({out, 16}, 1, block, "argusd"), 0u);
  EXPECT_EQ(write_receiver_report(out, 1, std::nullopt, "argusd"), 8u + 20u);
}

} // namespace
} // namespace argus::media::rtsp
