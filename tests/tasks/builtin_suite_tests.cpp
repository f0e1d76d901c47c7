// The shipped task suite (issues 4 and 21): every task listed below, each valid, the six proof
// tasks with the signatures issue 3 fixes, every one sized as promised (a large shape that keeps an
// H200 busy, an odd one, a float64-sized one; buffers under 8 GB), with a float64 CPU reference, a
// baseline kind, tolerances tight for its dtype, and a reference solution beside it.
#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "core/model/baseline_catalogue.h"
#include "core/reference/cpu_reference.h"
#include "core/reference/formula.h"
#include "core/tasks/task_loader.h"
#include "core/tasks/task_validator.h"
#include "tests/support/check.h"
#include "tests/tasks/suites.h"

namespace fs = std::filesystem;

void builtinSuiteTests() {
    auto dir = kwb::builtinTaskDirectory();
    if (!CHECK(dir.ok()))
        return;
    CHECK(fs::equivalent(*dir, taskSourceDir()));
    auto folder = kwb::loadTaskFolder(*dir);
    CHECK_MSG(folder.problems.empty(), kwb::joinProblems(folder.problems));

    // The contract from issue 3, spelled out independently of the task files.
    const std::map<std::string, std::string> signatures{
        {"softmax-rows-f32", "extern \"C\" void kwb_softmax_rows(const float* x, float* y, int "
                             "rows, int cols, cudaStream_t stream);"},
        {"sgemm-f32", "extern \"C\" void kwb_sgemm(const float* A, const float* B, float* C, int "
                      "M, int N, int K, cudaStream_t stream);"},
        {"layernorm-gelu-f32",
         "extern \"C\" void kwb_layernorm_gelu(const float* x, const float* gamma, const float* "
         "beta, float* y, int rows, int cols, float eps, cudaStream_t stream);"},
        {"conv2d-nchw-f32", "extern \"C\" void kwb_conv2d_nchw(const float* x, const float* w, "
                            "float* y, int N, int C, int H, int W, int K, cudaStream_t stream);"},
        {"reduce-sum-f32", "extern \"C\" void kwb_reduce_sum(const float* x, float* out, int n, "
                           "cudaStream_t stream);"},
        {"gemm-bias-gelu-bf16",
         "extern \"C\" void kwb_gemm_bias_gelu(const __nv_bfloat16* A, const __nv_bfloat16* B, "
         "const __nv_bfloat16* bias, __nv_bfloat16* C, int M, int N, int K, cudaStream_t "
         "stream);"}};
    // Issue 4's list: level 1 single operations, level 2 fusions, level 3 blocks.
    std::map<std::string, int> levels{{"saxpy-f32", 1},
                                      {"transpose-f32", 1},
                                      {"gemv-f32", 1},
                                      {"sgemm-f32", 1},
                                      {"gemm-bf16", 1},
                                      {"softmax-rows-f32", 1},
                                      {"layernorm-f32", 1},
                                      {"rmsnorm-f32", 1},
                                      {"gelu-f32", 1},
                                      {"reduce-sum-f32", 1},
                                      {"scan-f32", 1},
                                      {"histogram-i32", 1},
                                      {"conv2d-nchw-f32", 1},
                                      {"conv2d-nhwc-f16", 1},
                                      {"maxpool2d-f32", 1},
                                      {"avgpool2d-f32", 1},
                                      {"batchnorm-inference-f32", 1},
                                      {"gemm-at-f32", 1},
                                      {"gemm-bt-f32", 1},
                                      {"gemm-batched-f32", 1},
                                      {"gemm-tall-skinny-f32", 1},
                                      {"gemm-large-k-f32", 1},
                                      {"gemm-small-k-f32", 1},
                                      {"trmm-lower-f32", 1},
                                      {"relu-f32", 1},
                                      {"sigmoid-f32", 1},
                                      {"tanh-f32", 1},
                                      {"silu-f32", 1},
                                      {"leaky-relu-f32", 1},
                                      {"reduce-max-f32", 1},
                                      {"reduce-min-f32", 1},
                                      {"argmax-f32", 1},
                                      {"argmin-f32", 1},
                                      {"mean-rows-f32", 1},
                                      {"prod-rows-f32", 1},
                                      {"exclusive-scan-f32", 1},
                                      {"cross-entropy-f32", 1},
                                      {"kl-div-f32", 1},
                                      {"mse-loss-f32", 1},
                                      {"huber-loss-f32", 1},
                                      {"sort-i32", 1},
                                      {"layernorm-gelu-f32", 2},
                                      {"gemm-bias-gelu-bf16", 2},
                                      {"conv2d-bias-relu-f32", 2},
                                      {"scaled-masked-softmax-f32", 2},
                                      {"rmsnorm-residual-f32", 2},
                                      {"causal-attention-f16", 3},
                                      {"mlp-bf16", 3}};
    // Issue 21's normalisations, pooling, convolutions, fusions and blocks.
    const std::map<std::string, int> levels21{{"instancenorm-f32", 1},
                                              {"groupnorm-f32", 1},
                                              {"groupnorm-silu-f32", 2},
                                              {"batchnorm-training-f32", 1},
                                              {"layernorm-residual-f32", 2},
                                              {"bias-gelu-scale-f32", 2},
                                              {"maxpool1d-f32", 1},
                                              {"avgpool3d-f32", 1},
                                              {"conv1d-f32", 1},
                                              {"conv2d-strided-f32", 1},
                                              {"conv2d-depthwise-f32", 1},
                                              {"conv2d-dilated-f32", 1},
                                              {"conv2d-grouped-f32", 1},
                                              {"conv3d-f32", 1},
                                              {"conv-transpose2d-f32", 1},
                                              {"gemm-bias-relu-f32", 2},
                                              {"matmul-scale-residual-f32", 2},
                                              {"rmsnorm-matmul-f32", 2},
                                              {"gemm-bias-sigmoid-bf16", 2},
                                              {"swiglu-bf16", 2},
                                              {"mlp-swiglu-bf16", 3},
                                              {"attention-f16", 3},
                                              {"gqa-attention-f16", 3},
                                              {"conv2d-bn-relu-f32", 2},
                                              {"conv2d-maxpool-f32", 2},
                                              {"resblock-f32", 3}};
    levels.insert(levels21.begin(), levels21.end());
    CHECK(folder.tasks.size() >= 24);
    CHECK(folder.tasks.size() == levels.size());
    for (const auto& t : folder.tasks) {
        const auto lv = levels.find(t.id);
        if (!CHECK_MSG(lv != levels.end(), "unexpected task " + t.id))
            continue;
        CHECK_MSG(t.level == lv->second, t.id + ": level");
        CHECK_MSG(kwb::validateTask(t).empty(), t.id);
        CHECK_MSG(t.prompt.find(t.entryName) != std::string::npos, t.id + ": prompt names entry");
        CHECK_MSG(t.prompt.find("stream") != std::string::npos, t.id + ": prompt states the rules");
        CHECK_MSG(fs::is_regular_file(*dir / "reference" / (t.id + ".cu")),
                  t.id + ": reference solution missing");
        // The file is the whole task: it names its reference kernel (read with it), its float64
        // CPU reference and its library operation, or, where no library has the operation, its
        // reference kernel is the baseline and the label says so; nothing is looked up by the id.
        CHECK_MSG(t.reference.kernel == "reference/" + t.id + ".cu" &&
                      t.reference.kernelSource.find(t.entryName) != std::string::npos,
                  t.id + ": [reference] kernel");
        CHECK_MSG(kwb::cpuref::hasCpuReference(t.reference.cpu), t.id + ": [reference] cpu");
        // A library operation from the catalogue, or, where no library has the operation, the
        // reference kernel named as the baseline.
        const kwb::BaselineOp* op = kwb::findBaselineOp(t.baseline.op);
        const bool kernelBaseline =
            t.baseline.op.empty() && t.baseline.library == kwb::BaselineLibrary::ReferenceKernel;
        CHECK_MSG((op && op->library == t.baseline.library) || kernelBaseline,
                  t.id + ": [baseline] op");
        CHECK_MSG(kwb::verificationGaps(t).empty(), t.id + ": cannot be verified");
        CHECK_MSG(!t.baseline.label.empty(), t.id + ": baseline label");
    }
    // Issue 21: a library baseline where one exists. The activations and the GEMM epilogues a
    // library does are timed against it; the rest are timed against their reference kernel,
    // and a task joins that list only where no library has the operation.
    const std::map<std::string, std::string> libraryOps{
        {"relu-f32", "cudnn-relu"},
        {"sigmoid-f32", "cudnn-sigmoid"},
        {"tanh-f32", "cudnn-tanh"},
        {"silu-f32", "cudnn-swish"},
        {"gemm-bias-relu-f32", "cublaslt-gemm-bias-relu-f32"},
        {"matmul-scale-residual-f32", "cublas-sgemm-scale-residual"}};
    const std::set<std::string> ownReference{"attention-f16",
                                             "bias-gelu-scale-f32",
                                             "cross-entropy-f32",
                                             "gemm-bias-sigmoid-bf16",
                                             "gqa-attention-f16",
                                             "groupnorm-f32",
                                             "groupnorm-silu-f32",
                                             "huber-loss-f32",
                                             "instancenorm-f32",
                                             "kl-div-f32",
                                             "layernorm-residual-f32",
                                             "leaky-relu-f32",
                                             "mlp-swiglu-bf16",
                                             "mse-loss-f32",
                                             "resblock-f32",
                                             "rmsnorm-matmul-f32",
                                             "swiglu-bf16"};
    for (const auto& t : folder.tasks) {
        const auto op = libraryOps.find(t.id);
        if (op != libraryOps.end())
            CHECK_MSG(t.baseline.op == op->second, t.id + ": baseline " + t.baseline.op);
        CHECK_MSG(t.baseline.op.empty() == (ownReference.count(t.id) == 1),
                  t.id + ": timed against its own reference kernel, or not, unlike the list");
    }
    for (const auto& t : folder.tasks) {
        const auto it = signatures.find(t.id);
        if (it == signatures.end())
            continue; // not a proof task: its signature is checked against its parameters
        CHECK_MSG(kwb::canonicalSignature(t) == it->second, t.id);
        CHECK_MSG(kwb::normalizeSignature(t.entrySignature) == kwb::normalizeSignature(it->second),
                  t.id);
    }
    for (const auto& t : folder.tasks) {
        // Sizing: the largest shape keeps an H200 busy >= 0.1 ms at its ceiling (~4 TB/s
        // memory, ~60 TFLOP/s float32 SIMT, ~700 TFLOP/s bf16/f16 tensor), so the library
        // baseline takes at least that; every task has an odd shape with no dimension divisible
        // by 16 (so none by 32, 64, 128) and a CPU-sized one; no shape needs 8 GB of buffers.
        bool tensor = false, i32 = false;
        for (const auto& p : t.parameters)
            if (p.isBuffer()) {
                tensor = tensor || p.dtype == kwb::DType::BF16 || p.dtype == kwb::DType::F16;
                i32 = i32 || (p.kind == kwb::ParamKind::Output && p.dtype == kwb::DType::I32);
            }
        const double rate = tensor ? 700e12 : 60e12;
        auto flops = kwb::Formula::parse(t.flopsFormula);
        auto bytes = kwb::Formula::parse(t.bytesFormula);
        if (!CHECK(flops.ok() && bytes.ok()))
            continue;
        double longest = 0;
        bool odd = false, cpu = false;
        for (const auto& s : t.shapes) {
            std::map<std::string, double> v;
            bool none16 = true;
            for (const auto& [n, d] : s.dims) {
                v[n] = static_cast<double>(d);
                none16 = none16 && d % 16 != 0;
            }
            odd = odd || none16;
            cpu = cpu || s.cpuReference;
            auto f = flops->evaluate(v);
            auto b = bytes->evaluate(v);
            if (f.ok() && b.ok())
                longest = std::max(longest, std::max(*f / rate, *b / 4e12));
            double buffers = 0;
            for (const auto& p : t.parameters) {
                if (!p.isBuffer())
                    continue;
                double n = kwb::dtypeSize(p.dtype);
                for (const auto& e : p.shape) {
                    auto x = kwb::Formula::parse(e)->evaluate(v);
                    n *= x.ok() ? *x : 0.0;
                }
                buffers += n;
            }
            CHECK_MSG(buffers < 8e9, t.id + ": shape " + s.name + " needs 8 GB of buffers or more");
        }
        CHECK_MSG(longest >= 0.1e-3, t.id + ": largest shape under 0.1 ms at the ceiling");
        CHECK_MSG(odd && cpu && t.shapes.size() >= 3, t.id);
        // Every output has a tolerance: float32 ones tight enough to fail half precision,
        // bf16/f16 ones (at most 4e-2) still failing half-precision accumulation, integer
        // counts exact.
        for (const auto& [name, tol] : t.tolerances)
            CHECK_MSG(i32      ? tol.atol < 1.0 && tol.rtol < 1e-8
                      : tensor ? tol.rtol <= 4e-2
                               : tol.rtol <= 1e-4,
                      t.id + "." + name);
    }
}
