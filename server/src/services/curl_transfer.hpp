#pragma once
// The libcurl parts the senders share: one global initialisation, an easy handle that cleans up after itself, and
// a transfer that turns libcurl's failures into argus::Error(unavailable).
#include <memory>
#include <string>
#include <string_view>

#include <curl/curl.h>

namespace argus::services {

struct CurlEasyDeleter {
  void operator()(CURL* handle) const { curl_easy_cleanup(handle); }
};
using CurlEasy = std::unique_ptr<CURL, CurlEasyDeleter>;

struct CurlSlistDeleter {
  void operator()(curl_slist* list) const { curl_slist_free_all(list); }
};
using CurlSlist = std::unique_ptr<curl_slist, CurlSlistDeleter>;

//! A new easy handle (libcurl initialised once per process), with signals off (threads) and the timeout set.
CurlEasy new_curl_handle(long timeout_ms);
//! Appends to a header or recipient list.
void append_to(CurlSlist& list, const std::string& value);
//! Runs the transfer; throws Error(unavailable, "<what>: <libcurl's reason>") when it fails.
void perform_or_throw(CURL* handle, std::string_view what);
//! Percent-encodes text for a URL (RFC 3986 unreserved characters kept).
std::string url_encoded(std::string_view text);

} // namespace argus::services
