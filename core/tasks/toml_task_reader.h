#pragma once
// TomlTaskReader: turns a parsed task file (a toml++ table) into a Task, recording a problem
// with the node's line and column for every missing key, wrong type, unknown key or unknown
// name, and the position of every field it read, so that validator problems (which carry a
// field path) can be placed in the file too. Internal to core/tasks: include toml++ only here.
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <toml++/toml.h>

#include "core/model/task.h"
#include "core/tasks/task_problem.h"

namespace kwb {

class TomlTaskReader {
public:
    explicit TomlTaskReader(std::string file) : m_file(std::move(file)) {}

    Task read(const toml::table& root);
    const std::vector<TaskProblem>& problems() const { return m_problems; }
    // Places a problem whose field path came from validateTask: the longest known prefix.
    void locate(TaskProblem& p) const;

private:
    using Keys = std::vector<const char*>;

    void problem(const toml::node* at, const std::string& field, const std::string& message);
    void remember(const std::string& field, const toml::node& node);
    void checkKeys(const toml::table& t, const std::string& field, const Keys& allowed);
    const toml::node* need(const toml::table& t, const char* key, const std::string& field,
                           bool required);
    std::string readString(const toml::table& t, const char* key, const std::string& field,
                           bool required = true);
    std::optional<double> readNumber(const toml::table& t, const char* key,
                                     const std::string& field, bool required = true);
    const toml::table* readTable(const toml::table& t, const char* key, const std::string& field,
                                 bool required = true);
    template <typename E>
    E readEnum(const toml::table& t, const char* key, const std::string& field,
               std::optional<E> (*parse)(const std::string&), const char* what, E fallback,
               bool required = true);

    void readParameter(const toml::table& t, const std::string& field, Parameter& p);
    void readShape(const toml::table& t, const std::string& field, ShapeSpec& s);
    void readTolerance(const toml::table& t, const std::string& field, Tolerance& tol);
    void readBaseline(const toml::table& b, Baseline& out);

    std::string m_file;
    std::vector<TaskProblem> m_problems;
    std::map<std::string, std::pair<int, int>> m_positions; // field -> line, column
};

} // namespace kwb
