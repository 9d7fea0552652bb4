#pragma once
// The two transports a connection runs on: plain TCP and TLS over it (Beast types; internal to http/).
#include <utility>

#include <type_traits>

#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>

namespace argus::http {

using PlainStream = boost::beast::tcp_stream;
using TlsStream = boost::beast::ssl_stream<boost::beast::tcp_stream>;

template <class Stream> inline constexpr bool is_tls_stream = std::is_same_v<Stream, TlsStream>;

} // namespace argus::http
