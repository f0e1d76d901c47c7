<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pl_PL">
<context>
    <name>kwb::ui::AboutDialog</name>
    <message>
        <source>About %1</source>
        <translation>O programie %1</translation>
    </message>
    <message>
        <source>Review, verify and curate machine-written CUDA kernels.</source>
        <translation>Przeglądaj, weryfikuj i selekcjonuj kernele CUDA napisane przez modele.</translation>
    </message>
    <message>
        <source>not available</source>
        <translation>niedostępne</translation>
    </message>
    <message>
        <source>Qt:</source>
        <translation>Qt:</translation>
    </message>
    <message>
        <source>CUDA runtime:</source>
        <translation>Środowisko uruchomieniowe CUDA:</translation>
    </message>
    <message>
        <source>CUDA driver:</source>
        <translation>Sterownik CUDA:</translation>
    </message>
    <message>
        <source>QScintilla:</source>
        <translation>QScintilla:</translation>
    </message>
</context>
<context>
    <name>kwb::ui::GpuStatusLabel</name>
    <message>
        <source>Looking for a GPU…</source>
        <translation>Szukanie GPU…</translation>
    </message>
    <message>
        <source>Asking the GPU worker which CUDA devices this machine has</source>
        <translation>Pytanie procesu roboczego GPU o urządzenia CUDA tego komputera</translation>
    </message>
    <message numerus="yes">
        <source>%1 (+%n more)</source>
        <translation>
            <numerusform>%1 (i %n inny)</numerusform>
            <numerusform>%1 (i %n inne)</numerusform>
            <numerusform>%1 (i %n innych)</numerusform>
        </translation>
    </message>
    <message>
        <source>No CUDA device: compile-only</source>
        <translation>Brak urządzenia CUDA: tylko kompilacja</translation>
    </message>
    <message>
        <source>The GPU worker found no CUDA device</source>
        <translation>Proces roboczy GPU nie znalazł żadnego urządzenia CUDA</translation>
    </message>
</context>
<context>
    <name>kwb::ui::MainWindow</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Plik</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Widok</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Pomo&amp;c</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Zakończ</translation>
    </message>
    <message>
        <source>&amp;Tasks</source>
        <translation>&amp;Zadania</translation>
    </message>
    <message>
        <source>&amp;Editor</source>
        <translation>&amp;Edytor</translation>
    </message>
    <message>
        <source>&amp;Verification</source>
        <translation>&amp;Weryfikacja</translation>
    </message>
    <message>
        <source>&amp;About Kernel Workbench</source>
        <translation>&amp;O programie Kernel Workbench</translation>
    </message>
    <message>
        <source>&amp;Kernel</source>
        <translation>&amp;Kernel</translation>
    </message>
    <message>
        <source>&amp;Prompt</source>
        <translation>&amp;Prompt</translation>
    </message>
</context>
<context>
    <name>kwb::ui::ReviewBar</name>
    <message>
        <source>Accept</source>
        <translation>Akceptuj</translation>
    </message>
    <message>
        <source>Accept this sample into the training set (A)</source>
        <translation>Przyjmij tę próbkę do zbioru treningowego (A)</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>Odrzuć</translation>
    </message>
    <message>
        <source>Reject this sample (R)</source>
        <translation>Odrzuć tę próbkę (R)</translation>
    </message>
    <message>
        <source>Needs work</source>
        <translation>Do poprawy</translation>
    </message>
    <message>
        <source>Mark this sample for another pass (N)</source>
        <translation>Oznacz tę próbkę do ponownego przejrzenia (N)</translation>
    </message>
    <message>
        <source>N&amp;ote:</source>
        <translation>N&amp;otatka:</translation>
    </message>
    <message>
        <source>Optional; saved with the verdict</source>
        <translation>Opcjonalna; zapisywana razem z werdyktem</translation>
    </message>
</context>
<context>
    <name>kwb::ui::TaskBrowser</name>
    <message>
        <source>Filter tasks</source>
        <translation>Filtruj zadania</translation>
    </message>
    <message>
        <source>Task filter</source>
        <translation>Filtr zadań</translation>
    </message>
    <message>
        <source>Tasks</source>
        <translation>Zadania</translation>
    </message>
    <message>
        <source>Level %1</source>
        <translation>Poziom %1</translation>
    </message>
</context>
<context>
    <name>kwb::ui::VerificationPanel</name>
    <message>
        <source>Build</source>
        <translation>Kompilacja</translation>
    </message>
    <message>
        <source>Correctness</source>
        <translation>Poprawność</translation>
    </message>
    <message>
        <source>Benchmark</source>
        <translation>Pomiar wydajności</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>nieuruchomiony</translation>
    </message>
    <message>
        <source>running</source>
        <translation>w toku</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>zaliczony</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>niezaliczony</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>pominięty</translation>
    </message>
    <message>
        <source>&amp;Stages</source>
        <translation>&amp;Etapy</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <extracomment>A verification stage and its state, e.g. &quot;Build: passed&quot;</extracomment>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Kształt</translation>
    </message>
    <message>
        <source>Max abs error</source>
        <translation>Maks. błąd bezwzgl.</translation>
    </message>
    <message>
        <source>Max rel error</source>
        <translation>Maks. błąd wzgl.</translation>
    </message>
    <message>
        <source>Candidate (µs)</source>
        <translation>Kandydat (µs)</translation>
    </message>
    <message>
        <source>Baseline (µs)</source>
        <translation>Odniesienie (µs)</translation>
    </message>
    <message>
        <source>Speedup</source>
        <translation>Przyspieszenie</translation>
    </message>
    <message>
        <source>Per-shape res&amp;ults</source>
        <translation>Wyniki dla ks&amp;ztałtów</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>kernel-workbench: unsupported language &apos;%1&apos; (choose %2)</source>
        <translation>kernel-workbench: nieobsługiwany język „%1” (do wyboru: %2)</translation>
    </message>
    <message>
        <source>Review, verify and curate machine-written CUDA kernels.</source>
        <translation>Przeglądaj, weryfikuj i selekcjonuj kernele CUDA napisane przez modele.</translation>
    </message>
    <message>
        <source>User interface language: es, pl or en (default: the system&apos;s).</source>
        <translation>Język interfejsu: es, pl lub en (domyślnie: język systemu).</translation>
    </message>
    <message>
        <source>code</source>
        <translation>kod</translation>
    </message>
    <message>
        <source>file</source>
        <translation>plik</translation>
    </message>
    <message>
        <source>kernel-workbench: cannot write %1</source>
        <translation>kernel-workbench: nie można zapisać %1</translation>
    </message>
    <message>
        <source>Save a picture of the main window to the given PNG file once the GPU probe answers, then exit.</source>
        <translation>Zapisuje obraz okna głównego do podanego pliku PNG po odpowiedzi wykrywania GPU i kończy pracę.</translation>
    </message>
</context>
</TS>
