#include "inbox_page.hpp"

namespace argus::democatcher {
namespace {

constexpr std::string_view k_head = R"(<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Argus demo inbox</title>
<style>
body { font: 15px system-ui, sans-serif; margin: 2rem auto; max-width: 52rem; padding: 0 1rem; color: #222; }
.note, .meta { color: #666; font-size: 13px; }
.message { border: 1px solid #ddd; border-radius: 6px; padding: .6rem .9rem; margin: .7rem 0; }
.kind { font-weight: 600; text-transform: uppercase; margin-right: .5rem; }
.subject { font-weight: 600; margin-top: .3rem; }
pre { white-space: pre-wrap; word-break: break-word; margin: .4rem 0 0; font: 14px ui-monospace, monospace; }
</style>
</head>
<body>
<h1>Argus demo inbox</h1>
<p class="note">E-mail and SMS caught by democatcher, newest first. The list refreshes every 3 seconds.</p>
<div id="messages">
)";

// Builds the same markup as message_html() from /api/messages, with textContent (no HTML from the data).
constexpr std::string_view k_tail = R"(</div>
<script>
const node = (tag, cls, text) => { const e = document.createElement(tag); e.className = cls; e.textContent = text; return e; };
function show(list) {
  const items = list.map((m) => {
    const item = node('div', 'message', '');
    const meta = node('div', 'meta', '');
    meta.append(node('span', 'kind', m.kind), 'to ' + m.to.join(', ') + ' \u00b7 ' + m.received_at);
    item.append(meta);
    if (m.subject) item.append(node('div', 'subject', m.subject));
    item.append(node('pre', '', m.text));
    return item;
  });
  document.getElementById('messages').replaceChildren(...(items.length ? items : [node('p', 'note', 'No messages yet.')]));
}
setInterval(() => fetch('/api/messages').then((r) => r.json()).then(show).catch(() => {}), 3000);
</script>
</body>
</html>
)";

std::string join(const std::vector<std::string>& items, std::string_view separator) {
  std::string out;
  for (const auto& item : items)
    out += (out.empty() ? "" : std::string(separator)) + item;
  return out;
}

std::string message_html(const CaughtMessage& message) {
  std::string out = "<div class=\"message\"><div class=\"meta\"><span class=\"kind\">" + html_escape(message.kind) +
                    "</span>to " + html_escape(join(message.to, ", ")) + " &middot; " +
                    html_escape(message.received_at) + "</div>";
  if (!message.subject.empty())
    out += "<div class=\"subject\">" + html_escape(message.subject) + "</div>";
  out += "<pre>" + html_escape(message.text) + "</pre></div>\n";
  return out;
}

} // namespace

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    case '\'':
      out += "&#39;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

std::string render_inbox_page(const std::vector<CaughtMessage>& messages) {
  std::string page(k_head);
  for (const auto& message : messages)
    page += message_html(message);
  if (messages.empty())
    page += "<p class=\"note\">No messages yet.</p>\n";
  page += k_tail;
  return page;
}

} // namespace argus::democatcher
