// SqliteDatabase: portal feedback (migration 0021).
#include "store/sqlite/sqlite_connection.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus::store {

std::int64_t SqliteDatabase::insert_feedback(const FeedbackRecord& feedback) {
  std::lock_guard lock(mutex_);
  connection_
      ->prepare(
          "INSERT INTO feedback (organization_id, user_id, user_name, user_email, network_id, network_name, wish, "
          "wish_hash, session_recording_url, user_agent, created_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
      ->bind(1, feedback.organization_id)
      .bind(2, feedback.user_id)
      .bind(3, std::string_view(feedback.user_name))
      .bind(4, std::string_view(feedback.user_email))
      .bind(5, feedback.network_id)
      .bind(6, std::string_view(feedback.network_name))
      .bind(7, std::string_view(feedback.wish))
      .bind(8, std::string_view(feedback.wish_hash))
      .bind(9, feedback.session_recording_url)
      .bind(10, std::string_view(feedback.user_agent))
      .bind(11, feedback.created_ms)
      .run();
  return connection_->last_insert_id();
}

std::vector<FeedbackRecord> SqliteDatabase::feedback_of_organization(std::int64_t organization_id,
                                                                     std::optional<std::int64_t> before_id,
                                                                     std::int64_t limit) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(
      "SELECT id, organization_id, user_id, user_name, user_email, network_id, network_name, wish, wish_hash, "
      "session_recording_url, user_agent, created_ms FROM feedback WHERE organization_id = ? AND id < ? "
      "ORDER BY id DESC LIMIT ?");
  statement->bind(1, organization_id).bind(2, before_id.value_or(INT64_MAX)).bind(3, limit);
  std::vector<FeedbackRecord> out;
  while (statement->step()) {
    out.push_back({statement->integer(0), statement->integer(1), statement->optional_integer(2), statement->text(3),
                   statement->text(4), statement->optional_integer(5), statement->text(6), statement->text(7),
                   statement->text(8), statement->optional_text(9), statement->text(10), statement->integer(11)});
  }
  return out;
}

std::int64_t SqliteDatabase::feedback_count_since(std::int64_t user_id, std::int64_t since_ms) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("SELECT COUNT(*) FROM feedback WHERE user_id = ? AND created_ms >= ?");
  statement->bind(1, user_id).bind(2, since_ms);
  return statement->step() ? statement->integer(0) : 0;
}

} // namespace argus::store
