#include "message_store.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "mail_summary.hpp"
#include "utf8_text.hpp"

namespace argus::democatcher {
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string utc_now_iso8601() {
  auto now = std::chrono::system_clock::now();
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
  std::time_t seconds = std::chrono::system_clock::to_time_t(now);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &utc);
  char with_ms[40];
  std::snprintf(with_ms, sizeof with_ms, "%s.%03dZ", text, static_cast<int>(ms));
  return with_ms;
}

// The numeric stem of "123.eml", or 0.
std::uint64_t eml_id(const fs::path& file) {
  auto stem = file.stem().string();
  if (file.extension() != ".eml" || stem.empty() || stem.size() > 18 ||
      stem.find_first_not_of("0123456789") != std::string::npos)
    return 0;
  return std::stoull(stem);
}

} // namespace

MessageStore::MessageStore(fs::path dir) : dir_(std::move(dir)) {
  fs::create_directories(dir_ / "mail");
  next_id_ = first_free_id();
}

std::uint64_t MessageStore::first_free_id() const {
  std::uint64_t highest = 0;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir_ / "mail", ec))
    highest = std::max(highest, eml_id(entry.path()));
  std::ifstream sms(dir_ / "sms.jsonl");
  for (std::string line; std::getline(sms, line);) {
    auto record = json::parse(line, nullptr, false);
    if (record.is_object() && record.contains("id") && record["id"].is_number_unsigned())
      highest = std::max(highest, record["id"].get<std::uint64_t>());
  }
  return highest + 1;
}

std::uint64_t MessageStore::add_email(const std::string& from, const std::vector<std::string>& to,
                                      const std::string& raw) {
  auto summary = summarize_mail(raw);
  if (summary.text.size() > k_max_text_bytes)
    summary.text = std::string(utf8_prefix(summary.text, k_max_text_bytes)) + "\n[cut: the whole message is in mail/]";
  CaughtMessage message{
      0, "email", {}, valid_utf8(from), std::move(summary.subject), std::move(summary.text), utc_now_iso8601()};
  for (const auto& address : to)
    message.to.push_back(valid_utf8(address));

  std::lock_guard lock(mutex_);
  message.id = next_id_++;
  // Written under a temporary name, then renamed: a reader of DIR/mail never sees half a message.
  auto file = dir_ / "mail" / (std::to_string(message.id) + ".eml");
  auto partial = fs::path(file).concat(".partial");
  {
    std::ofstream out(partial, std::ios::binary | std::ios::trunc);
    out.write(raw.data(), static_cast<std::streamsize>(raw.size()));
    if (!out.flush())
      throw std::runtime_error("cannot write " + partial.string());
  }
  std::error_code ec;
  fs::rename(partial, file, ec);
  if (ec)
    throw std::runtime_error("cannot rename " + partial.string() + ": " + ec.message());
  auto id = message.id;
  keep(std::move(message));
  return id;
}

std::uint64_t MessageStore::add_sms(const std::string& to, const std::string& text) {
  CaughtMessage message{0, "sms", {valid_utf8(to)}, "", "", valid_utf8(text), utc_now_iso8601()};
  std::lock_guard lock(mutex_);
  message.id = next_id_++;
  json line{
      {"id", message.id}, {"to", message.to.front()}, {"text", message.text}, {"received_at", message.received_at}};
  std::ofstream out(dir_ / "sms.jsonl", std::ios::binary | std::ios::app);
  out << line.dump() << '\n';
  if (!out.flush())
    throw std::runtime_error("cannot append to " + (dir_ / "sms.jsonl").string());
  auto id = message.id;
  keep(std::move(message));
  return id;
}

void MessageStore::keep(CaughtMessage message) {
  messages_.push_back(std::move(message));
  while (messages_.size() > k_kept_messages)
    messages_.pop_front();
}

std::vector<CaughtMessage> MessageStore::newest_first() const {
  std::lock_guard lock(mutex_);
  return {messages_.rbegin(), messages_.rend()};
}

void MessageStore::clear() {
  std::lock_guard lock(mutex_);
  messages_.clear();
}

} // namespace argus::democatcher
