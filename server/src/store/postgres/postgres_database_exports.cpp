// PostgresDatabase: video export jobs and the sources of combined jobs (migration 0009): the SQL of
// sqlite_database_exports.cpp. A job and its sources are written in one transaction.
#include <algorithm>

#include "store/postgres/pg_connection.hpp"
#include "store/postgres/postgres_database.hpp"

namespace argus::store {
namespace {

const std::string k_job_fields =
    "organization_id, network_id, user_id, user_name, combined, camera_id, camera_name, video_channel_id, imager_id, "
    "filename, t0_ms, t1_ms, created_ms, scheduled_for_ms, force_started_ms, state, progress, attempts, error, "
    "error_user_friendly, started_ms, completed_ms, cancellation_requested_ms, cancelled_ms, expires_ms, file_path, "
    "file_bytes, sha256, media_first_ms, media_end_ms, dewarp_json, share_nonce";

const std::string k_job_columns = "SELECT id, " + k_job_fields + " FROM export_jobs ";

// The 32 fields after id, in k_job_fields order.
std::vector<PgValue> job_values(const ExportJobRecord& job) {
  return {job.organization_id,
          job.network_id,
          job.user_id,
          job.user_name,
          job.combined,
          job.camera_id,
          job.camera_name,
          job.video_channel_id,
          job.imager_id,
          job.filename,
          job.t0_ms,
          job.t1_ms,
          job.created_ms,
          job.scheduled_for_ms,
          job.force_started_ms,
          export_state_name(job.state),
          job.progress,
          job.attempts,
          job.error,
          job.error_user_friendly,
          job.started_ms,
          job.completed_ms,
          job.cancellation_requested_ms,
          job.cancelled_ms,
          job.expires_ms,
          job.file_path,
          job.file_bytes,
          job.sha256,
          job.media_first_ms,
          job.media_end_ms,
          job.dewarp_json,
          job.share_nonce};
}

std::string placeholders(std::size_t first, std::size_t count) {
  std::string out;
  for (std::size_t i = first; i < first + count; ++i)
    out += (i > first ? ", $" : "$") + std::to_string(i);
  return out;
}

std::vector<ExportJobRecord> read_jobs(const PgResult& rows) {
  std::vector<ExportJobRecord> jobs;
  for (int i = 0; i < rows.size(); ++i) {
    ExportJobRecord job;
    job.id = rows.integer(i, 0);
    job.organization_id = rows.integer(i, 1);
    job.network_id = rows.integer(i, 2);
    job.user_id = rows.optional_integer(i, 3);
    job.user_name = rows.text(i, 4);
    job.combined = rows.boolean(i, 5);
    job.camera_id = rows.optional_integer(i, 6);
    job.camera_name = rows.text(i, 7);
    job.video_channel_id = rows.optional_integer(i, 8);
    job.imager_id = rows.integer(i, 9);
    job.filename = rows.text(i, 10);
    job.t0_ms = rows.integer(i, 11);
    job.t1_ms = rows.integer(i, 12);
    job.created_ms = rows.integer(i, 13);
    job.scheduled_for_ms = rows.integer(i, 14);
    job.force_started_ms = rows.optional_integer(i, 15);
    job.state = export_state_from(rows.text(i, 16)).value_or(ExportState::failed);
    job.progress = rows.integer(i, 17);
    job.attempts = rows.integer(i, 18);
    job.error = rows.optional_text(i, 19);
    job.error_user_friendly = rows.boolean(i, 20);
    job.started_ms = rows.optional_integer(i, 21);
    job.completed_ms = rows.optional_integer(i, 22);
    job.cancellation_requested_ms = rows.optional_integer(i, 23);
    job.cancelled_ms = rows.optional_integer(i, 24);
    job.expires_ms = rows.optional_integer(i, 25);
    job.file_path = rows.optional_text(i, 26);
    job.file_bytes = rows.optional_integer(i, 27);
    job.sha256 = rows.optional_text(i, 28);
    job.media_first_ms = rows.optional_integer(i, 29);
    job.media_end_ms = rows.optional_integer(i, 30);
    job.dewarp_json = rows.optional_text(i, 31);
    job.share_nonce = rows.optional_text(i, 32);
    jobs.push_back(std::move(job));
  }
  return jobs;
}

// Fills the sources of the combined jobs among jobs.
void load_sources(PgConnection& connection, std::vector<ExportJobRecord>& jobs) {
  for (auto& job : jobs) {
    if (!job.combined)
      continue;
    auto rows = connection.exec("SELECT source_job_id, camera_id, camera_name, video_channel_id, filename, t0_ms, "
                                "t1_ms FROM export_job_sources WHERE job_id = $1 ORDER BY position",
                                {job.id});
    for (int i = 0; i < rows.size(); ++i) {
      job.sources.push_back({rows.integer(i, 0), rows.optional_integer(i, 1), rows.text(i, 2),
                             rows.optional_integer(i, 3), rows.text(i, 4), rows.integer(i, 5), rows.integer(i, 6)});
    }
  }
}

} // namespace

std::int64_t PostgresDatabase::insert_export_job(const ExportJobRecord& job) {
  std::int64_t id = 0;
  in_transaction([&] {
    auto db = session();
    auto values = job_values(job);
    if (job.id > 0) {
      values.emplace_back(job.id);
      db->exec("INSERT INTO export_jobs (" + k_job_fields + ", id) VALUES (" + placeholders(1, values.size()) + ")",
               values);
      advance_id_sequence(*db, "export_jobs");
      id = job.id;
    } else {
      id = db->exec("INSERT INTO export_jobs (" + k_job_fields + ") VALUES (" + placeholders(1, values.size()) +
                        ") RETURNING id",
                    values)
               .integer(0, 0);
    }
    std::int64_t position = 0;
    for (const auto& item : job.sources) {
      db->exec("INSERT INTO export_job_sources (job_id, position, source_job_id, camera_id, camera_name, "
               "video_channel_id, filename, t0_ms, t1_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
               {id, position++, item.source_job_id, item.camera_id, item.camera_name, item.video_channel_id,
                item.filename, item.t0_ms, item.t1_ms});
    }
  });
  return id;
}

bool PostgresDatabase::update_export_job(const ExportJobRecord& job) {
  auto values = job_values(job);
  values.emplace_back(job.id);
  std::string assignments;
  std::size_t index = 1;
  for (std::size_t start = 0; start < k_job_fields.size(); ++index) {
    auto end = std::min(k_job_fields.find(", ", start), k_job_fields.size());
    assignments += (index > 1 ? ", " : "") + k_job_fields.substr(start, end - start) + " = $" + std::to_string(index);
    start = end + 2;
  }
  auto db = session();
  return db->exec("UPDATE export_jobs SET " + assignments + " WHERE id = $" + std::to_string(index), values)
             .affected_rows() > 0;
}

std::optional<ExportJobRecord> PostgresDatabase::find_export_job(std::int64_t job_id) {
  auto db = session();
  auto jobs = read_jobs(db->exec(k_job_columns + "WHERE id = $1", {job_id}));
  if (jobs.empty())
    return std::nullopt;
  load_sources(*db, jobs);
  return std::move(jobs.front());
}

ExportJobPage PostgresDatabase::export_jobs(const ExportJobQuery& query) {
  std::vector<PgValue> params{query.organization_id, query.network_id};
  auto next = [&](PgValue value) {
    params.push_back(std::move(value));
    return "$" + std::to_string(params.size());
  };
  std::string where = "WHERE organization_id = $1 AND network_id = $2";
  if (query.combined)
    where += *query.combined ? " AND combined = 1" : " AND combined = 0";
  if (!query.ids.empty())
    where += " AND id = ANY(" + next(PgValue::bigint_array(query.ids)) + "::bigint[])";
  if (query.video_channel_id)
    where += " AND video_channel_id = " + next(*query.video_channel_id);
  if (query.created_since_ms)
    where += " AND created_ms >= " + next(*query.created_since_ms);
  if (query.created_before_ms)
    where += " AND created_ms < " + next(*query.created_before_ms);
  if (!query.text.empty()) {
    auto text = next(query.text);
    where += " AND (strpos(lower(filename), lower(" + text + ")) > 0 OR strpos(lower(camera_name), lower(" + text +
             ")) > 0)";
  }
  auto db = session();
  ExportJobPage page;
  page.total = db->exec("SELECT COUNT(*) FROM export_jobs " + where, params).integer(0, 0);
  auto limit = next(std::max<std::int64_t>(query.limit, 0));
  auto offset = next(std::max<std::int64_t>(query.offset, 0));
  page.jobs = read_jobs(db->exec(
      k_job_columns + where + " ORDER BY created_ms DESC, id DESC LIMIT " + limit + " OFFSET " + offset, params));
  load_sources(*db, page.jobs);
  return page;
}

std::vector<ExportJobRecord> PostgresDatabase::export_jobs_in_state(ExportState state) {
  auto db = session();
  auto jobs =
      read_jobs(db->exec(k_job_columns + "WHERE state = $1 AND ($2::bigint IS NULL OR network_id IN "
                                         "(SELECT id FROM networks WHERE shard_id = $2)) "
                                         "ORDER BY force_started_ms IS NULL, force_started_ms, scheduled_for_ms, id",
                         {export_state_name(state), served_shard()}));
  load_sources(*db, jobs);
  return jobs;
}

std::vector<ExportJobRecord> PostgresDatabase::export_jobs_expired(std::int64_t now_ms) {
  auto db = session();
  return read_jobs(db->exec(k_job_columns + "WHERE expires_ms IS NOT NULL AND expires_ms <= $1 AND file_path IS NOT "
                                            "NULL AND ($2::bigint IS NULL OR network_id IN "
                                            "(SELECT id FROM networks WHERE shard_id = $2))",
                            {now_ms, served_shard()}));
}

bool PostgresDatabase::delete_export_job(std::int64_t job_id) {
  auto db = session();
  return db->exec("DELETE FROM export_jobs WHERE id = $1", {job_id}).affected_rows() > 0;
}

} // namespace argus::store
