// The job's result channel (core/protocol/job_channel.h) and the worker's check of what a job
// says (core/protocol/job_result_validator.h): keys, signed frames written by the job's real
// writer through a real pipe, forged, altered, replayed and reordered lines, and transcripts of
// a job on a real task, honest and tampered with. CPU only.
//   kwb_job_channel_tests [key|frames|validator|fixture]
#include <cmath>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "core/protocol/job_channel.h"
#include "core/protocol/job_result_validator.h"
#include "core/tasks/task_loader.h"
#include "tests/support/suite_runner.h"

namespace {

using json = nlohmann::json;
namespace p = kwb::protocol;

bool has(const std::string& hay, const std::string& needle) {
    return hay.find(needle) != std::string::npos;
}

p::JobKey fixedKey() { // 00 01 02 ... 1f
    std::string line;
    for (int i = 0; i < 32; ++i) {
        char b[3];
        std::snprintf(b, sizeof b, "%02x", i);
        line += b;
    }
    return std::move(*p::JobKey::fromLine(line + "\n"));
}

// What came out of a pipe's read end once its write end is closed.
std::string drain(int fd) {
    std::string out;
    char buf[4096];
    for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0;)
        out.append(buf, std::size_t(n));
    return out;
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);)
        out.push_back(l);
    return out;
}

// The frames a real JobChannelWriter writes for `msgs`, read back from a pipe.
std::vector<std::string> framesOf(p::JobKey key, const std::vector<json>& msgs) {
    int fds[2];
    if (::pipe(fds) != 0)
        return {};
    {
        p::JobChannelWriter writer(std::move(key), fds[1]); // owns fds[1] and closes it
        for (const auto& m : msgs)
            writer.send(m);
    }
    std::string text = drain(fds[0]);
    ::close(fds[0]);
    return lines(text);
}

void keys() {
    auto a = p::JobKey::fresh(), b = p::JobKey::fresh();
    CHECK(a.ok() && b.ok());
    if (!a || !b)
        return;
    CHECK_MSG(!(*a == *b), "two jobs never share a key");
    std::string line = a->line();
    CHECK(line.size() == 65 && line.back() == '\n' &&
          line.find_first_not_of("0123456789abcdef") == 64);
    auto back = p::JobKey::fromLine(line);
    CHECK(back.ok() && *back == *a);
    p::cleanse(line);
    CHECK(line.empty());
    // Only the exact line is a key.
    const std::string good = fixedKey().line();
    std::string upper = good;
    upper[10] = 'A';
    for (const std::string& bad :
         {std::string(), good.substr(0, 64), good.substr(0, 64) + "0\n", upper,
          "{\"type\":\"prepare\",\"device\":0}\n" + std::string(36, ' ')})
        CHECK_MSG(!p::JobKey::fromLine(bad).ok(), bad);
    // clear() drops the key (the job does so once its result is out).
    p::JobKey k = fixedKey();
    CHECK(!k.empty());
    k.clear();
    CHECK(k.empty());

    // The job's read takes exactly the key's line from its stdin and leaves the next line there.
    int fds[2];
    CHECK(::pipe(fds) == 0);
    const std::string after = "{\"type\":\"prepare\",\"device\":0}\n";
    const std::string sent = good + after;
    CHECK(::write(fds[1], sent.data(), sent.size()) == ssize_t(sent.size()));
    ::close(fds[1]);
    auto read = p::readJobKey(fds[0]);
    CHECK(read.ok() && *read == fixedKey());
    CHECK(drain(fds[0]) == after);
    ::close(fds[0]);
    // A job started without a key (stdin empty, or a JSON line first) refuses to go on.
    CHECK(::pipe(fds) == 0);
    ::close(fds[1]);
    auto none = p::readJobKey(fds[0]);
    CHECK(!none.ok() && has(none.error().message, "no key"));
    ::close(fds[0]);
    CHECK(::pipe(fds) == 0);
    CHECK(::write(fds[1], after.data(), after.size()) == ssize_t(after.size()));
    ::close(fds[1]);
    auto fromJson = p::readJobKey(fds[0]);
    CHECK(!fromJson.ok() && has(fromJson.error().message, "64 hex digits"));
    ::close(fds[0]);
}

void frames() {
    const std::string payload = R"({"event":"progress","stage":"loaded","type":"event"})";
    // The wire format, pinned by an HMAC-SHA256 computed elsewhere (Python's hmac module).
    CHECK(p::signFrame(fixedKey(), 0, payload) ==
          "0 9f2f479237fd80c04ddeb01fc6c72be885c3df3a6326279db74f63f657790d40 " + payload + "\n");
    CHECK(p::signFrame(fixedKey(), 7, payload) ==
          "7 8a3291db37b92496cac2bf9e1a6624c9f16e7be35a1bf6925833a3a82e6eb3fc " + payload + "\n");

    auto key = std::move(*p::JobKey::fresh());
    auto other = std::move(*p::JobKey::fresh());
    const std::vector<json> msgs = {
        {{"type", "event"}, {"event", "progress"}, {"stage", "loaded"}},
        {{"type", "event"}, {"event", "call"}, {"shape", "small"}, {"n", 1}},
        {{"type", "result"}, {"result", {{"verdict", "pass"}}}}};
    auto written = framesOf(std::move(*p::JobKey::fromLine(key.line())), msgs);
    CHECK(written.size() == 3);
    if (written.size() != 3)
        return;
    {
        p::JobChannelReader reader(key);
        for (std::size_t i = 0; i < written.size(); ++i) {
            auto m = reader.accept(written[i]);
            CHECK_MSG(m.ok() && *m == msgs[i], written[i]);
        }
        CHECK(reader.framesAccepted() == 3);
    }
    auto refusedFor = [&](const std::vector<std::string>& sequence) {
        p::JobChannelReader reader(key);
        for (const auto& l : sequence)
            if (auto m = reader.accept(l); !m)
                return m.error().code + ": " + m.error().message;
        return std::string();
    };
    const std::string forged =
        R"({"type":"result","result":{"verdict":"pass","detail":"","shapes":[]}})";
    CHECK(
        has(refusedFor({forged}), "tampering: a line on the job's channel is not a signed frame"));
    CHECK(has(refusedFor({""}), "not a signed frame"));
    CHECK(has(refusedFor({"0 " + std::string(64, '0') + " " + forged}), "fails authentication"));
    const std::string otherKey = p::signFrame(other, 0, forged);
    CHECK(has(refusedFor({otherKey.substr(0, otherKey.size() - 1)}), "fails authentication"));
    std::string altered = written[0];
    altered[altered.size() - 3] = 'X';
    CHECK(has(refusedFor({altered}), "fails authentication"));
    CHECK(has(refusedFor({written[0], written[0]}),
              "frame 0 on the job's channel is a replay (frame 1 was due)"));
    CHECK(has(refusedFor({written[0], written[2]}),
              "frame 2 on the job's channel is out of order (frame 1 was due)"));
    CHECK(has(refusedFor({"0" + written[0]}),
              "not a signed frame")); // "00": not the canonical number
    // A candidate writing to the same descriptor can glue bytes to a frame or split one: each
    // piece then fails, none is believed.
    CHECK(has(refusedFor({"junk" + written[0]}), "not a signed frame"));
    const std::string& r = written[2];
    CHECK(!refusedFor({written[0], written[1], r.substr(0, r.size() / 2)}).empty());
    CHECK(!refusedFor({written[0], written[1], r.substr(r.size() / 2)}).empty());
    // A signed payload that is not a JSON object is refused too.
    const std::string notObject = p::signFrame(key, 0, "[1,2]");
    CHECK(has(refusedFor({notObject.substr(0, notObject.size() - 1)}), "holds no JSON object"));
}

// ---- a job on a real task ---------------------------------------------------------------------

json softmaxSpec() {
    auto task =
        kwb::loadTaskFile(std::string(KWB_SOURCE_DIR) + "/resources/tasks/softmax-rows-f32.toml");
    return {{"task", task ? json(*task) : json()}, {"seed", 7}, {"bench", true}};
}

json passingShape(const std::string& name, const json& dims, double speedup) {
    return {
        {"name", name},
        {"dims", dims},
        {"verdict", "pass"},
        {"detail", ""},
        {"outputs", {{"y", {{"mismatches", 0}, {"unwritten", 0}, {"nan", 0}, {"elements", 1000}}}}},
        {"timing",
         {{"candidate", {{"median_ms", 1.0 / speedup}}}, {"baseline", {{"median_ms", 1.0}}}}},
        {"speedup", speedup}};
}

// An honest job's messages: each planned shape run and reported done, then the result.
std::vector<json> honestTranscript(const p::JobPlan& plan) {
    std::vector<json> msgs = {{{"type", "event"}, {"event", "progress"}, {"stage", "loaded"}}};
    json shapes = json::array();
    for (const auto& s : plan.shapes) {
        msgs.push_back({{"type", "event"},
                        {"event", "progress"},
                        {"stage", "correctness"},
                        {"shape", s.name}});
        msgs.push_back({{"type", "event"}, {"event", "call"}, {"shape", s.name}, {"n", 1}});
        msgs.push_back(
            {{"type", "event"}, {"event", "shape-done"}, {"shape", s.name}, {"verdict", "pass"}});
        shapes.push_back(passingShape(s.name, s.dims, 1.25));
    }
    msgs.push_back({{"type", "result"},
                    {"result",
                     {{"verdict", "pass"},
                      {"detail", ""},
                      {"shapes", shapes},
                      {"baseline", {{"label", "softmax reference"}}},
                      {"geomean_speedup", 1.25}}}});
    return msgs;
}

// Feeds messages; "" when all were accepted, else the first refusal.
std::string check(const p::JobPlan& plan, const std::vector<json>& msgs, bool wantFinished = true) {
    p::JobResultValidator v(plan);
    for (const auto& m : msgs)
        if (auto s = v.accept(m); !s)
            return s.error().code + ": " + s.error().message;
    return v.finished() == wantFinished ? std::string() : std::string("finished() is wrong");
}

json& resultOf(std::vector<json>& msgs) {
    return msgs.back()["result"];
}

// A job given a shape's baseline figures (the queue's reused baselines) reports them unchanged:
// the speedup is then the worker's figure over the candidate's own.
void givenBaselines(const json& spec, const std::vector<json>& honest) {
    CHECK(p::usableGivenBaseline({{"median_ms", 1.0}, {"host_median_ms", 0.0}}));
    CHECK(!p::usableGivenBaseline({{"median_ms", 0.0}, {"host_median_ms", 1.0}}));
    CHECK(!p::usableGivenBaseline({{"median_ms", 1.0}}));
    CHECK(!p::usableGivenBaseline({{"median_ms", "1"}, {"host_median_ms", 1.0}}));
    CHECK(!p::usableGivenBaseline(json::array()));
    json given = spec;
    given["baseline_timings"] = {
        {"odd", {{"median_ms", 1.0}, {"host_median_ms", 1.5}, {"label", "softmax reference"}}},
        {"small", {{"median_ms", -1.0}, {"host_median_ms", 1.0}}}, // not usable: timed
        {"nameless", {{"median_ms", 1.0}, {"host_median_ms", 1.0}}}};
    const p::JobPlan plan = p::planForSpec(given);
    CHECK(plan.shapes[1].givenBaseline && !plan.shapes[0].givenBaseline &&
          !plan.shapes[3].givenBaseline);
    json untimed = given;
    untimed["bench"] = false;
    CHECK(!p::planForSpec(untimed).shapes[1].givenBaseline);
    auto with = [&](auto change) {
        auto msgs = honest;
        change(resultOf(msgs)["shapes"][1]["timing"]["baseline"]);
        return check(plan, msgs);
    };
    // Echoed (extra keys of its own beside them are the job's business) ...
    CHECK_MSG(with([](json& b) {
                  b = {{"median_ms", 1.0}, {"host_median_ms", 1.5}};
              }).empty(),
              with([](json& b) {
                  b = {{"median_ms", 1.0}, {"host_median_ms", 1.5}};
              }));
    // ... or changed, dropped, or measured in the job after all: tampering.
    CHECK(has(with([](json& b) {
                  b = {{"median_ms", 1.0}, {"host_median_ms", 0.5}};
              }),
              "tampering: the result's shape odd reports other baseline figures"));
    CHECK(has(with([](json& b) { b = {{"median_ms", 1.0}}; }), "other baseline figures"));
    CHECK(has(with([](json& b) {
                  b = {{"median_ms", 1.0000001}, {"host_median_ms", 1.5}};
              }),
              "other baseline figures"));
    // The shape whose figures were not usable is believed with its own baseline's.
    auto own = honest;
    resultOf(own)["shapes"][1]["timing"]["baseline"] = {{"median_ms", 1.0},
                                                        {"host_median_ms", 1.5}};
    resultOf(own)["shapes"][3]["timing"]["baseline"]["host_median_ms"] = 2.0;
    CHECK_MSG(check(plan, own).empty(), check(plan, own));
}

void validatorCases() {
    const json spec = softmaxSpec();
    CHECK_MSG(spec["task"].is_object(), "the softmax task loads");
    const p::JobPlan plan = p::planForSpec(spec);
    CHECK(plan.shapes.size() == 4 && plan.shapes[1].name == "odd" &&
          plan.outputs == std::vector<std::string>{"y"});
    CHECK(plan.shapes[1].dims == json({{"rows", 1013}, {"cols", 1021}}));
    json only = spec;
    only["shapes"] = {"small", "odd"}; // the job runs them in the task's order
    const p::JobPlan two = p::planForSpec(only);
    CHECK(two.shapes.size() == 2 && two.shapes[0].name == "odd" && two.shapes[1].name == "small");

    const auto honest = honestTranscript(plan);
    CHECK_MSG(check(plan, honest).empty(), check(plan, honest));
    {
        p::JobResultValidator v(plan);
        for (const auto& m : honest)
            (void)v.accept(m);
        CHECK(v.finished() && v.result() == honest.back()["result"]);
    }
    auto with = [&](auto change) {
        auto msgs = honest;
        change(msgs);
        return check(plan, msgs);
    };
    CHECK(has(with([](auto& m) { m.push_back(m.back()); }),
              "tampering: the job sent a second result"));
    CHECK(has(with([](auto& m) { m.push_back(m[1]); }), "a message after its result"));
    // The forged result of the hostile tester: one shape listed, speedup 42.
    std::vector<json> forged = {{{"type", "result"},
                                 {"result",
                                  {{"verdict", "pass"},
                                   {"detail", ""},
                                   {"shapes", {passingShape("small", plan.shapes[3].dims, 42)}},
                                   {"geomean_speedup", 42}}}}};
    CHECK(has(check(plan, forged),
              "the result came before the harness finished: it lists shape small"));
    // A complete copy of a passing result arriving while the harness is still at its first shape.
    CHECK(has(with([](auto& m) { m.erase(m.begin() + 4, m.end() - 1); }),
              "before the harness finished"));
    // A result that leaves out a shape the job ran, and a pass without a planned shape.
    CHECK(has(with([](auto& m) { resultOf(m)["shapes"].erase(3); }), "leaves out shape small"));
    CHECK(has(with([](auto& m) {
                  m.erase(m.end() - 4, m.end() - 1);
                  resultOf(m)["shapes"].erase(3);
                  resultOf(m).erase("geomean_speedup");
              }),
              "passes without planned shape small"));
    // Shapes with missing or inconsistent fields.
    CHECK(has(with([](auto& m) { resultOf(m)["shapes"][0].erase("verdict"); }),
              "lacks its name, dims, verdict"));
    CHECK(has(with([](auto& m) { resultOf(m)["shapes"][0].erase("dims"); }),
              "lacks its name, dims, verdict"));
    CHECK(has(with([](auto& m) { resultOf(m)["shapes"][1].erase("outputs"); }),
              "without a report of output y"));
    CHECK(has(with([](auto& m) { resultOf(m)["shapes"][1]["outputs"]["y"]["nan"] = 3; }),
              "counts a bad element"));
    CHECK(has(with([](auto& m) { resultOf(m)["shapes"][2].erase("timing"); }),
              "passes without its timing"));
    CHECK(has(with([](auto& m) { resultOf(m)["shapes"][2]["dims"]["rows"] = 4; }),
              "other dims than the planned"));
    CHECK(has(with([](auto& m) { resultOf(m)["shapes"][2]["speedup"] = 3.75; }),
              "speedup its medians do not give"));
    CHECK(has(with([](auto& m) { resultOf(m)["geomean_speedup"] = 3.75; }), "geomean speedup"));
    CHECK(has(with([](auto& m) { resultOf(m)["shapes"][0]["verdict"] = "suspicious-timing"; }),
              "not the one the job reported"));
    CHECK(has(with([](auto& m) { resultOf(m).erase("detail"); }),
              "lacks its verdict, detail or shapes"));
    CHECK(has(with([](auto& m) { resultOf(m)["verdict"] = "excellent"; }), "unknown verdict"));
    // Events out of plan: another shape than the one due, an unknown kind or type.
    CHECK(has(with([](auto& m) { m[1]["shape"] = "large-ish"; }), "while shape large was due"));
    CHECK(has(with([](auto& m) { m[1]["event"] = "verdict"; }), "event of unexpected kind"));
    CHECK(has(with([](auto& m) { m[1]["type"] = "warmed"; }), "unexpected type"));
    CHECK(has(with([](auto& m) { m[3].erase("verdict"); }), "done without a known verdict"));

    // A zero candidate median (no speedup, as the harness then reports it) is the harness's own
    // output, not a forgery: believed, with the geometric mean the job computes for it.
    CHECK(with([](auto& m) {
              json& r = resultOf(m);
              r["shapes"][0]["timing"]["candidate"]["median_ms"] = 0.0;
              r["shapes"][0]["speedup"] = 0.0;
              r["geomean_speedup"] = std::exp((std::log(1e-12) + 3 * std::log(1.25)) / 4);
          }).empty());

    // Honest failures are believed: an early one with no shape, and a fatal one that stops the
    // shapes (the rest never ran).
    CHECK(check(plan, {{{"type", "result"},
                        {"result",
                         {{"verdict", "load-error"}, {"detail", "x"}, {"shapes", json::array()}}}}})
              .empty());
    auto fatal = honest;
    fatal.erase(fatal.begin() + 7, fatal.end() - 1);
    fatal[6]["verdict"] = "illegal-address";
    json& r = resultOf(fatal);
    r["verdict"] = "illegal-address";
    r["shapes"].erase(r["shapes"].begin() + 2, r["shapes"].end());
    r["shapes"][1]["verdict"] = "illegal-address";
    r["shapes"][1].erase("timing");
    r["shapes"][1].erase("outputs");
    r.erase("geomean_speedup");
    CHECK_MSG(check(plan, fatal).empty(), check(plan, fatal));
    // ... but not when the result calls itself a pass.
    r["verdict"] = "pass";
    CHECK(has(check(plan, fatal), "passes without planned shape"));
    // An untimed job's shapes carry no timing.
    json untimedSpec = spec;
    untimedSpec["bench"] = false;
    CHECK(has(check(p::planForSpec(untimedSpec), honest),
              "carries timing, but the job was not timed"));
    givenBaselines(spec, honest);
    // A probe job (tests/sandbox) has its own verdicts and no shapes.
    const p::JobPlan probe = p::planForSpec({{"mode", "probe"}});
    CHECK(check(probe,
                {{{"type", "result"},
                  {"result", {{"verdict", "refused"}, {"detail", ""}, {"shapes", json::array()}}}}})
              .empty());
}

// The hostile fixture's replayed line (tests/fixtures/candidates/softmax-rows-f32/
// forges_result.cu) is a genuine frame of another job: it verifies under the key it was signed
// with, and a fresh job's key refuses it.
void fixtureReplay() {
    std::ifstream in(std::string(KWB_SOURCE_DIR) +
                     "/tests/fixtures/candidates/softmax-rows-f32/forges_result.cu");
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();
    const std::string mark = "kReplayed[] = \"";
    const auto at = text.find(mark);
    CHECK_MSG(at != std::string::npos, "the fixture holds a replayed frame");
    if (at == std::string::npos)
        return;
    std::string line;
    for (std::size_t i = at + mark.size();
         i < text.size() && !(text[i] == '\\' && text[i + 1] == 'n'); ++i) {
        if (text[i] == '\\')
            ++i; // the C string's escapes: \" and \\ only
        line.push_back(text[i]);
    }
    // Signed as frame 13 of its job: the same bytes come out of signFrame under that job's key.
    const auto space = line.find(' ');
    const auto payloadAt = space + 1 + 64 + 1;
    CHECK(space != std::string::npos && line.size() > payloadAt);
    if (space == std::string::npos || line.size() <= payloadAt)
        return;
    const std::uint64_t seq = std::stoull(line.substr(0, space));
    CHECK(p::signFrame(fixedKey(), seq, line.substr(payloadAt)) == line + "\n");
    const json msg = json::parse(line.substr(payloadAt), nullptr, false);
    CHECK(msg.is_object() && msg["result"].value("verdict", "") == "pass" &&
          msg["result"]["shapes"].size() == 4);
    const p::JobKey fresh = std::move(*p::JobKey::fresh());
    p::JobChannelReader another(fresh);
    auto replayed = another.accept(line);
    CHECK(!replayed.ok() && has(replayed.error().message, "fails authentication"));
}

} // namespace

int main(int argc, char** argv) {
    return kwbtest::runSuites({{"key", keys},
                               {"frames", frames},
                               {"validator", validatorCases},
                               {"fixture", fixtureReplay}},
                              argc, argv);
}
