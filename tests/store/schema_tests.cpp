// The project file: creation, pragmas, migrations, immutability, and refusing files that are
// not projects (foreign, corrupt, too new) without touching them.
#include <fstream>

#include "core/store/project_schema.h"
#include "core/store/project_store.h"
#include "core/store/sqlite_connection.h"
#include "tests/store/fixtures.h"
#include "tests/store/suites.h"
#include "tests/store/synthetic_kernels.h"

using namespace kwb;
using namespace kwbtest;
namespace fs = std::filesystem;

namespace {

std::string pragmaText(SqliteConnection& db, const std::string& name) {
    auto st = db.prepare("PRAGMA " + name);
    if (!st || !st->step())
        return "?";
    return st->textAt(0);
}

// Opening must fail with `code`, leave the file byte for byte as it was, and leave no sidecars.
void expectRefused(const fs::path& p, const std::string& code, const std::string& what) {
    const std::string before = fileBytes(p);
    std::error_code ec;
    const bool walBefore = fs::exists(p.string() + "-wal", ec);
    auto store = ProjectStore::open(p);
    CHECK_MSG(!store, what + ": must be refused");
    if (!store) {
        CHECK_MSG(store.error().code == code,
                  what + ": code " + store.error().code + ", expected " + code);
        CHECK_MSG(store.error().message.find(p.filename().string()) != std::string::npos,
                  what + ": the message names the file: " + store.error().message);
    }
    CHECK_MSG(fileBytes(p) == before, what + ": the file must be untouched");
    if (!walBefore)
        CHECK_MSG(!fs::exists(p.string() + "-wal", ec), what + ": no -wal file left behind");
}

fs::path projectWithSamples(const fs::path& dir, int n) {
    fs::path p = dir / "p.kwbproj";
    auto store = ProjectStore::create(p);
    SampleBatch b;
    b.tasks = {task("sgemm-f32")};
    for (int i = 0; i < n; ++i)
        b.samples.push_back(sample("sgemm-f32", syntheticKernel("sgemm-f32", std::uint64_t(i))));
    CHECK((*store)->addSamples(b));
    return p;
}

} // namespace

void schemaTests() {
    const fs::path dir = tempDir("schema");
    const fs::path p = dir / "sub" / "new.kwbproj";
    auto created = ProjectStore::create(p, "My kernels");
    CHECK_MSG(created, created ? "" : created.error().message);
    if (!created)
        return;
    auto& store = **created;
    CHECK(pragmaText(store.connection(), "journal_mode") == "wal");
    CHECK(pragmaText(store.connection(), "foreign_keys") == "1");
    CHECK(pragmaText(store.connection(), "busy_timeout") == "30000");
    CHECK(pragmaText(store.connection(), "synchronous") == "2");
    CHECK(std::stoi(pragmaText(store.connection(), "application_id")) ==
          project_schema::kApplicationId);
    auto info = store.info();
    CHECK(info && info->schemaVersion == project_schema::kCurrentVersion);
    CHECK(info && info->name == "My kernels");
    CHECK(info && info->samples == 0);
    auto again = ProjectStore::create(p);
    CHECK(!again && again.error().code == "project-exists");
    // No temporaries beside it.
    int files = 0;
    for (const auto& e : fs::directory_iterator(p.parent_path()))
        files += e.path().filename().string().rfind(".new.kwbproj", 0) == 0;
    CHECK(files == 0);

    // Immutability is enforced by the file itself, not only by the API.
    auto id =
        store.addSample(task("sgemm-f32"), sample("sgemm-f32", syntheticKernel("sgemm-f32", 1)));
    CHECK(id);
    auto s = store.sample(*id);
    CHECK(store.addVerification(*id, record(*s, "pass", 1.5)));
    CHECK(store.review(*id, Verdict::Accepted, "ana"));
    auto& db = store.connection();
    for (const char* sql :
         {"UPDATE verifications SET verdict = 'fail'", "DELETE FROM verifications",
          "UPDATE reviews SET verdict = 'rejected'", "DELETE FROM reviews",
          "UPDATE sample_content SET source = 'x'", "UPDATE samples SET model = 'other'",
          "DELETE FROM samples", "UPDATE task_specs SET spec_json = '{}'"}) {
        auto r = db.exec(sql);
        CHECK_MSG(!r, std::string("must be refused: ") + sql);
    }
    CHECK(db.exec("UPDATE samples SET similarity = similarity")); // derived columns may change
    auto rep = store.checkIntegrity();
    CHECK(rep && rep->ok());
    created->reset();

    // Reopening finds everything.
    auto reopened = ProjectStore::open(p);
    CHECK(reopened);
    if (reopened) {
        auto i = (*reopened)->info();
        CHECK(i && i->samples == 1 && i->reviews == 1 && i->verifications == 1);
    }
    reopened->reset();

    // A project from a newer workbench is refused, untouched.
    {
        auto raw = SqliteConnection::open(p, SqliteConnection::Mode::ReadWrite);
        CHECK((*raw)->exec("PRAGMA user_version = 99"));
    }
    expectRefused(p, "project-too-new", "newer schema");

    // Forward migration: a schema-1 project gains near-duplicate detection and text search,
    // with its existing samples backfilled, and the generations table (schema 3).
    const fs::path v1 = dir / "v1.kwbproj";
    {
        auto raw = SqliteConnection::open(v1, SqliteConnection::Mode::Create);
        CHECK(project_schema::migrate(**raw, 0, 1));
        CHECK((*raw)->queryInt("PRAGMA user_version").value() == 1);
        CHECK((*raw)->exec(
            "INSERT INTO task_specs VALUES (1, 'sgemm-f32', 'h', '{}', '2024-01-01')"));
        auto ins = (*raw)->prepare(
            "INSERT INTO samples(task_id, task_spec_id, created_at, origin, label, source_hash, "
            "norm_hash, prompt_hash) VALUES ('sgemm-f32', 1, '2024-01-01', 'import', ?, ?, ?, "
            "'p')");
        auto content =
            (*raw)->prepare("INSERT INTO sample_content(sample_id, source) VALUES (?, ?)");
        std::string base = syntheticKernel("sgemm-f32", 7);
        std::string edited = base + "// one more line\nstatic int zebraquux = 1;\n";
        std::vector<std::string> sources = {base, syntheticKernel("sgemm-f32", 8), edited};
        for (std::size_t i = 0; i < sources.size(); ++i) {
            CHECK(ins->bind(1, "v1-" + std::to_string(i))
                      .bind(2, "h" + std::to_string(i))
                      .bind(3, "n" + std::to_string(i))
                      .run());
            CHECK(content->bind(1, std::int64_t(i + 1)).bind(2, sources[i]).run());
        }
    }
    auto migrated = ProjectStore::open(v1);
    CHECK_MSG(migrated, migrated ? "" : migrated.error().message);
    if (migrated) {
        auto i = (*migrated)->info();
        CHECK(i && i->schemaVersion == project_schema::kCurrentVersion && i->samples == 3);
        SampleFilter f;
        f.text = "zebraquux";
        auto n = (*migrated)->countSamples(f);
        CHECK(n && *n == 1);
        auto third = (*migrated)->sample(3);
        CHECK(third && third->status.duplicateOf == std::optional<std::int64_t>(1) &&
              third->status.duplicateKind == "near");
        auto second = (*migrated)->sample(2);
        CHECK(second && !second->status.duplicateOf);
        auto generations = (*migrated)->connection().queryInt("SELECT count(*) FROM generations");
        CHECK(generations && *generations == 0);
        auto firsts = (*migrated)->countFirstGenerations("sgemm-f32", "anthropic", "m");
        CHECK(firsts && *firsts == 0);
    }
}

void openErrorTests() {
    const fs::path dir = tempDir("open");
    auto missing = ProjectStore::open(dir / "nope.kwbproj");
    CHECK(!missing && missing.error().code == "no-project");
    CHECK(!fs::exists(dir / "nope.kwbproj"));

    writeFile(dir / "notes.txt", "These are my notes, not a database.\n");
    expectRefused(dir / "notes.txt", "not-a-project", "text file");
    writeFile(dir / "empty.kwbproj", "");
    expectRefused(dir / "empty.kwbproj", "not-a-project", "empty file");
    std::string garbage(8192, '\0');
    for (std::size_t i = 0; i < garbage.size(); ++i)
        garbage[i] = char((i * 7919) % 251);
    writeFile(dir / "random.bin", garbage);
    expectRefused(dir / "random.bin", "not-a-project", "binary file");
    {
        auto raw = SqliteConnection::open(dir / "foreign.db", SqliteConnection::Mode::Create);
        CHECK((*raw)->exec("CREATE TABLE contacts(name TEXT); INSERT INTO contacts VALUES ('x')"));
    }
    expectRefused(dir / "foreign.db", "not-a-project", "another program's SQLite database");

    // Damage inside a real project: the start of ten pages overwritten (b-tree headers,
    // overflow chains), as a bad sector or a stray write would.
    fs::path damaged = projectWithSamples(dir / "d", 300);
    {
        std::string bytes = fileBytes(damaged);
        CHECK(bytes.size() > 40 * 4096);
        for (std::size_t page = 10; page < 20; ++page)
            for (std::size_t i = 0; i < 64; ++i)
                bytes[page * 4096 + i] = char(0xA5 ^ (i * 31));
        writeFile(damaged, bytes);
    }
    expectRefused(damaged, "project-corrupt", "overwritten pages");
    // Damage inside a stored source (a flipped byte): SQLite's own checks cannot see it, the
    // full check (`kwb project check`) does, by the source's hash.
    fs::path flipped = projectWithSamples(dir / "f", 20);
    {
        std::string bytes = fileBytes(flipped);
        const auto at = bytes.find("__global__ void kernel_");
        CHECK(at != std::string::npos);
        bytes[at + 2] = 'G';
        writeFile(flipped, bytes);
    }
    auto opened = ProjectStore::open(flipped);
    if (opened) {
        auto rep = (*opened)->checkIntegrity();
        CHECK(rep && !rep->ok());
        bool named = false;
        for (const auto& pr : rep ? rep->problems : std::vector<std::string>{})
            named = named || pr.find("does not match its hash") != std::string::npos;
        CHECK_MSG(named, "the full check names the damaged source");
    } else {
        CHECK(opened.error().code == "project-corrupt");
    }
    // Truncated to half its length.
    fs::path truncated = projectWithSamples(dir / "t", 300);
    {
        std::string bytes = fileBytes(truncated);
        writeFile(truncated, bytes.substr(0, bytes.size() / 2));
    }
    expectRefused(truncated, "project-corrupt", "truncated file");
    // The structural check alone (as for large projects) still catches the truncation.
    StoreOptions structural;
    structural.openCheckMs = 0;
    auto s2 = ProjectStore::open(truncated, structural);
    CHECK(!s2 && s2.error().code == "project-corrupt");
}
