#include "command.hpp"

#include <iostream>

namespace notera::cli {

const locale::Messages& Context::messages() {
  if (!messages_) {
    const std::string language = options_.messages_language.empty()
                                     ? locale::language_from_environment()
                                     : options_.messages_language;
    messages_ = std::make_unique<locale::Messages>(language);
  }
  return *messages_;
}

void Context::error(const Message& m) { std::cerr << "notera: " << format(m) << '\n'; }

void add_messages_option(CLI::App& command, Context& context) {
  command.add_option("--messages", context.options().messages_language,
                     context.text("cli.option.messages"));
}

}  // namespace notera::cli
