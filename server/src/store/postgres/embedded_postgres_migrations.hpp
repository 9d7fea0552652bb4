#pragma once
// The PostgreSQL migrations compiled into argusd (generated at build time from store/migrations/postgresql/*.sql).
#include <string>
#include <utility>
#include <vector>

namespace argus::store {

//! Every PostgreSQL migration file as (file name, SQL text), sorted by file name.
std::vector<std::pair<std::string, std::string>> embedded_postgres_migrations();

} // namespace argus::store
