// The verification record's wire and storage form. Every reader is tolerant (a field of
// another type than expected is kept, unread, in extra) and every writer puts extra back, so
// a record read and written again keeps each of its keys.
#include <algorithm>

#include "core/model/verification.h"
#include "core/model/verification_json_io.h"

namespace kwb::verification {

using detail::FieldReader;
using detail::withExtra;
using nlohmann::json;

namespace {

BuildDiagnostic diagnosticFromJson(const json& j) {
    BuildDiagnostic d;
    FieldReader r(j);
    r.read("file", d.file);
    r.read("line", d.line);
    r.read("column", d.column);
    r.read("severity", d.severity);
    r.read("message", d.message);
    d.extra = r.rest();
    return d;
}

json toJson(const BuildDiagnostic& d) {
    return withExtra({{"file", d.file},
                      {"line", d.line},
                      {"column", d.column},
                      {"severity", d.severity},
                      {"message", d.message}},
                     d.extra);
}

KernelResourceUse resourcesFromJson(const json& j) {
    KernelResourceUse k;
    FieldReader r(j);
    r.read("function", k.function);
    r.read("registers", k.registers);
    r.read("shared_bytes", k.sharedBytes);
    r.read("stack_bytes", k.stackBytes);
    r.read("spill_store_bytes", k.spillStoreBytes);
    r.read("spill_load_bytes", k.spillLoadBytes);
    k.extra = r.rest();
    return k;
}

json toJson(const KernelResourceUse& k) {
    return withExtra({{"function", k.function},
                      {"registers", k.registers},
                      {"shared_bytes", k.sharedBytes},
                      {"stack_bytes", k.stackBytes},
                      {"spill_store_bytes", k.spillStoreBytes},
                      {"spill_load_bytes", k.spillLoadBytes}},
                     k.extra);
}

DeviceReport deviceFromJson(const json& j) {
    DeviceReport d;
    FieldReader r(j);
    r.read("index", d.index);
    r.read("name", d.name);
    r.read("cc", d.cc);
    d.extra = r.rest();
    return d;
}

json toJson(const DeviceReport& d) {
    return withExtra({{"index", d.index}, {"name", d.name}, {"cc", d.cc}}, d.extra);
}

SandboxReport sandboxFromJson(const json& j) {
    SandboxReport s;
    FieldReader r(j);
    r.read("limits", s.limits);
    r.read("seccomp", s.seccomp);
    r.read("landlock", s.landlock);
    if (std::string shm; r.read("shm", shm))
        s.shm = shm;
    r.read("note", s.note);
    s.extra = r.rest();
    return s;
}

json toJson(const SandboxReport& s) {
    json j = {
        {"limits", s.limits}, {"seccomp", s.seccomp}, {"landlock", s.landlock}, {"note", s.note}};
    if (s.shm)
        j["shm"] = *s.shm;
    return withExtra(std::move(j), s.extra);
}

BaselineInfo baselineFromJson(const json& j) {
    BaselineInfo b;
    FieldReader r(j);
    r.read("label", b.label);
    r.read("kind", b.kind);
    b.extra = r.rest();
    return b;
}

json toJson(const BaselineInfo& b) {
    return withExtra({{"label", b.label}, {"kind", b.kind}}, b.extra);
}

FirstBadElement firstBadFromJson(const json& j) {
    FirstBadElement f;
    FieldReader r(j);
    r.read("element", f.element);
    if (j.contains("got") && j["got"].is_null()) {
        json ignored;
        r.read("got", ignored); // null: the candidate's value was not finite
    } else {
        r.read("got", f.got);
    }
    r.read("expected", f.expected);
    r.read("allowed_error", f.allowedError);
    f.extra = r.rest();
    return f;
}

json toJson(const FirstBadElement& f) {
    return withExtra({{"element", f.element},
                      {"got", f.got ? json(*f.got) : json(nullptr)},
                      {"expected", f.expected},
                      {"allowed_error", f.allowedError}},
                     f.extra);
}

OutputCheck outputFromJson(const json& j) {
    OutputCheck o;
    FieldReader r(j);
    r.read("mismatches", o.mismatches);
    r.read("unwritten", o.unwritten);
    r.read("nan", o.nan);
    r.read("max_abs_err", o.maxAbsErr);
    r.read("max_rel_err", o.maxRelErr);
    r.read("elements", o.elements);
    r.read("rtol", o.rtol);
    r.read("atol", o.atol);
    r.read("first_bad_index", o.firstBadIndex);
    r.readObject("first_bad", o.firstBad, firstBadFromJson);
    o.extra = r.rest();
    return o;
}

json toJson(const OutputCheck& o) {
    json j = {{"mismatches", o.mismatches},
              {"unwritten", o.unwritten},
              {"nan", o.nan},
              {"max_abs_err", o.maxAbsErr},
              {"max_rel_err", o.maxRelErr},
              {"elements", o.elements},
              {"rtol", o.rtol},
              {"atol", o.atol}};
    if (o.firstBadIndex)
        j["first_bad_index"] = *o.firstBadIndex;
    if (o.firstBad)
        j["first_bad"] = toJson(*o.firstBad);
    return withExtra(std::move(j), o.extra);
}

ClockRange clockRangeFromJson(const json& j) {
    ClockRange c;
    FieldReader r(j);
    r.read("min", c.min);
    r.read("median", c.median);
    r.read("max", c.max);
    c.extra = r.rest();
    return c;
}

ShapeClock shapeClockFromJson(const json& j) {
    ShapeClock c;
    FieldReader r(j);
    r.read("before", c.before);
    r.read("after", c.after);
    r.read("max", c.max);
    c.extra = r.rest();
    return c;
}

SpeedOfLight speedOfLightFromJson(const json& j) {
    SpeedOfLight s;
    FieldReader r(j);
    r.read("flops", s.flops);
    r.read("bytes", s.bytes);
    r.read("floor_ms", s.floorMs);
    r.read("bound", s.bound);
    r.read("fraction", s.fraction);
    s.extra = r.rest();
    return s;
}

json toJson(const SpeedOfLight& s) {
    return withExtra({{"flops", s.flops},
                      {"bytes", s.bytes},
                      {"floor_ms", s.floorMs},
                      {"bound", s.bound},
                      {"fraction", s.fraction}},
                     s.extra);
}

ScreeningFinding findingFromJson(const json& j) {
    ScreeningFinding f;
    FieldReader r(j);
    r.read("kind", f.kind);
    r.read("line", f.line);
    r.read("text", f.text);
    f.extra = r.rest();
    return f;
}

Screening screeningFromJson(const json& j) {
    Screening s;
    FieldReader r(j);
    r.read("version", s.version);
    r.readObjects("findings", s.findings, findingFromJson);
    s.extra = r.rest();
    return s;
}

json toJson(const Screening& s) {
    json findings = json::array();
    for (const auto& f : s.findings)
        findings.push_back(
            withExtra({{"kind", f.kind}, {"line", f.line}, {"text", f.text}}, f.extra));
    return withExtra({{"version", s.version}, {"findings", findings}}, s.extra);
}

QueueReport queueFromJson(const json& j) {
    QueueReport q;
    FieldReader r(j);
    r.read("build_seconds", q.buildSeconds);
    r.read("queue_wait_seconds", q.queueWaitSeconds);
    r.read("gpu_seconds", q.gpuSeconds);
    r.read("lane", q.lane);
    r.read("lane_device", q.laneDevice);
    r.read("options", q.options);
    q.extra = r.rest();
    return q;
}

json toJson(const QueueReport& q) {
    return withExtra({{"build_seconds", q.buildSeconds},
                      {"queue_wait_seconds", q.queueWaitSeconds},
                      {"gpu_seconds", q.gpuSeconds},
                      {"lane", q.lane},
                      {"lane_device", q.laneDevice},
                      {"options", q.options}},
                     q.extra);
}

json arrayOf(const auto& items) {
    json a = json::array();
    for (const auto& x : items)
        a.push_back(toJson(x));
    return a;
}

} // namespace

BuildReport buildFromJson(const json& j) {
    BuildReport b;
    FieldReader r(j);
    r.read("ok", b.ok);
    r.read("cached", b.cached);
    r.read("key", b.key);
    r.read("source_hash", b.sourceHash);
    r.read("library_path", b.libraryPath);
    r.read("arch", b.arch);
    r.read("nvcc_version", b.nvccVersion);
    r.read("seconds", b.seconds);
    r.read("flags", b.flags);
    r.readObjects("diagnostics", b.diagnostics, diagnosticFromJson);
    r.readObjects("resources", b.resources, resourcesFromJson);
    r.read("log", b.log);
    r.read("failure", b.failure);
    b.extra = r.rest();
    return b;
}

json toJson(const BuildReport& b) {
    return withExtra({{"ok", b.ok},
                      {"cached", b.cached},
                      {"key", b.key},
                      {"source_hash", b.sourceHash},
                      {"library_path", b.libraryPath},
                      {"arch", b.arch},
                      {"nvcc_version", b.nvccVersion},
                      {"seconds", b.seconds},
                      {"flags", b.flags},
                      {"diagnostics", arrayOf(b.diagnostics)},
                      {"resources", arrayOf(b.resources)},
                      {"log", b.log},
                      {"failure", b.failure}},
                     b.extra);
}

BaselineReuse baselineReuseFromJson(const json& j) {
    BaselineReuse b;
    FieldReader r(j);
    r.read("source", b.source);
    r.read("source_sha256", b.sourceHash);
    r.read("age_s", b.ageSeconds);
    r.read("use", b.use);
    b.extra = r.rest();
    return b;
}

json toJson(const BaselineReuse& b) {
    return withExtra({{"source", b.source},
                      {"source_sha256", b.sourceHash},
                      {"age_s", b.ageSeconds},
                      {"use", b.use}},
                     b.extra);
}

TimingSummary timingFromJson(const json& j) {
    TimingSummary t;
    FieldReader r(j);
    r.read("median_ms", t.medianMs);
    r.read("q1_ms", t.q1Ms);
    r.read("q3_ms", t.q3Ms);
    r.read("min_ms", t.minMs);
    r.read("mean_ms", t.meanMs);
    r.read("rse", t.rse);
    r.read("median_rse", t.medianRse);
    r.read("n", t.n);
    r.read("host_median_ms", t.hostMedianMs);
    r.read("batch", t.batch);
    r.read("graph", t.graph);
    r.read("samples_ms", t.samplesMs);
    r.read("discarded_throttled", t.discardedThrottled);
    r.read("discarded_uncovered", t.discardedUncovered);
    r.read("spin_dropped", t.spinDropped);
    r.read("cover_us", t.coverUs);
    r.read("memset_nodes_as_kernels", t.memsetNodesAsKernels);
    r.read("buffer_sets", t.bufferSets);
    r.read("l2", t.l2);
    if (j.contains("spent_ms") && j["spent_ms"].is_object()) {
        json spent;
        r.read("spent_ms", spent);
        FieldReader s(spent);
        s.read("warmup", t.spentWarmupMs);
        s.read("capture", t.spentCaptureMs);
        s.read("sampling", t.spentSamplingMs);
        s.read("host_check", t.spentHostCheckMs);
        t.spentExtra = s.rest();
    }
    r.readObject("sm_clock_mhz", t.smClockMHz, clockRangeFromJson);
    r.read("label", t.label);
    r.readObject("reused", t.reused, baselineReuseFromJson);
    t.extra = r.rest();
    return t;
}

json toJson(const TimingSummary& t) {
    json j = {{"median_ms", t.medianMs},
              {"q1_ms", t.q1Ms},
              {"q3_ms", t.q3Ms},
              {"min_ms", t.minMs},
              {"mean_ms", t.meanMs},
              {"rse", t.rse},
              {"median_rse", t.medianRse},
              {"n", t.n},
              {"host_median_ms", t.hostMedianMs},
              {"batch", t.batch},
              {"graph", t.graph},
              {"samples_ms", t.samplesMs},
              {"discarded_throttled", t.discardedThrottled},
              {"discarded_uncovered", t.discardedUncovered},
              {"spin_dropped", t.spinDropped},
              {"cover_us", t.coverUs},
              {"memset_nodes_as_kernels", t.memsetNodesAsKernels},
              {"buffer_sets", t.bufferSets},
              {"spent_ms", withExtra({{"warmup", t.spentWarmupMs},
                                      {"capture", t.spentCaptureMs},
                                      {"sampling", t.spentSamplingMs},
                                      {"host_check", t.spentHostCheckMs}},
                                     t.spentExtra)}};
    if (t.l2)
        j["l2"] = *t.l2;
    if (t.smClockMHz)
        j["sm_clock_mhz"] = withExtra({{"min", t.smClockMHz->min},
                                       {"median", t.smClockMHz->median},
                                       {"max", t.smClockMHz->max}},
                                      t.smClockMHz->extra);
    if (t.label)
        j["label"] = *t.label;
    if (t.reused)
        j["reused"] = toJson(*t.reused);
    return withExtra(std::move(j), t.extra);
}

ShapeResult shapeFromJson(const json& j) {
    ShapeResult s;
    FieldReader r(j);
    r.read("name", s.name);
    r.read("dims", s.dims);
    if (std::string v; r.read("verdict", v))
        s.verdict = RecordVerdict::fromText(v);
    r.read("detail", s.detail);
    r.read("reference", s.reference);
    if (j.contains("outputs") && j["outputs"].is_object() &&
        std::all_of(j["outputs"].begin(), j["outputs"].end(),
                    [](const json& o) { return o.is_object(); })) {
        json outputs;
        r.read("outputs", outputs);
        for (const auto& [name, o] : outputs.items())
            s.outputs[name] = outputFromJson(o);
    }
    const auto timing = j.find("timing");
    if (timing != j.end() && timing->is_object() && timing->contains("candidate") &&
        timing->contains("baseline") && (*timing)["candidate"].is_object() &&
        (*timing)["baseline"].is_object()) {
        json t;
        r.read("timing", t);
        s.candidate = timingFromJson(t["candidate"]);
        s.baseline = timingFromJson(t["baseline"]);
        t.erase("candidate");
        t.erase("baseline");
        s.timingExtra = t;
    }
    r.read("speedup", s.speedup);
    r.read("flags", s.flags);
    r.read("notes", s.notes);
    r.read("spent_ms", s.spentMs);
    r.readObject("sm_clock_mhz", s.smClockMHz, shapeClockFromJson);
    r.readObject("speed_of_light", s.speedOfLight, speedOfLightFromJson);
    s.extra = r.rest();
    return s;
}

json toJson(const ShapeResult& s) {
    json outputs = json::object();
    for (const auto& [name, o] : s.outputs)
        outputs[name] = toJson(o);
    json j = {{"name", s.name},     {"dims", s.dims},           {"verdict", s.verdict.text()},
              {"detail", s.detail}, {"reference", s.reference}, {"outputs", outputs},
              {"flags", s.flags},   {"notes", s.notes},         {"spent_ms", s.spentMs}};
    if (s.candidate && s.baseline)
        j["timing"] =
            withExtra({{"candidate", toJson(*s.candidate)}, {"baseline", toJson(*s.baseline)}},
                      s.timingExtra);
    if (s.speedup)
        j["speedup"] = *s.speedup;
    if (s.smClockMHz)
        j["sm_clock_mhz"] = withExtra({{"before", s.smClockMHz->before},
                                       {"after", s.smClockMHz->after},
                                       {"max", s.smClockMHz->max}},
                                      s.smClockMHz->extra);
    if (s.speedOfLight)
        j["speed_of_light"] = toJson(*s.speedOfLight);
    return withExtra(std::move(j), s.extra);
}

Result<VerificationRecordData> fromJson(const json& j) {
    using R = VerificationRecordData;
    if (!j.is_object())
        return Error::make("bad-record", "a verification record must be a JSON object");
    const int version = j.contains("schema_version") && j["schema_version"].is_number_integer()
                            ? j["schema_version"].get<int>()
                            : 0;
    if (version < R::kOldestReadable || version > R::kSchemaVersion)
        return Error::make("bad-record",
                           "unknown verification record version " + std::to_string(version));
    for (const char* key : {"task_id", "verdict", "source_hash", "created_at"})
        if (!j.contains(key) || !j[key].is_string())
            return Error::make("bad-record", std::string("the record has no \"") + key + "\"");
    R d;
    FieldReader r(j);
    r.read("schema_version", d.schemaVersion);
    r.read("id", d.id);
    r.read("task_id", d.taskId);
    r.read("source_hash", d.sourceHash);
    r.read("created_at", d.createdAt);
    r.read("workbench_version", d.workbenchVersion);
    r.read("worker", d.worker);
    r.read("seed", d.seed);
    r.read("wall_seconds", d.wallSeconds);
    if (std::string v; r.read("verdict", v))
        d.verdict = RecordVerdict::fromText(v);
    r.read("detail", d.detail);
    r.readObject("build", d.build, buildFromJson);
    r.readObject("device", d.device, deviceFromJson);
    r.readObject("sandbox", d.sandbox, sandboxFromJson);
    r.readObject("baseline", d.baseline, baselineFromJson);
    r.readObjects("shapes", d.shapes, shapeFromJson);
    r.read("geomean_speedup", d.geomeanSpeedup);
    r.read("log", d.log);
    r.read("ceilings_error", d.ceilingsError);
    r.readObject("screening", d.screening, screeningFromJson);
    r.readObject("sanitizer", d.sanitizer, sanitizerFromJson);
    r.readObject("profile", d.profile, profileFromJson);
    r.readObject("queue", d.queue, queueFromJson);
    r.read("ceilings", d.ceilings);
    r.read("timeline_ms", d.timelineMs);
    r.read("worker_timeline_ms", d.workerTimelineMs);
    r.read("prepared", d.prepared);
    d.extra = r.rest();
    return d;
}

json toJson(const VerificationRecordData& d) {
    json j = {{"schema_version", VerificationRecordData::kSchemaVersion},
              {"task_id", d.taskId},
              {"source_hash", d.sourceHash},
              {"created_at", d.createdAt},
              {"workbench_version", d.workbenchVersion},
              {"worker", d.worker},
              {"seed", d.seed},
              {"wall_seconds", d.wallSeconds},
              {"verdict", d.verdict.text()},
              {"detail", d.detail},
              {"shapes", arrayOf(d.shapes)}};
    if (!d.id.empty())
        j["id"] = d.id;
    if (d.build)
        j["build"] = toJson(*d.build);
    if (d.device)
        j["device"] = toJson(*d.device);
    if (d.sandbox)
        j["sandbox"] = toJson(*d.sandbox);
    if (d.baseline)
        j["baseline"] = toJson(*d.baseline);
    if (d.geomeanSpeedup)
        j["geomean_speedup"] = *d.geomeanSpeedup;
    if (d.log)
        j["log"] = *d.log;
    if (d.ceilingsError)
        j["ceilings_error"] = *d.ceilingsError;
    if (d.screening)
        j["screening"] = toJson(*d.screening);
    if (d.sanitizer)
        j["sanitizer"] = toJson(*d.sanitizer);
    if (d.profile)
        j["profile"] = toJson(*d.profile);
    if (d.queue)
        j["queue"] = toJson(*d.queue);
    for (const auto& [key, value] :
         {std::pair{"ceilings", &d.ceilings}, std::pair{"timeline_ms", &d.timelineMs},
          std::pair{"worker_timeline_ms", &d.workerTimelineMs}, std::pair{"prepared", &d.prepared}})
        if (!value->is_null())
            j[key] = *value;
    return withExtra(std::move(j), d.extra);
}

} // namespace kwb::verification
