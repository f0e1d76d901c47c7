#pragma once
// Float64 CPU references for the task suite beyond the six proof tasks, and the table that
// maps task ids to them. Each reference gets every input already widened to double (exactly
// the values the candidate got, whatever their dtype), the shape's dimensions and its scalars
// (rounded to float, as the candidate receives them), and checks every size it relies on: a
// user task that reuses a built-in id with other shapes gets an Error, never a wild read.
// Pure functions, any thread.
#include <map>
#include <string>
#include <vector>

#include "core/model/error.h"
#include "core/reference/cpu_reference.h"

namespace kwb::cpuref {

struct RefArgs {
    std::map<std::string, std::vector<double>> inputs;
    std::map<std::string, long long> dims;
    std::map<std::string, double> scalars;

    // The dimension, or 0 when the shape does not give it (every size check then fails).
    long long dim(const std::string& name) const;
    double scalar(const std::string& name) const;
    // The input when it holds exactly the product of `shape` elements (all >= 1), else null.
    const std::vector<double>* input(const std::string& name,
                                     std::initializer_list<long long> shape) const;
};

using ReferenceFn = Result<CpuReferenceResult> (*)(const RefArgs&);

// The reference for a task id beyond the proof tasks; nullptr when there is none.
ReferenceFn findSuiteReference(const std::string& taskId);
// Every id findSuiteReference knows.
std::vector<std::string> suiteReferenceIds();
// The second group of level-1 references (cpu_reference_level1.cpp), which findSuiteReference
// also searches: GEMM variants, activations, reductions, scans, sort and losses.
ReferenceFn findLevel1Reference(const std::string& taskId);
std::vector<std::string> level1ReferenceIds();

// Helpers shared by the reference files.
Error referenceSizeError(const std::string& what);
CpuReferenceResult singleOutput(const std::string& name, std::vector<double> values);
double halfToDouble(std::uint16_t bits); // IEEE binary16

// Level 1 and 2, elementwise, normalisation, scan, histogram, pooling (cpu_reference_ops.cpp).
Result<CpuReferenceResult> saxpyRef(const RefArgs& a);
Result<CpuReferenceResult> transposeRef(const RefArgs& a);
Result<CpuReferenceResult> layernormRef(const RefArgs& a);
Result<CpuReferenceResult> rmsnormRef(const RefArgs& a);
Result<CpuReferenceResult> rmsnormResidualRef(const RefArgs& a);
Result<CpuReferenceResult> geluRef(const RefArgs& a);
Result<CpuReferenceResult> scanRef(const RefArgs& a);
Result<CpuReferenceResult> histogramRef(const RefArgs& a);
Result<CpuReferenceResult> maxpoolRef(const RefArgs& a);
Result<CpuReferenceResult> avgpoolRef(const RefArgs& a);
Result<CpuReferenceResult> batchnormRef(const RefArgs& a);
Result<CpuReferenceResult> scaledMaskedSoftmaxRef(const RefArgs& a);
// Matrix products, convolutions and blocks (cpu_reference_blocks.cpp).
Result<CpuReferenceResult> gemvRef(const RefArgs& a);
Result<CpuReferenceResult> gemmBf16Ref(const RefArgs& a);
Result<CpuReferenceResult> conv2dNhwcRef(const RefArgs& a);
Result<CpuReferenceResult> convBiasReluRef(const RefArgs& a);
Result<CpuReferenceResult> causalAttentionRef(const RefArgs& a);
Result<CpuReferenceResult> mlpRef(const RefArgs& a);
// Norms, pooling, elementwise and attention variants (cpu_reference_norms.cpp).
Result<CpuReferenceResult> instancenormRef(const RefArgs& a);
Result<CpuReferenceResult> groupnormRef(const RefArgs& a);
Result<CpuReferenceResult> groupnormSiluRef(const RefArgs& a);
Result<CpuReferenceResult> batchnormTrainingRef(const RefArgs& a);
Result<CpuReferenceResult> layernormResidualRef(const RefArgs& a);
Result<CpuReferenceResult> biasGeluScaleRef(const RefArgs& a);
Result<CpuReferenceResult> maxpool1dRef(const RefArgs& a);
Result<CpuReferenceResult> avgpool3dRef(const RefArgs& a);
Result<CpuReferenceResult> attentionRef(const RefArgs& a);
Result<CpuReferenceResult> gqaAttentionRef(const RefArgs& a);
// Convolutions, fused GEMMs and blocks (cpu_reference_convs.cpp).
Result<CpuReferenceResult> conv1dRef(const RefArgs& a);
Result<CpuReferenceResult> conv2dStridedRef(const RefArgs& a);
Result<CpuReferenceResult> conv2dDepthwiseRef(const RefArgs& a);
Result<CpuReferenceResult> conv2dDilatedRef(const RefArgs& a);
Result<CpuReferenceResult> conv2dGroupedRef(const RefArgs& a);
Result<CpuReferenceResult> conv3dRef(const RefArgs& a);
Result<CpuReferenceResult> convTranspose2dRef(const RefArgs& a);
Result<CpuReferenceResult> conv2dBnReluRef(const RefArgs& a);
Result<CpuReferenceResult> conv2dMaxpoolRef(const RefArgs& a);
Result<CpuReferenceResult> resblockRef(const RefArgs& a);
Result<CpuReferenceResult> gemmBiasReluRef(const RefArgs& a);
Result<CpuReferenceResult> matmulScaleResidualRef(const RefArgs& a);
Result<CpuReferenceResult> rmsnormMatmulRef(const RefArgs& a);
Result<CpuReferenceResult> gemmBiasSigmoidRef(const RefArgs& a);
Result<CpuReferenceResult> swigluRef(const RefArgs& a);
Result<CpuReferenceResult> mlpSwigluRef(const RefArgs& a);

} // namespace kwb::cpuref
