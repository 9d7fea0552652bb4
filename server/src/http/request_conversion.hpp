#pragma once
// Beast's parsed request → the Beast-free Request that the router and api handlers see. Session calls it on every
// request it reads; fuzz/fuzz_http_request.cpp calls it on whatever Beast's parser made of arbitrary bytes.
#include <string>

#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

#include "http/client_address.hpp"
#include "http/request.hpp"

namespace argus::http {

using BeastRequest = boost::beast::http::request<boost::beast::http::string_body>;

//! Fills request from message: method, target (decoded path and query), headers with lower-case names (repeated
//! fields joined with ", ", Cookie with "; "), the body (moved out of message), the peer and the client address
//! (X-Forwarded-For from a trusted proxy). false when the target is not a valid origin-form path (answered 400).
bool to_request(BeastRequest& message, const std::string& peer_address, const ClientAddressResolver& client_addresses,
                bool over_tls, Request& request);

} // namespace argus::http
