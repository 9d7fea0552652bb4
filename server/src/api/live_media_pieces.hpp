#pragma once
// Live media as http::SharedPieces: the bytes the live hub shares (a part's head and its samples' packets, or bytes
// read from the recording) go to a WebSocket or an HTTP body as a gather list, never copied into one buffer.
#include "http/shared_pieces.hpp"
#include "media/live_window.hpp"

namespace argus::api {

//! A fragment's head and samples, owned by the shared fragment.
http::SharedPieces pieces_of(const media::SharedFragmentBytes& fragment);
//! A live file's bytes (fragments in memory back to back, or what was read from the recording).
http::SharedPieces pieces_of(media::LiveFileBytes file);

} // namespace argus::api
