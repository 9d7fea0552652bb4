#pragma once
// Where democatcher keeps what it catches: every e-mail raw in DIR/mail/{id}.eml, every SMS as one JSON line in
// DIR/sms.jsonl, and the newest 500 of both in memory for the inbox. Thread-safe. Ids continue after the ones already
// in DIR, so a restart never overwrites a message.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <mutex>
#include <string>
#include <vector>

#include "caught_message.hpp"

namespace argus::democatcher {

class MessageStore {
public:
  static constexpr std::size_t k_kept_messages = 500;
  //! An e-mail's text in memory is cut after this many bytes (its file has all of it).
  static constexpr std::size_t k_max_text_bytes = 64 * 1024;

  //! Creates DIR/mail when missing. Throws std::filesystem::filesystem_error when it cannot.
  explicit MessageStore(std::filesystem::path dir);

  //! Saves a message received over SMTP and returns its id. Throws std::runtime_error when it cannot write the file.
  std::uint64_t add_email(const std::string& from, const std::vector<std::string>& to, const std::string& raw);
  //! Saves an SMS and returns its id. Throws std::runtime_error when it cannot append to sms.jsonl.
  std::uint64_t add_sms(const std::string& to, const std::string& text);
  //! The messages in memory, newest first.
  std::vector<CaughtMessage> newest_first() const;
  //! Forgets the messages in memory (the files stay).
  void clear();

private:
  void keep(CaughtMessage message);
  std::uint64_t first_free_id() const;

  std::filesystem::path dir_;
  mutable std::mutex mutex_;
  std::uint64_t next_id_ = 1;
  std::deque<CaughtMessage> messages_; // oldest first
};

} // namespace argus::democatcher
