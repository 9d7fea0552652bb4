#pragma once
// Which numbered migrations a database still needs. Pure logic shared by every Database implementation.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "store/records.hpp"

namespace argus::store {

//! Parses embedded "NNNN_description.sql" files into migrations sorted by version; throws Error(internal) on a bad
//! name or a duplicate version.
std::vector<Migration> parse_migrations(const std::vector<std::pair<std::string, std::string>>& files);

//! The known migrations not yet applied, in order. Throws Error(unavailable) when the database has a migration the
//! binary does not know (it was written by a newer argusd).
std::vector<Migration> pending_migrations(const std::vector<std::int64_t>& applied_versions,
                                          const std::vector<Migration>& known);

//! The migrations compiled into this binary (from store/migrations/*.sql).
std::vector<Migration> builtin_migrations();

} // namespace argus::store
