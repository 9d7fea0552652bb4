#pragma once
// The inbox page people read the caught messages on ("Argus demo inbox"): one self-contained HTML document listing the
// messages newest first (kind, recipients, subject, time, text; all HTML-escaped), which refreshes its list every 3 s
// from GET /api/messages with a few lines of inline JavaScript.
#include <string>
#include <string_view>
#include <vector>

#include "caught_message.hpp"

namespace argus::democatcher {

//! The page with the given messages (newest first) already listed.
std::string render_inbox_page(const std::vector<CaughtMessage>& messages);
//! Text made safe for HTML element content and attribute values.
std::string html_escape(std::string_view text);

} // namespace argus::democatcher
