#include "services/curl_transfer.hpp"

#include <mutex>

#include "common/error.hpp"

namespace argus::services {

CurlEasy new_curl_handle(long timeout_ms) {
  static std::once_flag initialised;
  std::call_once(initialised, [] {
    if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK)
      throw Error(Error::Kind::internal, "libcurl could not be initialised");
  });
  CurlEasy handle(curl_easy_init());
  if (!handle)
    throw Error(Error::Kind::internal, "libcurl could not make a handle");
  curl_easy_setopt(handle.get(), CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(handle.get(), CURLOPT_TIMEOUT_MS, timeout_ms);
  curl_easy_setopt(handle.get(), CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
  return handle;
}

void append_to(CurlSlist& list, const std::string& value) {
  curl_slist* grown = curl_slist_append(list.get(), value.c_str());
  if (!grown)
    throw Error(Error::Kind::internal, "out of memory");
  list.release();
  list.reset(grown);
}

void perform_or_throw(CURL* handle, std::string_view what) {
  char reason[CURL_ERROR_SIZE] = {};
  curl_easy_setopt(handle, CURLOPT_ERRORBUFFER, reason);
  CURLcode result = curl_easy_perform(handle);
  curl_easy_setopt(handle, CURLOPT_ERRORBUFFER, nullptr);
  if (result != CURLE_OK) {
    std::string detail = reason[0] != '\0' ? reason : curl_easy_strerror(result);
    throw Error(Error::Kind::unavailable, std::string(what) + ": " + detail);
  }
}

std::string url_encoded(std::string_view text) {
  static constexpr char k_hex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(text.size() * 3);
  for (unsigned char c : text) {
    bool unreserved = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
                      c == '.' || c == '_' || c == '~';
    if (unreserved) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += k_hex[c >> 4];
      out += k_hex[c & 0x0F];
    }
  }
  return out;
}

} // namespace argus::services
