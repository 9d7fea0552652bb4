#include "app/cli_options.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "common/error.hpp"
#include "store/open_database.hpp"

namespace argus {

CliOptions parse_cli_options(int argc, char** argv, const std::set<std::string>& allowed,
                             const std::set<std::string>& required) {
  CliOptions options;
  for (int i = 3; i < argc; i += 2) {
    std::string name = argv[i];
    if (name.rfind("--", 0) != 0 || i + 1 >= argc)
      throw CliUsage{"unexpected argument '" + name + "'"};
    name = name.substr(2);
    if (!allowed.count(name) && name != k_database_option)
      throw CliUsage{"unknown option --" + name};
    if (options.count(name))
      throw CliUsage{"--" + name + " given twice"};
    options[name] = argv[i + 1];
  }
  for (const auto& name : required) {
    if (!options.count(name))
      throw CliUsage{"--" + name + " is required"};
  }
  return options;
}

std::int64_t number_option(const CliOptions& options, const std::string& name) {
  const auto& text = options.at(name);
  if (text.empty() || text.size() > 15 || text.find_first_not_of("0123456789") != std::string::npos)
    throw CliUsage{"--" + name + " must be a positive whole number"};
  return std::stoll(text);
}

std::string secret_file_option(const CliOptions& options, const std::string& name) {
  constexpr std::size_t max_bytes = 4096;
  const auto& path = options.at(name);
  auto refuse = [&](const std::string& why) { return Error(Error::Kind::invalid_input, "--" + name + ": " + why); };
  std::ifstream in(path, std::ios::binary);
  if (!in || std::filesystem::is_directory(path))
    throw refuse("cannot read " + path);
  std::string text(max_bytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  if (in.bad())
    throw refuse("cannot read " + path);
  text.resize(static_cast<std::size_t>(in.gcount()));
  if (text.size() > max_bytes)
    throw refuse(path + " is larger than 4 KiB");
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r'))
    text.pop_back();
  if (text.empty())
    throw refuse(path + " is empty");
  if (std::any_of(text.begin(), text.end(), [](unsigned char c) { return c < 0x20 || c == 0x7f; }))
    throw refuse(path + " must hold one line of text (no control characters)");
  return text;
}

std::unique_ptr<store::Database> open_store(const CliOptions& options) {
  if (auto url = options.find(k_database_option); url != options.end()) {
    if (!store::is_postgres_url(url->second))
      throw CliUsage{"--database must be a postgresql:// URL"};
    return store::open_database(url->second, {});
  }
  auto path = std::filesystem::path(options.at("data-dir")) / "argus.db";
  if (!std::filesystem::is_regular_file(path))
    throw Error(Error::Kind::not_found,
                "no database at " + path.string() + " (start argusd with this --data-dir first)");
  return store::open_database({}, path);
}

int run_cli_command(const char* usage, const std::function<int()>& body) {
  try {
    return body();
  } catch (const CliUsage& mistake) {
    std::cerr << "argusd: " << mistake.message << "\n" << usage << "\n";
    return 2;
  } catch (const Error& error) {
    std::cerr << "argusd: " << error.what() << "\n";
    return error.kind() == Error::Kind::invalid_input ? 2 : 1;
  } catch (const std::exception& error) {
    std::cerr << "argusd: " << error.what() << "\n";
    return 1;
  }
}

} // namespace argus
