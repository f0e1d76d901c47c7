#include "core/export/output_destination.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <sys/stat.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

namespace kwb {
namespace fs = std::filesystem;
namespace {

// A first line longer than this is not one of our rows (ours are far shorter; SQLite pages are
// 64 KiB at most, so a database never gets here without its header being seen first).
constexpr std::size_t kFirstLineLimit = 64u << 20;

const char* const kSidecars[] = {"-wal", "-shm", "-journal"};

std::optional<struct stat> lstatOf(const fs::path& p) {
    struct stat st {};
    if (::lstat(p.c_str(), &st) != 0)
        return std::nullopt;
    return st;
}

std::optional<struct stat> statOf(const fs::path& p) {
    struct stat st {};
    if (::stat(p.c_str(), &st) != 0)
        return std::nullopt;
    return st;
}

bool sameInode(const struct stat& a, const struct stat& b) {
    return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

const char* kindName(mode_t m) {
    if (S_ISLNK(m))
        return "a symbolic link";
    if (S_ISCHR(m))
        return "a character device";
    if (S_ISBLK(m))
        return "a block device";
    if (S_ISFIFO(m))
        return "a FIFO (named pipe)";
    if (S_ISSOCK(m))
        return "a socket";
    if (S_ISDIR(m))
        return "a folder";
    return "not a regular file";
}

// Reads up to `limit` bytes from the start of a regular file, or up to the first newline when
// `toNewline`. Opened without following links and without blocking (a FIFO swapped in after the
// lstat must not hang us); anything that is not a regular file by then reads as nothing.
std::optional<std::string> readStart(const fs::path& p, std::size_t limit, bool toNewline,
                                     bool* complete = nullptr) {
    const int fd = ::open(p.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return std::nullopt;
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return std::nullopt;
    }
    std::string out;
    std::array<char, 65536> buf{};
    if (complete)
        *complete = false;
    while (out.size() < limit) {
        const ssize_t n = ::read(fd, buf.data(), std::min(buf.size(), limit - out.size()));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        out.append(buf.data(), std::size_t(n));
        if (toNewline) {
            if (auto nl = out.find('\n', out.size() - std::size_t(n)); nl != std::string::npos) {
                out.resize(nl);
                if (complete)
                    *complete = true;
                break;
            }
        }
    }
    ::close(fd);
    return out;
}

bool isDatabaseHeader(const std::string& head) {
    static const char sqlite[16] = {'S', 'Q', 'L', 'i', 't', 'e', ' ', 'f',
                                    'o', 'r', 'm', 'a', 't', ' ', '3', '\0'};
    if (head.size() >= 16 && std::memcmp(head.data(), sqlite, 16) == 0)
        return true;
    // A write-ahead log: magic 0x377f0682 or 0x377f0683, big-endian.
    return head.size() >= 4 && static_cast<unsigned char>(head[0]) == 0x37 &&
           static_cast<unsigned char>(head[1]) == 0x7f &&
           static_cast<unsigned char>(head[2]) == 0x06 &&
           (static_cast<unsigned char>(head[3]) & 0xFE) == 0x82;
}

bool isDatabaseFile(const fs::path& p) {
    auto head = readStart(p, 16, false);
    return head && isDatabaseHeader(*head);
}

// "x.kwbproj-wal" beside a SQLite file "x.kwbproj": SQLite's own file, whatever it holds now.
std::optional<fs::path> databaseOfSidecar(const fs::path& p) {
    const std::string name = p.filename().string();
    for (const char* suffix : kSidecars) {
        const std::size_t n = std::strlen(suffix);
        if (name.size() > n && name.compare(name.size() - n, n, suffix) == 0) {
            fs::path db = p.parent_path() / name.substr(0, name.size() - n);
            if (isDatabaseFile(db))
                return db;
        }
    }
    return std::nullopt;
}

fs::path canonicalOrNormal(const fs::path& p) {
    std::error_code ec;
    fs::path c = fs::weakly_canonical(p, ec);
    return ec ? normalOutputPath(p) : c;
}

// Is `dest` the protected project or one of its sidecars, by name (resolved) or by inode?
std::optional<fs::path> protectedMatch(const fs::path& dest,
                                       const std::vector<fs::path>& protectedFiles) {
    const fs::path destNormal = normalOutputPath(dest), destCanonical = canonicalOrNormal(dest);
    const auto destStat = statOf(dest);
    for (const auto& project : protectedFiles) {
        std::vector<fs::path> names = {project};
        for (const char* suffix : kSidecars)
            names.push_back(fs::path(project.string() + suffix));
        for (const auto& name : names) {
            if (normalOutputPath(name) == destNormal || canonicalOrNormal(name) == destCanonical)
                return project;
            if (destStat)
                if (auto s = statOf(name); s && sameInode(*s, *destStat))
                    return project;
        }
    }
    return std::nullopt;
}

bool isOurExportRow(const std::string& line) {
    auto j = nlohmann::json::parse(line, nullptr, false);
    if (!j.is_object() || !j.contains("task"))
        return false;
    const bool rows = j.contains("messages") || j.contains("prompt");
    const bool ids = j.contains("sample_id") || j.contains("chosen_sample_id");
    return rows && ids;
}

// A file kwb generate --out wrote: its first record is a sample of ours. A first line cut off
// by an interrupted write (the sink truncates it away) only needs to look like the start of one.
bool isOurSamplesFile(const std::string& first, bool complete) {
    if (!complete)
        return first.rfind("{\"", 0) == 0;
    auto j = nlohmann::json::parse(first, nullptr, false);
    return j.is_object() && j.value("type", "") == "sample";
}

bool isTemporaryOf(const std::string& name, const fs::path& file) {
    return name.rfind("." + file.filename().string() + ".kwb-tmp-", 0) == 0;
}

// Within an existing dataset folder of ours: the first entry that is not a file we write there
// (or one of its temporaries), or nothing.
std::optional<std::string> foreignEntry(const fs::path& folder) {
    std::error_code ec;
    for (const auto& e : fs::recursive_directory_iterator(folder, ec)) {
        const fs::path rel = e.path().lexically_relative(folder);
        const auto st = lstatOf(e.path());
        if (!st)
            return rel.string();
        if (S_ISDIR(st->st_mode)) {
            bool holdsOurs = false;
            for (const auto& f : datasetFolderFiles())
                holdsOurs = holdsOurs || f.parent_path() == rel;
            if (!holdsOurs)
                return rel.string();
            continue;
        }
        bool ours = false;
        for (const auto& f : datasetFolderFiles())
            ours = ours || (S_ISREG(st->st_mode) &&
                            (f == rel || (f.parent_path() == rel.parent_path() &&
                                          isTemporaryOf(rel.filename().string(), f))));
        if (!ours)
            return rel.string();
    }
    if (ec)
        return std::string("(unreadable: ") + ec.message() + ")";
    return std::nullopt;
}

bool hasOurMarker(const fs::path& folder) {
    const auto st = lstatOf(folder / kDatasetMarker);
    if (!st || !S_ISREG(st->st_mode))
        return false;
    auto text = readStart(folder / kDatasetMarker, 1 << 16, false);
    if (!text)
        return false;
    auto j = nlohmann::json::parse(*text, nullptr, false);
    return j.is_object() && j.value("written_by", "") == "kwb";
}

Status checkFolder(const fs::path& dest, const OutputPolicy& policy) {
    std::error_code ec;
    if (fs::is_empty(dest, ec) && !ec)
        return okStatus(); // nothing in it to lose
    if (!hasOurMarker(dest))
        return Error::make(kOutputNotOurs,
                           dest.string() +
                               " is a folder that is not a dataset export of kwb (it has no " +
                               kDatasetMarker + "); choose a new or empty folder");
    if (auto foreign = foreignEntry(dest))
        return Error::make(kOutputNotOurs,
                           dest.string() +
                               " holds an earlier dataset export and files kwb did not write (" +
                               *foreign + "); move them away or choose another folder");
    if (!policy.replaceOurs)
        return Error::make(kOutputExists, dest.string() + " holds an earlier dataset export");
    return okStatus();
}

Status checkRegularFile(const fs::path& dest, const struct stat& st, const OutputPolicy& policy) {
    if (policy.kind == OutputKind::DatasetFolder)
        return Error::make(kOutputNotRegular, dest.string() + " is a file, not a folder");
    if (isDatabaseFile(dest))
        return Error::make(kOutputIsDatabase,
                           dest.string() + " is a SQLite database (a project?), not an export");
    if (auto db = databaseOfSidecar(dest))
        return Error::make(kOutputIsDatabase,
                           dest.string() + " belongs to the SQLite database " + db->string());
    if (policy.kind == OutputKind::AppendedLog)
        return okStatus();
    bool complete = false;
    const auto first = st.st_size == 0 ? std::optional<std::string>("")
                                       : readStart(dest, kFirstLineLimit, true, &complete);
    if (policy.kind == OutputKind::AppendedFile) {
        if (st.st_size == 0 || (first && isOurSamplesFile(*first, complete)))
            return okStatus();
        return Error::make(kOutputNotOurs,
                           dest.string() +
                               " exists and is not a samples file written by kwb generate");
    }
    const bool ours = st.st_size == 0 || (first && complete && isOurExportRow(*first));
    if (ours && !policy.replaceOurs)
        return Error::make(kOutputExists, dest.string() + " holds an earlier export");
    if (!ours && !policy.replaceOthers)
        return Error::make(kOutputExists, dest.string() + " exists and is not an export of kwb");
    return okStatus();
}

} // namespace

const std::vector<fs::path>& datasetFolderFiles() {
    static const std::vector<fs::path> files = {kDatasetMarker, "README.md",
                                                fs::path("data") / "train.jsonl",
                                                fs::path("data") / "test.jsonl"};
    return files;
}

fs::path normalOutputPath(const fs::path& p) {
    std::error_code ec;
    fs::path a = fs::absolute(p, ec);
    if (ec)
        a = p;
    a = a.lexically_normal();
    if (!a.has_filename() && a.has_relative_path())
        a = a.parent_path();
    return a;
}

Status checkOutput(const fs::path& destination, const OutputPolicy& policy) {
    if (destination.empty())
        return Error::make(kOutputNotRegular, "no output was named");
    const std::string named = destination.string();
    if (!destination.has_filename() && policy.kind != OutputKind::DatasetFolder)
        return Error::make(kOutputNotRegular, named + " names a folder, not a file");
    const fs::path dest = normalOutputPath(destination);
    if (auto project = protectedMatch(dest, policy.protectedFiles))
        return Error::make(
            kOutputIsProject,
            named + " is the open project " + project->string() +
                (normalOutputPath(*project) == dest ? "" : " (or one of its files)"));
    const auto st = lstatOf(dest);
    if (!st) {
        if (errno != ENOENT)
            return Error::make(kOutputNotRegular,
                               "cannot look at " + named + ": " + std::strerror(errno));
        const fs::path parent = dest.parent_path();
        const auto ps = statOf(parent);
        if (!ps)
            return Error::make(kOutputParentMissing, "the folder " + parent.string() +
                                                         " does not exist; create it first");
        if (!S_ISDIR(ps->st_mode))
            return Error::make(kOutputParentMissing, parent.string() + " is not a folder");
        if (auto db = databaseOfSidecar(dest))
            return Error::make(kOutputIsDatabase,
                               named + " would be a file of the SQLite database " + db->string());
        return okStatus();
    }
    if (S_ISLNK(st->st_mode))
        return Error::make(kOutputNotRegular, named + " is a symbolic link; name the file itself");
    if (S_ISDIR(st->st_mode)) {
        if (policy.kind != OutputKind::DatasetFolder)
            return Error::make(kOutputNotRegular, named + " is a folder, not a file");
        return checkFolder(dest, policy);
    }
    if (!S_ISREG(st->st_mode))
        return Error::make(kOutputNotRegular,
                           named + " is " + kindName(st->st_mode) + ", not a file kwb may write");
    return checkRegularFile(dest, *st, policy);
}

Status checkDistinctOutputs(const fs::path& a, const fs::path& b) {
    bool same =
        normalOutputPath(a) == normalOutputPath(b) || canonicalOrNormal(a) == canonicalOrNormal(b);
    if (!same)
        if (auto sa = statOf(a), sb = statOf(b); sa && sb)
            same = sameInode(*sa, *sb);
    if (same)
        return Error::make(kOutputSameAsOther,
                           a.string() + " and " + b.string() + " are the same file");
    return okStatus();
}

} // namespace kwb
