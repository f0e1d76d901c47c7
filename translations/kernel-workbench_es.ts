<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es_ES">
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
        <source>Device ceiling (%1 GB/s, %2 TFLOP/s)</source>
        <translation>Límite del dispositivo (%1 GB/s, %2 TFLOP/s)</translation>
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
    <name>kwb::ui::GpuStatusLabel</name>
    <message>
        <source>Looking for a GPU…</source>
        <translation>Buscando una GPU…</translation>
    </message>
    <message>
        <source>Asking the GPU worker which CUDA devices this machine has</source>
        <translation>Preguntando al proceso de GPU qué dispositivos CUDA tiene esta máquina</translation>
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
        <source>Failed: %1</source>
        <translation>Falló: %1</translation>
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
        <source>Built for %1 with nvcc %2 in %3 s%4</source>
        <extracomment>Build summary: target architecture, nvcc version, seconds, and &quot;(cached)&quot; or nothing</extracomment>
        <translation>Compilado para %1 con nvcc %2 en %3 s%4</translation>
    </message>
    <message>
        <source> (cached)</source>
        <translation> (en caché)</translation>
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
        <source>%1: %2 registers, %3 B shared, %4 B spilled</source>
        <extracomment>Kernel resources from ptxas: name, registers, shared memory, spilled bytes</extracomment>
        <translation>%1: %2 registros, %3 B compartidos, %4 B desbordados</translation>
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
        <source>The verification could not finish: %1</source>
        <translation>La verificación no pudo terminar: %1</translation>
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
        <source>Verification log</source>
        <translation>Registro de la verificación</translation>
    </message>
    <message>
        <source>The worker&apos;s raw output</source>
        <translation>La salida bruta del proceso de trabajo</translation>
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
</context>
</TS>
