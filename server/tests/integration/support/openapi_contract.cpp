#include "support/openapi_contract.hpp"

#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <stdexcept>

namespace argus::testing {
namespace {

std::size_t indent_of(const std::string& line) {
  auto first = line.find_first_not_of(' ');
  return first == std::string::npos ? line.size() : first;
}

std::string trim(std::string text) {
  auto first = text.find_first_not_of(" \t\"'");
  auto last = text.find_last_not_of(" \t\"'");
  return first == std::string::npos ? std::string() : text.substr(first, last - first + 1);
}

// The value of `key:` inside a flow mapping such as "{ name: id, in: query, required: true, schema: {...} }".
std::optional<std::string> flow_value(const std::string& text, const std::string& key) {
  std::smatch match;
  if (!std::regex_search(text, match, std::regex("[{,]\\s*" + key + ":\\s*([^,}]*)")))
    return std::nullopt;
  return trim(match[1].str());
}

// A "key: value" line (block style) as (key, value); nullopt for anything else.
std::optional<std::pair<std::string, std::string>> block_pair(const std::string& line) {
  std::smatch match;
  if (!std::regex_match(line, match, std::regex("\\s*-?\\s*([A-Za-z_$]+):\\s*(.*)")))
    return std::nullopt;
  return std::make_pair(match[1].str(), trim(match[2].str()));
}

struct PendingParameter {
  std::string ref; // components/parameters name, or empty
  ContractParameter parameter;
};

// Reads one parameter list item starting at lines[index] ("- { ... }" or "- name: x" with more keys below it);
// advances index past it.
PendingParameter read_parameter(const std::vector<std::string>& lines, std::size_t& index) {
  const std::string& first = lines[index];
  std::size_t item_indent = indent_of(first);
  PendingParameter out;
  auto apply = [&out](const std::string& key, const std::string& value) {
    if (key == "$ref")
      out.ref = value.substr(value.rfind('/') + 1);
    else if (key == "name")
      out.parameter.name = value;
    else if (key == "in")
      out.parameter.in = value;
    else if (key == "required")
      out.parameter.required = value == "true";
  };
  auto brace = first.find('{');
  if (brace != std::string::npos) {
    for (const char* key : {"\\$ref", "name", "in", "required"}) {
      if (auto value = flow_value(first.substr(brace), key))
        apply(key[0] == '\\' ? "$ref" : key, *value);
    }
    ++index;
    return out;
  }
  if (auto pair = block_pair(first))
    apply(pair->first, pair->second);
  for (++index; index < lines.size() && indent_of(lines[index]) > item_indent; ++index) {
    if (indent_of(lines[index]) != item_indent + 2)
      continue; // a nested value (schema, description continuation)
    if (auto pair = block_pair(lines[index]))
      apply(pair->first, pair->second);
  }
  return out;
}

// The parameter list whose "parameters:" key is at lines[index - 1] with the given indent; advances index past it.
std::vector<PendingParameter> read_parameter_list(const std::vector<std::string>& lines, std::size_t& index,
                                                  std::size_t key_indent) {
  std::vector<PendingParameter> out;
  while (index < lines.size() && indent_of(lines[index]) > key_indent) {
    const auto& line = lines[index];
    if (line.find_first_not_of(' ') != std::string::npos && line[indent_of(line)] == '-')
      out.push_back(read_parameter(lines, index));
    else
      ++index;
  }
  return out;
}

// components/parameters: name -> parameter.
std::map<std::string, ContractParameter> component_parameters(const std::vector<std::string>& lines) {
  std::map<std::string, ContractParameter> out;
  bool in_components = false, in_parameters = false;
  std::string current;
  for (const auto& line : lines) {
    if (line.empty() || line[0] == '#')
      continue;
    if (indent_of(line) == 0)
      in_components = line.rfind("components:", 0) == 0;
    else if (in_components && indent_of(line) == 2)
      in_parameters = line == "  parameters:";
    else if (in_parameters && indent_of(line) == 4)
      current = trim(line.substr(0, line.find(':')));
    else if (in_parameters && indent_of(line) == 6) {
      if (auto pair = block_pair(line)) {
        if (pair->first == "name")
          out[current].name = pair->second;
        else if (pair->first == "in")
          out[current].in = pair->second;
        else if (pair->first == "required")
          out[current].required = pair->second == "true";
      }
    }
  }
  return out;
}

std::vector<std::string> read_lines(const std::string& path) {
  std::ifstream in(path);
  if (!in)
    throw std::runtime_error("cannot read the contract " + path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r')
      line.pop_back();
    lines.push_back(line);
  }
  return lines;
}

} // namespace

std::vector<ContractParameter> ContractOperation::query_parameters() const {
  std::vector<ContractParameter> out;
  for (const auto& parameter : parameters) {
    if (parameter.in == "query")
      out.push_back(parameter);
  }
  return out;
}

std::vector<ContractOperation> read_openapi_contract(const std::string& path) {
  auto lines = read_lines(path);
  auto components = component_parameters(lines);
  auto resolve = [&](const PendingParameter& pending, std::size_t line_number) {
    if (pending.ref.empty())
      return pending.parameter;
    auto found = components.find(pending.ref);
    if (found == components.end()) {
      throw std::runtime_error(path + ":" + std::to_string(line_number) + ": unknown parameter $ref " + pending.ref);
    }
    return found->second;
  };
  static const std::regex path_line("  (/[^:]*):\\s*");
  static const std::regex method_line("    (get|post|put|delete|patch):\\s*");

  std::vector<ContractOperation> out;
  std::vector<ContractParameter> path_parameters;
  std::size_t path_operations_begin = 0;
  std::string current_path;
  bool in_paths = false;
  std::smatch match;
  for (std::size_t index = 0; index < lines.size();) {
    const std::string& line = lines[index];
    std::size_t line_number = index + 1;
    if (!line.empty() && indent_of(line) == 0) {
      in_paths = line.rfind("paths:", 0) == 0;
      ++index;
      continue;
    }
    if (!in_paths) {
      ++index;
      continue;
    }
    if (std::regex_match(line, match, path_line)) {
      current_path = match[1].str();
      path_parameters.clear();
      path_operations_begin = out.size();
      ++index;
    } else if (std::regex_match(line, match, method_line)) {
      ContractOperation operation;
      for (char c : match[1].str())
        operation.method += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      operation.path = current_path;
      operation.parameters = path_parameters;
      out.push_back(operation);
      ++index;
    } else if (line == "    parameters:" || line == "      parameters:") {
      bool for_path = indent_of(line) == 4;
      ++index;
      for (const auto& pending : read_parameter_list(lines, index, indent_of(line))) {
        auto parameter = resolve(pending, line_number);
        if (for_path) {
          path_parameters.push_back(parameter);
          for (std::size_t i = path_operations_begin; i < out.size(); ++i)
            out[i].parameters.push_back(parameter);
        } else if (!out.empty()) {
          out.back().parameters.push_back(parameter);
        }
      }
    } else {
      if (line == "      security: []" && !out.empty() && out.back().path == current_path)
        out.back().is_public = true;
      ++index;
    }
  }
  return out;
}

std::string contract_file_path() {
  return std::string(ARGUS_SOURCE_DIR) + "/docs/api/openapi.yaml";
}

bool pattern_serves(const std::string& router_pattern, const std::string& contract_path) {
  auto split = [](const std::string& text) {
    std::vector<std::string> out;
    std::size_t start = 1;
    while (start <= text.size()) {
      auto slash = text.find('/', start);
      out.push_back(text.substr(start, slash == std::string::npos ? std::string::npos : slash - start));
      if (slash == std::string::npos)
        break;
      start = slash + 1;
    }
    return out;
  };
  auto router = split(router_pattern);
  auto contract = split(contract_path);
  if (router.size() != contract.size())
    return false;
  for (std::size_t i = 0; i < router.size(); ++i) {
    bool is_parameter = router[i].size() > 2 && router[i].front() == '{' && router[i].back() == '}';
    if (!is_parameter && router[i] != contract[i])
      return false;
  }
  return true;
}

} // namespace argus::testing
