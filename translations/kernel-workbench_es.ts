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
        <source>&amp;Stages</source>
        <translation>&amp;Etapas</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <extracomment>A verification stage and its state, e.g. &quot;Build: passed&quot;</extracomment>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Forma</translation>
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
        <source>Candidate (µs)</source>
        <translation>Candidato (µs)</translation>
    </message>
    <message>
        <source>Baseline (µs)</source>
        <translation>Referencia (µs)</translation>
    </message>
    <message>
        <source>Speedup</source>
        <translation>Aceleración</translation>
    </message>
    <message>
        <source>Per-shape res&amp;ults</source>
        <translation>Resultados por &amp;forma</translation>
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
