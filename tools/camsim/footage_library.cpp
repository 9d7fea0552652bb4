#include "footage_library.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "footage_clip.hpp"

namespace argus::camsim {
namespace fs = std::filesystem;

FootageLibrary::FootageLibrary(const fs::path& directory) {
  std::error_code ec;
  if (!fs::is_directory(directory, ec))
    throw std::runtime_error("footage directory " + directory.string() + " does not exist");
  const std::string suffix = "_main.mp4";
  std::vector<fs::path> mains;
  for (const auto& entry : fs::directory_iterator(directory, ec)) {
    auto name = entry.path().filename().string();
    if (name.size() > suffix.size() && name.ends_with(suffix) &&
        fs::exists(directory / (name.substr(0, name.size() - suffix.size()) + "_sub.mp4")))
      mains.push_back(entry.path());
  }
  if (mains.empty()) {
    throw std::runtime_error("no clips (NAME_main.mp4 + NAME_sub.mp4) in " + directory.string() +
                             "; run scripts/prepare-footage.sh " + directory.string());
  }
  std::sort(mains.begin(), mains.end());
  for (const auto& main : mains) {
    auto name = main.filename().string();
    auto sub = directory / (name.substr(0, name.size() - suffix.size()) + "_sub.mp4");
    clips_.push_back({std::make_shared<const FootageClip>(main), std::make_shared<const FootageClip>(sub)});
  }
}

} // namespace argus::camsim
