// Code extraction from model answers: the block that defines the entry function, hostile and
// broken answers included.
#include "core/generate/code_extractor.h"
#include "tests/llm/suites.h"
#include "tests/support/check.h"

namespace kwbtest {

void extractTests() {
    using namespace kwb;
    const std::string def = "extern \"C\" void kwb_f(const float* x, int n, cudaStream_t s) {\n  "
                            "k<<<1,1,0,s>>>(x);\n}\n";
    const std::string decl = "extern \"C\" void kwb_f(const float* x, int n, cudaStream_t s);\n";
    auto one = extractEntrySource("Here:\n```cuda\n" + def + "```\nDone.", "kwb_f");
    CHECK(one && *one == def);
    // A declaration-only block and a usage example lose to the defining block.
    auto pick = extractEntrySource(
        "```c\n" + decl + "```\ntext\n```cpp\n" + def + "```\n```python\nkwb_f(x)\n```\n", "kwb_f");
    CHECK(pick && *pick == def);
    // Two defining blocks: the revision (last) wins.
    std::string def2 = "// v2\n" + def;
    auto last =
        extractEntrySource("```cuda\n" + def + "```\nBetter:\n```cuda\n" + def2 + "```", "kwb_f");
    CHECK(last && *last == def2);
    // Tildes, longer fences containing ``` inside, CRLF line ends, indented fence.
    auto tilde = extractEntrySource("~~~cu\n" + def + "~~~\n", "kwb_f");
    CHECK(tilde && *tilde == def);
    auto inner = extractEntrySource("````cuda\n// ```not a fence end\n" + def + "````\n", "kwb_f");
    CHECK(inner && inner->find("not a fence end") != std::string::npos);
    auto crlf = extractEntrySource("```cuda\r\n" + def + "```\r\n", "kwb_f");
    CHECK(crlf && crlf->find("kwb_f(") != std::string::npos);
    CHECK(extractEntrySource("  ```cuda\n" + def + "  ```\n", "kwb_f").has_value());
    // No code: plain prose, a cut-off (unclosed) block, only a declaration, a longer name.
    CHECK(!extractEntrySource("I cannot help with that.", "kwb_f"));
    CHECK(!extractEntrySource("```cuda\n" + def, "kwb_f"));
    CHECK(!extractEntrySource("```cuda\n" + decl + "```", "kwb_f"));
    CHECK(!extractEntrySource("```cuda\nvoid kwb_f2(int n) {}\n```", "kwb_f"));
    CHECK(!extractEntrySource("", "kwb_f"));
    CHECK(!definesFunction("kwb_f(", "kwb_f"));
    CHECK(definesFunction("void kwb_f (int (*cb)(int), int n)\n{ }", "kwb_f"));
    CHECK(fencedCodeBlocks("```a\n1\n```\n```b\n2\n```").size() == 2);
}

} // namespace kwbtest
