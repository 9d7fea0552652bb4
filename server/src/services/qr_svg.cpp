#include "services/qr_svg.hpp"

#include <qrencode.h>

#include <memory>

#include "common/error.hpp"

namespace argus::services {

std::string qr_svg(std::string_view text) {
  const std::string input(text);
  std::unique_ptr<QRcode, void (*)(QRcode*)> code(QRcode_encodeString8bit(input.c_str(), 0, QR_ECLEVEL_M),
                                                   QRcode_free);
  if (!code)
    throw Error(Error::Kind::invalid_input, "The text is too long for a QR code.");
  constexpr int k_quiet = 4;
  const int width = code->width;
  const int size = width + 2 * k_quiet;
  std::string path;
  for (int y = 0; y < width; ++y) {
    for (int x = 0; x < width; ++x) {
      if (code->data[y * width + x] & 1)
        path += "M" + std::to_string(x + k_quiet) + " " + std::to_string(y + k_quiet) + "h1v1h-1z";
    }
  }
  const auto view = std::to_string(size);
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + view + " " + view +
         "\" shape-rendering=\"crispEdges\"><rect width=\"" + view + "\" height=\"" + view +
         "\" fill=\"#fff\"/><path fill=\"#000\" d=\"" + path + "\"/></svg>";
}

} // namespace argus::services
