#pragma once
// A QR code as an SVG document (libqrencode, error correction M, a 4-module quiet zone), for the authenticator
// enrolment's otpauth:// URI: one path of dark modules, scalable without blur.
#include <string>
#include <string_view>

namespace argus::services {

//! Throws Error(invalid_input) when the text cannot be encoded (too long for a QR code).
std::string qr_svg(std::string_view text);

} // namespace argus::services
