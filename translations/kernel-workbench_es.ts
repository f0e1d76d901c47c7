<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es_ES">
<context>
    <name>AcceptCheck</name>
    <message>
        <source>This sample&apos;s latest verification passed on a GPU.</source>
        <translation>La última verificación de esta muestra se superó en una GPU.</translation>
    </message>
    <message numerus="yes">
        <source>This sample passed, but the host-code screen found %n thing(s) a kernel launcher never needs (the first at line %1).</source>
        <translation>
            <numerusform>Esta muestra se superó, pero la revisión del código de host encontró %n cosa que un lanzador de kernels nunca necesita (en la línea %1).</numerusform>
            <numerusform>Esta muestra se superó, pero la revisión del código de host encontró %n cosas que un lanzador de kernels nunca necesita (la primera en la línea %1).</numerusform>
        </translation>
    </message>
    <message>
        <source>This sample&apos;s latest verification failed: %1.</source>
        <translation>La última verificación de esta muestra falló: %1.</translation>
    </message>
    <message>
        <source>This sample&apos;s latest verification flagged it as a suspected hack: %1.</source>
        <translation>La última verificación de esta muestra la señaló como posible trampa: %1.</translation>
    </message>
    <message>
        <source>This sample has not been verified.</source>
        <translation>Esta muestra no se ha verificado.</translation>
    </message>
    <message>
        <source>This sample was only compiled: it has not run on a GPU.</source>
        <translation>Esta muestra solo se compiló: no se ha ejecutado en una GPU.</translation>
    </message>
    <message>
        <source>This sample&apos;s latest verification did not finish (%1): it is not verified.</source>
        <translation>La última verificación de esta muestra no terminó (%1): no está verificada.</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>superada</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>falló: %1</translation>
    </message>
    <message>
        <source>suspected hack: %1</source>
        <translation>posible trampa: %1</translation>
    </message>
    <message numerus="yes">
        <source>passed with %n screening finding(s)</source>
        <translation>
            <numerusform>superada con %n hallazgo de la revisión</numerusform>
            <numerusform>superada con %n hallazgos de la revisión</numerusform>
        </translation>
    </message>
    <message>
        <source>not verified on a GPU</source>
        <translation>no verificada en una GPU</translation>
    </message>
    <message>
        <source>Of the %1 selected samples:</source>
        <translation>De las %1 muestras seleccionadas:</translation>
    </message>
    <message>
        <source>failed their latest verification: %1</source>
        <extracomment>Counts before accepting several samples; %1 is how many</extracomment>
        <translation>fallaron en su última verificación: %1</translation>
    </message>
    <message>
        <source>flagged as suspected hacks: %1</source>
        <translation>señaladas como posibles trampas: %1</translation>
    </message>
    <message>
        <source>passed with host-code screening findings: %1</source>
        <translation>superadas con hallazgos en el código de host: %1</translation>
    </message>
    <message>
        <source>not verified on a GPU: %1</source>
        <translation>no verificadas en una GPU: %1</translation>
    </message>
    <message>
        <source>passed on a GPU: %1</source>
        <translation>superadas en una GPU: %1</translation>
    </message>
    <message>
        <source>Accept all %1 anyway?</source>
        <translation>¿Aceptar las %1 de todos modos?</translation>
    </message>
    <message>
        <source>Accept anyway?</source>
        <translation>¿Aceptar de todos modos?</translation>
    </message>
    <message>
        <source>#%1: %2</source>
        <translation>#%1: %2</translation>
    </message>
    <message>
        <source>Accept an&amp;yway</source>
        <translation>Aceptar de todos mod&amp;os</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Cancelar</translation>
    </message>
</context>
<context>
    <name>CompareFigures</name>
    <message>
        <source>%1: no speedup at %2</source>
        <translation>%1: sin aceleración en %2</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Referencia</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <extracomment>A roofline point: the sample, then the shape it was timed at</extracomment>
        <translation>%1 en %2</translation>
    </message>
    <message>
        <source>no ptxas figures recorded</source>
        <translation>sin cifras de ptxas registradas</translation>
    </message>
    <message>
        <source>not verified</source>
        <translation>sin verificar</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Veredicto</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Detalle</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Dispositivo</translation>
    </message>
    <message>
        <source>Worker</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Semilla</translation>
    </message>
    <message>
        <source>Shapes</source>
        <translation>Formas</translation>
    </message>
    <message>
        <source>Timing</source>
        <translation>Tiempos</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>Opciones</translation>
    </message>
    <message>
        <source>Speedup (geometric mean)</source>
        <translation>Aceleración (media geométrica)</translation>
    </message>
    <message>
        <source>%1: result</source>
        <translation>%1: resultado</translation>
    </message>
    <message>
        <source>%1: median time</source>
        <translation>%1: tiempo mediano</translation>
    </message>
    <message>
        <source>%1: baseline median</source>
        <translation>%1: mediana de la referencia</translation>
    </message>
    <message>
        <source>%1: speedup</source>
        <translation>%1: aceleración</translation>
    </message>
</context>
<context>
    <name>StandingText</name>
    <message>
        <source>Unverified</source>
        <translation>Sin verificar</translation>
    </message>
    <message>
        <source>Compile-only</source>
        <translation>Solo compilación</translation>
    </message>
    <message>
        <source>Passed</source>
        <translation>Superada</translation>
    </message>
    <message>
        <source>Passed, needs a human</source>
        <translation>Superada, requiere una persona</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Falló</translation>
    </message>
    <message>
        <source>Suspected hack</source>
        <translation>Posible trampa</translation>
    </message>
    <message>
        <source>Check did not finish</source>
        <translation>La comprobación no terminó</translation>
    </message>
    <message>
        <source>%1 at shape %2</source>
        <extracomment>A verdict and the shape it was found at, e.g. &quot;wrong result at shape large&quot;</extracomment>
        <translation>%1 en la forma %2</translation>
    </message>
    <message numerus="yes">
        <source>Passed, needs a human: %n host-code screening finding(s)</source>
        <translation>
            <numerusform>Superada, requiere una persona: %n hallazgo en el código de host</numerusform>
            <numerusform>Superada, requiere una persona: %n hallazgos en el código de host</numerusform>
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
        <translation>línea %1 · %2: %3</translation>
    </message>
</context>
<context>
    <name>kwb::ui::AboutDialog</name>
    <message>
        <source>About %1</source>
        <translation>Acerca de %1</translation>
    </message>
    <message>
        <source>Review, verify and curate machine-written CUDA kernels.</source>
        <translation>Revise, verifique y seleccione kernels CUDA escritos por modelos.</translation>
    </message>
    <message>
        <source>not available</source>
        <translation>no disponible</translation>
    </message>
    <message>
        <source>Qt:</source>
        <translation>Qt:</translation>
    </message>
    <message>
        <source>CUDA runtime:</source>
        <translation>Entorno de ejecución de CUDA:</translation>
    </message>
    <message>
        <source>CUDA driver:</source>
        <translation>Controlador de CUDA:</translation>
    </message>
    <message>
        <source>QScintilla:</source>
        <translation>QScintilla:</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Cerrar</translation>
    </message>
</context>
<context>
    <name>kwb::ui::BatchProgressBar</name>
    <message numerus="yes">
        <source>about %n s left</source>
        <translation>
            <numerusform>quedan unos %n s</numerusform>
            <numerusform>quedan unos %n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>about %n min left</source>
        <translation>
            <numerusform>quedan unos %n min</numerusform>
            <numerusform>quedan unos %n min</numerusform>
        </translation>
    </message>
    <message>
        <source>Choosing samples…</source>
        <translation>Eligiendo muestras…</translation>
    </message>
    <message>
        <source>%1 of %2 verified</source>
        <translation>%1 de %2 verificadas</translation>
    </message>
    <message numerus="yes">
        <source>%n building</source>
        <translation>
            <numerusform>%n compilando</numerusform>
            <numerusform>%n compilando</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n verifying</source>
        <translation>
            <numerusform>%n verificando</numerusform>
            <numerusform>%n verificando</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n already verified alike</source>
        <translation>
            <numerusform>%n ya verificada igual</numerusform>
            <numerusform>%n ya verificadas igual</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n error</numerusform>
            <numerusform>%n errores</numerusform>
        </translation>
    </message>
    <message>
        <source>cancelling…</source>
        <translation>cancelando…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Stop the batch (Escape): the samples not verified yet stay so</source>
        <translation>Detener el lote (Escape): las muestras aún no verificadas quedan así</translation>
    </message>
</context>
<context>
    <name>kwb::ui::BuildReportView</name>
    <message>
        <source>Built for %1 with nvcc %2 in %3 s%4</source>
        <extracomment>Build summary: target architecture, nvcc version, seconds, and &quot;(cached)&quot; or nothing</extracomment>
        <translation>Compilado para %1 con nvcc %2 en %3 s%4</translation>
    </message>
    <message>
        <source> (cached)</source>
        <translation> (en caché)</translation>
    </message>
    <message>
        <source>%1: %2 registers, %3 B shared, %4 B spilled</source>
        <extracomment>Kernel resources from ptxas: name, registers, shared memory, spilled bytes</extracomment>
        <translation>%1: %2 registros, %3 B compartidos, %4 B desbordados</translation>
    </message>
    <message>
        <source>Compiler p&amp;roblems (Enter jumps to the line):</source>
        <translation>P&amp;roblemas del compilador (Intro salta a la línea):</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Registers</source>
        <translation>Registros</translation>
    </message>
    <message>
        <source>Shared (B)</source>
        <translation>Compartida (B)</translation>
    </message>
    <message>
        <source>Stack (B)</source>
        <translation>Pila (B)</translation>
    </message>
    <message>
        <source>Spilled (B)</source>
        <translation>Desbordado (B)</translation>
    </message>
    <message>
        <source>Build failed for %1 with nvcc %2 after %3 s: %4</source>
        <extracomment>A failed build: target architecture, nvcc version, seconds, why it failed</extracomment>
        <translation>La compilación para %1 con nvcc %2 falló tras %3 s: %4</translation>
    </message>
    <message>
        <source>no library was produced</source>
        <translation>no se produjo ninguna biblioteca</translation>
    </message>
</context>
<context>
    <name>kwb::ui::ChartWidget</name>
    <message>
        <source>Speedup per shape</source>
        <translation>Aceleración por forma</translation>
    </message>
    <message>
        <source>Faster than the baseline</source>
        <translation>Más rápido que la referencia</translation>
    </message>
    <message>
        <source>Slower than the baseline</source>
        <translation>Más lento que la referencia</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Forma</translation>
    </message>
    <message>
        <source>Speedup (×)</source>
        <translation>Aceleración (×)</translation>
    </message>
    <message>
        <source>Baseline (1.0×)</source>
        <translation>Referencia (1,0×)</translation>
    </message>
    <message>
        <source>Timing distribution</source>
        <translation>Distribución de tiempos</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Referencia</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Candidato</translation>
    </message>
    <message>
        <source>Time per call (µs)</source>
        <translation>Tiempo por llamada (µs)</translation>
    </message>
    <message>
        <source>No roofline: the device&apos;s ceilings have not been measured.</source>
        <translation>Sin roofline: no se han medido los límites del dispositivo.</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>Roofline</translation>
    </message>
    <message>
        <source>Roofline on %1</source>
        <translation>Roofline en %1</translation>
    </message>
    <message>
        <source>Arithmetic intensity (FLOP/byte)</source>
        <translation>Intensidad aritmética (FLOP/byte)</translation>
    </message>
    <message>
        <source>Achieved (TFLOP/s)</source>
        <translation>Alcanzado (TFLOP/s)</translation>
    </message>
    <message>
        <source>No speedups yet: no sample has been timed.</source>
        <translation>Aún no hay aceleraciones: no se ha cronometrado ninguna muestra.</translation>
    </message>
    <message>
        <source>Speedup distribution</source>
        <translation>Distribución de aceleraciones</translation>
    </message>
    <message>
        <source>At least as fast as the baseline</source>
        <translation>Al menos tan rápido como la referencia</translation>
    </message>
    <message>
        <source>%1–%2</source>
        <extracomment>A histogram bin&apos;s range, e.g. &quot;0.80–1.00&quot;</extracomment>
        <translation>%1–%2</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>Muestras</translation>
    </message>
    <message>
        <source>Accept rate per model</source>
        <translation>Tasa de aceptación por modelo</translation>
    </message>
    <message>
        <source>Accepted (% of reviewed)</source>
        <translation>Aceptadas (% de las revisadas)</translation>
    </message>
    <message>
        <source>%1 (%2/%3)</source>
        <extracomment>A model and its accepted/reviewed counts, e.g. &quot;claude-opus (12/19)&quot;</extracomment>
        <translation>%1 (%2/%3)</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Accepted (%)</source>
        <translation>Aceptadas (%)</translation>
    </message>
    <message>
        <source>Chart exported from Kernel Workbench</source>
        <extracomment>Description embedded in exported SVG charts</extracomment>
        <translation>Gráfico exportado desde Kernel Workbench</translation>
    </message>
    <message>
        <source>Save chart</source>
        <translation>Guardar gráfico</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>Imagen PNG (*.png);;Dibujo SVG (*.svg)</translation>
    </message>
    <message>
        <source>The chart could not be written to %1.</source>
        <translation>No se pudo escribir el gráfico en %1.</translation>
    </message>
    <message>
        <source>Save chart as…</source>
        <translation>Guardar gráfico como…</translation>
    </message>
    <message>
        <source>≥ %1</source>
        <extracomment>The last histogram bin, open-ended, e.g. &quot;≥ 4.00&quot;</extracomment>
        <translation>≥ %1</translation>
    </message>
    <message>
        <source>Correct answers per condition</source>
        <translation>Respuestas correctas por condición</translation>
    </message>
    <message>
        <source>Condition</source>
        <translation>Condición</translation>
    </message>
    <message>
        <source>Correct (% of answers)</source>
        <translation>Correctas (% de las respuestas)</translation>
    </message>
    <message>
        <source>Memory roof (%1 GB/s)</source>
        <translation>Techo de memoria (%1 GB/s)</translation>
    </message>
    <message>
        <source>Compute roof (%1 TFLOP/s)</source>
        <translation>Techo de cómputo (%1 TFLOP/s)</translation>
    </message>
    <message>
        <source>No stall reasons: the basic section set does not collect them.</source>
        <translation>Sin motivos de espera: el conjunto de secciones basic no los recoge.</translation>
    </message>
    <message>
        <source>Warp-stall reasons of the longest kernel</source>
        <translation>Motivos de espera de los warps del kernel más largo</translation>
    </message>
    <message>
        <source>Warp cycles per issued instruction</source>
        <translation>Ciclos de warp por instrucción emitida</translation>
    </message>
    <message>
        <source>pass@1 and fast_1.0 per model and condition</source>
        <translation>pass@1 y fast_1.0 por modelo y condición</translation>
    </message>
    <message>
        <source>pass@1</source>
        <translation>pass@1</translation>
    </message>
    <message>
        <source>fast_1.0 (correct and faster than the baseline)</source>
        <translation>fast_1.0 (correctas y más rápidas que la referencia)</translation>
    </message>
    <message>
        <source>% of answers</source>
        <translation>% de respuestas</translation>
    </message>
    <message>
        <source>Whiskers: the 95 % bootstrap interval of each condition&apos;s difference from plain, drawn around the condition&apos;s bar.</source>
        <translation>Bigotes: el intervalo bootstrap del 95 % de la diferencia de cada condición con plain, dibujado alrededor de su barra.</translation>
    </message>
    <message>
        <source>No speedups: none of these samples has been timed.</source>
        <translation>Sin aceleraciones: ninguna de estas muestras se ha cronometrado.</translation>
    </message>
    <message>
        <source>No timing at this shape: none of these samples was timed there.</source>
        <translation>Sin tiempos en esta forma: ninguna de estas muestras se cronometró en ella.</translation>
    </message>
    <message>
        <source>Timing at %1</source>
        <translation>Tiempos en %1</translation>
    </message>
    <message>
        <source>Time per call</source>
        <translation>Tiempo por llamada</translation>
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
        <translation>Tiempo por llamada (ms)</translation>
    </message>
</context>
<context>
    <name>kwb::ui::CodeEditor</name>
    <message>
        <source>error: %1</source>
        <translation>error: %1</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>aviso: %1</translation>
    </message>
    <message>
        <source>note: %1</source>
        <translation>nota: %1</translation>
    </message>
    <message>
        <source>Not found</source>
        <translation>No encontrado</translation>
    </message>
    <message numerus="yes">
        <source>%n replaced</source>
        <translation>
            <numerusform>%n reemplazo</numerusform>
            <numerusform>%n reemplazos</numerusform>
        </translation>
    </message>
    <message>
        <source>Generated sample: read-only.</source>
        <translation>Muestra generada: solo lectura.</translation>
    </message>
    <message>
        <source>&amp;Edit a copy</source>
        <translation>&amp;Editar una copia</translation>
    </message>
    <message>
        <source>Make an editable copy of this sample; the original stays as the model wrote it</source>
        <translation>Crea una copia editable de esta muestra; el original queda tal como lo escribió el modelo</translation>
    </message>
    <message>
        <source>Kernel source</source>
        <translation>Código del kernel</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>Hot line: %1 warp-stall samples (Nsight Compute)</source>
        <extracomment>The kernel editor&apos;s margin at a hot line of a profile</extracomment>
        <translation>Línea caliente: %1 muestras de espera de warps (Nsight Compute)</translation>
    </message>
</context>
<context>
    <name>kwb::ui::CompareView</name>
    <message numerus="yes">
        <source>%n sample(s) of %1</source>
        <translation>
            <numerusform>%n muestra de %1</numerusform>
            <numerusform>%n muestras de %1</numerusform>
        </translation>
    </message>
    <message>
        <source>No bar: %1</source>
        <translation>Sin barra: %1</translation>
    </message>
    <message>
        <source>No point: %1</source>
        <translation>Sin punto: %1</translation>
    </message>
    <message>
        <source>No timing: none of these samples has been timed.</source>
        <translation>Sin tiempos: ninguna de estas muestras se ha cronometrado.</translation>
    </message>
    <message>
        <source>No sample here has two verifications: nothing to compare.</source>
        <translation>Ninguna muestra aquí tiene dos verificaciones: nada que comparar.</translation>
    </message>
    <message numerus="yes">
        <source>%n field(s) changed</source>
        <translation>
            <numerusform>%n campo cambió</numerusform>
            <numerusform>%n campos cambiaron</numerusform>
        </translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Código</translation>
    </message>
    <message>
        <source>Speedups</source>
        <translation>Aceleraciones</translation>
    </message>
    <message>
        <source>Timing</source>
        <translation>Tiempos</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>Roofline</translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation>Métricas</translation>
    </message>
    <message>
        <source>Verifications</source>
        <translation>Verificaciones</translation>
    </message>
    <message>
        <source>Left:</source>
        <translation>Izquierda:</translation>
    </message>
    <message>
        <source>Right:</source>
        <translation>Derecha:</translation>
    </message>
    <message>
        <source>Shape:</source>
        <translation>Forma:</translation>
    </message>
    <message>
        <source>Sample:</source>
        <translation>Muestra:</translation>
    </message>
    <message>
        <source>Before:</source>
        <translation>Antes:</translation>
    </message>
    <message>
        <source>After:</source>
        <translation>Después:</translation>
    </message>
    <message>
        <source>Sample</source>
        <translation>Muestra</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Registers</source>
        <translation>Registros</translation>
    </message>
    <message>
        <source>Shared memory (bytes)</source>
        <translation>Memoria compartida (bytes)</translation>
    </message>
    <message>
        <source>Spills store / load (bytes)</source>
        <translation>Volcados escritura / lectura (bytes)</translation>
    </message>
    <message>
        <source>Stack (bytes)</source>
        <translation>Pila (bytes)</translation>
    </message>
    <message>
        <source>Profiled duration</source>
        <translation>Duración perfilada</translation>
    </message>
    <message>
        <source>SM throughput</source>
        <translation>Rendimiento de los SM</translation>
    </message>
    <message>
        <source>Memory throughput</source>
        <translation>Rendimiento de memoria</translation>
    </message>
    <message>
        <source>Achieved occupancy</source>
        <translation>Ocupación lograda</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Campo</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>Antes</translation>
    </message>
    <message>
        <source>After</source>
        <translation>Después</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Cambio</translation>
    </message>
</context>
<context>
    <name>kwb::ui::DatasetView</name>
    <message>
        <source>(no model)</source>
        <translation>(sin modelo)</translation>
    </message>
    <message>
        <source>Cannot read the dataset: %1</source>
        <translation>No se puede leer el conjunto de datos: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n sample(s) match</source>
        <translation>
            <numerusform>%n muestra coincide</numerusform>
            <numerusform>%n muestras coinciden</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 accepted · %2 rejected · %3 passed</source>
        <translation>%1 aceptadas · %2 rechazadas · %3 superadas</translation>
    </message>
    <message>
        <source>No verdicts yet: accept or reject samples to see rates.</source>
        <translation>Aún no hay veredictos: acepte o rechace muestras para ver las tasas.</translation>
    </message>
    <message>
        <source>&amp;Task:</source>
        <translation>&amp;Tarea:</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>&amp;Modelo:</translation>
    </message>
    <message>
        <source>&amp;Verdict:</source>
        <translation>&amp;Veredicto:</translation>
    </message>
    <message>
        <source>Minimum &amp;speedup:</source>
        <translation>Aceleración &amp;mínima:</translation>
    </message>
    <message>
        <source>All tasks</source>
        <translation>Todas las tareas</translation>
    </message>
    <message>
        <source>All models</source>
        <translation>Todos los modelos</translation>
    </message>
    <message>
        <source>Any verdict</source>
        <translation>Cualquier veredicto</translation>
    </message>
    <message>
        <source>Unreviewed</source>
        <translation>Sin revisar</translation>
    </message>
    <message>
        <source>Accepted</source>
        <translation>Aceptadas</translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation>Rechazadas</translation>
    </message>
    <message>
        <source>Needs work</source>
        <translation>Necesita trabajo</translation>
    </message>
    <message>
        <source>any</source>
        <translation>cualquiera</translation>
    </message>
    <message>
        <source>Verified on a &amp;GPU</source>
        <translation>Verificadas en una &amp;GPU</translation>
    </message>
    <message>
        <source>&amp;Passed only</source>
        <translation>Solo &amp;superadas</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Exportar…</translation>
    </message>
    <message>
        <source>Speedup histogram</source>
        <translation>Histograma de aceleración</translation>
    </message>
    <message>
        <source>Accept rate per model</source>
        <translation>Tasa de aceptación por modelo</translation>
    </message>
    <message>
        <source>Dataset samples</source>
        <translation>Muestras del conjunto de datos</translation>
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
        <translation>nota</translation>
    </message>
    <message>
        <source>error</source>
        <translation>error</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>aviso</translation>
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
        <translation>Cambio anterior</translation>
    </message>
    <message>
        <source>Next change</source>
        <translation>Cambio siguiente</translation>
    </message>
    <message>
        <source>Old source</source>
        <translation>Código anterior</translation>
    </message>
    <message>
        <source>New source</source>
        <translation>Código nuevo</translation>
    </message>
    <message>
        <source>The sources are identical.</source>
        <translation>Los códigos son idénticos.</translation>
    </message>
    <message>
        <source>%1, %2, in %3</source>
        <extracomment>Summary of a diff: &quot;3 lines removed, 5 lines added, in 2 places&quot;</extracomment>
        <translation>%1, %2, en %3</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) removed</source>
        <translation>
            <numerusform>%n línea eliminada</numerusform>
            <numerusform>%n líneas eliminadas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) added</source>
        <translation>
            <numerusform>%n línea añadida</numerusform>
            <numerusform>%n líneas añadidas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n place(s)</source>
        <translation>
            <numerusform>%n lugar</numerusform>
            <numerusform>%n lugares</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kwb::ui::EvaluationActions</name>
    <message>
        <source>An evaluation run is going; cancel it first.</source>
        <translation>Hay una ejecución de evaluación en curso; cancélela primero.</translation>
    </message>
    <message>
        <source>Open a project first: the run is kept in it.</source>
        <translation>Abra primero un proyecto: la ejecución se guarda en él.</translation>
    </message>
    <message>
        <source>Evaluation: starting %1…</source>
        <translation>Evaluación: iniciando %1…</translation>
    </message>
    <message>
        <source>Evaluation: cancelling…</source>
        <translation>Evaluación: cancelando…</translation>
    </message>
    <message>
        <source>Evaluation: %1 of %2 cells</source>
        <translation>Evaluación: %1 de %2 celdas</translation>
    </message>
    <message>
        <source>%1 asking</source>
        <translation>%1 preguntando</translation>
    </message>
    <message>
        <source>%1 verifying</source>
        <translation>%1 verificando</translation>
    </message>
    <message>
        <source>%1 compiled</source>
        <translation>%1 compiladas</translation>
    </message>
    <message>
        <source>%1 correct</source>
        <translation>%1 correctas</translation>
    </message>
    <message>
        <source>%1 failed</source>
        <translation>%1 fallidas</translation>
    </message>
    <message>
        <source>cancelling…</source>
        <translation>cancelando…</translation>
    </message>
    <message>
        <source>The evaluation run did not start: %1</source>
        <translation>La ejecución de evaluación no se inició: %1</translation>
    </message>
    <message>
        <source>Evaluation run %1: %2 cells finished now, %3 were already there, of %4; %5 compiled, %6 correct.</source>
        <translation>Ejecución de evaluación %1: %2 celdas terminadas ahora, %3 ya estaban, de %4; %5 compiladas, %6 correctas.</translation>
    </message>
    <message>
        <source>Cancelled: start the same plan again to resume.</source>
        <translation>Cancelada: inicie el mismo plan otra vez para reanudarla.</translation>
    </message>
    <message>
        <source>&amp;Evaluation</source>
        <translation>&amp;Evaluación</translation>
    </message>
    <message>
        <source>&amp;New evaluation run…</source>
        <translation>&amp;Nueva ejecución de evaluación…</translation>
    </message>
    <message>
        <source>&amp;Cancel the evaluation run</source>
        <translation>&amp;Cancelar la ejecución de evaluación</translation>
    </message>
    <message>
        <source>&amp;Skill editor…</source>
        <translation>Editor de &amp;habilidades…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Stop the evaluation run: finished cells stay in the project, the rest are asked when the plan is started again</source>
        <translation>Detener la ejecución de evaluación: las celdas terminadas quedan en el proyecto, el resto se pide al iniciar el plan de nuevo</translation>
    </message>
    <message>
        <source>Evaluation: cancelled before it started.</source>
        <translation>Evaluación: cancelada antes de empezar.</translation>
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
        <translation>No se pueden listar las ejecuciones de evaluación: %1</translation>
    </message>
    <message>
        <source>No evaluation run</source>
        <translation>Ninguna ejecución de evaluación</translation>
    </message>
    <message>
        <source>Cannot read the report of %1: %2</source>
        <translation>No se puede leer el informe de %1: %2</translation>
    </message>
    <message>
        <source>compile-only: no answer ran on a GPU, so none counts as correct</source>
        <translation>solo compilación: ninguna respuesta se ejecutó en una GPU, así que ninguna cuenta como correcta</translation>
    </message>
    <message>
        <source>mixed: %1 answers ran on a GPU, %2 were built only</source>
        <translation>mixto: %1 respuestas se ejecutaron en una GPU, %2 solo se compilaron</translation>
    </message>
    <message>
        <source>verified on %1</source>
        <translation>verificado en %1</translation>
    </message>
    <message>
        <source>%1 (%2): %3 of %4 answers stored · %5</source>
        <translation>%1 (%2): %3 de %4 respuestas guardadas · %5</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Condition</source>
        <translation>Condición</translation>
    </message>
    <message>
        <source>Answers</source>
        <translation>Respuestas</translation>
    </message>
    <message>
        <source>Answered</source>
        <translation>Con código</translation>
    </message>
    <message>
        <source>Compiled</source>
        <translation>Compiladas</translation>
    </message>
    <message>
        <source>Correct</source>
        <translation>Correctas</translation>
    </message>
    <message>
        <source>Faster</source>
        <translation>Más rápidas</translation>
    </message>
    <message>
        <source>Mean speedup</source>
        <translation>Aceleración media</translation>
    </message>
    <message>
        <source>Geo-mean speedup</source>
        <translation>Aceleración (media geom.)</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Tarea</translation>
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
        <translation>%1 de %2</translation>
    </message>
    <message>
        <source>%1 answered, %2 compiled, %3 correct, %4 faster than the baseline</source>
        <translation>%1 con código, %2 compiladas, %3 correctas, %4 más rápidas que la referencia</translation>
    </message>
    <message>
        <source>None of these answers had code: there is no sample to list.</source>
        <translation>Ninguna de estas respuestas tenía código: no hay muestras que listar.</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ejecución</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Inicio</translation>
    </message>
    <message>
        <source>Enter or a double click on a row or a task cell lists its answers as samples in the Review view.</source>
        <translation>Intro o un doble clic en una fila o en una celda de tarea lista sus respuestas como muestras en la vista Revisión.</translation>
    </message>
    <message>
        <source>Evaluation runs</source>
        <translation>Ejecuciones de evaluación</translation>
    </message>
    <message>
        <source>Results per model and condition</source>
        <translation>Resultados por modelo y condición</translation>
    </message>
    <message>
        <source>No evaluation runs in this project yet: Evaluation › New evaluation run (Ctrl+Shift+R) or kwb eval run PLAN starts one.</source>
        <translation>Este proyecto aún no tiene ejecuciones de evaluación: Evaluación › Nueva ejecución de evaluación (Ctrl+Shift+R) o kwb eval run PLAN inicia una.</translation>
    </message>
    <message>
        <source>Correct rate per task, model and condition</source>
        <translation>Tasa de aciertos por tarea, modelo y condición</translation>
    </message>
    <message>
        <source>Correct rate</source>
        <translation>Tasa de aciertos</translation>
    </message>
</context>
<context>
    <name>kwb::ui::ExportDialog</name>
    <message>
        <source>Export to</source>
        <translation>Exportar a</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl)</source>
        <translation>JSON Lines (*.jsonl)</translation>
    </message>
    <message>
        <source>Counting…</source>
        <translation>Contando…</translation>
    </message>
    <message>
        <source>Nothing to export: %1</source>
        <translation>Nada que exportar: %1</translation>
    </message>
    <message>
        <source>no model</source>
        <translation>sin modelo</translation>
    </message>
    <message>
        <source>%1 train rows and %2 test rows from %3 tasks. Models: %4.</source>
        <translation>%1 filas de entrenamiento y %2 de prueba de %3 tareas. Modelos: %4.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ninguno</translation>
    </message>
    <message>
        <source>(no rows)</source>
        <translation>(sin filas)</translation>
    </message>
    <message>
        <source>Exporting to %1…</source>
        <translation>Exportando a %1…</translation>
    </message>
    <message>
        <source>The export failed: %1</source>
        <translation>La exportación falló: %1</translation>
    </message>
    <message>
        <source>Wrote %1 rows to %2.</source>
        <translation>Se escribieron %1 filas en %2.</translation>
    </message>
    <message>
        <source>Export dataset</source>
        <translation>Exportar conjunto de datos</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Formato:</translation>
    </message>
    <message>
        <source>Supervised fine-tuning (accepted samples)</source>
        <translation>Ajuste fino supervisado (muestras aceptadas)</translation>
    </message>
    <message>
        <source>Preference pairs (accepted over rejected)</source>
        <translation>Pares de preferencia (aceptadas frente a rechazadas)</translation>
    </message>
    <message>
        <source>Unpaired labels (accepted and rejected)</source>
        <translation>Etiquetas sin emparejar (aceptadas y rechazadas)</translation>
    </message>
    <message>
        <source>Minimum &amp;speedup:</source>
        <translation>Aceleración &amp;mínima:</translation>
    </message>
    <message>
        <source>any</source>
        <translation>cualquiera</translation>
    </message>
    <message>
        <source>Only samples verified on a &amp;GPU</source>
        <translation>Solo muestras verificadas en una &amp;GPU</translation>
    </message>
    <message>
        <source>Include samples marked &amp;needs work</source>
        <translation>Incluir muestras marcadas como &amp;necesita trabajo</translation>
    </message>
    <message>
        <source>Include &amp;duplicates</source>
        <translation>Incluir &amp;duplicados</translation>
    </message>
    <message>
        <source>&amp;Test share (by task):</source>
        <translation>Proporción de &amp;prueba (por tarea):</translation>
    </message>
    <message>
        <source>&amp;Output file:</source>
        <translation>Archivo de &amp;salida:</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>E&amp;xaminar…</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Exportar</translation>
    </message>
    <message>
        <source>Exports every task and model of the project.</source>
        <translation>Exporta todas las tareas y modelos del proyecto.</translation>
    </message>
    <message>
        <source>Exports only: %1</source>
        <translation>Exporta solo: %1</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Cancelar</translation>
    </message>
    <message numerus="yes">
        <source>the %n selected sample(s)</source>
        <extracomment>The export dialog opened on the samples selected in the list</extracomment>
        <translation>
            <numerusform>la %n muestra seleccionada</numerusform>
            <numerusform>las %n muestras seleccionadas</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Output folder:</source>
        <translation>&amp;Carpeta de salida:</translation>
    </message>
    <message>
        <source>&amp;Write:</source>
        <translation>&amp;Destino:</translation>
    </message>
    <message>
        <source>One JSON Lines file</source>
        <translation>Un archivo JSON Lines</translation>
    </message>
    <message>
        <source>A Hugging Face dataset folder (data and dataset card)</source>
        <translation>Una carpeta de conjunto de datos de Hugging Face (datos y ficha)</translation>
    </message>
    <message>
        <source>&amp;License:</source>
        <translation>&amp;Licencia:</translation>
    </message>
    <message>
        <source>The dataset card&apos;s license, as Hugging Face names it (apache-2.0, cc-by-4.0, mit, other)</source>
        <translation>La licencia de la ficha del conjunto de datos, con el nombre que usa Hugging Face (apache-2.0, cc-by-4.0, mit, other)</translation>
    </message>
</context>
<context>
    <name>kwb::ui::FindReplaceBar</name>
    <message>
        <source>Find</source>
        <translation>Buscar</translation>
    </message>
    <message>
        <source>Replace with</source>
        <translation>Reemplazar por</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>Anterior</translation>
    </message>
    <message>
        <source>Find the previous match (Shift+F3)</source>
        <translation>Buscar la coincidencia anterior (Mayús+F3)</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Siguiente</translation>
    </message>
    <message>
        <source>Find the next match (F3)</source>
        <translation>Buscar la coincidencia siguiente (F3)</translation>
    </message>
    <message>
        <source>Match case</source>
        <translation>Distinguir mayúsculas</translation>
    </message>
    <message>
        <source>Whole words</source>
        <translation>Palabras completas</translation>
    </message>
    <message>
        <source>Regular expression</source>
        <translation>Expresión regular</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>Reemplazar</translation>
    </message>
    <message>
        <source>Replace all</source>
        <translation>Reemplazar todo</translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation>Cerrar (Esc)</translation>
    </message>
    <message>
        <source>Close the find bar</source>
        <translation>Cerrar la barra de búsqueda</translation>
    </message>
</context>
<context>
    <name>kwb::ui::GenerationJob</name>
    <message>
        <source>code</source>
        <translation>código</translation>
    </message>
    <message>
        <source>no code</source>
        <translation>sin código</translation>
    </message>
</context>
<context>
    <name>kwb::ui::GenerationPanel</name>
    <message>
        <source>Cancelled.</source>
        <translation>Cancelado.</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>Hecho.</translation>
    </message>
    <message>
        <source>Failed (%1): %2</source>
        <translation>Falló (%1): %2</translation>
    </message>
    <message>
        <source>Generation failed: %1</source>
        <translation>La generación falló: %1</translation>
    </message>
    <message>
        <source>Choose a task in an open project to generate for.</source>
        <translation>Elija una tarea de un proyecto abierto para generar.</translation>
    </message>
    <message>
        <source>Name the model to ask.</source>
        <translation>Indique el modelo al que preguntar.</translation>
    </message>
    <message>
        <source>Preparing the prompt…</source>
        <translation>Preparando el prompt…</translation>
    </message>
    <message>
        <source>Cannot prepare the prompt: %1</source>
        <translation>No se puede preparar el prompt: %1</translation>
    </message>
    <message>
        <source>Provider: %1</source>
        <translation>Proveedor: %1</translation>
    </message>
    <message>
        <source>Cannot read the skill file %1.</source>
        <translation>No se puede leer el archivo de habilidad %1.</translation>
    </message>
    <message>
        <source>%1 × %2 for %3</source>
        <translation>%1 × %2 para %3</translation>
    </message>
    <message>
        <source>$%1 so far</source>
        <translation>%1 $ hasta ahora</translation>
    </message>
    <message>
        <source>cost unknown (no price for this model)</source>
        <translation>coste desconocido (sin precio para este modelo)</translation>
    </message>
    <message>
        <source>%1 of %2 answers · %3 tokens in, %4 out · %5</source>
        <translation>%1 de %2 respuestas · %3 tokens de entrada, %4 de salida · %5</translation>
    </message>
    <message>
        <source>Choose a task to generate samples for.</source>
        <translation>Elija una tarea para generar muestras.</translation>
    </message>
    <message>
        <source>Generate samples for %1</source>
        <translation>Generar muestras para %1</translation>
    </message>
    <message>
        <source>&amp;Provider:</source>
        <translation>&amp;Proveedor:</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>&amp;Modelo:</translation>
    </message>
    <message>
        <source>&amp;Samples:</source>
        <translation>&amp;Muestras:</translation>
    </message>
    <message>
        <source>&amp;Temperature:</source>
        <translation>&amp;Temperatura:</translation>
    </message>
    <message>
        <source>&amp;Context:</source>
        <translation>&amp;Contexto:</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Ninguno</translation>
    </message>
    <message>
        <source>Accepted samples as examples</source>
        <translation>Muestras aceptadas como ejemplos</translation>
    </message>
    <message>
        <source>Skill file</source>
        <translation>Archivo de habilidad</translation>
    </message>
    <message>
        <source>Path to a SKILL.md</source>
        <translation>Ruta a un SKILL.md</translation>
    </message>
    <message>
        <source>&amp;Generate</source>
        <translation>&amp;Generar</translation>
    </message>
    <message>
        <source>Ca&amp;ncel</source>
        <translation>Ca&amp;ncelar</translation>
    </message>
    <message>
        <source>Answer %1</source>
        <translation>Respuesta %1</translation>
    </message>
    <message>
        <source>Answer %1, repair turn %2</source>
        <translation>Respuesta %1, turno de reparación %2</translation>
    </message>
    <message>
        <source>%1: sample #%2 (%3)</source>
        <translation>%1: muestra #%2 (%3)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message numerus="yes">
        <source>%n repair turn(s)</source>
        <translation>
            <numerusform>%n turno de reparación</numerusform>
            <numerusform>%n turnos de reparación</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Repair turns:</source>
        <translation>Turnos de &amp;reparación:</translation>
    </message>
    <message>
        <source>How often an answer without code, or one that does not compile or fails a shape in the check, is sent back to the model with the reason. Each turn becomes a sample linked to the answer it repairs.</source>
        <translation>Cuántas veces se devuelve al modelo, con el motivo, una respuesta sin código o que no compila o falla en una forma al comprobarla. Cada turno se convierte en una muestra vinculada a la respuesta que repara.</translation>
    </message>
    <message>
        <source>%1 × %2 for %3, with the reviewer&apos;s note</source>
        <translation>%1 × %2 para %3, con la nota del revisor</translation>
    </message>
    <message>
        <source>%1 × %2 for %3, from the edited prompt</source>
        <translation>%1 × %2 para %3, desde el prompt editado</translation>
    </message>
    <message>
        <source>A generation is starting; wait for it or cancel it.</source>
        <translation>Una generación está comenzando; espérela o cancélela.</translation>
    </message>
    <message>
        <source>Reading the provider&apos;s key from the keychain…</source>
        <translation>Leyendo la clave del proveedor del llavero…</translation>
    </message>
    <message>
        <source>The project was closed before the generation started.</source>
        <translation>El proyecto se cerró antes de que empezara la generación.</translation>
    </message>
</context>
<context>
    <name>kwb::ui::GpuStatusLabel</name>
    <message>
        <source>Looking for a GPU…</source>
        <translation>Buscando una GPU…</translation>
    </message>
    <message numerus="yes">
        <source>%1 (+%n more)</source>
        <translation>
            <numerusform>%1 (y %n más)</numerusform>
            <numerusform>%1 (y %n más)</numerusform>
        </translation>
    </message>
    <message>
        <source>No CUDA device: compile-only</source>
        <translation>Sin dispositivo CUDA: solo compilación</translation>
    </message>
    <message>
        <source>The GPU worker found no CUDA device</source>
        <translation>El proceso de GPU no encontró ningún dispositivo CUDA</translation>
    </message>
    <message>
        <source>this machine</source>
        <translation>esta máquina</translation>
    </message>
    <message>
        <source>Looking for a GPU on %1…</source>
        <translation>Buscando una GPU en %1…</translation>
    </message>
    <message>
        <source>Asking the GPU worker (%1) which CUDA devices it has</source>
        <translation>Preguntando al proceso de GPU (%1) qué dispositivos CUDA tiene</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <extracomment>The GPU and the worker it is on, e.g. &quot;NVIDIA H200 on gpu-server over ssh&quot;</extracomment>
        <translation>%1 en %2</translation>
    </message>
    <message>
        <source>Worker: %1
%2</source>
        <translation>Proceso de GPU: %1
%2</translation>
    </message>
    <message>
        <source>No CUDA device on %1: compile-only</source>
        <translation>Sin dispositivo CUDA en %1: solo compilación</translation>
    </message>
    <message>
        <source>Worker error: %1 did not answer</source>
        <translation>Error del proceso de GPU: %1 no respondió</translation>
    </message>
</context>
<context>
    <name>kwb::ui::HelpViewer</name>
    <message>
        <source>Help: %1</source>
        <translation>Ayuda: %1</translation>
    </message>
    <message>
        <source>This part of the README is not in this build: %1</source>
        <translation>Esta parte del README no está en esta compilación: %1</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Cerrar</translation>
    </message>
</context>
<context>
    <name>kwb::ui::MainWindow</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Ay&amp;uda</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <source>&amp;Tasks</source>
        <translation>&amp;Tareas</translation>
    </message>
    <message>
        <source>&amp;Editor</source>
        <translation>&amp;Editor</translation>
    </message>
    <message>
        <source>&amp;Verification</source>
        <translation>&amp;Verificación</translation>
    </message>
    <message>
        <source>&amp;About Kernel Workbench</source>
        <translation>&amp;Acerca de Kernel Workbench</translation>
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
        <translation>Co&amp;mparar</translation>
    </message>
    <message>
        <source>Opening the project…</source>
        <translation>Abriendo el proyecto…</translation>
    </message>
    <message>
        <source>Settings saved.</source>
        <translation>Configuración guardada.</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>The project did not open: %1</source>
        <translation>El proyecto no se abrió: %1</translation>
    </message>
    <message>
        <source>&amp;Sample</source>
        <translation>&amp;Muestra</translation>
    </message>
    <message>
        <source>&amp;Export dataset…</source>
        <translation>&amp;Exportar conjunto de datos…</translation>
    </message>
    <message>
        <source>Se&amp;ttings…</source>
        <translation>&amp;Configuración…</translation>
    </message>
    <message>
        <source>&amp;Verify</source>
        <translation>&amp;Verificar</translation>
    </message>
    <message>
        <source>&amp;Edit a copy</source>
        <translation>&amp;Editar una copia</translation>
    </message>
    <message>
        <source>&amp;Save the copy as a new sample</source>
        <translation>&amp;Guardar la copia como muestra nueva</translation>
    </message>
    <message>
        <source>&amp;Generate…</source>
        <translation>&amp;Generar…</translation>
    </message>
    <message>
        <source>&amp;Review</source>
        <translation>&amp;Revisión</translation>
    </message>
    <message>
        <source>&amp;Dataset</source>
        <translation>&amp;Conjunto de datos</translation>
    </message>
    <message>
        <source>Sa&amp;mples</source>
        <translation>&amp;Muestras</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Revisión</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>Conjunto de datos</translation>
    </message>
    <message>
        <source>Verification</source>
        <translation>Verificación</translation>
    </message>
    <message>
        <source>Generation</source>
        <translation>Generación</translation>
    </message>
    <message>
        <source>The &amp;window and its keys</source>
        <translation>La &amp;ventana y sus teclas</translation>
    </message>
    <message>
        <source>&amp;Projects, review and exports</source>
        <translation>&amp;Proyectos, revisión y exportación</translation>
    </message>
    <message>
        <source>&amp;Verifying a kernel</source>
        <translation>&amp;Verificar un kernel</translation>
    </message>
    <message>
        <source>A GPU on another machine (&amp;ssh)</source>
        <translation>Una GPU en otra máquina (&amp;ssh)</translation>
    </message>
    <message>
        <source>&amp;Quick start</source>
        <translation>&amp;Inicio rápido</translation>
    </message>
    <message>
        <source>Select the samples to export first.</source>
        <translation>Primero selecciona las muestras que exportar.</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>Atajos de &amp;teclado</translation>
    </message>
    <message>
        <source>&amp;Welcome</source>
        <translation>&amp;Bienvenida</translation>
    </message>
    <message>
        <source>E&amp;xport the selected samples…</source>
        <translation>E&amp;xportar las muestras seleccionadas…</translation>
    </message>
    <message>
        <source>Verification and generation &amp;panels</source>
        <translation>&amp;Paneles de verificación y generación</translation>
    </message>
    <message>
        <source>&amp;Task</source>
        <translation>&amp;Tarea</translation>
    </message>
    <message>
        <source>Check the host in Settings › Verification.</source>
        <translation>Comprueba el host en Configuración › Verificación.</translation>
    </message>
    <message>
        <source>Sample #%1 was not verified: %2</source>
        <translation>La muestra #%1 no se verificó: %2</translation>
    </message>
    <message>
        <source>The batch verification did not run: %1</source>
        <translation>La verificación por lotes no se ejecutó: %1</translation>
    </message>
    <message>
        <source>%1 passed, %2 failed, %3 not run (no GPU), %4 errors</source>
        <translation>%1 superadas, %2 fallidas, %3 sin ejecutar (sin GPU), %4 errores</translation>
    </message>
    <message>
        <source>Cancelled: %1 of %2 verified (%3); the rest stay unverified.</source>
        <translation>Cancelado: %1 de %2 verificadas (%3); el resto queda sin verificar.</translation>
    </message>
    <message numerus="yes">
        <source>%n sample(s) verified (%1), %2 already verified alike.</source>
        <translation>
            <numerusform>%n muestra verificada (%1), %2 ya verificadas igual.</numerusform>
            <numerusform>%n muestras verificadas (%1), %2 ya verificadas igual.</numerusform>
        </translation>
    </message>
    <message>
        <source>Verify se&amp;lected</source>
        <translation>Verificar &amp;seleccionadas</translation>
    </message>
    <message>
        <source>Verify all &amp;unverified</source>
        <translation>Verificar todas las &amp;no verificadas</translation>
    </message>
    <message>
        <source>Cancel the &amp;batch verification</source>
        <translation>Cancelar la verificación por &amp;lotes</translation>
    </message>
    <message>
        <source>E&amp;valuation</source>
        <translation>E&amp;valuación</translation>
    </message>
    <message>
        <source>Evaluation</source>
        <translation>Evaluación</translation>
    </message>
    <message>
        <source>&amp;Profile with Nsight Compute</source>
        <translation>&amp;Perfilar con Nsight Compute</translation>
    </message>
    <message>
        <source>Proven&amp;ance</source>
        <translation>Proced&amp;encia</translation>
    </message>
    <message>
        <source>&amp;Compare samples</source>
        <translation>&amp;Comparar muestras</translation>
    </message>
</context>
<context>
    <name>kwb::ui::NewEvalRunDialog</name>
    <message>
        <source>Evaluation plan</source>
        <translation>Plan de evaluación</translation>
    </message>
    <message>
        <source>Evaluation plans (*.toml)</source>
        <translation>Planes de evaluación (*.toml)</translation>
    </message>
    <message>
        <source>Choose a plan: a TOML file naming the models, conditions, tasks and samples (see resources/eval/skill-ab.toml).</source>
        <translation>Elija un plan: un archivo TOML que nombra los modelos, condiciones, tareas y muestras (vea resources/eval/skill-ab.toml).</translation>
    </message>
    <message>
        <source>Plan “%1”: %2 models × %3 conditions × %4 task selectors × %5 answers each. Cells the project already holds are not asked again.</source>
        <extracomment>An evaluation plan: its name, then how many models, conditions, task selectors and answers per cell it asks for</extracomment>
        <translation>Plan «%1»: %2 modelos × %3 condiciones × %4 selectores de tareas × %5 respuestas cada uno. Las celdas que el proyecto ya tiene no se vuelven a pedir.</translation>
    </message>
    <message>
        <source>New evaluation run</source>
        <translation>Nueva ejecución de evaluación</translation>
    </message>
    <message>
        <source>&amp;Plan:</source>
        <translation>&amp;Plan:</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Examinar…</translation>
    </message>
    <message>
        <source>&amp;Requests in flight per model:</source>
        <translation>Peticiones en &amp;curso por modelo:</translation>
    </message>
    <message>
        <source>the provider&apos;s</source>
        <translation>las del proveedor</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Iniciar</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
</context>
<context>
    <name>kwb::ui::NoticeBar</name>
    <message>
        <source>Dismiss</source>
        <translation>Descartar</translation>
    </message>
    <message numerus="yes">
        <source>%1 (and %n earlier problem(s))</source>
        <translation>
            <numerusform>%1 (y %n problema anterior)</numerusform>
            <numerusform>%1 (y %n problemas anteriores)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kwb::ui::ProfileActions</name>
    <message>
        <source>Select a sample to profile.</source>
        <translation>Seleccione una muestra para perfilarla.</translation>
    </message>
    <message>
        <source>Sample #%1 is being profiled; cancel it first.</source>
        <translation>Se está perfilando la muestra #%1; cancélelo primero.</translation>
    </message>
    <message>
        <source>Cannot profile: %1.</source>
        <translation>No se puede perfilar: %1.</translation>
    </message>
    <message>
        <source>Cannot read the sample&apos;s task: %1</source>
        <translation>No se puede leer la tarea de la muestra: %1</translation>
    </message>
    <message>
        <source>Profiling #%1…</source>
        <translation>Perfilando #%1…</translation>
    </message>
    <message>
        <source>Profiling sample #%1 with Nsight Compute…</source>
        <translation>Perfilando la muestra #%1 con Nsight Compute…</translation>
    </message>
    <message>
        <source>Profiling #%1: building…</source>
        <translation>Perfilando #%1: compilando…</translation>
    </message>
    <message>
        <source>Profiling #%1: the baseline under Nsight Compute…</source>
        <translation>Perfilando #%1: la referencia bajo Nsight Compute…</translation>
    </message>
    <message>
        <source>Profiling #%1: the candidate under Nsight Compute…</source>
        <translation>Perfilando #%1: el candidato bajo Nsight Compute…</translation>
    </message>
    <message>
        <source>Sample #%1 was not profiled: %2.</source>
        <translation>La muestra #%1 no se perfiló: %2.</translation>
    </message>
    <message>
        <source>The profile of #%1 was not stored: %2</source>
        <translation>El perfil de #%1 no se guardó: %2</translation>
    </message>
    <message>
        <source>Profile of #%1 stored.</source>
        <translation>Perfil de #%1 guardado.</translation>
    </message>
    <message>
        <source>Profiling cancelled.</source>
        <translation>Perfilado cancelado.</translation>
    </message>
    <message>
        <source>Profiling #%1 stopped: %2</source>
        <translation>El perfilado de #%1 se detuvo: %2</translation>
    </message>
    <message>
        <source>The profiles of #%1 cannot be read: %2</source>
        <translation>No se pueden leer los perfiles de #%1: %2</translation>
    </message>
    <message>
        <source>Cancel profiling</source>
        <translation>Cancelar el perfilado</translation>
    </message>
    <message>
        <source>Profiling</source>
        <translation>Perfilado</translation>
    </message>
</context>
<context>
    <name>kwb::ui::ProfileView</name>
    <message>
        <source>Duration</source>
        <translation>Duración</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>Kernels</translation>
    </message>
    <message>
        <source>SM throughput</source>
        <translation>Rendimiento de los SM</translation>
    </message>
    <message>
        <source>Memory throughput</source>
        <translation>Rendimiento de memoria</translation>
    </message>
    <message>
        <source>Achieved occupancy</source>
        <translation>Ocupación lograda</translation>
    </message>
    <message>
        <source>Theoretical occupancy</source>
        <translation>Ocupación teórica</translation>
    </message>
    <message>
        <source>Registers per thread</source>
        <translation>Registros por hilo</translation>
    </message>
    <message>
        <source>Shared memory per block</source>
        <translation>Memoria compartida por bloque</translation>
    </message>
    <message>
        <source>L1 hit rate</source>
        <translation>Tasa de aciertos L1</translation>
    </message>
    <message>
        <source>L2 hit rate</source>
        <translation>Tasa de aciertos L2</translation>
    </message>
    <message>
        <source>DRAM traffic</source>
        <translation>Tráfico DRAM</translation>
    </message>
    <message>
        <source>Arithmetic intensity</source>
        <translation>Intensidad aritmética</translation>
    </message>
    <message>
        <source>Achieved rate</source>
        <translation>Rendimiento logrado</translation>
    </message>
    <message>
        <source>Profiling… the status bar follows it.</source>
        <translation>Perfilando… la barra de estado lo sigue.</translation>
    </message>
    <message>
        <source>No profile of this sample yet. Profile it (%1): Nsight Compute measures one call of the candidate and one of the baseline on the GPU, side by side.</source>
        <translation>Esta muestra aún no tiene perfil. Perfílela (%1): Nsight Compute mide una llamada del candidato y una de la referencia en la GPU, lado a lado.</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Referencia</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Candidato</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <extracomment>A profiled side and what it ran, e.g. &quot;Baseline (cuBLAS SGEMM)&quot;</extracomment>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Nsight Compute %1, section set %2, shape %3, on %4 (%5); the clocks were left as they were.</source>
        <translation>Nsight Compute %1, conjunto de secciones %2, forma %3, en %4 (%5); los relojes se dejaron como estaban.</translation>
    </message>
    <message>
        <source>an unnamed GPU</source>
        <translation>una GPU sin nombre</translation>
    </message>
    <message>
        <source>%1 was not profiled: %2</source>
        <translation>%1 no se perfiló: %2</translation>
    </message>
    <message>
        <source>The two sides differ here</source>
        <translation>Los dos lados difieren aquí</translation>
    </message>
    <message>
        <source>Not profiled: %1</source>
        <translation>No perfilado: %1</translation>
    </message>
    <message>
        <source>occupancy limited by %1</source>
        <translation>ocupación limitada por %1</translation>
    </message>
    <message>
        <source>stalls: %1</source>
        <translation>esperas: %1</translation>
    </message>
    <message>
        <source>Hot lines of %1 (warp-stall samples; Enter shows the line)</source>
        <translation>Líneas calientes de %1 (muestras de espera de warps; Intro muestra la línea)</translation>
    </message>
    <message>
        <source>Line %1 · %2 samples · %3</source>
        <extracomment>A hot source line: its number, its samples, its text</extracomment>
        <translation>Línea %1 · %2 muestras · %3</translation>
    </message>
    <message>
        <source>Show line %1 in the kernel editor</source>
        <translation>Mostrar la línea %1 en el editor del kernel</translation>
    </message>
    <message>
        <source>Profile again</source>
        <translation>Perfilar de nuevo</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>Perfilar</translation>
    </message>
    <message>
        <source>Profile the sample with Nsight Compute (%1)</source>
        <translation>Perfilar la muestra con Nsight Compute (%1)</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>Métrica</translation>
    </message>
    <message>
        <source>Candidate and baseline side by side</source>
        <translation>Candidato y referencia lado a lado</translation>
    </message>
    <message>
        <source>Kernels, stall reasons and hot lines</source>
        <translation>Kernels, motivos de espera y líneas calientes</translation>
    </message>
    <message>
        <source>Highlighted: the two sides differ by more than a quarter, or by more than 10 points of a percentage.</source>
        <translation>Resaltado: los dos lados difieren en más de una cuarta parte, o en más de 10 puntos de un porcentaje.</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>Roofline</translation>
    </message>
    <message>
        <source>Stall reasons</source>
        <translation>Motivos de espera</translation>
    </message>
</context>
<context>
    <name>kwb::ui::ProjectActions</name>
    <message>
        <source>&amp;New project…</source>
        <translation>&amp;Nuevo proyecto…</translation>
    </message>
    <message>
        <source>&amp;Open project…</source>
        <translation>&amp;Abrir proyecto…</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>Abrir &amp;reciente</translation>
    </message>
    <message>
        <source>&amp;Import samples (JSONL)…</source>
        <translation>&amp;Importar muestras (JSONL)…</translation>
    </message>
    <message>
        <source>Import a &amp;folder of kernels…</source>
        <translation>Importar una &amp;carpeta de kernels…</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>(ninguno aún)</translation>
    </message>
    <message>
        <source>Creating %1…</source>
        <translation>Creando %1…</translation>
    </message>
    <message>
        <source>New project</source>
        <translation>Nuevo proyecto</translation>
    </message>
    <message>
        <source>Workbench projects (*.kwbproj)</source>
        <translation>Proyectos del banco de trabajo (*.kwbproj)</translation>
    </message>
    <message>
        <source>Open project</source>
        <translation>Abrir proyecto</translation>
    </message>
    <message>
        <source>Workbench projects (*.kwbproj);;All files (*)</source>
        <translation>Proyectos del banco de trabajo (*.kwbproj);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Import samples</source>
        <translation>Importar muestras</translation>
    </message>
    <message>
        <source>Samples, one JSON object a line (*.jsonl);;All files (*)</source>
        <translation>Muestras, un objeto JSON por línea (*.jsonl);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Choose the kernels&apos; task in the task list first.</source>
        <translation>Elige primero la tarea de los kernels en la lista de tareas.</translation>
    </message>
    <message>
        <source>Import the .cu files of a folder as %1 samples</source>
        <translation>Importar los archivos .cu de una carpeta como muestras de %1</translation>
    </message>
    <message>
        <source>Nothing was imported from %1: %2</source>
        <translation>No se importó nada de %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n sample(s).</source>
        <translation>
            <numerusform>Importada %n muestra.</numerusform>
            <numerusform>Importadas %n muestras.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kwb::ui::PromptActions</name>
    <message>
        <source>Ask the generation panel&apos;s model with the Prompt tab&apos;s text (edit a copy first)</source>
        <translation>Preguntar al modelo del panel de generación con el texto de la pestaña Prompt (primero edite una copia)</translation>
    </message>
    <message>
        <source>Regenerate with my &amp;note</source>
        <translation>Regenerar con mi n&amp;ota</translation>
    </message>
    <message>
        <source>Send this sample back to the model with the review note as a repair turn</source>
        <translation>Devolver esta muestra al modelo con la nota de revisión como turno de reparación</translation>
    </message>
    <message>
        <source>Select a sample whose prompt to send.</source>
        <translation>Seleccione la muestra cuyo prompt quiere enviar.</translation>
    </message>
    <message>
        <source>The prompt cannot be sent: %1</source>
        <translation>No se puede enviar el prompt: %1</translation>
    </message>
    <message>
        <source>Cannot read the sample&apos;s task: %1</source>
        <translation>No se puede leer la tarea de la muestra: %1</translation>
    </message>
    <message>
        <source>Select the sample to send back with your note.</source>
        <translation>Seleccione la muestra que quiere devolver con su nota.</translation>
    </message>
    <message>
        <source>Write a note first (Alt+O): it is what the model is asked to act on.</source>
        <translation>Escriba primero una nota (Alt+O): es lo que se pide al modelo que corrija.</translation>
    </message>
    <message>
        <source>Cannot send the note: %1</source>
        <translation>No se puede enviar la nota: %1</translation>
    </message>
    <message>
        <source>Generate from this p&amp;rompt</source>
        <translation>Generar desde es&amp;te prompt</translation>
    </message>
</context>
<context>
    <name>kwb::ui::ProvenanceView</name>
    <message>
        <source>accepted</source>
        <translation>aceptada</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>rechazada</translation>
    </message>
    <message>
        <source>needs work</source>
        <translation>necesita trabajo</translation>
    </message>
    <message>
        <source>unreviewed</source>
        <translation>sin revisar</translation>
    </message>
    <message>
        <source>written by a person</source>
        <translation>escrita por una persona</translation>
    </message>
    <message>
        <source>written by %1</source>
        <translation>escrita por %1</translation>
    </message>
    <message>
        <source>imported</source>
        <translation>importada</translation>
    </message>
    <message>
        <source>one of the demo samples</source>
        <translation>una de las muestras de demostración</translation>
    </message>
    <message>
        <source>Cannot read the provenance of sample #%1: %2</source>
        <translation>No se puede leer la procedencia de la muestra n.º %1: %2</translation>
    </message>
    <message>
        <source>Choose a sample to see where it came from.</source>
        <translation>Elija una muestra para ver de dónde viene.</translation>
    </message>
    <message>
        <source>Generation</source>
        <translation>Generación</translation>
    </message>
    <message>
        <source>from sample #%1</source>
        <translation>a partir de la muestra n.º %1</translation>
    </message>
    <message>
        <source>No transcript: this sample was %1.</source>
        <translation>Sin transcripción (origen: %1).</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>desconocido</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>Modelo: %1</translation>
    </message>
    <message>
        <source>Provider: %1</source>
        <translation>Proveedor: %1</translation>
    </message>
    <message>
        <source>Tokens in: %1</source>
        <translation>Tokens de entrada: %1</translation>
    </message>
    <message>
        <source>Tokens out: %1</source>
        <translation>Tokens de salida: %1</translation>
    </message>
    <message>
        <source>Cost: %1</source>
        <translation>Coste: %1</translation>
    </message>
    <message>
        <source>Latency: %1</source>
        <translation>Latencia: %1</translation>
    </message>
    <message>
        <source>Repair turn %1</source>
        <translation>Turno de reparación %1</translation>
    </message>
    <message>
        <source>Raw response</source>
        <translation>Respuesta sin procesar</translation>
    </message>
    <message>
        <source>Verifications</source>
        <translation>Verificaciones</translation>
    </message>
    <message>
        <source>Never verified.</source>
        <translation>Nunca verificada.</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Hora</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Veredicto</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Dispositivo</translation>
    </message>
    <message>
        <source>Worker</source>
        <translation>Proceso de trabajo</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>Opciones</translation>
    </message>
    <message>
        <source>Speedup</source>
        <translation>Aceleración</translation>
    </message>
    <message>
        <source>no GPU</source>
        <translation>sin GPU</translation>
    </message>
    <message>
        <source>Review history</source>
        <translation>Historial de revisión</translation>
    </message>
    <message>
        <source>Not reviewed yet.</source>
        <translation>Aún sin revisar.</translation>
    </message>
    <message>
        <source>Reviewer</source>
        <translation>Revisor</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Nota</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>Etiquetas</translation>
    </message>
    <message>
        <source>undo: back to %1</source>
        <translation>deshecho: vuelve a %1</translation>
    </message>
</context>
<context>
    <name>kwb::ui::ReviewBar</name>
    <message>
        <source>Accept</source>
        <translation>Aceptar</translation>
    </message>
    <message>
        <source>Accept this sample into the training set (A)</source>
        <translation>Aceptar esta muestra en el conjunto de entrenamiento (A)</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>Rechazar</translation>
    </message>
    <message>
        <source>Reject this sample (R)</source>
        <translation>Rechazar esta muestra (R)</translation>
    </message>
    <message>
        <source>Needs work</source>
        <translation>Necesita trabajo</translation>
    </message>
    <message>
        <source>Mark this sample for another pass (N)</source>
        <translation>Marcar esta muestra para otra revisión (N)</translation>
    </message>
    <message>
        <source>N&amp;ote:</source>
        <translation>N&amp;ota:</translation>
    </message>
    <message>
        <source>Optional; saved with the verdict</source>
        <translation>Opcional; se guarda con el veredicto</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>Anterior</translation>
    </message>
    <message>
        <source>The previous unreviewed sample (K)</source>
        <translation>La muestra sin revisar anterior (K)</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Siguiente</translation>
    </message>
    <message>
        <source>The next unreviewed sample (J)</source>
        <translation>La siguiente muestra sin revisar (J)</translation>
    </message>
    <message>
        <source>Undo verdict</source>
        <translation>Deshacer veredicto</translation>
    </message>
    <message>
        <source>Take back the last verdict (Ctrl+Z outside text fields)</source>
        <translation>Retira el último veredicto (Ctrl+Z fuera de los campos de texto)</translation>
    </message>
    <message>
        <source>Ta&amp;gs:</source>
        <translation>&amp;Etiquetas:</translation>
    </message>
    <message>
        <source>Comma-separated, e.g. uses-tensor-cores, clean</source>
        <translation>Separadas por comas, p. ej. uses-tensor-cores, clean</translation>
    </message>
    <message>
        <source>Reviewed %1 of %2</source>
        <translation>Revisadas %1 de %2</translation>
    </message>
    <message>
        <source>Latest verification</source>
        <translation>Última verificación</translation>
    </message>
</context>
<context>
    <name>kwb::ui::ReviewController</name>
    <message>
        <source>Cannot read the task counts: %1</source>
        <translation>No se pueden leer los recuentos de tareas: %1</translation>
    </message>
    <message>
        <source>Cannot list the samples: %1</source>
        <translation>No se pueden listar las muestras: %1</translation>
    </message>
    <message>
        <source>Cannot open sample #%1: %2</source>
        <translation>No se puede abrir la muestra #%1: %2</translation>
    </message>
    <message>
        <source>The verdict was not saved: %1</source>
        <translation>El veredicto no se guardó: %1</translation>
    </message>
    <message numerus="yes">
        <source>Verdict taken back on %n sample(s)</source>
        <translation>
            <numerusform>Veredicto retirado en %n muestra</numerusform>
            <numerusform>Veredicto retirado en %n muestras</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Verdict saved on %n sample(s)</source>
        <translation>
            <numerusform>Veredicto guardado en %n muestra</numerusform>
            <numerusform>Veredicto guardado en %n muestras</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot find the next sample: %1</source>
        <translation>No se encuentra la siguiente muestra: %1</translation>
    </message>
    <message>
        <source>Nothing left to review here.</source>
        <translation>No queda nada por revisar aquí.</translation>
    </message>
    <message>
        <source>No verdict to take back.</source>
        <translation>No hay veredicto que retirar.</translation>
    </message>
    <message>
        <source>The verdict was not taken back: %1</source>
        <translation>El veredicto no se retiró: %1</translation>
    </message>
    <message numerus="yes">
        <source>Not accepted: %n sample(s) stay as they were.</source>
        <translation>
            <numerusform>No aceptada: %n muestra queda como estaba.</numerusform>
            <numerusform>No aceptadas: %n muestras quedan como estaban.</numerusform>
        </translation>
    </message>
    <message>
        <source>Editing a copy of the prompt; the sample keeps its own.</source>
        <translation>Editando una copia del prompt; la muestra conserva el suyo.</translation>
    </message>
</context>
<context>
    <name>kwb::ui::SampleActions</name>
    <message>
        <source>Select a sample to verify.</source>
        <translation>Seleccione una muestra para verificar.</translation>
    </message>
    <message>
        <source>Cannot read the sample&apos;s task: %1</source>
        <translation>No se puede leer la tarea de la muestra: %1</translation>
    </message>
    <message>
        <source>Verifying sample #%1…</source>
        <translation>Verificando la muestra #%1…</translation>
    </message>
    <message>
        <source>Verifying the draft…</source>
        <translation>Verificando el borrador…</translation>
    </message>
    <message>
        <source>The verification of #%1 was not stored: %2</source>
        <translation>La verificación de #%1 no se guardó: %2</translation>
    </message>
    <message>
        <source>Verification of #%1 stored.</source>
        <translation>Verificación de #%1 guardada.</translation>
    </message>
    <message>
        <source>Editing a copy of #%1: Ctrl+S saves it as a new sample.</source>
        <translation>Editando una copia de #%1: Ctrl+S la guarda como muestra nueva.</translation>
    </message>
    <message>
        <source>The copy was not saved: %1</source>
        <translation>La copia no se guardó: %1</translation>
    </message>
    <message>
        <source>Saved as sample #%1.</source>
        <translation>Guardada como muestra #%1.</translation>
    </message>
    <message>
        <source>Cannot compare: %1</source>
        <translation>No se puede comparar: %1</translation>
    </message>
    <message>
        <source>Unsaved copy</source>
        <translation>Copia sin guardar</translation>
    </message>
    <message>
        <source>Your copy of sample #%1 has changes that are not saved.</source>
        <translation>Su copia de la muestra #%1 tiene cambios sin guardar.</translation>
    </message>
    <message>
        <source>Save it as a new sample, discard it, or go back to editing it?</source>
        <translation>¿Guardarla como una muestra nueva, descartarla o seguir editándola?</translation>
    </message>
    <message>
        <source>&amp;Save as a new sample</source>
        <translation>&amp;Guardar como muestra nueva</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>&amp;Descartar</translation>
    </message>
    <message>
        <source>&amp;Keep editing</source>
        <translation>&amp;Seguir editando</translation>
    </message>
    <message>
        <source>The copy was discarded.</source>
        <translation>Se descartó la copia.</translation>
    </message>
    <message>
        <source>Select the samples to verify.</source>
        <translation>Seleccione las muestras que verificar.</translation>
    </message>
    <message>
        <source>A batch verification is running: cancel it (Escape) or wait for it.</source>
        <translation>Hay una verificación por lotes en curso: cancélela (Escape) o espere a que termine.</translation>
    </message>
    <message>
        <source>Verifying every unverified sample of the list…</source>
        <translation>Verificando todas las muestras sin verificar de la lista…</translation>
    </message>
    <message numerus="yes">
        <source>Verifying %n sample(s)…</source>
        <translation>
            <numerusform>Verificando %n muestra…</numerusform>
            <numerusform>Verificando %n muestras…</numerusform>
        </translation>
    </message>
    <message>
        <source>Compare takes at most %1 samples: %2 are selected.</source>
        <translation>Comparar admite como máximo %1 muestras: hay %2 seleccionadas.</translation>
    </message>
    <message>
        <source>Compare samples of one task: the selection holds samples of %1.</source>
        <translation>Compare muestras de una sola tarea: la selección tiene muestras de %1.</translation>
    </message>
    <message>
        <source>Select two to eight samples of one task (Ctrl+click), or a sample with a parent or with two verifications, to compare.</source>
        <translation>Seleccione de dos a ocho muestras de una tarea (Ctrl+clic), o una muestra con padre o con dos verificaciones, para comparar.</translation>
    </message>
</context>
<context>
    <name>kwb::ui::SampleFilterBar</name>
    <message>
        <source>(no model)</source>
        <translation>(sin modelo)</translation>
    </message>
    <message>
        <source>Save filter</source>
        <translation>Guardar filtro</translation>
    </message>
    <message>
        <source>Name of the filter:</source>
        <translation>Nombre del filtro:</translation>
    </message>
    <message>
        <source>Find in source and notes (Ctrl+F)</source>
        <translation>Buscar en el código y las notas (Ctrl+F)</translation>
    </message>
    <message>
        <source>Find in source and notes</source>
        <translation>Buscar en el código y las notas</translation>
    </message>
    <message>
        <source>Filters</source>
        <translation>Filtros</translation>
    </message>
    <message>
        <source>Show or hide the filters by tag, reviewer, verdict and more</source>
        <translation>Mostrar u ocultar los filtros por etiqueta, revisor, veredicto y más</translation>
    </message>
    <message>
        <source>Save filter…</source>
        <translation>Guardar filtro…</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Borrar</translation>
    </message>
    <message>
        <source>Clear every filter: the full list (Escape in the find field)</source>
        <translation>Quitar todos los filtros: la lista completa (Escape en el campo de búsqueda)</translation>
    </message>
    <message>
        <source>Saved filters</source>
        <translation>Filtros guardados</translation>
    </message>
    <message>
        <source>Any tag</source>
        <translation>Cualquier etiqueta</translation>
    </message>
    <message>
        <source>Anyone</source>
        <translation>Cualquiera</translation>
    </message>
    <message>
        <source>Any model</source>
        <translation>Cualquier modelo</translation>
    </message>
    <message>
        <source>Any verdict</source>
        <translation>Cualquier veredicto</translation>
    </message>
    <message>
        <source>Unreviewed</source>
        <translation>Sin revisar</translation>
    </message>
    <message>
        <source>Accepted</source>
        <translation>Aceptadas</translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation>Rechazadas</translation>
    </message>
    <message>
        <source>Needs work</source>
        <translation>Necesita trabajo</translation>
    </message>
    <message>
        <source>Any result</source>
        <translation>Cualquier resultado</translation>
    </message>
    <message>
        <source>Passed</source>
        <translation>Superada</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fallida</translation>
    </message>
    <message>
        <source>Suspected hack</source>
        <translation>Posible trampa</translation>
    </message>
    <message>
        <source>Not run</source>
        <translation>No ejecutada</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Error</translation>
    </message>
    <message>
        <source>Any screening</source>
        <translation>Cualquier revisión</translation>
    </message>
    <message>
        <source>With findings</source>
        <translation>Con hallazgos</translation>
    </message>
    <message>
        <source>Without findings</source>
        <translation>Sin hallazgos</translation>
    </message>
    <message>
        <source>any</source>
        <translation>cualquiera</translation>
    </message>
    <message>
        <source>Duplicates only</source>
        <translation>Solo duplicados</translation>
    </message>
    <message>
        <source>Tag:</source>
        <translation>Etiqueta:</translation>
    </message>
    <message>
        <source>Reviewer:</source>
        <translation>Revisor:</translation>
    </message>
    <message>
        <source>Verdict:</source>
        <translation>Veredicto:</translation>
    </message>
    <message>
        <source>Verification:</source>
        <translation>Verificación:</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Modelo:</translation>
    </message>
    <message>
        <source>Screening:</source>
        <translation>Revisión:</translation>
    </message>
    <message>
        <source>Speedup:</source>
        <translation>Aceleración:</translation>
    </message>
</context>
<context>
    <name>kwb::ui::SampleListModel</name>
    <message>
        <source>now</source>
        <translation>ahora</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 d</translation>
    </message>
    <message>
        <source>Unverified</source>
        <translation>Sin verificar</translation>
    </message>
    <message>
        <source>Passed</source>
        <translation>Superada</translation>
    </message>
    <message>
        <source>Compiles</source>
        <translation>Compila</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Falló: %1</translation>
    </message>
    <message>
        <source>Accepted</source>
        <translation>Aceptadas</translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation>Rechazadas</translation>
    </message>
    <message>
        <source>Needs work</source>
        <translation>Necesita trabajo</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Cargando…</translation>
    </message>
    <message>
        <source>(person)</source>
        <translation>(persona)</translation>
    </message>
    <message>
        <source>(import)</source>
        <translation>(importada)</translation>
    </message>
    <message>
        <source>%1; duplicate of #%2</source>
        <translation>%1; duplicado de #%2</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Tarea</translation>
    </message>
    <message>
        <source>Sample</source>
        <translation>Muestra</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Speedup</source>
        <translation>Aceleración</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>Edad</translation>
    </message>
    <message>
        <source>↳ %1 · turn %2 of #%3</source>
        <translation>↳ %1 · turno %2 de #%3</translation>
    </message>
    <message>
        <source>↳ %1 · turn %2</source>
        <translation>↳ %1 · turno %2</translation>
    </message>
    <message>
        <source>Repair turn %1 of sample #%2: the model&apos;s answer after being told why that sample failed.</source>
        <translation>Turno de reparación %1 de la muestra #%2: la respuesta del modelo tras decirle por qué falló esa muestra.</translation>
    </message>
    <message>
        <source>Repair turn %1 of an answer that had no code.</source>
        <translation>Turno de reparación %1 de una respuesta que no tenía código.</translation>
    </message>
    <message numerus="yes">
        <source>Passed, needs a human: %n screening finding(s)</source>
        <translation>
            <numerusform>Superada, requiere una persona: %n hallazgo de la revisión</numerusform>
            <numerusform>Superada, requiere una persona: %n hallazgos de la revisión</numerusform>
        </translation>
    </message>
    <message>
        <source>Suspected hack: %1</source>
        <translation>Posible trampa: %1</translation>
    </message>
    <message>
        <source>Check did not finish: %1</source>
        <translation>La comprobación no terminó: %1</translation>
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
            <numerusform>%n muestra</numerusform>
            <numerusform>%n muestras</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 · all tasks</source>
        <translation>%1 · todas las tareas</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>Muestras</translation>
    </message>
</context>
<context>
    <name>kwb::ui::ScreeningList</name>
    <message>
        <source>Host-code screening findings</source>
        <translation>Hallazgos de la revisión del código de host</translation>
    </message>
    <message>
        <source>Not screened: this verification is older than the host-code screen.</source>
        <translation>Sin revisar: esta verificación es anterior a la revisión del código de host.</translation>
    </message>
    <message>
        <source>No findings: the host code does nothing a kernel launcher never needs.</source>
        <translation>Sin hallazgos: el código de host no hace nada que un lanzador de kernels nunca necesite.</translation>
    </message>
    <message>
        <source>Enter or double click: show line %1 in the kernel editor</source>
        <translation>Intro o doble clic: mostrar la línea %1 en el editor del kernel</translation>
    </message>
</context>
<context>
    <name>kwb::ui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Configuración</translation>
    </message>
    <message>
        <source>Providers</source>
        <translation>Proveedores</translation>
    </message>
    <message>
        <source>Verification</source>
        <translation>Verificación</translation>
    </message>
    <message>
        <source>Interface</source>
        <translation>Interfaz</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Protocol</source>
        <translation>Protocolo</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>URL base</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>Clave de API</translation>
    </message>
    <message>
        <source>&amp;Add provider</source>
        <translation>&amp;Añadir proveedor</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Quitar</translation>
    </message>
    <message>
        <source>Keys are stored in %1, readable only by you, or taken from the environment (ANTHROPIC_API_KEY, OPENAI_API_KEY, HF_TOKEN), which wins. This build does not use the system keychain. Keys never reach the GPU worker or a project.</source>
        <translation>Las claves se guardan en %1, legible solo por usted, o se toman del entorno (ANTHROPIC_API_KEY, OPENAI_API_KEY, HF_TOKEN), que tiene prioridad. Esta compilación no usa el llavero del sistema. Las claves nunca llegan al trabajador de GPU ni a un proyecto.</translation>
    </message>
    <message>
        <source>%1 is not valid JSON; it was left as it was.</source>
        <translation>%1 no es JSON válido; se dejó como estaba.</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>No se puede escribir %1.</translation>
    </message>
    <message>
        <source>The worker&apos;s default</source>
        <translation>La predeterminada del trabajador</translation>
    </message>
    <message>
        <source>The worker reported no CUDA device.</source>
        <translation>El trabajador no informó de ningún dispositivo CUDA.</translation>
    </message>
    <message>
        <source>On this machine</source>
        <translation>En esta máquina</translation>
    </message>
    <message>
        <source>Over ssh on:</source>
        <translation>Por ssh en:</translation>
    </message>
    <message>
        <source>user@gpu-server</source>
        <translation>usuario@servidor-gpu</translation>
    </message>
    <message>
        <source>Time the kernel against the baseline</source>
        <translation>Medir el tiempo del kernel frente a la referencia</translation>
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
        <translation>Trabajador:</translation>
    </message>
    <message>
        <source>Correctness trials per shape:</source>
        <translation>Pruebas de corrección por forma:</translation>
    </message>
    <message>
        <source>Target relative standard error:</source>
        <translation>Error estándar relativo objetivo:</translation>
    </message>
    <message>
        <source>Most timing samples per shape:</source>
        <translation>Máximo de mediciones por forma:</translation>
    </message>
    <message>
        <source>Timing cap per shape:</source>
        <translation>Límite de tiempo de medición por forma:</translation>
    </message>
    <message>
        <source>Deadline of a verification:</source>
        <translation>Plazo de una verificación:</translation>
    </message>
    <message>
        <source>The system&apos;s language</source>
        <translation>El idioma del sistema</translation>
    </message>
    <message>
        <source>The language changes at the next start.</source>
        <translation>El idioma cambia en el próximo inicio.</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>Idioma:</translation>
    </message>
    <message>
        <source>Keys are stored in the system keychain (Secret Service), or taken from the environment (ANTHROPIC_API_KEY, OPENAI_API_KEY, HF_TOKEN), which wins. The kwb command line does not read the keychain: give it keys through the environment. Keys never reach the GPU worker or a project.</source>
        <translation>Las claves se guardan en el llavero del sistema (Secret Service) o se toman del entorno (ANTHROPIC_API_KEY, OPENAI_API_KEY, HF_TOKEN), que tiene prioridad. La línea de órdenes kwb no lee el llavero: pásele las claves por el entorno. Las claves nunca llegan al trabajador de GPU ni a un proyecto.</translation>
    </message>
    <message>
        <source>No system keychain is reachable (%2), so keys are stored in %1, readable only by you, or taken from the environment (ANTHROPIC_API_KEY, OPENAI_API_KEY, HF_TOKEN), which wins. Keys never reach the GPU worker or a project.</source>
        <translation>No se puede acceder a ningún llavero del sistema (%2), así que las claves se guardan en %1, legible solo por usted, o se toman del entorno (ANTHROPIC_API_KEY, OPENAI_API_KEY, HF_TOKEN), que tiene prioridad. Las claves nunca llegan al trabajador de GPU ni a un proyecto.</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Guardar</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Cancelar</translation>
    </message>
    <message>
        <source>&amp;Test connection</source>
        <translation>&amp;Probar conexión</translation>
    </message>
    <message>
        <source>Connected to %1: %2</source>
        <translation>Conectado a %1: %2</translation>
    </message>
    <message>
        <source>Connected to %1: no CUDA device there (compile-only)</source>
        <translation>Conectado a %1: allí no hay dispositivo CUDA (solo compilación)</translation>
    </message>
    <message>
        <source>%1 did not answer: %2</source>
        <translation>%1 no respondió: %2</translation>
    </message>
    <message>
        <source>Asking %1…</source>
        <translation>Preguntando a %1…</translation>
    </message>
    <message>
        <source>Built in: the generation panel always offers it</source>
        <translation>Incorporado: el panel de generación siempre lo ofrece</translation>
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
        <translation>superada</translation>
    </message>
    <message>
        <source>wrong result</source>
        <translation>resultado incorrecto</translation>
    </message>
    <message>
        <source>NaN in output</source>
        <translation>NaN en la salida</translation>
    </message>
    <message>
        <source>output not written</source>
        <translation>salida sin escribir</translation>
    </message>
    <message>
        <source>nondeterministic</source>
        <translation>no determinista</translation>
    </message>
    <message>
        <source>input modified</source>
        <translation>entrada modificada</translation>
    </message>
    <message>
        <source>suspicious timing</source>
        <translation>tiempo sospechoso</translation>
    </message>
    <message>
        <source>impossible timing</source>
        <translation>tiempo imposible</translation>
    </message>
    <message>
        <source>contract violation</source>
        <translation>incumplimiento del contrato</translation>
    </message>
    <message>
        <source>hazard found by compute-sanitizer</source>
        <translation>peligro hallado por compute-sanitizer</translation>
    </message>
    <message>
        <source>illegal address</source>
        <translation>dirección ilegal</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>tiempo agotado</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>se bloqueó</translation>
    </message>
    <message>
        <source>launch error</source>
        <translation>error de lanzamiento</translation>
    </message>
    <message>
        <source>CUDA error</source>
        <translation>error de CUDA</translation>
    </message>
    <message>
        <source>harness error</source>
        <translation>error del arnés de pruebas</translation>
    </message>
    <message>
        <source>could not load</source>
        <translation>no se pudo cargar</translation>
    </message>
    <message>
        <source>compile error</source>
        <translation>error de compilación</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>no ejecutada</translation>
    </message>
    <message>
        <source>Elements outside the tolerance, over all outputs</source>
        <translation>Elementos fuera de la tolerancia, en todas las salidas</translation>
    </message>
    <message>
        <source>Median time in microseconds</source>
        <translation>Tiempo mediano en microsegundos</translation>
    </message>
    <message>
        <source>The task&apos;s floor time on this device over the candidate&apos;s time</source>
        <translation>El tiempo mínimo de la tarea en este dispositivo dividido por el tiempo del candidato</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Forma</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Veredicto</translation>
    </message>
    <message>
        <source>Max abs error</source>
        <translation>Error abs. máx.</translation>
    </message>
    <message>
        <source>Max rel error</source>
        <translation>Error rel. máx.</translation>
    </message>
    <message>
        <source>Mismatches</source>
        <translation>Discrepancias</translation>
    </message>
    <message>
        <source>Baseline (µs)</source>
        <translation>Referencia (µs)</translation>
    </message>
    <message>
        <source>Candidate (µs)</source>
        <translation>Candidato (µs)</translation>
    </message>
    <message>
        <source>Speedup</source>
        <translation>Aceleración</translation>
    </message>
    <message>
        <source>% of speed of light</source>
        <translation>% del límite teórico</translation>
    </message>
    <message>
        <source>out-of-bounds writes</source>
        <translation>escrituras fuera de límites</translation>
    </message>
    <message>
        <source>tampering with the harness</source>
        <translation>manipulación del arnés de pruebas</translation>
    </message>
    <message>
        <source>protocol error</source>
        <translation>error de protocolo</translation>
    </message>
    <message>
        <source>no CUDA device</source>
        <translation>sin dispositivo CUDA</translation>
    </message>
    <message>
        <source>check error</source>
        <translation>error de comprobación</translation>
    </message>
</context>
<context>
    <name>kwb::ui::ShortcutsSheet</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Atajos de teclado</translation>
    </message>
    <message>
        <source>Find in the editor</source>
        <translation>Buscar en el editor</translation>
    </message>
    <message>
        <source>Replace in the editor</source>
        <translation>Reemplazar en el editor</translation>
    </message>
    <message>
        <source>Next / previous compiler problem</source>
        <translation>Problema del compilador siguiente / anterior</translation>
    </message>
    <message>
        <source>Leave the note or tags field</source>
        <translation>Salir del campo de nota o etiquetas</translation>
    </message>
    <message>
        <source>Next area of the window</source>
        <translation>Siguiente zona de la ventana</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Acción</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Teclas</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Cerrar</translation>
    </message>
    <message>
        <source>Find and filter samples (from the list, the tasks or the dataset)</source>
        <translation>Buscar y filtrar muestras (desde la lista, las tareas o el conjunto de datos)</translation>
    </message>
    <message>
        <source>Clear the filters (in the find field)</source>
        <translation>Quitar los filtros (en el campo de búsqueda)</translation>
    </message>
    <message>
        <source>Next / previous page of Compare</source>
        <translation>Página siguiente / anterior de Comparar</translation>
    </message>
</context>
<context>
    <name>kwb::ui::SkillEditor</name>
    <message>
        <source>%1 tokens (estimated; the build&apos;s budget is %2)</source>
        <extracomment>The estimated token count of the skill being edited, and the budget kwb skill build uses</extracomment>
        <translation>%1 tokens (estimados; el presupuesto de la construcción es %2)</translation>
    </message>
    <message>
        <source>Family %1</source>
        <translation>Familia %1</translation>
    </message>
    <message>
        <source>Task %1</source>
        <translation>Tarea %1</translation>
    </message>
    <message>
        <source>Choose a task in the Review view first: the skill is built from its samples.</source>
        <translation>Elija primero una tarea en la vista Revisión: la habilidad se construye con sus muestras.</translation>
    </message>
    <message>
        <source>The task %1 is not in the task suite.</source>
        <translation>La tarea %1 no está en el conjunto de tareas.</translation>
    </message>
    <message>
        <source>No skill built: %1</source>
        <translation>No se construyó ninguna habilidad: %1</translation>
    </message>
    <message>
        <source>Cannot read %1.</source>
        <translation>No se puede leer %1.</translation>
    </message>
    <message>
        <source>Cannot save %1: %2</source>
        <translation>No se puede guardar %1: %2</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>Guardado %1.</translation>
    </message>
    <message>
        <source>(not saved)</source>
        <translation>(sin guardar)</translation>
    </message>
    <message>
        <source>Open a skill</source>
        <translation>Abrir una habilidad</translation>
    </message>
    <message>
        <source>Skills (*.md);;All files (*)</source>
        <translation>Habilidades (*.md);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Save the skill</source>
        <translation>Guardar la habilidad</translation>
    </message>
    <message>
        <source>Skills (*.md)</source>
        <translation>Habilidades (*.md)</translation>
    </message>
    <message>
        <source>Save the skill and name at least one model and one task first.</source>
        <translation>Guarde primero la habilidad y nombre al menos un modelo y una tarea.</translation>
    </message>
    <message>
        <source>%1 exists and was not written here: rename it first.</source>
        <translation>%1 existe y no se escribió aquí: cámbiele el nombre primero.</translation>
    </message>
    <message>
        <source>Skill editor</source>
        <translation>Editor de habilidades</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>&amp;Nueva</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>&amp;Abrir…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Guardar</translation>
    </message>
    <message>
        <source>Save &amp;as…</source>
        <translation>Guardar &amp;como…</translation>
    </message>
    <message>
        <source>&amp;Build from samples</source>
        <translation>&amp;Construir con muestras</translation>
    </message>
    <message>
        <source>&amp;Evaluate this skill…</source>
        <translation>&amp;Evaluar esta habilidad…</translation>
    </message>
    <message>
        <source>Build the skill from the samples of</source>
        <translation>Construir la habilidad con las muestras de</translation>
    </message>
</context>
<context>
    <name>kwb::ui::SkillEvaluateDialog</name>
    <message>
        <source>Name a plan whose models answer.</source>
        <translation>Indique un plan cuyos modelos respondan.</translation>
    </message>
    <message>
        <source>Name the model as the provider knows it.</source>
        <translation>Indique el modelo como lo conoce el proveedor.</translation>
    </message>
    <message>
        <source>Name at least one task.</source>
        <translation>Indique al menos una tarea.</translation>
    </message>
    <message>
        <source>The plan is written beside the skill, with the conditions plain and skill, and started at once.</source>
        <translation>El plan se escribe junto a la habilidad, con las condiciones plain y skill, y se inicia enseguida.</translation>
    </message>
    <message>
        <source>Evaluate this skill</source>
        <translation>Evaluar esta habilidad</translation>
    </message>
    <message>
        <source>The models of the &amp;plan:</source>
        <translation>Los modelos del &amp;plan:</translation>
    </message>
    <message>
        <source>A &amp;model of the provider:</source>
        <translation>Un &amp;modelo del proveedor:</translation>
    </message>
    <message>
        <source>model name</source>
        <translation>nombre del modelo</translation>
    </message>
    <message>
        <source>&amp;Tasks:</source>
        <translation>&amp;Tareas:</translation>
    </message>
    <message>
        <source>&amp;Answers per task and condition:</source>
        <translation>&amp;Respuestas por tarea y condición:</translation>
    </message>
    <message>
        <source>&amp;Write the plan and start</source>
        <translation>&amp;Escribir el plan e iniciar</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
</context>
<context>
    <name>kwb::ui::TaskBrowser</name>
    <message>
        <source>Filter tasks</source>
        <translation>Filtrar tareas</translation>
    </message>
    <message>
        <source>Task filter</source>
        <translation>Filtro de tareas</translation>
    </message>
    <message>
        <source>Tasks</source>
        <translation>Tareas</translation>
    </message>
    <message>
        <source>Level %1</source>
        <translation>Nivel %1</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Tarea</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>Muestras</translation>
    </message>
    <message>
        <source>Verified</source>
        <translation>Verificadas</translation>
    </message>
    <message>
        <source>Accepted</source>
        <translation>Aceptadas</translation>
    </message>
    <message>
        <source>All tasks</source>
        <translation>Todas las tareas</translation>
    </message>
    <message>
        <source>Other tasks</source>
        <translation>Otras tareas</translation>
    </message>
    <message>
        <source>n</source>
        <extracomment>Short column headers of the task list: samples, verified, accepted</extracomment>
        <translation>n</translation>
    </message>
    <message>
        <source>ver.</source>
        <translation>ver.</translation>
    </message>
    <message>
        <source>acc.</source>
        <translation>acep.</translation>
    </message>
</context>
<context>
    <name>kwb::ui::TaskPane</name>
    <message>
        <source>Parameters</source>
        <translation>Parámetros</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Clase</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Forma</translation>
    </message>
    <message>
        <source>Shapes</source>
        <translation>Formas</translation>
    </message>
    <message>
        <source>Sizes</source>
        <translation>Tamaños</translation>
    </message>
    <message>
        <source>Buffers</source>
        <translation>Búferes</translation>
    </message>
    <message>
        <source>FLOP</source>
        <translation>FLOP</translation>
    </message>
    <message>
        <source>Bytes moved</source>
        <translation>Bytes movidos</translation>
    </message>
    <message>
        <source>Tolerances</source>
        <translation>Tolerancias</translation>
    </message>
    <message>
        <source>rtol %1, atol %2, %3</source>
        <translation>rtol %1, atol %2, %3</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Referencia</translation>
    </message>
    <message>
        <source>the task&apos;s reference kernel</source>
        <translation>el kernel de referencia de la tarea</translation>
    </message>
    <message>
        <source>%1 (%2, %3)</source>
        <translation>%1 (%2, %3)</translation>
    </message>
    <message>
        <source>Formulas</source>
        <translation>Fórmulas</translation>
    </message>
    <message>
        <source>FLOP:</source>
        <translation>FLOP:</translation>
    </message>
    <message>
        <source>Bytes:</source>
        <translation>Bytes:</translation>
    </message>
    <message>
        <source>References</source>
        <translation>Referencias de corrección</translation>
    </message>
    <message>
        <source>Kernel:</source>
        <translation>Kernel:</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ninguna</translation>
    </message>
    <message>
        <source>CPU (float64):</source>
        <translation>CPU (float64):</translation>
    </message>
    <message>
        <source>No sample selected.</source>
        <translation>Ninguna muestra seleccionada.</translation>
    </message>
    <message>
        <source>level %1</source>
        <translation>nivel %1</translation>
    </message>
    <message>
        <source>Entry point</source>
        <translation>Punto de entrada</translation>
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
        <translation>Compilación</translation>
    </message>
    <message>
        <source>Correctness</source>
        <translation>Corrección</translation>
    </message>
    <message>
        <source>Benchmark</source>
        <translation>Rendimiento</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>sin ejecutar</translation>
    </message>
    <message>
        <source>running</source>
        <translation>en curso</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>superado</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fallido</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>omitido</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <extracomment>A verification stage and its state, e.g. &quot;Build: passed&quot;</extracomment>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>starting the worker</source>
        <translation>iniciando el proceso de trabajo</translation>
    </message>
    <message>
        <source>Verification started</source>
        <translation>Verificación iniciada</translation>
    </message>
    <message>
        <source>compiling</source>
        <translation>compilando</translation>
    </message>
    <message>
        <source>Compiling the candidate</source>
        <translation>Compilando el candidato</translation>
    </message>
    <message>
        <source>loaded on the GPU</source>
        <translation>cargado en la GPU</translation>
    </message>
    <message>
        <source>Candidate loaded on the GPU</source>
        <translation>Candidato cargado en la GPU</translation>
    </message>
    <message>
        <source>checking shape %1</source>
        <translation>comprobando la forma %1</translation>
    </message>
    <message>
        <source>Correctness: shape %1</source>
        <translation>Corrección: forma %1</translation>
    </message>
    <message>
        <source>timing shape %1</source>
        <translation>cronometrando la forma %1</translation>
    </message>
    <message>
        <source>Benchmark: shape %1</source>
        <translation>Rendimiento: forma %1</translation>
    </message>
    <message>
        <source>Shape %1 done</source>
        <translation>Forma %1 terminada</translation>
    </message>
    <message>
        <source>%1 of %2 shapes</source>
        <extracomment>Progress bar text: shapes done of shapes to check</extracomment>
        <translation>%1 de %2 formas</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Cancelada</translation>
    </message>
    <message>
        <source>Finished: %1</source>
        <translation>Terminada: %1</translation>
    </message>
    <message>
        <source>[%1 s] %2</source>
        <extracomment>A log line: seconds since the start, then the event</extracomment>
        <translation>[%1 s] %2</translation>
    </message>
    <message>
        <source>Not timed: there is no CUDA device on this machine.</source>
        <translation>Sin cronometrar: no hay ningún dispositivo CUDA en esta máquina.</translation>
    </message>
    <message>
        <source>No timings to chart.</source>
        <translation>No hay tiempos que representar.</translation>
    </message>
    <message>
        <source>Not verified yet.</source>
        <translation>Aún no verificada.</translation>
    </message>
    <message>
        <source>Verifying: %1…</source>
        <translation>Verificando: %1…</translation>
    </message>
    <message>
        <source>Passed: correct at every shape; %1× the baseline (%2), geometric mean.</source>
        <translation>Superada: correcta en todas las formas; %1× la referencia (%2), media geométrica.</translation>
    </message>
    <message>
        <source>Passed: correct at every shape (not timed).</source>
        <translation>Superada: correcta en todas las formas (sin cronometrar).</translation>
    </message>
    <message>
        <source>Failed: %1. %2</source>
        <translation>Falló: %1. %2</translation>
    </message>
    <message>
        <source>Compile-only: the kernel compiled, but nothing was run or timed (%1).</source>
        <translation>Solo compilación: el kernel compiló, pero no se ejecutó ni se cronometró nada (%1).</translation>
    </message>
    <message>
        <source>ptxas: %1</source>
        <translation>ptxas: %1</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Cancelada.</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>cancelada</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Stop the verification; the worker process is ended</source>
        <translation>Detiene la verificación; el proceso de trabajo se termina</translation>
    </message>
    <message>
        <source>&amp;Shapes</source>
        <translation>&amp;Formas</translation>
    </message>
    <message>
        <source>&amp;Charts</source>
        <translation>&amp;Gráficos</translation>
    </message>
    <message>
        <source>&amp;Build</source>
        <translation>Com&amp;pilación</translation>
    </message>
    <message>
        <source>&amp;Log</source>
        <translation>&amp;Registro</translation>
    </message>
    <message>
        <source>Ra&amp;w output</source>
        <translation>Salida &amp;bruta</translation>
    </message>
    <message>
        <source>Speedup per shape</source>
        <translation>Aceleración por forma</translation>
    </message>
    <message>
        <source>Timing distribution (baseline and candidate)</source>
        <translation>Distribución de tiempos (referencia y candidato)</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>Roofline</translation>
    </message>
    <message>
        <source>Save chart…</source>
        <translation>Guardar gráfico…</translation>
    </message>
    <message>
        <source>Per-shape results</source>
        <translation>Resultados por forma</translation>
    </message>
    <message>
        <source>Verification log</source>
        <translation>Registro de la verificación</translation>
    </message>
    <message>
        <source>The worker&apos;s raw output</source>
        <translation>La salida bruta del proceso de trabajo</translation>
    </message>
    <message numerus="yes">
        <source>Needs a human: the host-code screen found %n thing(s) a kernel launcher never needs (see Screening).</source>
        <translation>
            <numerusform>Requiere una persona: la revisión del código de host encontró %n cosa que un lanzador de kernels nunca necesita (ver Revisión).</numerusform>
            <numerusform>Requiere una persona: la revisión del código de host encontró %n cosas que un lanzador de kernels nunca necesita (ver Revisión).</numerusform>
        </translation>
    </message>
    <message>
        <source>Suspected hack: %1. %2</source>
        <translation>Posible trampa: %1. %2</translation>
    </message>
    <message>
        <source>Read the code before accepting it: this is not an honest mistake.</source>
        <translation>Lea el código antes de aceptarla: esto no es un error honesto.</translation>
    </message>
    <message>
        <source>Scr&amp;eening (%1)</source>
        <extracomment>The screening tab with its number of findings</extracomment>
        <translation>R&amp;evisión (%1)</translation>
    </message>
    <message>
        <source>Scr&amp;eening</source>
        <translation>R&amp;evisión</translation>
    </message>
    <message>
        <source>Prof&amp;ile</source>
        <translation>Perf&amp;il</translation>
    </message>
    <message>
        <source>Worker error: %1</source>
        <translation>Error del proceso de GPU: %1</translation>
    </message>
    <message>
        <source>Worker error on %1: the verification could not finish, and the kernel was not judged. %2</source>
        <extracomment>%1 is where the worker runs (&quot;this machine&quot;, &quot;gpu-server over ssh&quot;); %2 the reason</extracomment>
        <translation>Error del proceso de GPU en %1: la verificación no pudo terminar y el kernel no se juzgó. %2</translation>
    </message>
    <message>
        <source>the worker</source>
        <translation>el proceso de GPU</translation>
    </message>
    <message>
        <source>Shape %1: another process&apos;s work runs on the GPU; waiting for it to end before timing</source>
        <translation>Forma %1: hay trabajo de otro proceso en la GPU; se espera a que termine antes de medir</translation>
    </message>
</context>
<context>
    <name>kwb::ui::WelcomeDialog</name>
    <message>
        <source>Welcome to Kernel Workbench</source>
        <translation>Bienvenido a Kernel Workbench</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Welcome&lt;/h2&gt;&lt;p&gt;Kernel Workbench verifies CUDA kernels that language models wrote: it compiles each one, checks it against a trusted reference on every shape of its task, times it against a library baseline, and lets you review, compare and export the ones that hold up as training data.&lt;/p&gt;&lt;p&gt;&lt;b&gt;The demo project&lt;/b&gt; is open: for each of a few tasks a fast correct kernel, a slow correct one, a wrong one and one that does not compile. Pick a sample, press F5 to verify it, then A, R or N for a verdict.&lt;/p&gt;&lt;p&gt;&lt;b&gt;No GPU here?&lt;/b&gt; Without a CUDA device the workbench is compile-only. Set a GPU machine reached over ssh in Settings › Verification (Test connection checks it), and the keys of your model providers in Settings › Providers.&lt;/p&gt;&lt;p&gt;F1 lists every keyboard shortcut; the Help menu opens the manual&apos;s sections.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Bienvenida&lt;/h2&gt;&lt;p&gt;Kernel Workbench verifica kernels CUDA escritos por modelos de lenguaje: compila cada uno, lo compara con una referencia de confianza en cada forma de su tarea, lo cronometra frente a una biblioteca de referencia y te deja revisar, comparar y exportar como datos de entrenamiento los que resisten.&lt;/p&gt;&lt;p&gt;&lt;b&gt;El proyecto de demostración&lt;/b&gt; está abierto: para algunas tareas, un kernel correcto y rápido, uno correcto y lento, uno incorrecto y uno que no compila. Elige una muestra, pulsa F5 para verificarla y luego A, R o N para dar un veredicto.&lt;/p&gt;&lt;p&gt;&lt;b&gt;¿No hay GPU aquí?&lt;/b&gt; Sin dispositivo CUDA el banco de trabajo solo compila. Indica una máquina con GPU accesible por ssh en Configuración › Verificación (Probar conexión la comprueba) y las claves de tus proveedores de modelos en Configuración › Proveedores.&lt;/p&gt;&lt;p&gt;F1 lista todos los atajos de teclado; el menú Ayuda abre las secciones del manual.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Open &amp;Settings</source>
        <translation>Abrir &amp;configuración</translation>
    </message>
    <message>
        <source>&amp;Start reviewing</source>
        <translation>&amp;Empezar a revisar</translation>
    </message>
</context>
<context>
    <name>kwb::ui::WorkbenchSettings</name>
    <message>
        <source>The worker host cannot begin with &apos;-&apos;: ssh would read it as an option.</source>
        <translation>El host del trabajador no puede empezar por &apos;-&apos;: ssh lo leería como una opción.</translation>
    </message>
    <message>
        <source>The worker host may hold only letters, digits, &apos;.&apos;, &apos;-&apos;, &apos;_&apos; and &apos;@&apos;.</source>
        <translation>El host del trabajador solo puede contener letras, dígitos, &apos;.&apos;, &apos;-&apos;, &apos;_&apos; y &apos;@&apos;.</translation>
    </message>
    <message>
        <source>Cannot create %1.</source>
        <translation>No se puede crear %1.</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>No se puede escribir %1.</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>kernel-workbench: unsupported language &apos;%1&apos; (choose %2)</source>
        <translation>kernel-workbench: idioma no admitido «%1» (elija entre %2)</translation>
    </message>
    <message>
        <source>Review, verify and curate machine-written CUDA kernels.</source>
        <translation>Revise, verifique y seleccione kernels CUDA escritos por modelos.</translation>
    </message>
    <message>
        <source>User interface language: es, pl or en (default: the system&apos;s).</source>
        <translation>Idioma de la interfaz: es, pl o en (por defecto: el del sistema).</translation>
    </message>
    <message>
        <source>code</source>
        <translation>código</translation>
    </message>
    <message>
        <source>file</source>
        <translation>archivo</translation>
    </message>
    <message>
        <source>kernel-workbench: cannot write %1</source>
        <translation>kernel-workbench: no se puede escribir %1</translation>
    </message>
    <message>
        <source>Save a picture of the main window to the given PNG file once the GPU probe answers, then exit.</source>
        <translation>Guarda una imagen de la ventana principal en el archivo PNG indicado cuando responde la detección de GPU y sale.</translation>
    </message>
    <message>
        <source>Open this project file instead of the current project.</source>
        <translation>Abrir este archivo de proyecto en lugar del proyecto actual.</translation>
    </message>
</context>
</TS>
