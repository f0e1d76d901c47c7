<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pl_PL">
<context>
    <name>AcceptCheck</name>
    <message>
        <source>This sample&apos;s latest verification passed on a GPU.</source>
        <translation>Ostatnia weryfikacja tej próbki została zaliczona na GPU.</translation>
    </message>
    <message numerus="yes">
        <source>This sample passed, but the host-code screen found %n thing(s) a kernel launcher never needs (the first at line %1).</source>
        <translation>
            <numerusform>Ta próbka została zaliczona, ale przegląd kodu hosta znalazł %n rzecz, której program uruchamiający jądro nigdy nie potrzebuje (w wierszu %1).</numerusform>
            <numerusform>Ta próbka została zaliczona, ale przegląd kodu hosta znalazł %n rzeczy, których program uruchamiający jądro nigdy nie potrzebuje (pierwszą w wierszu %1).</numerusform>
            <numerusform>Ta próbka została zaliczona, ale przegląd kodu hosta znalazł %n rzeczy, których program uruchamiający jądro nigdy nie potrzebuje (pierwszą w wierszu %1).</numerusform>
        </translation>
    </message>
    <message>
        <source>This sample&apos;s latest verification failed: %1.</source>
        <translation>Ostatnia weryfikacja tej próbki nie powiodła się: %1.</translation>
    </message>
    <message>
        <source>This sample&apos;s latest verification flagged it as a suspected hack: %1.</source>
        <translation>Ostatnia weryfikacja oznaczyła tę próbkę jako podejrzenie oszustwa: %1.</translation>
    </message>
    <message>
        <source>This sample has not been verified.</source>
        <translation>Ta próbka nie została zweryfikowana.</translation>
    </message>
    <message>
        <source>This sample was only compiled: it has not run on a GPU.</source>
        <translation>Ta próbka została tylko skompilowana: nie działała na GPU.</translation>
    </message>
    <message>
        <source>This sample&apos;s latest verification did not finish (%1): it is not verified.</source>
        <translation>Ostatnia weryfikacja tej próbki nie dobiegła końca (%1): próbka nie jest zweryfikowana.</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>zaliczona</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>niezaliczona: %1</translation>
    </message>
    <message>
        <source>suspected hack: %1</source>
        <translation>podejrzenie oszustwa: %1</translation>
    </message>
    <message numerus="yes">
        <source>passed with %n screening finding(s)</source>
        <translation>
            <numerusform>zaliczona z %n uwagą z przeglądu</numerusform>
            <numerusform>zaliczona z %n uwagami z przeglądu</numerusform>
            <numerusform>zaliczona z %n uwagami z przeglądu</numerusform>
        </translation>
    </message>
    <message>
        <source>not verified on a GPU</source>
        <translation>niezweryfikowana na GPU</translation>
    </message>
    <message>
        <source>Of the %1 selected samples:</source>
        <translation>Spośród zaznaczonych próbek (%1):</translation>
    </message>
    <message>
        <source>failed their latest verification: %1</source>
        <extracomment>Counts before accepting several samples; %1 is how many</extracomment>
        <translation>ostatnia weryfikacja niezaliczona: %1</translation>
    </message>
    <message>
        <source>flagged as suspected hacks: %1</source>
        <translation>oznaczone jako podejrzenie oszustwa: %1</translation>
    </message>
    <message>
        <source>passed with host-code screening findings: %1</source>
        <translation>zaliczone z uwagami z przeglądu kodu hosta: %1</translation>
    </message>
    <message>
        <source>not verified on a GPU: %1</source>
        <translation>niezweryfikowane na GPU: %1</translation>
    </message>
    <message>
        <source>passed on a GPU: %1</source>
        <translation>zaliczone na GPU: %1</translation>
    </message>
    <message>
        <source>Accept all %1 anyway?</source>
        <translation>Mimo to zaakceptować wszystkie (%1)?</translation>
    </message>
    <message>
        <source>Accept anyway?</source>
        <translation>Mimo to zaakceptować?</translation>
    </message>
    <message>
        <source>#%1: %2</source>
        <translation>#%1: %2</translation>
    </message>
    <message>
        <source>Accept an&amp;yway</source>
        <translation>Mimo to &amp;zaakceptuj</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Anuluj</translation>
    </message>
</context>
<context>
    <name>CompareFigures</name>
    <message>
        <source>%1: no speedup at %2</source>
        <translation>%1: brak przyspieszenia dla %2</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Punkt odniesienia</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <extracomment>A roofline point: the sample, then the shape it was timed at</extracomment>
        <translation>%1 dla %2</translation>
    </message>
    <message>
        <source>no ptxas figures recorded</source>
        <translation>brak zapisanych danych ptxas</translation>
    </message>
    <message>
        <source>not verified</source>
        <translation>niezweryfikowana</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Werdykt</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Szczegóły</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Urządzenie</translation>
    </message>
    <message>
        <source>Worker</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Ziarno</translation>
    </message>
    <message>
        <source>Shapes</source>
        <translation>Kształty</translation>
    </message>
    <message>
        <source>Timing</source>
        <translation>Pomiar czasu</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>Opcje</translation>
    </message>
    <message>
        <source>Speedup (geometric mean)</source>
        <translation>Przyspieszenie (średnia geometryczna)</translation>
    </message>
    <message>
        <source>%1: result</source>
        <translation>%1: wynik</translation>
    </message>
    <message>
        <source>%1: median time</source>
        <translation>%1: mediana czasu</translation>
    </message>
    <message>
        <source>%1: baseline median</source>
        <translation>%1: mediana odniesienia</translation>
    </message>
    <message>
        <source>%1: speedup</source>
        <translation>%1: przyspieszenie</translation>
    </message>
</context>
<context>
    <name>StandingText</name>
    <message>
        <source>Unverified</source>
        <translation>Niezweryfikowana</translation>
    </message>
    <message>
        <source>Compile-only</source>
        <translation>Tylko kompilacja</translation>
    </message>
    <message>
        <source>Passed</source>
        <translation>Zaliczona</translation>
    </message>
    <message>
        <source>Passed, needs a human</source>
        <translation>Zaliczona, wymaga człowieka</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Niezaliczona</translation>
    </message>
    <message>
        <source>Suspected hack</source>
        <translation>Podejrzenie oszustwa</translation>
    </message>
    <message>
        <source>Check did not finish</source>
        <translation>Sprawdzenie nie dobiegło końca</translation>
    </message>
    <message>
        <source>%1 at shape %2</source>
        <extracomment>A verdict and the shape it was found at, e.g. &quot;wrong result at shape large&quot;</extracomment>
        <translation>%1 dla kształtu %2</translation>
    </message>
    <message numerus="yes">
        <source>Passed, needs a human: %n host-code screening finding(s)</source>
        <translation>
            <numerusform>Zaliczona, wymaga człowieka: %n uwaga z przeglądu kodu hosta</numerusform>
            <numerusform>Zaliczona, wymaga człowieka: %n uwagi z przeglądu kodu hosta</numerusform>
            <numerusform>Zaliczona, wymaga człowieka: %n uwag z przeglądu kodu hosta</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <extracomment>A standing and its verdict, e.g. &quot;Suspected hack: tampering at shape odd&quot;</extracomment>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>line %1 · %2: %3</source>
        <extracomment>One host-code screening finding: its line, its kind and what it says</extracomment>
        <translation>wiersz %1 · %2: %3</translation>
    </message>
</context>
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
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Zamknij</translation>
    </message>
</context>
<context>
    <name>kwb::ui::BatchProgressBar</name>
    <message numerus="yes">
        <source>about %n s left</source>
        <translation>
            <numerusform>zostało około %n s</numerusform>
            <numerusform>zostało około %n s</numerusform>
            <numerusform>zostało około %n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>about %n min left</source>
        <translation>
            <numerusform>zostało około %n min</numerusform>
            <numerusform>zostało około %n min</numerusform>
            <numerusform>zostało około %n min</numerusform>
        </translation>
    </message>
    <message>
        <source>Choosing samples…</source>
        <translation>Wybieranie próbek…</translation>
    </message>
    <message>
        <source>%1 of %2 verified</source>
        <translation>zweryfikowano %1 z %2</translation>
    </message>
    <message numerus="yes">
        <source>%n building</source>
        <translation>
            <numerusform>%n w budowie</numerusform>
            <numerusform>%n w budowie</numerusform>
            <numerusform>%n w budowie</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n verifying</source>
        <translation>
            <numerusform>%n w weryfikacji</numerusform>
            <numerusform>%n w weryfikacji</numerusform>
            <numerusform>%n w weryfikacji</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n already verified alike</source>
        <translation>
            <numerusform>%n już zweryfikowana tak samo</numerusform>
            <numerusform>%n już zweryfikowane tak samo</numerusform>
            <numerusform>%n już zweryfikowanych tak samo</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n błąd</numerusform>
            <numerusform>%n błędy</numerusform>
            <numerusform>%n błędów</numerusform>
        </translation>
    </message>
    <message>
        <source>cancelling…</source>
        <translation>anulowanie…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Anuluj</translation>
    </message>
    <message>
        <source>Stop the batch (Escape): the samples not verified yet stay so</source>
        <translation>Zatrzymaj partię (Escape): jeszcze niezweryfikowane próbki takie pozostaną</translation>
    </message>
</context>
<context>
    <name>kwb::ui::BuildReportView</name>
    <message>
        <source>Built for %1 with nvcc %2 in %3 s%4</source>
        <extracomment>Build summary: target architecture, nvcc version, seconds, and &quot;(cached)&quot; or nothing</extracomment>
        <translation>Skompilowano dla %1 za pomocą nvcc %2 w %3 s%4</translation>
    </message>
    <message>
        <source> (cached)</source>
        <translation> (z pamięci podręcznej)</translation>
    </message>
    <message>
        <source>%1: %2 registers, %3 B shared, %4 B spilled</source>
        <extracomment>Kernel resources from ptxas: name, registers, shared memory, spilled bytes</extracomment>
        <translation>%1: %2 rejestrów, %3 B pamięci współdzielonej, %4 B przelanych</translation>
    </message>
    <message>
        <source>Compiler p&amp;roblems (Enter jumps to the line):</source>
        <translation>P&amp;roblemy kompilatora (Enter przechodzi do wiersza):</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Jądro</translation>
    </message>
    <message>
        <source>Registers</source>
        <translation>Rejestry</translation>
    </message>
    <message>
        <source>Shared (B)</source>
        <translation>Współdzielona (B)</translation>
    </message>
    <message>
        <source>Stack (B)</source>
        <translation>Stos (B)</translation>
    </message>
    <message>
        <source>Spilled (B)</source>
        <translation>Przelane (B)</translation>
    </message>
    <message>
        <source>Build failed for %1 with nvcc %2 after %3 s: %4</source>
        <extracomment>A failed build: target architecture, nvcc version, seconds, why it failed</extracomment>
        <translation>Kompilacja dla %1 (nvcc %2) nie powiodła się po %3 s: %4</translation>
    </message>
    <message>
        <source>no library was produced</source>
        <translation>nie powstała żadna biblioteka</translation>
    </message>
</context>
<context>
    <name>kwb::ui::ChartWidget</name>
    <message>
        <source>Speedup per shape</source>
        <translation>Przyspieszenie dla każdego kształtu</translation>
    </message>
    <message>
        <source>Faster than the baseline</source>
        <translation>Szybciej niż punkt odniesienia</translation>
    </message>
    <message>
        <source>Slower than the baseline</source>
        <translation>Wolniej niż punkt odniesienia</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Kształt</translation>
    </message>
    <message>
        <source>Speedup (×)</source>
        <translation>Przyspieszenie (×)</translation>
    </message>
    <message>
        <source>Baseline (1.0×)</source>
        <translation>Punkt odniesienia (1,0×)</translation>
    </message>
    <message>
        <source>Timing distribution</source>
        <translation>Rozkład czasów</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Punkt odniesienia</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Kandydat</translation>
    </message>
    <message>
        <source>Time per call (µs)</source>
        <translation>Czas wywołania (µs)</translation>
    </message>
    <message>
        <source>No roofline: the device&apos;s ceilings have not been measured.</source>
        <translation>Brak wykresu roofline: nie zmierzono limitów urządzenia.</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>Roofline</translation>
    </message>
    <message>
        <source>Roofline on %1</source>
        <translation>Roofline na %1</translation>
    </message>
    <message>
        <source>Arithmetic intensity (FLOP/byte)</source>
        <translation>Intensywność arytmetyczna (FLOP/bajt)</translation>
    </message>
    <message>
        <source>Achieved (TFLOP/s)</source>
        <translation>Osiągnięto (TFLOP/s)</translation>
    </message>
    <message>
        <source>No speedups yet: no sample has been timed.</source>
        <translation>Brak przyspieszeń: żadna próbka nie została jeszcze zmierzona.</translation>
    </message>
    <message>
        <source>Speedup distribution</source>
        <translation>Rozkład przyspieszeń</translation>
    </message>
    <message>
        <source>At least as fast as the baseline</source>
        <translation>Co najmniej tak szybko jak punkt odniesienia</translation>
    </message>
    <message>
        <source>%1–%2</source>
        <extracomment>A histogram bin&apos;s range, e.g. &quot;0.80–1.00&quot;</extracomment>
        <translation>%1–%2</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>Próbki</translation>
    </message>
    <message>
        <source>Accept rate per model</source>
        <translation>Odsetek akceptacji według modelu</translation>
    </message>
    <message>
        <source>Accepted (% of reviewed)</source>
        <translation>Zaakceptowane (% przejrzanych)</translation>
    </message>
    <message>
        <source>%1 (%2/%3)</source>
        <extracomment>A model and its accepted/reviewed counts, e.g. &quot;claude-opus (12/19)&quot;</extracomment>
        <translation>%1 (%2/%3)</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Model</translation>
    </message>
    <message>
        <source>Accepted (%)</source>
        <translation>Zaakceptowane (%)</translation>
    </message>
    <message>
        <source>Chart exported from Kernel Workbench</source>
        <extracomment>Description embedded in exported SVG charts</extracomment>
        <translation>Wykres wyeksportowany z Kernel Workbench</translation>
    </message>
    <message>
        <source>Save chart</source>
        <translation>Zapisz wykres</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>Obraz PNG (*.png);;Rysunek SVG (*.svg)</translation>
    </message>
    <message>
        <source>The chart could not be written to %1.</source>
        <translation>Nie udało się zapisać wykresu do %1.</translation>
    </message>
    <message>
        <source>Save chart as…</source>
        <translation>Zapisz wykres jako…</translation>
    </message>
    <message>
        <source>≥ %1</source>
        <extracomment>The last histogram bin, open-ended, e.g. &quot;≥ 4.00&quot;</extracomment>
        <translation>≥ %1</translation>
    </message>
    <message>
        <source>Correct answers per condition</source>
        <translation>Poprawne odpowiedzi według warunku</translation>
    </message>
    <message>
        <source>Condition</source>
        <translation>Warunek</translation>
    </message>
    <message>
        <source>Correct (% of answers)</source>
        <translation>Poprawne (% odpowiedzi)</translation>
    </message>
    <message>
        <source>Memory roof (%1 GB/s)</source>
        <translation>Dach pamięci (%1 GB/s)</translation>
    </message>
    <message>
        <source>Compute roof (%1 TFLOP/s)</source>
        <translation>Dach obliczeń (%1 TFLOP/s)</translation>
    </message>
    <message>
        <source>No stall reasons: the basic section set does not collect them.</source>
        <translation>Brak przyczyn przestojów: zestaw sekcji basic ich nie zbiera.</translation>
    </message>
    <message>
        <source>Warp-stall reasons of the longest kernel</source>
        <translation>Przyczyny przestojów warpów najdłuższego kernela</translation>
    </message>
    <message>
        <source>Warp cycles per issued instruction</source>
        <translation>Cykle warpu na wydaną instrukcję</translation>
    </message>
    <message>
        <source>pass@1 and fast_1.0 per model and condition</source>
        <translation>pass@1 i fast_1.0 według modelu i warunku</translation>
    </message>
    <message>
        <source>pass@1</source>
        <translation>pass@1</translation>
    </message>
    <message>
        <source>fast_1.0 (correct and faster than the baseline)</source>
        <translation>fast_1.0 (poprawne i szybsze od punktu odniesienia)</translation>
    </message>
    <message>
        <source>% of answers</source>
        <translation>% odpowiedzi</translation>
    </message>
    <message>
        <source>Whiskers: the 95 % bootstrap interval of each condition&apos;s difference from plain, drawn around the condition&apos;s bar.</source>
        <translation>Wąsy: 95 % przedział bootstrapowy różnicy każdego warunku względem plain, narysowany wokół jego słupka.</translation>
    </message>
    <message>
        <source>No speedups: none of these samples has been timed.</source>
        <translation>Brak przyspieszeń: żadnej z tych próbek nie zmierzono.</translation>
    </message>
    <message>
        <source>No timing at this shape: none of these samples was timed there.</source>
        <translation>Brak pomiarów dla tego kształtu: żadnej z tych próbek tu nie zmierzono.</translation>
    </message>
    <message>
        <source>Timing at %1</source>
        <translation>Czasy dla %1</translation>
    </message>
    <message>
        <source>Time per call</source>
        <translation>Czas wywołania</translation>
    </message>
    <message>
        <source>%1
median %2</source>
        <extracomment>A box&apos;s category: the sample, then its median time with the unit</extracomment>
        <translation>%1
mediana %2</translation>
    </message>
    <message>
        <source>Time per call (ms)</source>
        <translation>Czas wywołania (ms)</translation>
    </message>
</context>
<context>
    <name>kwb::ui::CodeEditor</name>
    <message>
        <source>error: %1</source>
        <translation>błąd: %1</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>ostrzeżenie: %1</translation>
    </message>
    <message>
        <source>note: %1</source>
        <translation>uwaga: %1</translation>
    </message>
    <message>
        <source>Not found</source>
        <translation>Nie znaleziono</translation>
    </message>
    <message numerus="yes">
        <source>%n replaced</source>
        <translation>
            <numerusform>%n zamiana</numerusform>
            <numerusform>%n zamiany</numerusform>
            <numerusform>%n zamian</numerusform>
        </translation>
    </message>
    <message>
        <source>Generated sample: read-only.</source>
        <translation>Próbka wygenerowana: tylko do odczytu.</translation>
    </message>
    <message>
        <source>&amp;Edit a copy</source>
        <translation>&amp;Edytuj kopię</translation>
    </message>
    <message>
        <source>Make an editable copy of this sample; the original stays as the model wrote it</source>
        <translation>Utwórz edytowalną kopię tej próbki; oryginał pozostaje taki, jak napisał go model</translation>
    </message>
    <message>
        <source>Kernel source</source>
        <translation>Kod jądra</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>Hot line: %1 warp-stall samples (Nsight Compute)</source>
        <extracomment>The kernel editor&apos;s margin at a hot line of a profile</extracomment>
        <translation>Gorąca linia: %1 próbek przestojów warpów (Nsight Compute)</translation>
    </message>
</context>
<context>
    <name>kwb::ui::CompareView</name>
    <message numerus="yes">
        <source>%n sample(s) of %1</source>
        <translation>
            <numerusform>%n próbka zadania %1</numerusform>
            <numerusform>%n próbki zadania %1</numerusform>
            <numerusform>%n próbek zadania %1</numerusform>
        </translation>
    </message>
    <message>
        <source>No bar: %1</source>
        <translation>Brak słupka: %1</translation>
    </message>
    <message>
        <source>No point: %1</source>
        <translation>Brak punktu: %1</translation>
    </message>
    <message>
        <source>No timing: none of these samples has been timed.</source>
        <translation>Brak pomiarów: żadnej z tych próbek nie zmierzono.</translation>
    </message>
    <message>
        <source>No sample here has two verifications: nothing to compare.</source>
        <translation>Żadna z tych próbek nie ma dwóch weryfikacji: nie ma czego porównać.</translation>
    </message>
    <message numerus="yes">
        <source>%n field(s) changed</source>
        <translation>
            <numerusform>Zmieniło się %n pole</numerusform>
            <numerusform>Zmieniły się %n pola</numerusform>
            <numerusform>Zmieniło się %n pól</numerusform>
        </translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Kod</translation>
    </message>
    <message>
        <source>Speedups</source>
        <translation>Przyspieszenia</translation>
    </message>
    <message>
        <source>Timing</source>
        <translation>Pomiar czasu</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>Roofline</translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation>Metryki</translation>
    </message>
    <message>
        <source>Verifications</source>
        <translation>Weryfikacje</translation>
    </message>
    <message>
        <source>Left:</source>
        <translation>Lewa:</translation>
    </message>
    <message>
        <source>Right:</source>
        <translation>Prawa:</translation>
    </message>
    <message>
        <source>Shape:</source>
        <translation>Kształt:</translation>
    </message>
    <message>
        <source>Sample:</source>
        <translation>Próbka:</translation>
    </message>
    <message>
        <source>Before:</source>
        <translation>Przed:</translation>
    </message>
    <message>
        <source>After:</source>
        <translation>Po:</translation>
    </message>
    <message>
        <source>Sample</source>
        <translation>Próbka</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Jądro</translation>
    </message>
    <message>
        <source>Registers</source>
        <translation>Rejestry</translation>
    </message>
    <message>
        <source>Shared memory (bytes)</source>
        <translation>Pamięć współdzielona (bajty)</translation>
    </message>
    <message>
        <source>Spills store / load (bytes)</source>
        <translation>Wycieki zapis / odczyt (bajty)</translation>
    </message>
    <message>
        <source>Stack (bytes)</source>
        <translation>Stos (bajty)</translation>
    </message>
    <message>
        <source>Profiled duration</source>
        <translation>Czas z profilu</translation>
    </message>
    <message>
        <source>SM throughput</source>
        <translation>Przepustowość SM</translation>
    </message>
    <message>
        <source>Memory throughput</source>
        <translation>Przepustowość pamięci</translation>
    </message>
    <message>
        <source>Achieved occupancy</source>
        <translation>Osiągnięte obłożenie</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Pole</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>Przed</translation>
    </message>
    <message>
        <source>After</source>
        <translation>Po</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Zmiana</translation>
    </message>
</context>
<context>
    <name>kwb::ui::DatasetView</name>
    <message>
        <source>(no model)</source>
        <translation>(bez modelu)</translation>
    </message>
    <message>
        <source>Cannot read the dataset: %1</source>
        <translation>Nie można odczytać zbioru danych: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n sample(s) match</source>
        <translation>
            <numerusform>%n próbka pasuje</numerusform>
            <numerusform>%n próbki pasują</numerusform>
            <numerusform>%n próbek pasuje</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 accepted · %2 rejected · %3 passed</source>
        <translation>%1 zaakceptowanych · %2 odrzuconych · %3 zaliczonych</translation>
    </message>
    <message>
        <source>No verdicts yet: accept or reject samples to see rates.</source>
        <translation>Brak werdyktów: zaakceptuj lub odrzuć próbki, aby zobaczyć odsetki.</translation>
    </message>
    <message>
        <source>&amp;Task:</source>
        <translation>&amp;Zadanie:</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>&amp;Model:</translation>
    </message>
    <message>
        <source>&amp;Verdict:</source>
        <translation>&amp;Werdykt:</translation>
    </message>
    <message>
        <source>Minimum &amp;speedup:</source>
        <translation>Minimalne &amp;przyspieszenie:</translation>
    </message>
    <message>
        <source>All tasks</source>
        <translation>Wszystkie zadania</translation>
    </message>
    <message>
        <source>All models</source>
        <translation>Wszystkie modele</translation>
    </message>
    <message>
        <source>Any verdict</source>
        <translation>Dowolny werdykt</translation>
    </message>
    <message>
        <source>Unreviewed</source>
        <translation>Nieocenione</translation>
    </message>
    <message>
        <source>Accepted</source>
        <translation>Zaakceptowane</translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation>Odrzucone</translation>
    </message>
    <message>
        <source>Needs work</source>
        <translation>Do poprawy</translation>
    </message>
    <message>
        <source>any</source>
        <translation>dowolne</translation>
    </message>
    <message>
        <source>Verified on a &amp;GPU</source>
        <translation>Zweryfikowane na &amp;GPU</translation>
    </message>
    <message>
        <source>&amp;Passed only</source>
        <translation>Tylko &amp;zaliczone</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Eksportuj…</translation>
    </message>
    <message>
        <source>Speedup histogram</source>
        <translation>Histogram przyspieszenia</translation>
    </message>
    <message>
        <source>Accept rate per model</source>
        <translation>Odsetek akceptacji według modelu</translation>
    </message>
    <message>
        <source>Dataset samples</source>
        <translation>Próbki zbioru danych</translation>
    </message>
</context>
<context>
    <name>kwb::ui::DiagnosticsModel</name>
    <message>
        <source>%1:%2:%3</source>
        <extracomment>A compiler diagnostic&apos;s place: file, line (and column)</extracomment>
        <translation>%1:%2:%3</translation>
    </message>
    <message>
        <source>%1:%2</source>
        <translation>%1:%2</translation>
    </message>
    <message>
        <source>note</source>
        <translation>uwaga</translation>
    </message>
    <message>
        <source>error</source>
        <translation>błąd</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>ostrzeżenie</translation>
    </message>
    <message>
        <source>%1  %2: %3</source>
        <extracomment>&quot;&lt;place&gt; &lt;severity&gt;: &lt;message&gt;&quot;</extracomment>
        <translation>%1  %2: %3</translation>
    </message>
</context>
<context>
    <name>kwb::ui::DiffView</name>
    <message>
        <source>Previous change</source>
        <translation>Poprzednia zmiana</translation>
    </message>
    <message>
        <source>Next change</source>
        <translation>Następna zmiana</translation>
    </message>
    <message>
        <source>Old source</source>
        <translation>Stary kod</translation>
    </message>
    <message>
        <source>New source</source>
        <translation>Nowy kod</translation>
    </message>
    <message>
        <source>The sources are identical.</source>
        <translation>Kody są identyczne.</translation>
    </message>
    <message>
        <source>%1, %2, in %3</source>
        <extracomment>Summary of a diff: &quot;3 lines removed, 5 lines added, in 2 places&quot;</extracomment>
        <translation>%1, %2, w %3</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) removed</source>
        <translation>
            <numerusform>%n wiersz usunięty</numerusform>
            <numerusform>%n wiersze usunięte</numerusform>
            <numerusform>%n wierszy usuniętych</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) added</source>
        <translation>
            <numerusform>%n wiersz dodany</numerusform>
            <numerusform>%n wiersze dodane</numerusform>
            <numerusform>%n wierszy dodanych</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n place(s)</source>
        <translation>
            <numerusform>%n miejscu</numerusform>
            <numerusform>%n miejscach</numerusform>
            <numerusform>%n miejscach</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kwb::ui::EvaluationActions</name>
    <message>
        <source>An evaluation run is going; cancel it first.</source>
        <translation>Trwa przebieg ewaluacji; najpierw go anuluj.</translation>
    </message>
    <message>
        <source>Open a project first: the run is kept in it.</source>
        <translation>Najpierw otwórz projekt: przebieg jest w nim zapisywany.</translation>
    </message>
    <message>
        <source>Evaluation: starting %1…</source>
        <translation>Ewaluacja: uruchamianie %1…</translation>
    </message>
    <message>
        <source>Evaluation: cancelling…</source>
        <translation>Ewaluacja: anulowanie…</translation>
    </message>
    <message>
        <source>Evaluation: %1 of %2 cells</source>
        <translation>Ewaluacja: %1 z %2 komórek</translation>
    </message>
    <message>
        <source>%1 asking</source>
        <translation>%1 w zapytaniu</translation>
    </message>
    <message>
        <source>%1 verifying</source>
        <translation>%1 w weryfikacji</translation>
    </message>
    <message>
        <source>%1 compiled</source>
        <translation>%1 skompilowanych</translation>
    </message>
    <message>
        <source>%1 correct</source>
        <translation>%1 poprawnych</translation>
    </message>
    <message>
        <source>%1 failed</source>
        <translation>%1 nieudanych</translation>
    </message>
    <message>
        <source>cancelling…</source>
        <translation>anulowanie…</translation>
    </message>
    <message>
        <source>The evaluation run did not start: %1</source>
        <translation>Przebieg ewaluacji nie wystartował: %1</translation>
    </message>
    <message>
        <source>Evaluation run %1: %2 cells finished now, %3 were already there, of %4; %5 compiled, %6 correct.</source>
        <translation>Przebieg ewaluacji %1: %2 komórek ukończonych teraz, %3 już było, z %4; %5 skompilowanych, %6 poprawnych.</translation>
    </message>
    <message>
        <source>Cancelled: start the same plan again to resume.</source>
        <translation>Anulowano: uruchom ten sam plan ponownie, aby wznowić.</translation>
    </message>
    <message>
        <source>&amp;Evaluation</source>
        <translation>&amp;Ewaluacja</translation>
    </message>
    <message>
        <source>&amp;New evaluation run…</source>
        <translation>&amp;Nowy przebieg ewaluacji…</translation>
    </message>
    <message>
        <source>&amp;Cancel the evaluation run</source>
        <translation>&amp;Anuluj przebieg ewaluacji</translation>
    </message>
    <message>
        <source>&amp;Skill editor…</source>
        <translation>Edytor &amp;umiejętności…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Anuluj</translation>
    </message>
    <message>
        <source>Stop the evaluation run: finished cells stay in the project, the rest are asked when the plan is started again</source>
        <translation>Zatrzymaj przebieg ewaluacji: ukończone komórki zostają w projekcie, pozostałe są zadawane po ponownym uruchomieniu planu</translation>
    </message>
    <message>
        <source>Evaluation: cancelled before it started.</source>
        <translation>Ewaluacja: anulowana przed rozpoczęciem.</translation>
    </message>
</context>
<context>
    <name>kwb::ui::EvaluationView</name>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>%1 · %2 · %3</source>
        <translation>%1 · %2 · %3</translation>
    </message>
    <message>
        <source>Cannot list the evaluation runs: %1</source>
        <translation>Nie można wyświetlić przebiegów ewaluacji: %1</translation>
    </message>
    <message>
        <source>No evaluation run</source>
        <translation>Brak przebiegu ewaluacji</translation>
    </message>
    <message>
        <source>Cannot read the report of %1: %2</source>
        <translation>Nie można odczytać raportu %1: %2</translation>
    </message>
    <message>
        <source>compile-only: no answer ran on a GPU, so none counts as correct</source>
        <translation>tylko kompilacja: żadnej odpowiedzi nie uruchomiono na GPU, więc żadna nie liczy się jako poprawna</translation>
    </message>
    <message>
        <source>mixed: %1 answers ran on a GPU, %2 were built only</source>
        <translation>mieszany: uruchomione na GPU: %1, tylko skompilowane: %2</translation>
    </message>
    <message>
        <source>verified on %1</source>
        <translation>zweryfikowano na %1</translation>
    </message>
    <message>
        <source>%1 (%2): %3 of %4 answers stored · %5</source>
        <translation>%1 (%2): zapisane odpowiedzi: %3 z %4 · %5</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Model</translation>
    </message>
    <message>
        <source>Condition</source>
        <translation>Warunek</translation>
    </message>
    <message>
        <source>Answers</source>
        <translation>Odpowiedzi</translation>
    </message>
    <message>
        <source>Answered</source>
        <translation>Z kodem</translation>
    </message>
    <message>
        <source>Compiled</source>
        <translation>Skompilowane</translation>
    </message>
    <message>
        <source>Correct</source>
        <translation>Poprawne</translation>
    </message>
    <message>
        <source>Faster</source>
        <translation>Szybsze</translation>
    </message>
    <message>
        <source>Mean speedup</source>
        <translation>Średnie przyspieszenie</translation>
    </message>
    <message>
        <source>Geo-mean speedup</source>
        <translation>Przyspieszenie (śr. geom.)</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Zadanie</translation>
    </message>
    <message>
        <source>%1
%2</source>
        <translation>%1
%2</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <extracomment>Correct answers of all answers in an evaluation cell, e.g. &quot;3 of 4&quot;</extracomment>
        <translation>%1 z %2</translation>
    </message>
    <message>
        <source>%1 answered, %2 compiled, %3 correct, %4 faster than the baseline</source>
        <translation>z kodem: %1, skompilowane: %2, poprawne: %3, szybsze od punktu odniesienia: %4</translation>
    </message>
    <message>
        <source>None of these answers had code: there is no sample to list.</source>
        <translation>Żadna z tych odpowiedzi nie zawierała kodu: nie ma próbek do wyświetlenia.</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Przebieg</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Rozpoczęto</translation>
    </message>
    <message>
        <source>Enter or a double click on a row or a task cell lists its answers as samples in the Review view.</source>
        <translation>Enter lub dwukrotne kliknięcie wiersza albo komórki zadania pokazuje jej odpowiedzi jako próbki w widoku Przegląd.</translation>
    </message>
    <message>
        <source>Evaluation runs</source>
        <translation>Przebiegi ewaluacji</translation>
    </message>
    <message>
        <source>Results per model and condition</source>
        <translation>Wyniki według modelu i warunku</translation>
    </message>
    <message>
        <source>No evaluation runs in this project yet: Evaluation › New evaluation run (Ctrl+Shift+R) or kwb eval run PLAN starts one.</source>
        <translation>Ten projekt nie ma jeszcze przebiegów ewaluacji: Ewaluacja › Nowy przebieg ewaluacji (Ctrl+Shift+R) lub kwb eval run PLAN uruchamia przebieg.</translation>
    </message>
    <message>
        <source>Correct rate per task, model and condition</source>
        <translation>Odsetek poprawnych według zadania, modelu i warunku</translation>
    </message>
    <message>
        <source>Correct rate</source>
        <translation>Odsetek poprawnych</translation>
    </message>
</context>
<context>
    <name>kwb::ui::ExportDialog</name>
    <message>
        <source>Export to</source>
        <translation>Eksportuj do</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl)</source>
        <translation>JSON Lines (*.jsonl)</translation>
    </message>
    <message>
        <source>Counting…</source>
        <translation>Liczenie…</translation>
    </message>
    <message>
        <source>Nothing to export: %1</source>
        <translation>Nic do eksportu: %1</translation>
    </message>
    <message>
        <source>no model</source>
        <translation>bez modelu</translation>
    </message>
    <message>
        <source>%1 train rows and %2 test rows from %3 tasks. Models: %4.</source>
        <translation>%1 wierszy treningowych i %2 testowych z %3 zadań. Modele: %4.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>brak</translation>
    </message>
    <message>
        <source>(no rows)</source>
        <translation>(brak wierszy)</translation>
    </message>
    <message>
        <source>Exporting to %1…</source>
        <translation>Eksportowanie do %1…</translation>
    </message>
    <message>
        <source>The export failed: %1</source>
        <translation>Eksport nie powiódł się: %1</translation>
    </message>
    <message>
        <source>Wrote %1 rows to %2.</source>
        <translation>Zapisano %1 wierszy do %2.</translation>
    </message>
    <message>
        <source>Export dataset</source>
        <translation>Eksportuj zbiór danych</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Format:</translation>
    </message>
    <message>
        <source>Supervised fine-tuning (accepted samples)</source>
        <translation>Nadzorowane dostrajanie (zaakceptowane próbki)</translation>
    </message>
    <message>
        <source>Preference pairs (accepted over rejected)</source>
        <translation>Pary preferencji (zaakceptowane ponad odrzuconymi)</translation>
    </message>
    <message>
        <source>Unpaired labels (accepted and rejected)</source>
        <translation>Etykiety bez par (zaakceptowane i odrzucone)</translation>
    </message>
    <message>
        <source>Minimum &amp;speedup:</source>
        <translation>Minimalne &amp;przyspieszenie:</translation>
    </message>
    <message>
        <source>any</source>
        <translation>dowolne</translation>
    </message>
    <message>
        <source>Only samples verified on a &amp;GPU</source>
        <translation>Tylko próbki zweryfikowane na &amp;GPU</translation>
    </message>
    <message>
        <source>Include samples marked &amp;needs work</source>
        <translation>Dołącz próbki oznaczone &amp;do poprawy</translation>
    </message>
    <message>
        <source>Include &amp;duplicates</source>
        <translation>Dołącz &amp;duplikaty</translation>
    </message>
    <message>
        <source>&amp;Test share (by task):</source>
        <translation>Udział &amp;testowy (według zadań):</translation>
    </message>
    <message>
        <source>&amp;Output file:</source>
        <translation>Plik &amp;wyjściowy:</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Przeglądaj…</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Eksportuj</translation>
    </message>
    <message>
        <source>Exports every task and model of the project.</source>
        <translation>Eksportuje wszystkie zadania i modele projektu.</translation>
    </message>
    <message>
        <source>Exports only: %1</source>
        <translation>Eksportuje tylko: %1</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Anuluj</translation>
    </message>
    <message numerus="yes">
        <source>the %n selected sample(s)</source>
        <extracomment>The export dialog opened on the samples selected in the list</extracomment>
        <translation>
            <numerusform>%n zaznaczoną próbkę</numerusform>
            <numerusform>%n zaznaczone próbki</numerusform>
            <numerusform>%n zaznaczonych próbek</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Output folder:</source>
        <translation>&amp;Folder wyjściowy:</translation>
    </message>
    <message>
        <source>&amp;Write:</source>
        <translation>&amp;Cel:</translation>
    </message>
    <message>
        <source>One JSON Lines file</source>
        <translation>Jeden plik JSON Lines</translation>
    </message>
    <message>
        <source>A Hugging Face dataset folder (data and dataset card)</source>
        <translation>Folder zbioru danych Hugging Face (dane i karta zbioru)</translation>
    </message>
    <message>
        <source>&amp;License:</source>
        <translation>&amp;Licencja:</translation>
    </message>
    <message>
        <source>The dataset card&apos;s license, as Hugging Face names it (apache-2.0, cc-by-4.0, mit, other)</source>
        <translation>Licencja karty zbioru danych, tak jak nazywa ją Hugging Face (apache-2.0, cc-by-4.0, mit, other)</translation>
    </message>
</context>
<context>
    <name>kwb::ui::FindReplaceBar</name>
    <message>
        <source>Find</source>
        <translation>Znajdź</translation>
    </message>
    <message>
        <source>Replace with</source>
        <translation>Zamień na</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>Poprzedni</translation>
    </message>
    <message>
        <source>Find the previous match (Shift+F3)</source>
        <translation>Znajdź poprzednie wystąpienie (Shift+F3)</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Następny</translation>
    </message>
    <message>
        <source>Find the next match (F3)</source>
        <translation>Znajdź następne wystąpienie (F3)</translation>
    </message>
    <message>
        <source>Match case</source>
        <translation>Uwzględnij wielkość liter</translation>
    </message>
    <message>
        <source>Whole words</source>
        <translation>Całe słowa</translation>
    </message>
    <message>
        <source>Regular expression</source>
        <translation>Wyrażenie regularne</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>Zamień</translation>
    </message>
    <message>
        <source>Replace all</source>
        <translation>Zamień wszystko</translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation>Zamknij (Esc)</translation>
    </message>
    <message>
        <source>Close the find bar</source>
        <translation>Zamknij pasek wyszukiwania</translation>
    </message>
</context>
<context>
    <name>kwb::ui::GenerationJob</name>
    <message>
        <source>code</source>
        <translation>kod</translation>
    </message>
    <message>
        <source>no code</source>
        <translation>brak kodu</translation>
    </message>
</context>
<context>
    <name>kwb::ui::GenerationPanel</name>
    <message>
        <source>Cancelled.</source>
        <translation>Anulowano.</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>Gotowe.</translation>
    </message>
    <message>
        <source>Failed (%1): %2</source>
        <translation>Niepowodzenie (%1): %2</translation>
    </message>
    <message>
        <source>Generation failed: %1</source>
        <translation>Generowanie nie powiodło się: %1</translation>
    </message>
    <message>
        <source>Choose a task in an open project to generate for.</source>
        <translation>Wybierz zadanie w otwartym projekcie, aby generować.</translation>
    </message>
    <message>
        <source>Name the model to ask.</source>
        <translation>Podaj model, który ma odpowiedzieć.</translation>
    </message>
    <message>
        <source>Preparing the prompt…</source>
        <translation>Przygotowywanie promptu…</translation>
    </message>
    <message>
        <source>Cannot prepare the prompt: %1</source>
        <translation>Nie można przygotować promptu: %1</translation>
    </message>
    <message>
        <source>Provider: %1</source>
        <translation>Dostawca: %1</translation>
    </message>
    <message>
        <source>Cannot read the skill file %1.</source>
        <translation>Nie można odczytać pliku umiejętności %1.</translation>
    </message>
    <message>
        <source>%1 × %2 for %3</source>
        <translation>%1 × %2 dla %3</translation>
    </message>
    <message>
        <source>$%1 so far</source>
        <translation>%1 USD do tej pory</translation>
    </message>
    <message>
        <source>cost unknown (no price for this model)</source>
        <translation>koszt nieznany (brak ceny dla tego modelu)</translation>
    </message>
    <message>
        <source>%1 of %2 answers · %3 tokens in, %4 out · %5</source>
        <translation>%1 z %2 odpowiedzi · %3 tokenów wejścia, %4 wyjścia · %5</translation>
    </message>
    <message>
        <source>Choose a task to generate samples for.</source>
        <translation>Wybierz zadanie, dla którego generować próbki.</translation>
    </message>
    <message>
        <source>Generate samples for %1</source>
        <translation>Generuj próbki dla %1</translation>
    </message>
    <message>
        <source>&amp;Provider:</source>
        <translation>&amp;Dostawca:</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>&amp;Model:</translation>
    </message>
    <message>
        <source>&amp;Samples:</source>
        <translation>&amp;Próbki:</translation>
    </message>
    <message>
        <source>&amp;Temperature:</source>
        <translation>&amp;Temperatura:</translation>
    </message>
    <message>
        <source>&amp;Context:</source>
        <translation>&amp;Kontekst:</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Brak</translation>
    </message>
    <message>
        <source>Accepted samples as examples</source>
        <translation>Zaakceptowane próbki jako przykłady</translation>
    </message>
    <message>
        <source>Skill file</source>
        <translation>Plik umiejętności</translation>
    </message>
    <message>
        <source>Path to a SKILL.md</source>
        <translation>Ścieżka do pliku SKILL.md</translation>
    </message>
    <message>
        <source>&amp;Generate</source>
        <translation>&amp;Generuj</translation>
    </message>
    <message>
        <source>Ca&amp;ncel</source>
        <translation>&amp;Anuluj</translation>
    </message>
    <message>
        <source>Answer %1</source>
        <translation>Odpowiedź %1</translation>
    </message>
    <message>
        <source>Answer %1, repair turn %2</source>
        <translation>Odpowiedź %1, tura naprawy %2</translation>
    </message>
    <message>
        <source>%1: sample #%2 (%3)</source>
        <translation>%1: próbka #%2 (%3)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message numerus="yes">
        <source>%n repair turn(s)</source>
        <translation>
            <numerusform>%n tura naprawy</numerusform>
            <numerusform>%n tury naprawy</numerusform>
            <numerusform>%n tur naprawy</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Repair turns:</source>
        <translation>Tury &amp;naprawy:</translation>
    </message>
    <message>
        <source>How often an answer without code, or one that does not compile or fails a shape in the check, is sent back to the model with the reason. Each turn becomes a sample linked to the answer it repairs.</source>
        <translation>Ile razy odpowiedź bez kodu albo taka, która się nie kompiluje lub zawodzi dla któregoś kształtu przy sprawdzaniu, wraca do modelu z podaniem przyczyny. Każda tura staje się próbką powiązaną z odpowiedzią, którą naprawia.</translation>
    </message>
    <message>
        <source>%1 × %2 for %3, with the reviewer&apos;s note</source>
        <translation>%1 × %2 dla %3, z uwagą recenzenta</translation>
    </message>
    <message>
        <source>%1 × %2 for %3, from the edited prompt</source>
        <translation>%1 × %2 dla %3, z edytowanego promptu</translation>
    </message>
    <message>
        <source>A generation is starting; wait for it or cancel it.</source>
        <translation>Generowanie się rozpoczyna; zaczekaj na nie lub je anuluj.</translation>
    </message>
    <message>
        <source>Reading the provider&apos;s key from the keychain…</source>
        <translation>Odczytywanie klucza dostawcy z pęku kluczy…</translation>
    </message>
    <message>
        <source>The project was closed before the generation started.</source>
        <translation>Projekt został zamknięty, zanim generowanie się rozpoczęło.</translation>
    </message>
</context>
<context>
    <name>kwb::ui::GpuStatusLabel</name>
    <message>
        <source>Looking for a GPU…</source>
        <translation>Szukanie GPU…</translation>
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
    <message>
        <source>this machine</source>
        <translation>ten komputer</translation>
    </message>
    <message>
        <source>Looking for a GPU on %1…</source>
        <translation>Szukanie GPU na %1…</translation>
    </message>
    <message>
        <source>Asking the GPU worker (%1) which CUDA devices it has</source>
        <translation>Pytanie procesu roboczego GPU (%1) o jego urządzenia CUDA</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <extracomment>The GPU and the worker it is on, e.g. &quot;NVIDIA H200 on gpu-server over ssh&quot;</extracomment>
        <translation>%1 na %2</translation>
    </message>
    <message>
        <source>Worker: %1
%2</source>
        <translation>Proces roboczy: %1
%2</translation>
    </message>
    <message>
        <source>No CUDA device on %1: compile-only</source>
        <translation>Brak urządzenia CUDA na %1: tylko kompilacja</translation>
    </message>
    <message>
        <source>Worker error: %1 did not answer</source>
        <translation>Błąd procesu roboczego: %1 nie odpowiedział</translation>
    </message>
</context>
<context>
    <name>kwb::ui::HelpViewer</name>
    <message>
        <source>Help: %1</source>
        <translation>Pomoc: %1</translation>
    </message>
    <message>
        <source>This part of the README is not in this build: %1</source>
        <translation>Tej części README nie ma w tej kompilacji: %1</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Zamknij</translation>
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
    <message>
        <source>Co&amp;mpare</source>
        <translation>Po&amp;równaj</translation>
    </message>
    <message>
        <source>Opening the project…</source>
        <translation>Otwieranie projektu…</translation>
    </message>
    <message>
        <source>Settings saved.</source>
        <translation>Zapisano ustawienia.</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>The project did not open: %1</source>
        <translation>Nie otwarto projektu: %1</translation>
    </message>
    <message>
        <source>&amp;Sample</source>
        <translation>&amp;Próbka</translation>
    </message>
    <message>
        <source>&amp;Export dataset…</source>
        <translation>&amp;Eksportuj zbiór danych…</translation>
    </message>
    <message>
        <source>Se&amp;ttings…</source>
        <translation>&amp;Ustawienia…</translation>
    </message>
    <message>
        <source>&amp;Verify</source>
        <translation>&amp;Weryfikuj</translation>
    </message>
    <message>
        <source>&amp;Edit a copy</source>
        <translation>&amp;Edytuj kopię</translation>
    </message>
    <message>
        <source>&amp;Save the copy as a new sample</source>
        <translation>&amp;Zapisz kopię jako nową próbkę</translation>
    </message>
    <message>
        <source>&amp;Generate…</source>
        <translation>&amp;Generuj…</translation>
    </message>
    <message>
        <source>&amp;Review</source>
        <translation>&amp;Przegląd</translation>
    </message>
    <message>
        <source>&amp;Dataset</source>
        <translation>&amp;Zbiór danych</translation>
    </message>
    <message>
        <source>Sa&amp;mples</source>
        <translation>Pró&amp;bki</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Przegląd</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>Zbiór danych</translation>
    </message>
    <message>
        <source>Verification</source>
        <translation>Weryfikacja</translation>
    </message>
    <message>
        <source>Generation</source>
        <translation>Generowanie</translation>
    </message>
    <message>
        <source>The &amp;window and its keys</source>
        <translation>&amp;Okno i jego klawisze</translation>
    </message>
    <message>
        <source>&amp;Projects, review and exports</source>
        <translation>&amp;Projekty, przegląd i eksport</translation>
    </message>
    <message>
        <source>&amp;Verifying a kernel</source>
        <translation>&amp;Weryfikacja kernela</translation>
    </message>
    <message>
        <source>A GPU on another machine (&amp;ssh)</source>
        <translation>GPU na innym komputerze (&amp;ssh)</translation>
    </message>
    <message>
        <source>&amp;Quick start</source>
        <translation>&amp;Szybki start</translation>
    </message>
    <message>
        <source>Select the samples to export first.</source>
        <translation>Najpierw zaznacz próbki do eksportu.</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Skróty klawiszowe</translation>
    </message>
    <message>
        <source>&amp;Welcome</source>
        <translation>&amp;Powitanie</translation>
    </message>
    <message>
        <source>E&amp;xport the selected samples…</source>
        <translation>E&amp;ksportuj zaznaczone próbki…</translation>
    </message>
    <message>
        <source>Verification and generation &amp;panels</source>
        <translation>&amp;Panele weryfikacji i generowania</translation>
    </message>
    <message>
        <source>&amp;Task</source>
        <translation>&amp;Zadanie</translation>
    </message>
    <message>
        <source>Check the host in Settings › Verification.</source>
        <translation>Sprawdź host w Ustawienia › Weryfikacja.</translation>
    </message>
    <message>
        <source>Sample #%1 was not verified: %2</source>
        <translation>Próbka #%1 nie została zweryfikowana: %2</translation>
    </message>
    <message>
        <source>The batch verification did not run: %1</source>
        <translation>Weryfikacja partii nie została uruchomiona: %1</translation>
    </message>
    <message>
        <source>%1 passed, %2 failed, %3 not run (no GPU), %4 errors</source>
        <translation>zaliczone: %1, niezaliczone: %2, nieuruchomione (brak GPU): %3, błędy: %4</translation>
    </message>
    <message>
        <source>Cancelled: %1 of %2 verified (%3); the rest stay unverified.</source>
        <translation>Anulowano: zweryfikowano %1 z %2 (%3); reszta pozostaje niezweryfikowana.</translation>
    </message>
    <message numerus="yes">
        <source>%n sample(s) verified (%1), %2 already verified alike.</source>
        <translation>
            <numerusform>Zweryfikowano %n próbkę (%1), już zweryfikowane tak samo: %2.</numerusform>
            <numerusform>Zweryfikowano %n próbki (%1), już zweryfikowane tak samo: %2.</numerusform>
            <numerusform>Zweryfikowano %n próbek (%1), już zweryfikowane tak samo: %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>Verify se&amp;lected</source>
        <translation>Weryfikuj &amp;zaznaczone</translation>
    </message>
    <message>
        <source>Verify all &amp;unverified</source>
        <translation>Weryfikuj wszystkie &amp;niezweryfikowane</translation>
    </message>
    <message>
        <source>Cancel the &amp;batch verification</source>
        <translation>Anuluj weryfikację &amp;partii</translation>
    </message>
    <message>
        <source>E&amp;valuation</source>
        <translation>E&amp;waluacja</translation>
    </message>
    <message>
        <source>Evaluation</source>
        <translation>Ewaluacja</translation>
    </message>
    <message>
        <source>&amp;Profile with Nsight Compute</source>
        <translation>&amp;Profiluj w Nsight Compute</translation>
    </message>
    <message>
        <source>Proven&amp;ance</source>
        <translation>Pochodze&amp;nie</translation>
    </message>
    <message>
        <source>&amp;Compare samples</source>
        <translation>Po&amp;równaj próbki</translation>
    </message>
</context>
<context>
    <name>kwb::ui::NewEvalRunDialog</name>
    <message>
        <source>Evaluation plan</source>
        <translation>Plan ewaluacji</translation>
    </message>
    <message>
        <source>Evaluation plans (*.toml)</source>
        <translation>Plany ewaluacji (*.toml)</translation>
    </message>
    <message>
        <source>Choose a plan: a TOML file naming the models, conditions, tasks and samples (see resources/eval/skill-ab.toml).</source>
        <translation>Wybierz plan: plik TOML z modelami, warunkami, zadaniami i próbkami (zob. resources/eval/skill-ab.toml).</translation>
    </message>
    <message>
        <source>Plan “%1”: %2 models × %3 conditions × %4 task selectors × %5 answers each. Cells the project already holds are not asked again.</source>
        <extracomment>An evaluation plan: its name, then how many models, conditions, task selectors and answers per cell it asks for</extracomment>
        <translation>Plan „%1”: %2 modeli × %3 warunków × %4 selektorów zadań × %5 odpowiedzi każdy. Komórki, które projekt już ma, nie są zadawane ponownie.</translation>
    </message>
    <message>
        <source>New evaluation run</source>
        <translation>Nowy przebieg ewaluacji</translation>
    </message>
    <message>
        <source>&amp;Plan:</source>
        <translation>&amp;Plan:</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Przeglądaj…</translation>
    </message>
    <message>
        <source>&amp;Requests in flight per model:</source>
        <translation>Żądania w &amp;toku na model:</translation>
    </message>
    <message>
        <source>the provider&apos;s</source>
        <translation>jak u dostawcy</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Uruchom</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Anuluj</translation>
    </message>
</context>
<context>
    <name>kwb::ui::NoticeBar</name>
    <message>
        <source>Dismiss</source>
        <translation>Zamknij</translation>
    </message>
    <message numerus="yes">
        <source>%1 (and %n earlier problem(s))</source>
        <translation>
            <numerusform>%1 (i %n wcześniejszy problem)</numerusform>
            <numerusform>%1 (i %n wcześniejsze problemy)</numerusform>
            <numerusform>%1 (i %n wcześniejszych problemów)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kwb::ui::ProfileActions</name>
    <message>
        <source>Select a sample to profile.</source>
        <translation>Wybierz próbkę do profilowania.</translation>
    </message>
    <message>
        <source>Sample #%1 is being profiled; cancel it first.</source>
        <translation>Próbka #%1 jest właśnie profilowana; najpierw to anuluj.</translation>
    </message>
    <message>
        <source>Cannot profile: %1.</source>
        <translation>Nie można profilować: %1.</translation>
    </message>
    <message>
        <source>Cannot read the sample&apos;s task: %1</source>
        <translation>Nie można odczytać zadania próbki: %1</translation>
    </message>
    <message>
        <source>Profiling #%1…</source>
        <translation>Profilowanie #%1…</translation>
    </message>
    <message>
        <source>Profiling sample #%1 with Nsight Compute…</source>
        <translation>Profilowanie próbki #%1 w Nsight Compute…</translation>
    </message>
    <message>
        <source>Profiling #%1: building…</source>
        <translation>Profilowanie #%1: kompilacja…</translation>
    </message>
    <message>
        <source>Profiling #%1: the baseline under Nsight Compute…</source>
        <translation>Profilowanie #%1: punkt odniesienia w Nsight Compute…</translation>
    </message>
    <message>
        <source>Profiling #%1: the candidate under Nsight Compute…</source>
        <translation>Profilowanie #%1: kandydat w Nsight Compute…</translation>
    </message>
    <message>
        <source>Sample #%1 was not profiled: %2.</source>
        <translation>Próbka #%1 nie została sprofilowana: %2.</translation>
    </message>
    <message>
        <source>The profile of #%1 was not stored: %2</source>
        <translation>Profil #%1 nie został zapisany: %2</translation>
    </message>
    <message>
        <source>Profile of #%1 stored.</source>
        <translation>Profil #%1 zapisany.</translation>
    </message>
    <message>
        <source>Profiling cancelled.</source>
        <translation>Profilowanie anulowane.</translation>
    </message>
    <message>
        <source>Profiling #%1 stopped: %2</source>
        <translation>Profilowanie #%1 przerwane: %2</translation>
    </message>
    <message>
        <source>The profiles of #%1 cannot be read: %2</source>
        <translation>Nie można odczytać profili #%1: %2</translation>
    </message>
    <message>
        <source>Cancel profiling</source>
        <translation>Anuluj profilowanie</translation>
    </message>
    <message>
        <source>Profiling</source>
        <translation>Profilowanie</translation>
    </message>
</context>
<context>
    <name>kwb::ui::ProfileView</name>
    <message>
        <source>Duration</source>
        <translation>Czas trwania</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>Kernele</translation>
    </message>
    <message>
        <source>SM throughput</source>
        <translation>Przepustowość SM</translation>
    </message>
    <message>
        <source>Memory throughput</source>
        <translation>Przepustowość pamięci</translation>
    </message>
    <message>
        <source>Achieved occupancy</source>
        <translation>Osiągnięte obłożenie</translation>
    </message>
    <message>
        <source>Theoretical occupancy</source>
        <translation>Teoretyczne obłożenie</translation>
    </message>
    <message>
        <source>Registers per thread</source>
        <translation>Rejestry na wątek</translation>
    </message>
    <message>
        <source>Shared memory per block</source>
        <translation>Pamięć współdzielona na blok</translation>
    </message>
    <message>
        <source>L1 hit rate</source>
        <translation>Trafienia L1</translation>
    </message>
    <message>
        <source>L2 hit rate</source>
        <translation>Trafienia L2</translation>
    </message>
    <message>
        <source>DRAM traffic</source>
        <translation>Ruch DRAM</translation>
    </message>
    <message>
        <source>Arithmetic intensity</source>
        <translation>Intensywność arytmetyczna</translation>
    </message>
    <message>
        <source>Achieved rate</source>
        <translation>Osiągnięta wydajność</translation>
    </message>
    <message>
        <source>Profiling… the status bar follows it.</source>
        <translation>Profilowanie… pasek stanu pokazuje postęp.</translation>
    </message>
    <message>
        <source>No profile of this sample yet. Profile it (%1): Nsight Compute measures one call of the candidate and one of the baseline on the GPU, side by side.</source>
        <translation>Ta próbka nie ma jeszcze profilu. Sprofiluj ją (%1): Nsight Compute mierzy jedno wywołanie kandydata i jedno punktu odniesienia na GPU, obok siebie.</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Punkt odniesienia</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Kandydat</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <extracomment>A profiled side and what it ran, e.g. &quot;Baseline (cuBLAS SGEMM)&quot;</extracomment>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Nsight Compute %1, section set %2, shape %3, on %4 (%5); the clocks were left as they were.</source>
        <translation>Nsight Compute %1, zestaw sekcji %2, kształt %3, na %4 (%5); zegary pozostawiono bez zmian.</translation>
    </message>
    <message>
        <source>an unnamed GPU</source>
        <translation>GPU bez nazwy</translation>
    </message>
    <message>
        <source>%1 was not profiled: %2</source>
        <translation>%1 nie został sprofilowany: %2</translation>
    </message>
    <message>
        <source>The two sides differ here</source>
        <translation>Obie strony różnią się tutaj</translation>
    </message>
    <message>
        <source>Not profiled: %1</source>
        <translation>Nie sprofilowano: %1</translation>
    </message>
    <message>
        <source>occupancy limited by %1</source>
        <translation>obłożenie ograniczone przez %1</translation>
    </message>
    <message>
        <source>stalls: %1</source>
        <translation>przestoje: %1</translation>
    </message>
    <message>
        <source>Hot lines of %1 (warp-stall samples; Enter shows the line)</source>
        <translation>Gorące linie %1 (próbki przestojów warpów; Enter pokazuje linię)</translation>
    </message>
    <message>
        <source>Line %1 · %2 samples · %3</source>
        <extracomment>A hot source line: its number, its samples, its text</extracomment>
        <translation>Linia %1 · %2 próbek · %3</translation>
    </message>
    <message>
        <source>Show line %1 in the kernel editor</source>
        <translation>Pokaż linię %1 w edytorze kernela</translation>
    </message>
    <message>
        <source>Profile again</source>
        <translation>Profiluj ponownie</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>Profiluj</translation>
    </message>
    <message>
        <source>Profile the sample with Nsight Compute (%1)</source>
        <translation>Profiluj próbkę w Nsight Compute (%1)</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>Wskaźnik</translation>
    </message>
    <message>
        <source>Candidate and baseline side by side</source>
        <translation>Kandydat i punkt odniesienia obok siebie</translation>
    </message>
    <message>
        <source>Kernels, stall reasons and hot lines</source>
        <translation>Kernele, przyczyny przestojów i gorące linie</translation>
    </message>
    <message>
        <source>Highlighted: the two sides differ by more than a quarter, or by more than 10 points of a percentage.</source>
        <translation>Wyróżnione: obie strony różnią się o więcej niż jedną czwartą albo o więcej niż 10 punktów procentowych.</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>Roofline</translation>
    </message>
    <message>
        <source>Stall reasons</source>
        <translation>Przyczyny przestojów</translation>
    </message>
</context>
<context>
    <name>kwb::ui::ProjectActions</name>
    <message>
        <source>&amp;New project…</source>
        <translation>&amp;Nowy projekt…</translation>
    </message>
    <message>
        <source>&amp;Open project…</source>
        <translation>&amp;Otwórz projekt…</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>Otwórz &amp;ostatnie</translation>
    </message>
    <message>
        <source>&amp;Import samples (JSONL)…</source>
        <translation>&amp;Importuj próbki (JSONL)…</translation>
    </message>
    <message>
        <source>Import a &amp;folder of kernels…</source>
        <translation>Importuj &amp;folder kerneli…</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>(jeszcze brak)</translation>
    </message>
    <message>
        <source>Creating %1…</source>
        <translation>Tworzenie %1…</translation>
    </message>
    <message>
        <source>New project</source>
        <translation>Nowy projekt</translation>
    </message>
    <message>
        <source>Workbench projects (*.kwbproj)</source>
        <translation>Projekty warsztatu (*.kwbproj)</translation>
    </message>
    <message>
        <source>Open project</source>
        <translation>Otwórz projekt</translation>
    </message>
    <message>
        <source>Workbench projects (*.kwbproj);;All files (*)</source>
        <translation>Projekty warsztatu (*.kwbproj);;Wszystkie pliki (*)</translation>
    </message>
    <message>
        <source>Import samples</source>
        <translation>Importuj próbki</translation>
    </message>
    <message>
        <source>Samples, one JSON object a line (*.jsonl);;All files (*)</source>
        <translation>Próbki, jeden obiekt JSON na wiersz (*.jsonl);;Wszystkie pliki (*)</translation>
    </message>
    <message>
        <source>Choose the kernels&apos; task in the task list first.</source>
        <translation>Najpierw wybierz zadanie kerneli na liście zadań.</translation>
    </message>
    <message>
        <source>Import the .cu files of a folder as %1 samples</source>
        <translation>Importuj pliki .cu z folderu jako próbki %1</translation>
    </message>
    <message>
        <source>Nothing was imported from %1: %2</source>
        <translation>Nic nie zaimportowano z %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n sample(s).</source>
        <translation>
            <numerusform>Zaimportowano %n próbkę.</numerusform>
            <numerusform>Zaimportowano %n próbki.</numerusform>
            <numerusform>Zaimportowano %n próbek.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kwb::ui::PromptActions</name>
    <message>
        <source>Ask the generation panel&apos;s model with the Prompt tab&apos;s text (edit a copy first)</source>
        <translation>Zapytaj model panelu generowania tekstem z karty Prompt (najpierw edytuj kopię)</translation>
    </message>
    <message>
        <source>Regenerate with my &amp;note</source>
        <translation>Generuj ponownie z moją &amp;uwagą</translation>
    </message>
    <message>
        <source>Send this sample back to the model with the review note as a repair turn</source>
        <translation>Odeślij tę próbkę do modelu z uwagą recenzji jako turą naprawy</translation>
    </message>
    <message>
        <source>Select a sample whose prompt to send.</source>
        <translation>Wybierz próbkę, której prompt chcesz wysłać.</translation>
    </message>
    <message>
        <source>The prompt cannot be sent: %1</source>
        <translation>Nie można wysłać promptu: %1</translation>
    </message>
    <message>
        <source>Cannot read the sample&apos;s task: %1</source>
        <translation>Nie można odczytać zadania próbki: %1</translation>
    </message>
    <message>
        <source>Select the sample to send back with your note.</source>
        <translation>Wybierz próbkę, którą chcesz odesłać ze swoją uwagą.</translation>
    </message>
    <message>
        <source>Write a note first (Alt+O): it is what the model is asked to act on.</source>
        <translation>Najpierw napisz uwagę (Alt+O): to ją model ma uwzględnić.</translation>
    </message>
    <message>
        <source>Cannot send the note: %1</source>
        <translation>Nie można wysłać uwagi: %1</translation>
    </message>
    <message>
        <source>Generate from this p&amp;rompt</source>
        <translation>Generuj z tego promp&amp;tu</translation>
    </message>
</context>
<context>
    <name>kwb::ui::ProvenanceView</name>
    <message>
        <source>accepted</source>
        <translation>zaakceptowana</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>odrzucona</translation>
    </message>
    <message>
        <source>needs work</source>
        <translation>do poprawy</translation>
    </message>
    <message>
        <source>unreviewed</source>
        <translation>nieoceniona</translation>
    </message>
    <message>
        <source>written by a person</source>
        <translation>napisana przez człowieka</translation>
    </message>
    <message>
        <source>written by %1</source>
        <translation>napisana przez: %1</translation>
    </message>
    <message>
        <source>imported</source>
        <translation>zaimportowana</translation>
    </message>
    <message>
        <source>one of the demo samples</source>
        <translation>jedna z próbek demonstracyjnych</translation>
    </message>
    <message>
        <source>Cannot read the provenance of sample #%1: %2</source>
        <translation>Nie można odczytać pochodzenia próbki nr %1: %2</translation>
    </message>
    <message>
        <source>Choose a sample to see where it came from.</source>
        <translation>Wybierz próbkę, aby zobaczyć, skąd pochodzi.</translation>
    </message>
    <message>
        <source>Generation</source>
        <translation>Generowanie</translation>
    </message>
    <message>
        <source>from sample #%1</source>
        <translation>z próbki nr %1</translation>
    </message>
    <message>
        <source>No transcript: this sample was %1.</source>
        <translation>Brak zapisu rozmowy (pochodzenie: %1).</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>nieznany</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>Model: %1</translation>
    </message>
    <message>
        <source>Provider: %1</source>
        <translation>Dostawca: %1</translation>
    </message>
    <message>
        <source>Tokens in: %1</source>
        <translation>Tokeny wejściowe: %1</translation>
    </message>
    <message>
        <source>Tokens out: %1</source>
        <translation>Tokeny wyjściowe: %1</translation>
    </message>
    <message>
        <source>Cost: %1</source>
        <translation>Koszt: %1</translation>
    </message>
    <message>
        <source>Latency: %1</source>
        <translation>Opóźnienie: %1</translation>
    </message>
    <message>
        <source>Repair turn %1</source>
        <translation>Tura naprawy %1</translation>
    </message>
    <message>
        <source>Raw response</source>
        <translation>Surowa odpowiedź</translation>
    </message>
    <message>
        <source>Verifications</source>
        <translation>Weryfikacje</translation>
    </message>
    <message>
        <source>Never verified.</source>
        <translation>Nigdy niezweryfikowana.</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Czas</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Werdykt</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Urządzenie</translation>
    </message>
    <message>
        <source>Worker</source>
        <translation>Proces roboczy</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>Opcje</translation>
    </message>
    <message>
        <source>Speedup</source>
        <translation>Przyspieszenie</translation>
    </message>
    <message>
        <source>no GPU</source>
        <translation>bez GPU</translation>
    </message>
    <message>
        <source>Review history</source>
        <translation>Historia ocen</translation>
    </message>
    <message>
        <source>Not reviewed yet.</source>
        <translation>Jeszcze nieoceniona.</translation>
    </message>
    <message>
        <source>Reviewer</source>
        <translation>Recenzent</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Notatka</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>Tagi</translation>
    </message>
    <message>
        <source>undo: back to %1</source>
        <translation>cofnięcie: powrót do %1</translation>
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
    <message>
        <source>Previous</source>
        <translation>Poprzednia</translation>
    </message>
    <message>
        <source>The previous unreviewed sample (K)</source>
        <translation>Poprzednia nieprzejrzana próbka (K)</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Następna</translation>
    </message>
    <message>
        <source>The next unreviewed sample (J)</source>
        <translation>Następna nieprzejrzana próbka (J)</translation>
    </message>
    <message>
        <source>Undo verdict</source>
        <translation>Cofnij werdykt</translation>
    </message>
    <message>
        <source>Take back the last verdict (Ctrl+Z outside text fields)</source>
        <translation>Cofnij ostatni werdykt (Ctrl+Z poza polami tekstowymi)</translation>
    </message>
    <message>
        <source>Ta&amp;gs:</source>
        <translation>&amp;Tagi:</translation>
    </message>
    <message>
        <source>Comma-separated, e.g. uses-tensor-cores, clean</source>
        <translation>Oddzielone przecinkami, np. uses-tensor-cores, clean</translation>
    </message>
    <message>
        <source>Reviewed %1 of %2</source>
        <translation>Przejrzano %1 z %2</translation>
    </message>
    <message>
        <source>Latest verification</source>
        <translation>Ostatnia weryfikacja</translation>
    </message>
</context>
<context>
    <name>kwb::ui::ReviewController</name>
    <message>
        <source>Cannot read the task counts: %1</source>
        <translation>Nie można odczytać liczników zadań: %1</translation>
    </message>
    <message>
        <source>Cannot list the samples: %1</source>
        <translation>Nie można wyświetlić próbek: %1</translation>
    </message>
    <message>
        <source>Cannot open sample #%1: %2</source>
        <translation>Nie można otworzyć próbki #%1: %2</translation>
    </message>
    <message>
        <source>The verdict was not saved: %1</source>
        <translation>Nie zapisano werdyktu: %1</translation>
    </message>
    <message numerus="yes">
        <source>Verdict taken back on %n sample(s)</source>
        <translation>
            <numerusform>Cofnięto werdykt dla %n próbki</numerusform>
            <numerusform>Cofnięto werdykt dla %n próbek</numerusform>
            <numerusform>Cofnięto werdykt dla %n próbek</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Verdict saved on %n sample(s)</source>
        <translation>
            <numerusform>Zapisano werdykt dla %n próbki</numerusform>
            <numerusform>Zapisano werdykt dla %n próbek</numerusform>
            <numerusform>Zapisano werdykt dla %n próbek</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot find the next sample: %1</source>
        <translation>Nie można znaleźć następnej próbki: %1</translation>
    </message>
    <message>
        <source>Nothing left to review here.</source>
        <translation>Nie ma tu już nic do oceny.</translation>
    </message>
    <message>
        <source>No verdict to take back.</source>
        <translation>Brak werdyktu do cofnięcia.</translation>
    </message>
    <message>
        <source>The verdict was not taken back: %1</source>
        <translation>Nie cofnięto werdyktu: %1</translation>
    </message>
    <message numerus="yes">
        <source>Not accepted: %n sample(s) stay as they were.</source>
        <translation>
            <numerusform>Nie zaakceptowano: %n próbka pozostaje bez zmian.</numerusform>
            <numerusform>Nie zaakceptowano: %n próbki pozostają bez zmian.</numerusform>
            <numerusform>Nie zaakceptowano: %n próbek pozostaje bez zmian.</numerusform>
        </translation>
    </message>
    <message>
        <source>Editing a copy of the prompt; the sample keeps its own.</source>
        <translation>Edytujesz kopię promptu; próbka zachowuje swój.</translation>
    </message>
</context>
<context>
    <name>kwb::ui::SampleActions</name>
    <message>
        <source>Select a sample to verify.</source>
        <translation>Wybierz próbkę do weryfikacji.</translation>
    </message>
    <message>
        <source>Cannot read the sample&apos;s task: %1</source>
        <translation>Nie można odczytać zadania próbki: %1</translation>
    </message>
    <message>
        <source>Verifying sample #%1…</source>
        <translation>Weryfikowanie próbki #%1…</translation>
    </message>
    <message>
        <source>Verifying the draft…</source>
        <translation>Weryfikowanie szkicu…</translation>
    </message>
    <message>
        <source>The verification of #%1 was not stored: %2</source>
        <translation>Nie zapisano weryfikacji #%1: %2</translation>
    </message>
    <message>
        <source>Verification of #%1 stored.</source>
        <translation>Zapisano weryfikację #%1.</translation>
    </message>
    <message>
        <source>Editing a copy of #%1: Ctrl+S saves it as a new sample.</source>
        <translation>Edycja kopii #%1: Ctrl+S zapisuje ją jako nową próbkę.</translation>
    </message>
    <message>
        <source>The copy was not saved: %1</source>
        <translation>Nie zapisano kopii: %1</translation>
    </message>
    <message>
        <source>Saved as sample #%1.</source>
        <translation>Zapisano jako próbkę #%1.</translation>
    </message>
    <message>
        <source>Cannot compare: %1</source>
        <translation>Nie można porównać: %1</translation>
    </message>
    <message>
        <source>Unsaved copy</source>
        <translation>Niezapisana kopia</translation>
    </message>
    <message>
        <source>Your copy of sample #%1 has changes that are not saved.</source>
        <translation>Twoja kopia próbki #%1 ma niezapisane zmiany.</translation>
    </message>
    <message>
        <source>Save it as a new sample, discard it, or go back to editing it?</source>
        <translation>Zapisać ją jako nową próbkę, odrzucić czy wrócić do edycji?</translation>
    </message>
    <message>
        <source>&amp;Save as a new sample</source>
        <translation>&amp;Zapisz jako nową próbkę</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>&amp;Odrzuć</translation>
    </message>
    <message>
        <source>&amp;Keep editing</source>
        <translation>&amp;Edytuj dalej</translation>
    </message>
    <message>
        <source>The copy was discarded.</source>
        <translation>Kopia została odrzucona.</translation>
    </message>
    <message>
        <source>Select the samples to verify.</source>
        <translation>Zaznacz próbki do weryfikacji.</translation>
    </message>
    <message>
        <source>A batch verification is running: cancel it (Escape) or wait for it.</source>
        <translation>Trwa weryfikacja partii: anuluj ją (Escape) lub poczekaj na jej koniec.</translation>
    </message>
    <message>
        <source>Verifying every unverified sample of the list…</source>
        <translation>Weryfikowanie wszystkich niezweryfikowanych próbek z listy…</translation>
    </message>
    <message numerus="yes">
        <source>Verifying %n sample(s)…</source>
        <translation>
            <numerusform>Weryfikowanie %n próbki…</numerusform>
            <numerusform>Weryfikowanie %n próbek…</numerusform>
            <numerusform>Weryfikowanie %n próbek…</numerusform>
        </translation>
    </message>
    <message>
        <source>Compare takes at most %1 samples: %2 are selected.</source>
        <translation>Porównanie obejmuje najwyżej %1 próbek: zaznaczono %2.</translation>
    </message>
    <message>
        <source>Compare samples of one task: the selection holds samples of %1.</source>
        <translation>Porównuj próbki jednego zadania: zaznaczenie obejmuje próbki zadań %1.</translation>
    </message>
    <message>
        <source>Select two to eight samples of one task (Ctrl+click), or a sample with a parent or with two verifications, to compare.</source>
        <translation>Zaznacz od dwóch do ośmiu próbek jednego zadania (Ctrl+klik) albo próbkę z rodzicem lub z dwiema weryfikacjami, aby porównać.</translation>
    </message>
</context>
<context>
    <name>kwb::ui::SampleFilterBar</name>
    <message>
        <source>(no model)</source>
        <translation>(bez modelu)</translation>
    </message>
    <message>
        <source>Save filter</source>
        <translation>Zapisz filtr</translation>
    </message>
    <message>
        <source>Name of the filter:</source>
        <translation>Nazwa filtra:</translation>
    </message>
    <message>
        <source>Find in source and notes (Ctrl+F)</source>
        <translation>Szukaj w kodzie i notatkach (Ctrl+F)</translation>
    </message>
    <message>
        <source>Find in source and notes</source>
        <translation>Szukaj w kodzie i notatkach</translation>
    </message>
    <message>
        <source>Filters</source>
        <translation>Filtry</translation>
    </message>
    <message>
        <source>Show or hide the filters by tag, reviewer, verdict and more</source>
        <translation>Pokaż lub ukryj filtry według tagu, recenzenta, werdyktu i innych</translation>
    </message>
    <message>
        <source>Save filter…</source>
        <translation>Zapisz filtr…</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Wyczyść</translation>
    </message>
    <message>
        <source>Clear every filter: the full list (Escape in the find field)</source>
        <translation>Wyczyść wszystkie filtry: pełna lista (Escape w polu wyszukiwania)</translation>
    </message>
    <message>
        <source>Saved filters</source>
        <translation>Zapisane filtry</translation>
    </message>
    <message>
        <source>Any tag</source>
        <translation>Dowolny tag</translation>
    </message>
    <message>
        <source>Anyone</source>
        <translation>Ktokolwiek</translation>
    </message>
    <message>
        <source>Any model</source>
        <translation>Dowolny model</translation>
    </message>
    <message>
        <source>Any verdict</source>
        <translation>Dowolny werdykt</translation>
    </message>
    <message>
        <source>Unreviewed</source>
        <translation>Nieocenione</translation>
    </message>
    <message>
        <source>Accepted</source>
        <translation>Zaakceptowane</translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation>Odrzucone</translation>
    </message>
    <message>
        <source>Needs work</source>
        <translation>Do poprawy</translation>
    </message>
    <message>
        <source>Any result</source>
        <translation>Dowolny wynik</translation>
    </message>
    <message>
        <source>Passed</source>
        <translation>Zaliczona</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Niezaliczona</translation>
    </message>
    <message>
        <source>Suspected hack</source>
        <translation>Podejrzenie oszustwa</translation>
    </message>
    <message>
        <source>Not run</source>
        <translation>Nieuruchomiona</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Błąd</translation>
    </message>
    <message>
        <source>Any screening</source>
        <translation>Dowolne sprawdzenie</translation>
    </message>
    <message>
        <source>With findings</source>
        <translation>Z uwagami</translation>
    </message>
    <message>
        <source>Without findings</source>
        <translation>Bez uwag</translation>
    </message>
    <message>
        <source>any</source>
        <translation>dowolne</translation>
    </message>
    <message>
        <source>Duplicates only</source>
        <translation>Tylko duplikaty</translation>
    </message>
    <message>
        <source>Tag:</source>
        <translation>Tag:</translation>
    </message>
    <message>
        <source>Reviewer:</source>
        <translation>Recenzent:</translation>
    </message>
    <message>
        <source>Verdict:</source>
        <translation>Werdykt:</translation>
    </message>
    <message>
        <source>Verification:</source>
        <translation>Weryfikacja:</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Model:</translation>
    </message>
    <message>
        <source>Screening:</source>
        <translation>Sprawdzenie:</translation>
    </message>
    <message>
        <source>Speedup:</source>
        <translation>Przyspieszenie:</translation>
    </message>
</context>
<context>
    <name>kwb::ui::SampleListModel</name>
    <message>
        <source>now</source>
        <translation>teraz</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 godz.</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 dni</translation>
    </message>
    <message>
        <source>Unverified</source>
        <translation>Niezweryfikowana</translation>
    </message>
    <message>
        <source>Passed</source>
        <translation>Zaliczona</translation>
    </message>
    <message>
        <source>Compiles</source>
        <translation>Kompiluje się</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Niezaliczona: %1</translation>
    </message>
    <message>
        <source>Accepted</source>
        <translation>Zaakceptowane</translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation>Odrzucone</translation>
    </message>
    <message>
        <source>Needs work</source>
        <translation>Do poprawy</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Wczytywanie…</translation>
    </message>
    <message>
        <source>(person)</source>
        <translation>(osoba)</translation>
    </message>
    <message>
        <source>(import)</source>
        <translation>(import)</translation>
    </message>
    <message>
        <source>%1; duplicate of #%2</source>
        <translation>%1; duplikat #%2</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Stan</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Zadanie</translation>
    </message>
    <message>
        <source>Sample</source>
        <translation>Próbka</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Model</translation>
    </message>
    <message>
        <source>Speedup</source>
        <translation>Przyspieszenie</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>Wiek</translation>
    </message>
    <message>
        <source>↳ %1 · turn %2 of #%3</source>
        <translation>↳ %1 · tura %2 dla #%3</translation>
    </message>
    <message>
        <source>↳ %1 · turn %2</source>
        <translation>↳ %1 · tura %2</translation>
    </message>
    <message>
        <source>Repair turn %1 of sample #%2: the model&apos;s answer after being told why that sample failed.</source>
        <translation>Tura naprawy %1 próbki #%2: odpowiedź modelu po informacji, dlaczego ta próbka zawiodła.</translation>
    </message>
    <message>
        <source>Repair turn %1 of an answer that had no code.</source>
        <translation>Tura naprawy %1 odpowiedzi, która nie zawierała kodu.</translation>
    </message>
    <message numerus="yes">
        <source>Passed, needs a human: %n screening finding(s)</source>
        <translation>
            <numerusform>Zaliczona, wymaga człowieka: %n uwaga z przeglądu</numerusform>
            <numerusform>Zaliczona, wymaga człowieka: %n uwagi z przeglądu</numerusform>
            <numerusform>Zaliczona, wymaga człowieka: %n uwag z przeglądu</numerusform>
        </translation>
    </message>
    <message>
        <source>Suspected hack: %1</source>
        <translation>Podejrzenie oszustwa: %1</translation>
    </message>
    <message>
        <source>Check did not finish: %1</source>
        <translation>Sprawdzenie nie dobiegło końca: %1</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <extracomment>A review verdict and how the latest verification went, e.g. &quot;Accepted · Suspected hack: tampering&quot;</extracomment>
        <translation>%1 · %2</translation>
    </message>
</context>
<context>
    <name>kwb::ui::SampleListView</name>
    <message numerus="yes">
        <source>%n sample(s)</source>
        <translation>
            <numerusform>%n próbka</numerusform>
            <numerusform>%n próbki</numerusform>
            <numerusform>%n próbek</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 · all tasks</source>
        <translation>%1 · wszystkie zadania</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>Próbki</translation>
    </message>
</context>
<context>
    <name>kwb::ui::ScreeningList</name>
    <message>
        <source>Host-code screening findings</source>
        <translation>Uwagi z przeglądu kodu hosta</translation>
    </message>
    <message>
        <source>Not screened: this verification is older than the host-code screen.</source>
        <translation>Bez przeglądu: ta weryfikacja jest starsza niż przegląd kodu hosta.</translation>
    </message>
    <message>
        <source>No findings: the host code does nothing a kernel launcher never needs.</source>
        <translation>Brak uwag: kod hosta nie robi niczego, czego program uruchamiający jądro nigdy nie potrzebuje.</translation>
    </message>
    <message>
        <source>Enter or double click: show line %1 in the kernel editor</source>
        <translation>Enter lub dwuklik: pokaż wiersz %1 w edytorze jądra</translation>
    </message>
</context>
<context>
    <name>kwb::ui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Ustawienia</translation>
    </message>
    <message>
        <source>Providers</source>
        <translation>Dostawcy</translation>
    </message>
    <message>
        <source>Verification</source>
        <translation>Weryfikacja</translation>
    </message>
    <message>
        <source>Interface</source>
        <translation>Interfejs</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nazwa</translation>
    </message>
    <message>
        <source>Protocol</source>
        <translation>Protokół</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>Bazowy URL</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>Klucz API</translation>
    </message>
    <message>
        <source>&amp;Add provider</source>
        <translation>&amp;Dodaj dostawcę</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Usuń</translation>
    </message>
    <message>
        <source>Keys are stored in %1, readable only by you, or taken from the environment (ANTHROPIC_API_KEY, OPENAI_API_KEY, HF_TOKEN), which wins. This build does not use the system keychain. Keys never reach the GPU worker or a project.</source>
        <translation>Klucze są przechowywane w %1 (czytelnym tylko dla Ciebie) lub pobierane ze środowiska (ANTHROPIC_API_KEY, OPENAI_API_KEY, HF_TOKEN), które ma pierwszeństwo. Ta kompilacja nie korzysta z systemowego pęku kluczy. Klucze nigdy nie trafiają do procesu GPU ani do projektu.</translation>
    </message>
    <message>
        <source>%1 is not valid JSON; it was left as it was.</source>
        <translation>%1 nie jest poprawnym JSON-em; pozostawiono go bez zmian.</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>Nie można zapisać %1.</translation>
    </message>
    <message>
        <source>The worker&apos;s default</source>
        <translation>Domyślna procesu roboczego</translation>
    </message>
    <message>
        <source>The worker reported no CUDA device.</source>
        <translation>Proces roboczy nie zgłosił urządzenia CUDA.</translation>
    </message>
    <message>
        <source>On this machine</source>
        <translation>Na tym komputerze</translation>
    </message>
    <message>
        <source>Over ssh on:</source>
        <translation>Przez ssh na:</translation>
    </message>
    <message>
        <source>user@gpu-server</source>
        <translation>uzytkownik@serwer-gpu</translation>
    </message>
    <message>
        <source>Time the kernel against the baseline</source>
        <translation>Mierz czas jądra względem punktu odniesienia</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>GPU:</source>
        <translation>GPU:</translation>
    </message>
    <message>
        <source>Worker:</source>
        <translation>Proces roboczy:</translation>
    </message>
    <message>
        <source>Correctness trials per shape:</source>
        <translation>Próby poprawności na kształt:</translation>
    </message>
    <message>
        <source>Target relative standard error:</source>
        <translation>Docelowy względny błąd standardowy:</translation>
    </message>
    <message>
        <source>Most timing samples per shape:</source>
        <translation>Najwięcej pomiarów na kształt:</translation>
    </message>
    <message>
        <source>Timing cap per shape:</source>
        <translation>Limit czasu pomiaru na kształt:</translation>
    </message>
    <message>
        <source>Deadline of a verification:</source>
        <translation>Termin weryfikacji:</translation>
    </message>
    <message>
        <source>The system&apos;s language</source>
        <translation>Język systemu</translation>
    </message>
    <message>
        <source>The language changes at the next start.</source>
        <translation>Język zmieni się przy następnym uruchomieniu.</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>Język:</translation>
    </message>
    <message>
        <source>Keys are stored in the system keychain (Secret Service), or taken from the environment (ANTHROPIC_API_KEY, OPENAI_API_KEY, HF_TOKEN), which wins. The kwb command line does not read the keychain: give it keys through the environment. Keys never reach the GPU worker or a project.</source>
        <translation>Klucze są przechowywane w systemowym pęku kluczy (Secret Service) lub pobierane ze środowiska (ANTHROPIC_API_KEY, OPENAI_API_KEY, HF_TOKEN), które ma pierwszeństwo. Wiersz poleceń kwb nie czyta pęku kluczy: podaj mu klucze przez środowisko. Klucze nigdy nie trafiają do procesu GPU ani do projektu.</translation>
    </message>
    <message>
        <source>No system keychain is reachable (%2), so keys are stored in %1, readable only by you, or taken from the environment (ANTHROPIC_API_KEY, OPENAI_API_KEY, HF_TOKEN), which wins. Keys never reach the GPU worker or a project.</source>
        <translation>Systemowy pęk kluczy jest niedostępny (%2), więc klucze są przechowywane w %1 (czytelnym tylko dla Ciebie) lub pobierane ze środowiska (ANTHROPIC_API_KEY, OPENAI_API_KEY, HF_TOKEN), które ma pierwszeństwo. Klucze nigdy nie trafiają do procesu GPU ani do projektu.</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Zapisz</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Anuluj</translation>
    </message>
    <message>
        <source>&amp;Test connection</source>
        <translation>&amp;Testuj połączenie</translation>
    </message>
    <message>
        <source>Connected to %1: %2</source>
        <translation>Połączono z %1: %2</translation>
    </message>
    <message>
        <source>Connected to %1: no CUDA device there (compile-only)</source>
        <translation>Połączono z %1: brak tam urządzenia CUDA (tylko kompilacja)</translation>
    </message>
    <message>
        <source>%1 did not answer: %2</source>
        <translation>%1 nie odpowiedział: %2</translation>
    </message>
    <message>
        <source>Asking %1…</source>
        <translation>Pytanie %1…</translation>
    </message>
    <message>
        <source>Built in: the generation panel always offers it</source>
        <translation>Wbudowany: panel generowania zawsze go oferuje</translation>
    </message>
</context>
<context>
    <name>kwb::ui::ShapeResultsModel</name>
    <message>
        <source>%1×</source>
        <extracomment>A speedup factor, e.g. &quot;1.42×&quot;</extracomment>
        <translation>%1×</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>zaliczona</translation>
    </message>
    <message>
        <source>wrong result</source>
        <translation>błędny wynik</translation>
    </message>
    <message>
        <source>NaN in output</source>
        <translation>NaN w wyniku</translation>
    </message>
    <message>
        <source>output not written</source>
        <translation>wynik niezapisany</translation>
    </message>
    <message>
        <source>nondeterministic</source>
        <translation>niedeterministyczny</translation>
    </message>
    <message>
        <source>input modified</source>
        <translation>zmodyfikowane wejście</translation>
    </message>
    <message>
        <source>suspicious timing</source>
        <translation>podejrzany czas</translation>
    </message>
    <message>
        <source>impossible timing</source>
        <translation>niemożliwy czas</translation>
    </message>
    <message>
        <source>contract violation</source>
        <translation>naruszenie kontraktu</translation>
    </message>
    <message>
        <source>hazard found by compute-sanitizer</source>
        <translation>zagrożenie wykryte przez compute-sanitizer</translation>
    </message>
    <message>
        <source>illegal address</source>
        <translation>niedozwolony adres</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>przekroczony czas</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>awaria</translation>
    </message>
    <message>
        <source>launch error</source>
        <translation>błąd uruchomienia</translation>
    </message>
    <message>
        <source>CUDA error</source>
        <translation>błąd CUDA</translation>
    </message>
    <message>
        <source>harness error</source>
        <translation>błąd środowiska testowego</translation>
    </message>
    <message>
        <source>could not load</source>
        <translation>nie udało się załadować</translation>
    </message>
    <message>
        <source>compile error</source>
        <translation>błąd kompilacji</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>nie uruchomiono</translation>
    </message>
    <message>
        <source>Elements outside the tolerance, over all outputs</source>
        <translation>Elementy poza tolerancją we wszystkich wynikach</translation>
    </message>
    <message>
        <source>Median time in microseconds</source>
        <translation>Mediana czasu w mikrosekundach</translation>
    </message>
    <message>
        <source>The task&apos;s floor time on this device over the candidate&apos;s time</source>
        <translation>Minimalny czas zadania na tym urządzeniu podzielony przez czas kandydata</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Kształt</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Werdykt</translation>
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
        <source>Mismatches</source>
        <translation>Niezgodności</translation>
    </message>
    <message>
        <source>Baseline (µs)</source>
        <translation>Odniesienie (µs)</translation>
    </message>
    <message>
        <source>Candidate (µs)</source>
        <translation>Kandydat (µs)</translation>
    </message>
    <message>
        <source>Speedup</source>
        <translation>Przyspieszenie</translation>
    </message>
    <message>
        <source>% of speed of light</source>
        <translation>% prędkości światła</translation>
    </message>
    <message>
        <source>out-of-bounds writes</source>
        <translation>zapisy poza zakresem</translation>
    </message>
    <message>
        <source>tampering with the harness</source>
        <translation>ingerencja w środowisko testowe</translation>
    </message>
    <message>
        <source>protocol error</source>
        <translation>błąd protokołu</translation>
    </message>
    <message>
        <source>no CUDA device</source>
        <translation>brak urządzenia CUDA</translation>
    </message>
    <message>
        <source>check error</source>
        <translation>błąd sprawdzenia</translation>
    </message>
</context>
<context>
    <name>kwb::ui::ShortcutsSheet</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Skróty klawiszowe</translation>
    </message>
    <message>
        <source>Find in the editor</source>
        <translation>Znajdź w edytorze</translation>
    </message>
    <message>
        <source>Replace in the editor</source>
        <translation>Zamień w edytorze</translation>
    </message>
    <message>
        <source>Next / previous compiler problem</source>
        <translation>Następny / poprzedni problem kompilatora</translation>
    </message>
    <message>
        <source>Leave the note or tags field</source>
        <translation>Opuść pole notatki lub tagów</translation>
    </message>
    <message>
        <source>Next area of the window</source>
        <translation>Następny obszar okna</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Akcja</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Klawisze</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Zamknij</translation>
    </message>
    <message>
        <source>Find and filter samples (from the list, the tasks or the dataset)</source>
        <translation>Szukaj i filtruj próbki (z listy, zadań lub zbioru danych)</translation>
    </message>
    <message>
        <source>Clear the filters (in the find field)</source>
        <translation>Wyczyść filtry (w polu wyszukiwania)</translation>
    </message>
    <message>
        <source>Next / previous page of Compare</source>
        <translation>Następna / poprzednia strona porównania</translation>
    </message>
</context>
<context>
    <name>kwb::ui::SkillEditor</name>
    <message>
        <source>%1 tokens (estimated; the build&apos;s budget is %2)</source>
        <extracomment>The estimated token count of the skill being edited, and the budget kwb skill build uses</extracomment>
        <translation>%1 tokenów (szacunkowo; budżet budowania to %2)</translation>
    </message>
    <message>
        <source>Family %1</source>
        <translation>Rodzina %1</translation>
    </message>
    <message>
        <source>Task %1</source>
        <translation>Zadanie %1</translation>
    </message>
    <message>
        <source>Choose a task in the Review view first: the skill is built from its samples.</source>
        <translation>Najpierw wybierz zadanie w widoku Przegląd: umiejętność powstaje z jego próbek.</translation>
    </message>
    <message>
        <source>The task %1 is not in the task suite.</source>
        <translation>Zadania %1 nie ma w zestawie zadań.</translation>
    </message>
    <message>
        <source>No skill built: %1</source>
        <translation>Nie zbudowano umiejętności: %1</translation>
    </message>
    <message>
        <source>Cannot read %1.</source>
        <translation>Nie można odczytać %1.</translation>
    </message>
    <message>
        <source>Cannot save %1: %2</source>
        <translation>Nie można zapisać %1: %2</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>Zapisano %1.</translation>
    </message>
    <message>
        <source>(not saved)</source>
        <translation>(niezapisany)</translation>
    </message>
    <message>
        <source>Open a skill</source>
        <translation>Otwórz umiejętność</translation>
    </message>
    <message>
        <source>Skills (*.md);;All files (*)</source>
        <translation>Umiejętności (*.md);;Wszystkie pliki (*)</translation>
    </message>
    <message>
        <source>Save the skill</source>
        <translation>Zapisz umiejętność</translation>
    </message>
    <message>
        <source>Skills (*.md)</source>
        <translation>Umiejętności (*.md)</translation>
    </message>
    <message>
        <source>Save the skill and name at least one model and one task first.</source>
        <translation>Najpierw zapisz umiejętność i podaj co najmniej jeden model i jedno zadanie.</translation>
    </message>
    <message>
        <source>%1 exists and was not written here: rename it first.</source>
        <translation>%1 istnieje i nie został zapisany tutaj: najpierw zmień jego nazwę.</translation>
    </message>
    <message>
        <source>Skill editor</source>
        <translation>Edytor umiejętności</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>&amp;Nowa</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>&amp;Otwórz…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Zapisz</translation>
    </message>
    <message>
        <source>Save &amp;as…</source>
        <translation>Zapisz &amp;jako…</translation>
    </message>
    <message>
        <source>&amp;Build from samples</source>
        <translation>&amp;Zbuduj z próbek</translation>
    </message>
    <message>
        <source>&amp;Evaluate this skill…</source>
        <translation>&amp;Oceń tę umiejętność…</translation>
    </message>
    <message>
        <source>Build the skill from the samples of</source>
        <translation>Zbuduj umiejętność z próbek</translation>
    </message>
</context>
<context>
    <name>kwb::ui::SkillEvaluateDialog</name>
    <message>
        <source>Name a plan whose models answer.</source>
        <translation>Podaj plan, którego modele odpowiadają.</translation>
    </message>
    <message>
        <source>Name the model as the provider knows it.</source>
        <translation>Podaj model tak, jak zna go dostawca.</translation>
    </message>
    <message>
        <source>Name at least one task.</source>
        <translation>Podaj co najmniej jedno zadanie.</translation>
    </message>
    <message>
        <source>The plan is written beside the skill, with the conditions plain and skill, and started at once.</source>
        <translation>Plan zostaje zapisany obok umiejętności, z warunkami plain i skill, i od razu uruchomiony.</translation>
    </message>
    <message>
        <source>Evaluate this skill</source>
        <translation>Oceń tę umiejętność</translation>
    </message>
    <message>
        <source>The models of the &amp;plan:</source>
        <translation>Modele &amp;planu:</translation>
    </message>
    <message>
        <source>A &amp;model of the provider:</source>
        <translation>&amp;Model dostawcy:</translation>
    </message>
    <message>
        <source>model name</source>
        <translation>nazwa modelu</translation>
    </message>
    <message>
        <source>&amp;Tasks:</source>
        <translation>&amp;Zadania:</translation>
    </message>
    <message>
        <source>&amp;Answers per task and condition:</source>
        <translation>&amp;Odpowiedzi na zadanie i warunek:</translation>
    </message>
    <message>
        <source>&amp;Write the plan and start</source>
        <translation>Zapi&amp;sz plan i uruchom</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Anuluj</translation>
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
    <message>
        <source>Task</source>
        <translation>Zadanie</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>Próbki</translation>
    </message>
    <message>
        <source>Verified</source>
        <translation>Zweryfikowane</translation>
    </message>
    <message>
        <source>Accepted</source>
        <translation>Zaakceptowane</translation>
    </message>
    <message>
        <source>All tasks</source>
        <translation>Wszystkie zadania</translation>
    </message>
    <message>
        <source>Other tasks</source>
        <translation>Inne zadania</translation>
    </message>
    <message>
        <source>n</source>
        <extracomment>Short column headers of the task list: samples, verified, accepted</extracomment>
        <translation>n</translation>
    </message>
    <message>
        <source>ver.</source>
        <translation>zwer.</translation>
    </message>
    <message>
        <source>acc.</source>
        <translation>akc.</translation>
    </message>
</context>
<context>
    <name>kwb::ui::TaskPane</name>
    <message>
        <source>Parameters</source>
        <translation>Parametry</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nazwa</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Rodzaj</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Kształt</translation>
    </message>
    <message>
        <source>Shapes</source>
        <translation>Kształty</translation>
    </message>
    <message>
        <source>Sizes</source>
        <translation>Rozmiary</translation>
    </message>
    <message>
        <source>Buffers</source>
        <translation>Bufory</translation>
    </message>
    <message>
        <source>FLOP</source>
        <translation>FLOP</translation>
    </message>
    <message>
        <source>Bytes moved</source>
        <translation>Przesłane bajty</translation>
    </message>
    <message>
        <source>Tolerances</source>
        <translation>Tolerancje</translation>
    </message>
    <message>
        <source>rtol %1, atol %2, %3</source>
        <translation>rtol %1, atol %2, %3</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Punkt odniesienia</translation>
    </message>
    <message>
        <source>the task&apos;s reference kernel</source>
        <translation>kernel referencyjny zadania</translation>
    </message>
    <message>
        <source>%1 (%2, %3)</source>
        <translation>%1 (%2, %3)</translation>
    </message>
    <message>
        <source>Formulas</source>
        <translation>Wzory</translation>
    </message>
    <message>
        <source>FLOP:</source>
        <translation>FLOP:</translation>
    </message>
    <message>
        <source>Bytes:</source>
        <translation>Bajty:</translation>
    </message>
    <message>
        <source>References</source>
        <translation>Odniesienia poprawności</translation>
    </message>
    <message>
        <source>Kernel:</source>
        <translation>Kernel:</translation>
    </message>
    <message>
        <source>none</source>
        <translation>brak</translation>
    </message>
    <message>
        <source>CPU (float64):</source>
        <translation>CPU (float64):</translation>
    </message>
    <message>
        <source>No sample selected.</source>
        <translation>Nie wybrano próbki.</translation>
    </message>
    <message>
        <source>level %1</source>
        <translation>poziom %1</translation>
    </message>
    <message>
        <source>Entry point</source>
        <translation>Punkt wejścia</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
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
        <source>%1: %2</source>
        <extracomment>A verification stage and its state, e.g. &quot;Build: passed&quot;</extracomment>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>starting the worker</source>
        <translation>uruchamianie procesu roboczego</translation>
    </message>
    <message>
        <source>Verification started</source>
        <translation>Weryfikacja rozpoczęta</translation>
    </message>
    <message>
        <source>compiling</source>
        <translation>kompilacja</translation>
    </message>
    <message>
        <source>Compiling the candidate</source>
        <translation>Kompilacja kandydata</translation>
    </message>
    <message>
        <source>loaded on the GPU</source>
        <translation>załadowano na GPU</translation>
    </message>
    <message>
        <source>Candidate loaded on the GPU</source>
        <translation>Kandydat załadowany na GPU</translation>
    </message>
    <message>
        <source>checking shape %1</source>
        <translation>sprawdzanie kształtu %1</translation>
    </message>
    <message>
        <source>Correctness: shape %1</source>
        <translation>Poprawność: kształt %1</translation>
    </message>
    <message>
        <source>timing shape %1</source>
        <translation>pomiar czasu kształtu %1</translation>
    </message>
    <message>
        <source>Benchmark: shape %1</source>
        <translation>Wydajność: kształt %1</translation>
    </message>
    <message>
        <source>Shape %1 done</source>
        <translation>Kształt %1 gotowy</translation>
    </message>
    <message>
        <source>%1 of %2 shapes</source>
        <extracomment>Progress bar text: shapes done of shapes to check</extracomment>
        <translation>%1 z %2 kształtów</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Anulowano</translation>
    </message>
    <message>
        <source>Finished: %1</source>
        <translation>Zakończono: %1</translation>
    </message>
    <message>
        <source>[%1 s] %2</source>
        <extracomment>A log line: seconds since the start, then the event</extracomment>
        <translation>[%1 s] %2</translation>
    </message>
    <message>
        <source>Not timed: there is no CUDA device on this machine.</source>
        <translation>Nie zmierzono czasu: na tym komputerze nie ma urządzenia CUDA.</translation>
    </message>
    <message>
        <source>No timings to chart.</source>
        <translation>Brak czasów do pokazania na wykresie.</translation>
    </message>
    <message>
        <source>Not verified yet.</source>
        <translation>Jeszcze nie zweryfikowano.</translation>
    </message>
    <message>
        <source>Verifying: %1…</source>
        <translation>Weryfikacja: %1…</translation>
    </message>
    <message>
        <source>Passed: correct at every shape; %1× the baseline (%2), geometric mean.</source>
        <translation>Zaliczono: poprawny dla każdego kształtu; %1× punktu odniesienia (%2), średnia geometryczna.</translation>
    </message>
    <message>
        <source>Passed: correct at every shape (not timed).</source>
        <translation>Zaliczono: poprawny dla każdego kształtu (bez pomiaru czasu).</translation>
    </message>
    <message>
        <source>Failed: %1. %2</source>
        <translation>Niepowodzenie: %1. %2</translation>
    </message>
    <message>
        <source>Compile-only: the kernel compiled, but nothing was run or timed (%1).</source>
        <translation>Tylko kompilacja: jądro się skompilowało, ale nic nie zostało uruchomione ani zmierzone (%1).</translation>
    </message>
    <message>
        <source>ptxas: %1</source>
        <translation>ptxas: %1</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Anulowano.</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>anulowano</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Anuluj</translation>
    </message>
    <message>
        <source>Stop the verification; the worker process is ended</source>
        <translation>Zatrzymaj weryfikację; proces roboczy zostanie zakończony</translation>
    </message>
    <message>
        <source>&amp;Shapes</source>
        <translation>&amp;Kształty</translation>
    </message>
    <message>
        <source>&amp;Charts</source>
        <translation>&amp;Wykresy</translation>
    </message>
    <message>
        <source>&amp;Build</source>
        <translation>Kompi&amp;lacja</translation>
    </message>
    <message>
        <source>&amp;Log</source>
        <translation>&amp;Dziennik</translation>
    </message>
    <message>
        <source>Ra&amp;w output</source>
        <translation>Surowe &amp;wyjście</translation>
    </message>
    <message>
        <source>Speedup per shape</source>
        <translation>Przyspieszenie dla każdego kształtu</translation>
    </message>
    <message>
        <source>Timing distribution (baseline and candidate)</source>
        <translation>Rozkład czasów (punkt odniesienia i kandydat)</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>Roofline</translation>
    </message>
    <message>
        <source>Save chart…</source>
        <translation>Zapisz wykres…</translation>
    </message>
    <message>
        <source>Per-shape results</source>
        <translation>Wyniki dla kształtów</translation>
    </message>
    <message>
        <source>Verification log</source>
        <translation>Dziennik weryfikacji</translation>
    </message>
    <message>
        <source>The worker&apos;s raw output</source>
        <translation>Surowe wyjście procesu roboczego</translation>
    </message>
    <message numerus="yes">
        <source>Needs a human: the host-code screen found %n thing(s) a kernel launcher never needs (see Screening).</source>
        <translation>
            <numerusform>Wymaga człowieka: przegląd kodu hosta znalazł %n rzecz, której program uruchamiający jądro nigdy nie potrzebuje (zob. Przegląd).</numerusform>
            <numerusform>Wymaga człowieka: przegląd kodu hosta znalazł %n rzeczy, których program uruchamiający jądro nigdy nie potrzebuje (zob. Przegląd).</numerusform>
            <numerusform>Wymaga człowieka: przegląd kodu hosta znalazł %n rzeczy, których program uruchamiający jądro nigdy nie potrzebuje (zob. Przegląd).</numerusform>
        </translation>
    </message>
    <message>
        <source>Suspected hack: %1. %2</source>
        <translation>Podejrzenie oszustwa: %1. %2</translation>
    </message>
    <message>
        <source>Read the code before accepting it: this is not an honest mistake.</source>
        <translation>Przeczytaj kod przed akceptacją: to nie jest uczciwy błąd.</translation>
    </message>
    <message>
        <source>Scr&amp;eening (%1)</source>
        <extracomment>The screening tab with its number of findings</extracomment>
        <translation>Prz&amp;egląd (%1)</translation>
    </message>
    <message>
        <source>Scr&amp;eening</source>
        <translation>Prz&amp;egląd</translation>
    </message>
    <message>
        <source>Prof&amp;ile</source>
        <translation>Prof&amp;il</translation>
    </message>
    <message>
        <source>Worker error: %1</source>
        <translation>Błąd procesu roboczego: %1</translation>
    </message>
    <message>
        <source>Worker error on %1: the verification could not finish, and the kernel was not judged. %2</source>
        <extracomment>%1 is where the worker runs (&quot;this machine&quot;, &quot;gpu-server over ssh&quot;); %2 the reason</extracomment>
        <translation>Błąd procesu roboczego na %1: weryfikacja nie mogła się zakończyć i kernel nie został oceniony. %2</translation>
    </message>
    <message>
        <source>the worker</source>
        <translation>proces roboczy</translation>
    </message>
    <message>
        <source>Shape %1: another process&apos;s work runs on the GPU; waiting for it to end before timing</source>
        <translation>Kształt %1: na GPU działa praca innego procesu; oczekiwanie na jej zakończenie przed pomiarem</translation>
    </message>
</context>
<context>
    <name>kwb::ui::WelcomeDialog</name>
    <message>
        <source>Welcome to Kernel Workbench</source>
        <translation>Witamy w Kernel Workbench</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Welcome&lt;/h2&gt;&lt;p&gt;Kernel Workbench verifies CUDA kernels that language models wrote: it compiles each one, checks it against a trusted reference on every shape of its task, times it against a library baseline, and lets you review, compare and export the ones that hold up as training data.&lt;/p&gt;&lt;p&gt;&lt;b&gt;The demo project&lt;/b&gt; is open: for each of a few tasks a fast correct kernel, a slow correct one, a wrong one and one that does not compile. Pick a sample, press F5 to verify it, then A, R or N for a verdict.&lt;/p&gt;&lt;p&gt;&lt;b&gt;No GPU here?&lt;/b&gt; Without a CUDA device the workbench is compile-only. Set a GPU machine reached over ssh in Settings › Verification (Test connection checks it), and the keys of your model providers in Settings › Providers.&lt;/p&gt;&lt;p&gt;F1 lists every keyboard shortcut; the Help menu opens the manual&apos;s sections.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Witamy&lt;/h2&gt;&lt;p&gt;Kernel Workbench weryfikuje kernele CUDA napisane przez modele językowe: kompiluje każdy, sprawdza go z zaufanym odniesieniem na każdym kształcie zadania, mierzy czas względem biblioteki i pozwala przejrzeć, porównać i wyeksportować jako dane treningowe te, które się sprawdzają.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Projekt demonstracyjny&lt;/b&gt; jest otwarty: dla kilku zadań szybki poprawny kernel, wolny poprawny, błędny i taki, który się nie kompiluje. Wybierz próbkę, naciśnij F5, aby ją zweryfikować, a potem A, R lub N, aby wydać werdykt.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Brak GPU?&lt;/b&gt; Bez urządzenia CUDA Workbench tylko kompiluje. Ustaw komputer z GPU dostępny przez ssh w Ustawienia › Weryfikacja (Testuj połączenie to sprawdza) oraz klucze dostawców modeli w Ustawienia › Dostawcy.&lt;/p&gt;&lt;p&gt;F1 wyświetla wszystkie skróty klawiszowe; menu Pomoc otwiera rozdziały podręcznika.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Open &amp;Settings</source>
        <translation>Otwórz &amp;ustawienia</translation>
    </message>
    <message>
        <source>&amp;Start reviewing</source>
        <translation>&amp;Zacznij przegląd</translation>
    </message>
</context>
<context>
    <name>kwb::ui::WorkbenchSettings</name>
    <message>
        <source>The worker host cannot begin with &apos;-&apos;: ssh would read it as an option.</source>
        <translation>Host procesu roboczego nie może zaczynać się od &apos;-&apos;: ssh odczytałby go jako opcję.</translation>
    </message>
    <message>
        <source>The worker host may hold only letters, digits, &apos;.&apos;, &apos;-&apos;, &apos;_&apos; and &apos;@&apos;.</source>
        <translation>Host procesu roboczego może zawierać tylko litery, cyfry, &apos;.&apos;, &apos;-&apos;, &apos;_&apos; i &apos;@&apos;.</translation>
    </message>
    <message>
        <source>Cannot create %1.</source>
        <translation>Nie można utworzyć %1.</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>Nie można zapisać %1.</translation>
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
    <message>
        <source>Open this project file instead of the current project.</source>
        <translation>Otwórz ten plik projektu zamiast bieżącego projektu.</translation>
    </message>
</context>
</TS>
