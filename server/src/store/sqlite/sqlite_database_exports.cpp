// SqliteDatabase: video export jobs and the sources of combined jobs (migration 0009). A job and its sources are
// written in one transaction. The export queue (services/export_queue) is the only writer of a job's run state.
#include <algorithm>
#include <map>

#include "common/error.hpp"
#include "store/sqlite/sqlite_connection.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus::store {
namespace {

constexpr const char* k_job_columns =
    "SELECT id, organization_id, network_id, user_id, user_name, combined, camera_id, camera_name, video_channel_id, "
    "imager_id, filename, t0_ms, t1_ms, created_ms, scheduled_for_ms, force_started_ms, state, progress, attempts, "
    "error, error_user_friendly, started_ms, completed_ms, cancellation_requested_ms, cancelled_ms, expires_ms, "
    "file_path, file_bytes, sha256, media_first_ms, media_end_ms, dewarp_json, share_nonce FROM export_jobs ";

ExportJobRecord job_from_row(const SqliteStatement& row) {
  ExportJobRecord job;
  job.id = row.integer(0);
  job.organization_id = row.integer(1);
  job.network_id = row.integer(2);
  job.user_id = row.optional_integer(3);
  job.user_name = row.text(4);
  job.combined = row.integer(5) != 0;
  job.camera_id = row.optional_integer(6);
  job.camera_name = row.text(7);
  job.video_channel_id = row.optional_integer(8);
  job.imager_id = row.integer(9);
  job.filename = row.text(10);
  job.t0_ms = row.integer(11);
  job.t1_ms = row.integer(12);
  job.created_ms = row.integer(13);
  job.scheduled_for_ms = row.integer(14);
  job.force_started_ms = row.optional_integer(15);
  job.state = export_state_from(row.text(16)).value_or(ExportState::failed);
  job.progress = row.integer(17);
  job.attempts = row.integer(18);
  job.error = row.optional_text(19);
  job.error_user_friendly = row.integer(20) != 0;
  job.started_ms = row.optional_integer(21);
  job.completed_ms = row.optional_integer(22);
  job.cancellation_requested_ms = row.optional_integer(23);
  job.cancelled_ms = row.optional_integer(24);
  job.expires_ms = row.optional_integer(25);
  job.file_path = row.optional_text(26);
  job.file_bytes = row.optional_integer(27);
  job.sha256 = row.optional_text(28);
  job.media_first_ms = row.optional_integer(29);
  job.media_end_ms = row.optional_integer(30);
  job.dewarp_json = row.optional_text(31);
  job.share_nonce = row.optional_text(32);
  return job;
}

// Binds the columns after id (2..33) in k_job_columns order.
void bind_job(SqliteStatement& statement, const ExportJobRecord& job) {
  statement.bind(2, job.organization_id)
      .bind(3, job.network_id)
      .bind(4, job.user_id)
      .bind(5, std::string_view(job.user_name))
      .bind_bool(6, job.combined)
      .bind(7, job.camera_id)
      .bind(8, std::string_view(job.camera_name))
      .bind(9, job.video_channel_id)
      .bind(10, job.imager_id)
      .bind(11, std::string_view(job.filename))
      .bind(12, job.t0_ms)
      .bind(13, job.t1_ms)
      .bind(14, job.created_ms)
      .bind(15, job.scheduled_for_ms)
      .bind(16, job.force_started_ms)
      .bind(17, std::string_view(export_state_name(job.state)))
      .bind(18, job.progress)
      .bind(19, job.attempts)
      .bind(20, job.error)
      .bind_bool(21, job.error_user_friendly)
      .bind(22, job.started_ms)
      .bind(23, job.completed_ms)
      .bind(24, job.cancellation_requested_ms)
      .bind(25, job.cancelled_ms)
      .bind(26, job.expires_ms)
      .bind(27, job.file_path)
      .bind(28, job.file_bytes)
      .bind(29, job.sha256)
      .bind(30, job.media_first_ms)
      .bind(31, job.media_end_ms)
      .bind(32, job.dewarp_json)
      .bind(33, job.share_nonce);
}

} // namespace

void SqliteDatabase::load_export_sources(std::vector<ExportJobRecord>& jobs) {
  std::map<std::int64_t, ExportJobRecord*> combined;
  for (auto& job : jobs)
    if (job.combined)
      combined[job.id] = &job;
  if (combined.empty())
    return;
  for (auto& [id, job] : combined) {
    auto statement = connection_->prepare("SELECT source_job_id, camera_id, camera_name, video_channel_id, filename, "
                                          "t0_ms, t1_ms FROM export_job_sources "
                                          "WHERE job_id = ? ORDER BY position");
    statement->bind(1, id);
    while (statement->step()) {
      job->sources.push_back({statement->integer(0), statement->optional_integer(1), statement->text(2),
                              statement->optional_integer(3), statement->text(4), statement->integer(5),
                              statement->integer(6)});
    }
  }
}

std::int64_t SqliteDatabase::insert_export_job(const ExportJobRecord& job) {
  std::lock_guard lock(mutex_);
  std::int64_t id = 0;
  in_transaction([&] {
    auto statement = connection_->prepare(
        "INSERT INTO export_jobs (id, organization_id, network_id, user_id, user_name, combined, camera_id, "
        "camera_name, video_channel_id, imager_id, filename, t0_ms, t1_ms, created_ms, scheduled_for_ms, "
        "force_started_ms, state, progress, attempts, error, error_user_friendly, started_ms, completed_ms, "
        "cancellation_requested_ms, cancelled_ms, expires_ms, file_path, file_bytes, sha256, media_first_ms, "
        "media_end_ms, dewarp_json, share_nonce) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
        "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    statement->bind(1, job.id > 0 ? std::optional<std::int64_t>(job.id) : std::nullopt);
    bind_job(*statement, job);
    statement->run();
    id = connection_->last_insert_id();
    std::int64_t position = 0;
    for (const auto& item : job.sources) {
      auto source = connection_->prepare(
          "INSERT INTO export_job_sources (job_id, position, source_job_id, camera_id, camera_name, video_channel_id, "
          "filename, t0_ms, t1_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
      source->bind(1, id)
          .bind(2, position++)
          .bind(3, item.source_job_id)
          .bind(4, item.camera_id)
          .bind(5, std::string_view(item.camera_name))
          .bind(6, item.video_channel_id)
          .bind(7, std::string_view(item.filename))
          .bind(8, item.t0_ms)
          .bind(9, item.t1_ms)
          .run();
    }
  });
  return id;
}

bool SqliteDatabase::update_export_job(const ExportJobRecord& job) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(
      "UPDATE export_jobs SET organization_id = ?2, network_id = ?3, user_id = ?4, user_name = ?5, combined = ?6, "
      "camera_id = ?7, camera_name = ?8, video_channel_id = ?9, imager_id = ?10, filename = ?11, t0_ms = ?12, "
      "t1_ms = ?13, created_ms = ?14, scheduled_for_ms = ?15, force_started_ms = ?16, state = ?17, progress = ?18, "
      "attempts = ?19, error = ?20, error_user_friendly = ?21, started_ms = ?22, completed_ms = ?23, "
      "cancellation_requested_ms = ?24, cancelled_ms = ?25, expires_ms = ?26, file_path = ?27, file_bytes = ?28, "
      "sha256 = ?29, media_first_ms = ?30, media_end_ms = ?31, dewarp_json = ?32, share_nonce = ?33 "
      "WHERE id = ?1");
  statement->bind(1, job.id);
  bind_job(*statement, job);
  statement->run();
  return statement->changes() > 0;
}

std::optional<ExportJobRecord> SqliteDatabase::find_export_job(std::int64_t job_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(std::string(k_job_columns) + "WHERE id = ?");
  statement->bind(1, job_id);
  if (!statement->step())
    return std::nullopt;
  std::vector<ExportJobRecord> jobs{job_from_row(*statement)};
  load_export_sources(jobs);
  return std::move(jobs.front());
}

ExportJobPage SqliteDatabase::export_jobs(const ExportJobQuery& query) {
  std::lock_guard lock(mutex_);
  std::string where = "WHERE organization_id = ? AND network_id = ?";
  if (query.combined)
    where += *query.combined ? " AND combined = 1" : " AND combined = 0";
  if (!query.ids.empty()) {
    where += " AND id IN (";
    for (std::size_t i = 0; i < query.ids.size(); ++i)
      where += i ? ", ?" : "?";
    where += ")";
  }
  if (query.video_channel_id)
    where += " AND video_channel_id = ?";
  if (query.created_since_ms)
    where += " AND created_ms >= ?";
  if (query.created_before_ms)
    where += " AND created_ms < ?";
  if (!query.text.empty())
    where += " AND (instr(lower(filename), lower(?)) > 0 OR instr(lower(camera_name), lower(?)) > 0)";
  auto bind_where = [&](SqliteStatement& statement) {
    int index = 1;
    statement.bind(index++, query.organization_id).bind(index++, query.network_id);
    for (auto id : query.ids)
      statement.bind(index++, id);
    if (query.video_channel_id)
      statement.bind(index++, *query.video_channel_id);
    if (query.created_since_ms)
      statement.bind(index++, *query.created_since_ms);
    if (query.created_before_ms)
      statement.bind(index++, *query.created_before_ms);
    if (!query.text.empty())
      statement.bind(index++, std::string_view(query.text)).bind(index++, std::string_view(query.text));
    return index;
  };
  ExportJobPage page;
  auto count = connection_->prepare("SELECT COUNT(*) FROM export_jobs " + where);
  bind_where(*count);
  if (count->step())
    page.total = count->integer(0);
  auto statement =
      connection_->prepare(std::string(k_job_columns) + where + " ORDER BY created_ms DESC, id DESC LIMIT ? OFFSET ?");
  int index = bind_where(*statement);
  statement->bind(index, std::max<std::int64_t>(query.limit, 0))
      .bind(index + 1, std::max<std::int64_t>(query.offset, 0));
  while (statement->step())
    page.jobs.push_back(job_from_row(*statement));
  load_export_sources(page.jobs);
  return page;
}

std::vector<ExportJobRecord> SqliteDatabase::export_jobs_in_state(ExportState state) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(std::string(k_job_columns) +
                                        "WHERE state = ? AND (? IS NULL OR network_id IN "
                                        "(SELECT id FROM networks WHERE shard_id = ?)) "
                                        "ORDER BY force_started_ms IS NULL, force_started_ms, scheduled_for_ms, id");
  statement->bind(1, std::string_view(export_state_name(state))).bind(2, served_shard()).bind(3, served_shard());
  std::vector<ExportJobRecord> jobs;
  while (statement->step())
    jobs.push_back(job_from_row(*statement));
  load_export_sources(jobs);
  return jobs;
}

std::vector<ExportJobRecord> SqliteDatabase::export_jobs_expired(std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(
      std::string(k_job_columns) + "WHERE expires_ms IS NOT NULL AND expires_ms <= ? AND file_path IS NOT NULL "
                                   "AND (? IS NULL OR network_id IN (SELECT id FROM networks WHERE shard_id = ?))");
  statement->bind(1, now_ms).bind(2, served_shard()).bind(3, served_shard());
  std::vector<ExportJobRecord> jobs;
  while (statement->step())
    jobs.push_back(job_from_row(*statement));
  return jobs;
}

bool SqliteDatabase::delete_export_job(std::int64_t job_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("DELETE FROM export_jobs WHERE id = ?");
  statement->bind(1, job_id);
  statement->run();
  return statement->changes() > 0;
}

} // namespace argus::store
