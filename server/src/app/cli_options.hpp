#pragma once
// Option parsing shared by the `argusd <noun> <verb> --name value ...` commands: bad input throws CliUsage (the
// command prints it with its usage and exits with 2).
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>

#include "store/database.hpp"

namespace argus {

//! A usage mistake on the command line.
struct CliUsage {
  std::string message;
};

using CliOptions = std::map<std::string, std::string>;

//! The "--name value" pairs after argv[2] (the verb). Throws CliUsage on a stray argument, an option not in `allowed`
//! (--database, k_database_option, is allowed everywhere), one given twice or one of `required` missing.
CliOptions parse_cli_options(int argc, char** argv, const std::set<std::string>& allowed,
                             const std::set<std::string>& required);
//! A positive whole number option (CliUsage otherwise).
std::int64_t number_option(const CliOptions& options, const std::string& name);
//! The secret (a password, token or key) in the file named by an option, so that it is not on the command line where
//! other users see it (`ps`): the file's one line of text without its trailing newline, 1 to 4 KiB. Error
//! invalid_input naming the option when the file cannot be read, is empty, larger or holds control characters.
std::string secret_file_option(const CliOptions& options, const std::string& name);
//! The option every command takes: the postgresql:// URL argusd runs with (absent: SQLite in --data-dir).
inline constexpr const char* k_database_option = "database";
//! The store of the deployment: PostgreSQL when --database names it, else the SQLite file of --data-dir (Error
//! not_found when argusd never ran there). A --database that is not a postgresql:// URL is a CliUsage.
std::unique_ptr<store::Database> open_store(const CliOptions& options);

//! Runs a command's body and turns what it throws into a message and an exit code: CliUsage → the message and `usage`,
//! 2; Error → 2 for invalid_input, else 1; anything else → 1.
int run_cli_command(const char* usage, const std::function<int()>& body);

} // namespace argus
