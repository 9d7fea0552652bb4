#pragma once
// A camera whose resolution (or any encoding parameter) changes while it streams sends its new SPS/PPS (H.265 also
// VPS) in-band before the next keyframe. The one place that tells whether a keyframe changes the stream description:
// the recorder restarts its fMP4 stream on it (new init segment, new chunk), the frames transport sends a new config.
#include <optional>

#include "media/media_types.hpp"

namespace argus::media {

//! The stream description after `keyframe` when its in-band parameter sets differ from those of `current.extradata`:
//! `current` with the new avcC/hvcC and the new SPS's picture size (audio unchanged). nullopt when the keyframe has
//! no parameter sets, the same ones (in any order; the usual repetition before every IDR), or an incomplete set.
std::optional<StreamInfo> stream_info_after_keyframe(const StreamInfo& current, const EncodedPacket& keyframe);

} // namespace argus::media
