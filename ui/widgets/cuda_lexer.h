#pragma once
// Syntax highlighting for CUDA C++: QScintilla's C++ lexer plus CUDA's qualifiers, built-in
// variables, intrinsics and vector types. Used only by CodeEditor.
#include <Qsci/qscilexercpp.h>

namespace kwb::ui {

class CudaLexer final : public QsciLexerCPP {
    Q_OBJECT

public:
    explicit CudaLexer(QObject* parent = nullptr);

    const char* language() const override; // "CUDA"
    // Set 1: C++ and CUDA keywords; 2: built-in variables and intrinsics; 4: CUDA types.
    const char* keywords(int set) const override;
};

} // namespace kwb::ui
