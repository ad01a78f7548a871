// CLI11's usage errors in the message language. CLI11 writes its errors
// in English only; this reads what it threw (the error's class, and the
// option and value its English text names) into a message of our own,
// "cli.usage.*", so that `--messages nb` gets them in bokmål. What it cannot
// read is "cli.usage.error", CLI11's text inside a localised frame.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

#include "notera/base/message.hpp"

namespace notera::cli {

// The message for `error`. `commands`: the subcommands' names (for "a
// command is required" and an unknown command); `command`: the one being
// parsed when the error came, or empty; `remaining`: the arguments CLI11
// left unread (CLI::App::remaining), where a mistyped command is.
Message usage_error_message(const CLI::ParseError& error, const std::vector<std::string>& commands,
                            const std::string& command, const std::vector<std::string>& remaining);

// "Run 'notera convert --help' for more information.": the hint after a
// usage error, for the command being parsed (or notera's own --help).
Message usage_help_hint(const std::string& command);

}  // namespace notera::cli
