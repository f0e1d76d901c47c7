#include "core/tasks/task_scaffold.h"

#include <fstream>
#include <sstream>
#include <string_view>

namespace kwb {

namespace {

std::string entryNameFor(const std::string& id) {
    std::string name = "kwb_" + id;
    for (char& c : name)
        if (c == '-')
            c = '_';
    return name;
}

std::string replaceAll(std::string text, const std::string& from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos;
         at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

// The worked example; @ID@ and @ENTRY@ are filled in.
constexpr const char* kExampleToml =
    R"toml(# @ID@: a task of your own, made by `kwb tasks new`. It starts as a worked example,
# y = max(x, 0) over a float32 vector; edit it into your operation. The folder is the whole
# task: this file, and reference.cu, the trusted reference kernel with the same entry point as a
# candidate. Candidates are checked against it on every shape and timed against it (or against
# a library operation named under [baseline]). The format: resources/tasks/README.md.
# Check it with: kwb tasks check @ID@
id = "@ID@"
title = "ReLU (float32), from kwb tasks new"
level = 1
family = "elementwise"
description = """
y[i] = max(x[i], 0) for i in [0, n). Memory-bound: one read of x and one write of y."""
allowed_libraries = []
prompt = """
Write a fast CUDA kernel for ReLU over a float32 vector.

Implement exactly this entry point (C linkage), in one .cu file:

    extern "C" void @ENTRY@(const float* x, float* y, int n, cudaStream_t stream);

x and y are device buffers of n floats. Compute y[i] = max(x[i], 0) for every i < n.

Requirements:
- Correct for every n >= 1, including sizes that are not multiples of any block size.
- Launch kernels only on `stream`; do not synchronise the device, create streams, allocate
  memory, or keep state between calls. No host threads, no I/O, no printing.
- Do not write outside y, and do not modify x.

Reply with the complete .cu file."""

[entry]
name = "@ENTRY@"
signature = 'extern "C" void @ENTRY@(const float* x, float* y, int n, cudaStream_t stream);'

[[parameters]]
name = "x"
kind = "input"
dtype = "f32"
shape = ["n"]
distribution = { kind = "normal", mean = 0.0, std = 1.0 }

[[parameters]]
name = "y"
kind = "output"
dtype = "f32"
shape = ["n"]

[[parameters]]
name = "n"
kind = "dim"

[[parameters]]
name = "stream"
kind = "stream"

# large: 256 MiB in and out, long enough to time at full memory bandwidth.
[[shapes]]
name = "large"
dims = { n = 67108864 }

# odd: prime, a multiple of no block size.
[[shapes]]
name = "odd"
dims = { n = 1000003 }

# small: the shape a float64 CPU reference would check ([reference] cpu); without one it is
# checked against the reference kernel like the others.
[[shapes]]
name = "small"
dims = { n = 37 }
cpu_reference = true

[tolerances.y]
rtol = 1e-6
atol = 1e-7
mode = "elementwise"

[cost]
flops = "n"
bytes = "8*n"

[reference]
kernel = "reference.cu"

# No [baseline] table: the reference kernel is the baseline. To time against a library
# operation, name it from the catalogue (kwb tasks baselines); for this ReLU, cuDNN's:
#   [baseline]
#   op = "cudnn-relu"
# An operation whose dimensions have other names takes them from yours, e.g.
#   op = "cublas-sgemm"
#   dims = { M = "rows", N = "cols", K = "inner" }
)toml";

constexpr const char* kExampleCu =
    R"cu(// The trusted reference kernel of @ID@: what candidates are checked and timed against.
// It runs in the same sandboxed job as a candidate, before the candidate is loaded.
#include <cuda_runtime.h>

__global__ void relu_kernel(const float* x, float* y, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        y[i] = fmaxf(x[i], 0.0f);
}

extern "C" void @ENTRY@(const float* x, float* y, int n, cudaStream_t stream) {
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads < 65535 ? (n + threads - 1) / threads : 65535;
    relu_kernel<<<blocks, threads, 0, stream>>>(x, y, n);
}
)cu";

// Replaces the first line that sets `key` at the start of a line ("key = ...") with `line`.
bool replaceKeyLine(std::string& text, const std::string& key, const std::string& line) {
    for (std::size_t start = 0; start < text.size();) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        const std::string_view l(text.data() + start, end - start);
        if (l.starts_with(key)) {
            const auto rest = l.substr(key.size()).find_first_not_of(" \t");
            if (rest != std::string_view::npos && l[key.size() + rest] == '=') {
                text.replace(start, end - start, line);
                return true;
            }
        }
        start = end + 1;
    }
    return false;
}

std::string readAll(const std::filesystem::path& p, bool* ok) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    *ok = static_cast<bool>(in);
    return s.str();
}

} // namespace

TaskScaffold scaffoldTask(const std::string& id) {
    TaskScaffold s;
    for (auto [text, out] : {std::pair{kExampleToml, &s.taskToml}, {kExampleCu, &s.referenceCu}})
        *out = replaceAll(replaceAll(text, "@ID@", id), "@ENTRY@", entryNameFor(id));
    return s;
}

Result<TaskScaffold> scaffoldTaskLike(const std::string& id, const CatalogTask& like) {
    bool ok = false;
    std::string toml = readAll(like.file, &ok);
    if (!ok)
        return Error::make("task-read", "cannot read " + like.file.string());
    TaskScaffold s;
    s.referenceCu = like.task.reference.kernelSource;
    if (s.referenceCu.empty()) {
        s.referenceCu = readAll(like.referencePath(), &ok);
        if (!ok)
            return Error::make("task-read", like.task.id + " has no reference kernel to copy (" +
                                                like.referencePath().string() + ")");
    }
    if (!replaceKeyLine(toml, "id", "id = \"" + id + "\""))
        return Error::make("task-read", like.file.string() + " has no id = \"...\" line to change");
    if (!replaceKeyLine(toml, "kernel", "kernel = \"reference.cu\"")) {
        const std::size_t header = toml.find("\n[reference]");
        if (header != std::string::npos)
            toml.insert(header + 12, "\nkernel = \"reference.cu\"");
        else
            toml += "\n[reference]\nkernel = \"reference.cu\"\n";
    }
    s.taskToml = "# " + id + ": made by `kwb tasks new " + id + " --like " + like.task.id +
                 "`; edit what differs (a float64 CPU\n# reference, [reference] cpu, checks " +
                 "only the operation it is named after).\n" + toml;
    return s;
}

Result<std::filesystem::path> writeTaskScaffold(const std::filesystem::path& dir,
                                                const std::string& id, const TaskScaffold& s) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path folder = dir / id;
    if (fs::exists(folder, ec))
        return Error::make("task-exists", folder.string() + " already exists; not overwritten");
    fs::create_directories(folder, ec);
    if (ec)
        return Error::make("task-write", "cannot make " + folder.string() + ": " + ec.message());
    for (const auto& [name, text] :
         {std::pair<const char*, const std::string&>{"task.toml", s.taskToml},
          {"reference.cu", s.referenceCu}}) {
        std::ofstream out(folder / name, std::ios::binary);
        out << text;
        out.close();
        if (!out)
            return Error::make("task-write", "cannot write " + (folder / name).string());
    }
    return folder / "task.toml";
}

} // namespace kwb
