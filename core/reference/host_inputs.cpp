#include "core/reference/host_inputs.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <span>

#include "core/reference/cpu_reference.h"
#include "core/reference/formula.h"

namespace kwb {

std::uint16_t doubleToHalf(double v) {
    if (std::isnan(v))
        return 0x7e00;
    const std::uint16_t sign = std::signbit(v) ? 0x8000 : 0;
    double a = std::fabs(v);
    if (a >= 65520.0) // rounds to infinity
        return sign | 0x7c00;
    if (a < std::ldexp(1.0, -14)) {                         // subnormal: multiples of 2^-24
        const double q = std::nearbyint(std::ldexp(a, 24)); // ties to even (default mode)
        return sign | static_cast<std::uint16_t>(q);
    }
    int e = 0;
    const double m = std::frexp(a, &e);           // a = m 2^e, m in [0.5, 1)
    double q = std::nearbyint(std::ldexp(m, 11)); // 11 significant bits
    if (q >= 2048.0) {
        q /= 2.0;
        ++e;
    }
    const int biased = e - 1 + 15;
    if (biased >= 31)
        return sign | 0x7c00;
    return sign | static_cast<std::uint16_t>((biased << 10) | (static_cast<int>(q) - 1024));
}

namespace {

template <typename T> void put(std::vector<std::byte>& out, std::size_t i, T v) {
    std::memcpy(out.data() + i * sizeof(T), &v, sizeof(T));
}

} // namespace

Result<HostInputs> drawHostInputs(const Task& task, const ShapeSpec& shape, std::uint64_t seed) {
    std::map<std::string, double> values;
    for (const auto& [k, v] : shape.dims)
        values[k] = static_cast<double>(v);
    HostInputs out;
    std::mt19937_64 rng(seed);
    for (const auto* p : task.parametersOfKind(ParamKind::Input)) {
        long long count = 1;
        for (const auto& expr : p->shape) {
            auto f = Formula::parse(expr);
            auto n = f ? f->evaluateInteger(values) : Result<long long>(f.error());
            if (!n)
                return n.error();
            count *= *n;
        }
        if (count < 1 || count > (1LL << 28))
            return Error::make("host-inputs", "input \"" + p->name + "\" of shape \"" + shape.name +
                                                  "\" is too large for the host");
        const auto n = static_cast<std::size_t>(count);
        std::vector<std::byte>& buf = out[p->name];
        buf.resize(n * static_cast<std::size_t>(dtypeSize(p->dtype)));
        const Distribution& d = p->distribution;
        std::normal_distribution<double> normal(d.a,
                                                d.kind == DistributionKind::Normal ? d.b : 1.0);
        std::uniform_real_distribution<double> uniform(
            d.a, d.kind == DistributionKind::Uniform ? d.b : d.a + 1.0);
        for (std::size_t i = 0; i < n; ++i) {
            double v = d.kind == DistributionKind::Normal ? normal(rng)
                       : d.kind == DistributionKind::Uniform
                           ? uniform(rng)
                           : d.a + std::floor((d.b - d.a + 1.0) *
                                              std::generate_canonical<double, 53>(rng));
            if (d.kind == DistributionKind::Integers)
                v = std::min(v, d.b);
            switch (p->dtype) {
            case DType::F32:
                put(buf, i, static_cast<float>(v));
                break;
            case DType::I32:
                put(buf, i, static_cast<std::int32_t>(std::llround(v)));
                break;
            case DType::F16:
                put(buf, i, doubleToHalf(v));
                break;
            case DType::BF16:
                put(buf, i, cpuref::floatToBf16(static_cast<float>(v)));
                break;
            }
        }
    }
    return out;
}

Result<std::vector<OutputVariation>> measureOutputVariation(const Task& task,
                                                            const ShapeSpec& shape) {
    std::map<std::string, std::vector<double>> first;
    std::vector<OutputVariation> result;
    for (std::uint64_t seed : {std::uint64_t{1}, std::uint64_t{2}}) {
        auto inputs = drawHostInputs(task, shape, seed);
        if (!inputs)
            return inputs.error();
        std::map<std::string, std::span<const std::byte>> spans;
        for (const auto& [name, bytes] : *inputs)
            spans[name] = std::span<const std::byte>(bytes);
        auto ref = cpuref::runCpuReference(task, shape, spans);
        if (!ref)
            return ref.error();
        if (seed == 1) {
            first = std::move(ref->outputs);
            continue;
        }
        for (const auto& [name, a] : first) {
            const auto& b = ref->outputs[name];
            if (a.size() != b.size() || a.empty())
                return Error::make("host-inputs",
                                   "output \"" + name + "\" changed size between seeds");
            double sa = 0, sb = 0, sd = 0;
            for (std::size_t i = 0; i < a.size(); ++i) {
                sa += a[i] * a[i];
                sb += b[i] * b[i];
                sd += (a[i] - b[i]) * (a[i] - b[i]);
            }
            const double n = static_cast<double>(a.size());
            OutputVariation v;
            v.output = name;
            v.rms = std::sqrt(sa / n);
            const double scale = std::max(std::sqrt(sa / n), std::sqrt(sb / n));
            v.relativeChange = scale > 0 && std::isfinite(sd) ? std::sqrt(sd / n) / scale : 0.0;
            result.push_back(v);
        }
    }
    return result;
}

} // namespace kwb
