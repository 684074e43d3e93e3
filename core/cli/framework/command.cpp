#include "cli/framework/command.h"

namespace roce::cli {

Command::~Command() = default;

void CommandRegistry::add(std::unique_ptr<Command> command)
{
    m_commands.push_back(std::move(command));
}

Command *CommandRegistry::find(const QString &name) const
{
    for (const auto &command : m_commands) {
        if (command->name() == name)
            return command.get();
    }
    return nullptr;
}

}  // namespace roce::cli
