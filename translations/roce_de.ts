<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AgentMainText</name>
    <message>
        <source>No RDMA devices found by libibverbs.</source>
        <translation>libibverbs hat keine RDMA-Geräte gefunden.</translation>
    </message>
    <message numerus="yes">
        <source>%n port(s)</source>
        <translation>
            <numerusform>%n Port</numerusform><numerusform>%n Ports</numerusform></translation>
    </message>
    <message>
        <source>roce-agent: no mode selected; run 'roce-agent --help'.</source>
        <translation>roce-agent: kein Modus gewählt; siehe „roce-agent --help“.</translation>
    </message>
</context>
<context>
    <name>AgentOptionsText</name>
    <message>
        <source>roce-agent: RDMA host agent of RoCE Fabric Console. Enumerates RDMA devices, samples NIC counters and runs perftest, iperf3, sockperf and training jobs for the console.</source>
        <translation>roce-agent: RDMA-Host-Agent der RoCE-Fabric-Konsole. Ermittelt RDMA-Geräte, erfasst NIC-Zähler und führt perftest-, iperf3-, sockperf- und Trainingsjobs für die Konsole aus.</translation>
    </message>
    <message>
        <source>Root of the sysfs tree to read (default /sys).</source>
        <translation>Wurzel des zu lesenden sysfs-Baums (Standard: /sys).</translation>
    </message>
    <message>
        <source>dir</source>
        <translation>Verzeichnis</translation>
    </message>
    <message>
        <source>Print the RDMA devices libibverbs finds, then exit.</source>
        <translation>Die von libibverbs gefundenen RDMA-Geräte ausgeben und beenden.</translation>
    </message>
    <message>
        <source>roce-agent: unexpected argument '%1'</source>
        <translation>roce-agent: unerwartetes Argument „%1“</translation>
    </message>
</context>
<context>
    <name>ConsoleOptionsText</name>
    <message>
        <source>RoCE Fabric Console: live operations console for lossless RoCEv2 fabrics (PFC, ECN/WRED, DCQCN) carrying distributed AI training.</source>
        <translation>RoCE-Fabric-Konsole: Live-Betriebskonsole für verlustfreie RoCEv2-Fabrics (PFC, ECN/WRED, DCQCN) mit verteiltem KI-Training.</translation>
    </message>
    <message>
        <source>User-interface language, e.g. 'de' or 'en' (default: the system locale).</source>
        <translation>Sprache der Oberfläche, z. B. „de“ oder „en“ (Standard: Systemsprache).</translation>
    </message>
    <message>
        <source>language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>Save a PNG of the main window to &lt;file&gt; once it is shown, then exit.</source>
        <translation>Ein PNG des Hauptfensters nach &lt;file&gt; speichern, sobald es angezeigt wird, und beenden.</translation>
    </message>
    <message>
        <source>file</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Milliseconds to wait before --screenshot is taken (default 1500).</source>
        <translation>Millisekunden Wartezeit, bevor --screenshot aufgenommen wird (Standard: 1500).</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>Start with the default window layout.</source>
        <translation>Mit der Standard-Fensteranordnung starten.</translation>
    </message>
    <message>
        <source>roce-console: unexpected argument '%1'</source>
        <translation>roce-console: unerwartetes Argument „%1“</translation>
    </message>
    <message>
        <source>roce-console: --screenshot-delay needs a number of milliseconds, got '%1'</source>
        <translation>roce-console: --screenshot-delay erwartet eine Anzahl Millisekunden, erhalten: „%1“</translation>
    </message>
</context>
<context>
    <name>ParseText</name>
    <message>
        <source>Show this help.</source>
        <translation>Diese Hilfe anzeigen.</translation>
    </message>
    <message>
        <source>Run '%1 --help' for its options.</source>
        <translation>„%1 --help“ zeigt die Optionen.</translation>
    </message>
    <message>
        <source>unexpected argument '%1'</source>
        <translation>unerwartetes Argument „%1“</translation>
    </message>
</context>
<context>
    <name>Rocectl</name>
    <message>
        <source>Usage: rocectl [--help] [--version] &lt;command&gt; [options]</source>
        <translation>Aufruf: rocectl [--help] [--version] &lt;Befehl&gt; [Optionen]</translation>
    </message>
    <message>
        <source>Scriptable companion of RoCE Fabric Console: simulate, decode and measure lossless RoCEv2 fabrics from the shell.</source>
        <translation>Skriptfähiger Begleiter der RoCE-Fabric-Konsole: verlustfreie RoCEv2-Fabrics von der Shell aus simulieren, dekodieren und vermessen.</translation>
    </message>
    <message>
        <source>Commands:</source>
        <translation>Befehle:</translation>
    </message>
    <message>
        <source>Run 'rocectl &lt;command&gt; --help' for the options of a command. Most commands print a table, or JSON with --json.</source>
        <translation>„rocectl &lt;Befehl&gt; --help“ zeigt die Optionen eines Befehls. Die meisten Befehle geben eine Tabelle aus, mit --json JSON.</translation>
    </message>
    <message>
        <source>Exit status: 0 success, 1 the operation failed, 2 wrong usage.</source>
        <translation>Exit-Status: 0 Erfolg, 1 Vorgang fehlgeschlagen, 2 falscher Aufruf.</translation>
    </message>
    <message>
        <source>rocectl: unknown option '%1'</source>
        <translation>rocectl: unbekannte Option „%1“</translation>
    </message>
    <message>
        <source>Run 'rocectl --help' for the list of commands.</source>
        <translation>„rocectl --help“ listet die Befehle auf.</translation>
    </message>
    <message>
        <source>rocectl: unknown command '%1'</source>
        <translation>rocectl: unbekannter Befehl „%1“</translation>
    </message>
</context>
<context>
    <name>ScreenshotText</name>
    <message>
        <source>roce-console: could not write screenshot to %1</source>
        <translation>roce-console: Bildschirmfoto konnte nicht nach %1 geschrieben werden</translation>
    </message>
    <message>
        <source>roce-console: screenshot saved to %1 (%2x%3)</source>
        <translation>roce-console: Bildschirmfoto gespeichert unter %1 (%2x%3)</translation>
    </message>
</context>
<context>
    <name>VerbsText</name>
    <message>
        <source>ibv_get_device_list failed: %1</source>
        <translation>ibv_get_device_list fehlgeschlagen: %1</translation>
    </message>
</context>
<context>
    <name>VersionCommandText</name>
    <message>
        <source>Show the versions of rocectl, Qt, libssh, rdma-core and QtKeychain</source>
        <translation>Versionen von rocectl, Qt, libssh, rdma-core und QtKeychain anzeigen</translation>
    </message>
    <message>
        <source>Print JSON instead of a table.</source>
        <translation>JSON statt einer Tabelle ausgeben.</translation>
    </message>
    <message>
        <source>COMPONENT</source>
        <translation>KOMPONENTE</translation>
    </message>
    <message>
        <source>VERSION</source>
        <translation>VERSION</translation>
    </message>
    <message>
        <source>READ AT</source>
        <translation>ERMITTELT</translation>
    </message>
    <message>
        <source>build</source>
        <translation>Build</translation>
    </message>
    <message>
        <source>run time</source>
        <translation>Laufzeit</translation>
    </message>
</context>
<context>
    <name>roce::app::AboutDialog</name>
    <message>
        <source>About RoCE Fabric Console</source>
        <translation>Über die RoCE-Fabric-Konsole</translation>
    </message>
    <message>
        <source>RoCE Fabric Console</source>
        <translation>RoCE-Fabric-Konsole</translation>
    </message>
    <message>
        <source>Version %1</source>
        <translation>Version %1</translation>
    </message>
    <message>
        <source>Live operations console for lossless RoCEv2 fabrics: PFC pauses, ECN/CNP and MMU drops on one time axis, with bandwidth, latency and training experiments.</source>
        <translation>Live-Betriebskonsole für verlustfreie RoCEv2-Fabrics: PFC-Pausen, ECN/CNP und MMU-Verwerfungen auf einer Zeitachse, mit Bandbreiten-, Latenz- und Trainingsexperimenten.</translation>
    </message>
    <message>
        <source>Component</source>
        <translation>Komponente</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>Read at</source>
        <translation>Ermittelt</translation>
    </message>
    <message>
        <source>run time</source>
        <translation>Laufzeit</translation>
    </message>
    <message>
        <source>build</source>
        <translation>Build</translation>
    </message>
    <message>
        <source>Copy Versions</source>
        <translation>Versionen kopieren</translation>
    </message>
</context>
<context>
    <name>roce::app::MainWindow</name>
    <message>
        <source>RoCE Fabric Console</source>
        <translation>RoCE-Fabric-Konsole</translation>
    </message>
    <message>
        <source>Topology map</source>
        <translation>Topologiekarte</translation>
    </message>
    <message>
        <source>Switches, hypervisor hosts, servers and NICs appear here with their links, drawn by utilization, once a fabric is connected.</source>
        <translation>Switches, Hypervisor-Hosts, Server und NICs erscheinen hier mit ihren Verbindungen, gezeichnet nach Auslastung, sobald ein Fabric verbunden ist.</translation>
    </message>
    <message>
        <source>Ports</source>
        <translation>Ports</translation>
    </message>
    <message>
        <source>Port table</source>
        <translation>Porttabelle</translation>
    </message>
    <message>
        <source>Every switch and NIC port with utilization, drops, pauses, ECN and CNP rates.</source>
        <translation>Jeder Switch- und NIC-Port mit Auslastung, Verwerfungen, Pausen, ECN- und CNP-Raten.</translation>
    </message>
    <message>
        <source>Counters</source>
        <translation>Zähler</translation>
    </message>
    <message>
        <source>Counter charts</source>
        <translation>Zählerdiagramme</translation>
    </message>
    <message>
        <source>Utilization, MMU drops, pause frames and ECN/CNP rates of the selection on one time axis.</source>
        <translation>Auslastung, MMU-Verwerfungen, Pause-Frames und ECN/CNP-Raten der Auswahl auf einer Zeitachse.</translation>
    </message>
    <message>
        <source>Experiments</source>
        <translation>Experimente</translation>
    </message>
    <message>
        <source>Bandwidth, latency and training runs with their results side by side.</source>
        <translation>Bandbreiten-, Latenz- und Trainingsläufe mit ihren Ergebnissen nebeneinander.</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Ereignisse</translation>
    </message>
    <message>
        <source>Alerts such as drops on a lossless class, pause storms or unreachable agents, each with what to check.</source>
        <translation>Warnungen wie Verwerfungen in einer verlustfreien Klasse, Pause-Stürme oder unerreichbare Agenten, jeweils mit dem, was zu prüfen ist.</translation>
    </message>
    <message>
        <source>No fabric connected</source>
        <translation>Kein Fabric verbunden</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>Anordnung &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>&amp;About RoCE Fabric Console</source>
        <translation>&amp;Über die RoCE-Fabric-Konsole</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Panels</source>
        <translation>Bereiche</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
</context>
</TS>