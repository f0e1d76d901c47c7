#pragma once
// A small reader for the element-and-text XML that compute-sanitizer writes with --xml --save:
// elements, text, the five named entities and numeric references; attributes are skipped and
// comments, processing instructions and declarations ignored. No DTDs, no namespaces, no CDATA:
// a file that needs them is refused with the reason, not half read.
#include <string>
#include <string_view>
#include <vector>

#include "core/model/error.h"

namespace kwb::tools {

struct XmlElement {
    std::string name;
    std::string text; // the element's own text, entities replaced, trimmed
    std::vector<XmlElement> children;

    // The first child of that name, or null.
    const XmlElement* child(std::string_view childName) const;
    // The text of the element at a '/'-separated path below this one; empty when absent.
    std::string textAt(std::string_view path) const;
};

Result<XmlElement> parseXml(std::string_view text);

} // namespace kwb::tools
