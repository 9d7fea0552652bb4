#pragma once
// The parts of an SDP (RFC 4566) that an RTSP recorder needs: per media section its type, first payload type with
// rtpmap (encoding name, clock rate, channels), fmtp parameters and control reference; the session-level control.
// Bounded and forgiving: unknown lines are skipped, a malformed line does not fail the whole description.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace argus::media::rtsp {

struct SdpMedia {
  std::string type;      // "video", "audio", ...
  int payload_type = -1; // the first format of the m= line
  std::string encoding;  // rtpmap encoding name, upper case ("H264", "H265", "MPEG4-GENERIC"); empty: none
  int clock_rate = 0;    // rtpmap clock rate (Hz); 0: none
  int channels = 0;      // rtpmap encoding parameters (audio); 0: not given
  std::map<std::string, std::string> fmtp; // parameter names lower case, values as given
  std::string control;                     // a=control, as given (empty: none)

  //! The fmtp parameter's value, or nullopt.
  std::optional<std::string> parameter(const std::string& name) const;
};

struct SessionDescription {
  std::string control; // session-level a=control (empty: none)
  std::vector<SdpMedia> media;
};

//! Parses an SDP text (LF or CRLF lines). Static payload types without rtpmap get their RFC 3551 name for the few
//! that matter here (0 PCMU, 8 PCMA, 26 JPEG).
SessionDescription parse_sdp(std::string_view text);

//! Decodes standard base64 (padding optional, whitespace skipped); nullopt on another character.
std::optional<std::vector<std::uint8_t>> decode_base64(std::string_view text);
//! Decodes hex digits (an even number of them); nullopt otherwise.
std::optional<std::vector<std::uint8_t>> decode_hex(std::string_view text);

} // namespace argus::media::rtsp
