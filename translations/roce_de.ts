<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AgentAccessText</name>
    <message>
        <source>Environment variable with the agent token (default ROCE_AGENT_TOKEN).</source>
        <translation>Umgebungsvariable mit dem Agent-Token (Standard ROCE_AGENT_TOKEN).</translation>
    </message>
    <message>
        <source>File with the agent token.</source>
        <translation>Datei mit dem Agent-Token.</translation>
    </message>
    <message>
        <source>SHA-256 of the agent certificate to trust.</source>
        <translation>SHA-256 des Agent-Zertifikats, dem vertraut wird.</translation>
    </message>
    <message>
        <source>No TLS (an agent started with --plaintext, loopback only).</source>
        <translation>Kein TLS (ein mit --plaintext gestarteter Agent, nur Loopback).</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>no agent token: set %1 or give --token-file</source>
        <translation>kein Agent-Token: %1 setzen oder --token-file angeben</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not HOST:PORT</source>
        <translation>„%1“ ist nicht HOST:PORT</translation>
    </message>
</context>
<context>
    <name>AgentClientText</name>
    <message>
        <source>TLS: %1</source>
        <translation>TLS: %1</translation>
    </message>
    <message>
        <source>TLS: the agent&apos;s certificate (SHA-256 %1) does not match the pinned one</source>
        <translation>TLS: das Zertifikat des Agenten (SHA-256 %1) passt nicht zum hinterlegten</translation>
    </message>
    <message>
        <source>connection closed by the agent</source>
        <translation>Verbindung vom Agenten geschlossen</translation>
    </message>
    <message>
        <source>%1:%2: %3</source>
        <translation>%1:%2: %3</translation>
    </message>
    <message>
        <source>bad frame from the agent: %1</source>
        <translation>fehlerhafter Frame vom Agenten: %1</translation>
    </message>
    <message>
        <source>agent refused the connection: %1</source>
        <translation>der Agent hat die Verbindung abgelehnt: %1</translation>
    </message>
    <message>
        <source>%1:%2: no connection within %3 s</source>
        <translation>%1:%2: keine Verbindung innerhalb von %3 s</translation>
    </message>
    <message>
        <source>%1:%2: TLS, hello and authentication not done within %3 s</source>
        <translation>%1:%2: TLS, hello und Authentifizierung nicht innerhalb von %3 s abgeschlossen</translation>
    </message>
    <message>
        <source>%1:%2: the agent sent nothing for %3 s (ping unanswered)</source>
        <translation>%1:%2: der Agent hat %3 s lang nichts gesendet (Ping unbeantwortet)</translation>
    </message>
</context>
<context>
    <name>AgentDaemonText</name>
    <message>
        <source>cannot read %1 %2: %3</source>
        <translation>%1 %2 kann nicht gelesen werden: %3</translation>
    </message>
    <message>
        <source>token file</source>
        <translation>Token-Datei</translation>
    </message>
    <message>
        <source>the token in %1 is shorter than 16 characters</source>
        <translation>das Token in %1 ist kürzer als 16 Zeichen</translation>
    </message>
    <message>
        <source>client CA</source>
        <translation>Client-CA</translation>
    </message>
    <message>
        <source>no way to authenticate clients: give --token-file or --client-ca</source>
        <translation>keine Möglichkeit, Clients zu authentifizieren: --token-file oder --client-ca angeben</translation>
    </message>
    <message>
        <source>TLS certificate</source>
        <translation>TLS-Zertifikat</translation>
    </message>
    <message>
        <source> (give --tls-cert/--tls-key; see README)</source>
        <translation> (--tls-cert/--tls-key angeben; siehe README)</translation>
    </message>
    <message>
        <source>TLS key</source>
        <translation>TLS-Schlüssel</translation>
    </message>
    <message>
        <source>TLS certificate or key is not valid PEM</source>
        <translation>TLS-Zertifikat oder -Schlüssel ist kein gültiges PEM</translation>
    </message>
    <message>
        <source>cannot listen on %1: %2</source>
        <translation>kann nicht auf %1 lauschen: %2</translation>
    </message>
    <message>
        <source>cannot serve /metrics on %1: %2</source>
        <translation>/metrics kann nicht auf %1 bereitgestellt werden: %2</translation>
    </message>
    <message>
        <source>--plaintext refused on %1: without TLS the token and every sample cross the network in clear; it is for loopback addresses (127.0.0.0/8, ::1) only</source>
        <translation>--plaintext auf %1 abgelehnt: ohne TLS gehen das Token und jede Stichprobe im Klartext über das Netz; es ist nur für Loopback-Adressen (127.0.0.0/8, ::1) gedacht</translation>
    </message>
    <message>
        <source>no PEM certificate in the client CA %1</source>
        <translation>kein PEM-Zertifikat in der Client-CA %1</translation>
    </message>
</context>
<context>
    <name>AgentMainText</name>
    <message>
        <source>No RDMA devices found by libibverbs.</source>
        <translation>libibverbs hat keine RDMA-Geräte gefunden.</translation>
    </message>
    <message numerus="yes">
        <source>%n port(s)</source>
        <translation>
            <numerusform>%n Port</numerusform>
            <numerusform>%n Ports</numerusform>
        </translation>
    </message>
    <message>
        <source>roce-agent listening on port %1, metrics on port %2</source>
        <translation>roce-agent lauscht auf Port %1, Metriken auf Port %2</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
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
        <source>Take one sample of every device and port, print it and exit.</source>
        <translation>Eine Stichprobe aller Geräte und Ports nehmen, ausgeben und beenden.</translation>
    </message>
    <message>
        <source>With --once: print JSON.</source>
        <translation>Mit --once: JSON ausgeben.</translation>
    </message>
    <message>
        <source>With --once: print the Prometheus /metrics text.</source>
        <translation>Mit --once: den Prometheus-/metrics-Text ausgeben.</translation>
    </message>
    <message>
        <source>Read ethtool statistics from saved &apos;ethtool -S&apos; files named after each netdev in &lt;dir&gt; (tests, no NIC).</source>
        <translation>ethtool-Statistiken aus gespeicherten „ethtool -S“-Dateien lesen, benannt nach dem Netdev, in &lt;dir&gt; (Tests, ohne NIC).</translation>
    </message>
    <message>
        <source>Also sample this netdev (repeatable).</source>
        <translation>Auch dieses Netdev erfassen (wiederholbar).</translation>
    </message>
    <message>
        <source>name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Host name to report (default: this host&apos;s).</source>
        <translation>Zu meldender Hostname (Standard: der dieses Hosts).</translation>
    </message>
    <message>
        <source>Serve the agent protocol (TLS) on ADDRESS:PORT (default 0.0.0.0:18471).</source>
        <translation>Das Agentenprotokoll (TLS) auf ADRESSE:PORT anbieten (Standard: 0.0.0.0:18471).</translation>
    </message>
    <message>
        <source>address:port</source>
        <translation>Adresse:Port</translation>
    </message>
    <message>
        <source>File with the token clients must present (16+ characters).</source>
        <translation>Datei mit dem Token, das Clients vorweisen müssen (mindestens 16 Zeichen).</translation>
    </message>
    <message>
        <source>file</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>PEM certificate of the agent.</source>
        <translation>PEM-Zertifikat des Agenten.</translation>
    </message>
    <message>
        <source>PEM private key of the agent.</source>
        <translation>Privater PEM-Schlüssel des Agenten.</translation>
    </message>
    <message>
        <source>PEM CA: clients presenting a certificate it signed need no token.</source>
        <translation>PEM-CA: Clients mit einem von ihr signierten Zertifikat brauchen kein Token.</translation>
    </message>
    <message>
        <source>INI file with these settings (section [agent]; flags win).</source>
        <translation>INI-Datei mit diesen Einstellungen (Abschnitt [agent]; Optionen haben Vorrang).</translation>
    </message>
    <message>
        <source>Serve Prometheus /metrics on ADDRESS:PORT, or &apos;off&apos; (default 127.0.0.1:9471).</source>
        <translation>Prometheus-/metrics auf ADRESSE:PORT anbieten, oder „off“ (Standard: 127.0.0.1:9471).</translation>
    </message>
    <message>
        <source>Prometheus exporter web-config.yml for /metrics: TLS (tls_server_config) and basic auth (basic_auth_users, bcrypt).</source>
        <translation>web-config.yml im Format der Prometheus-Exporter für /metrics: TLS (tls_server_config) und Basic-Auth (basic_auth_users, bcrypt).</translation>
    </message>
    <message>
        <source>Serve the protocol without TLS (loopback addresses only).</source>
        <translation>Das Protokoll ohne TLS anbieten (nur Loopback-Adressen).</translation>
    </message>
    <message>
        <source>Protocol connections served at once, at most (default 256); more are closed at accept and logged.</source>
        <translation>Höchstzahl gleichzeitig bedienter Protokollverbindungen (Standard 256); weitere werden beim Annehmen geschlossen und protokolliert.</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>spec</source>
        <translation>Spezifikation</translation>
    </message>
    <message>
        <source>Run one pingmesh round as the spec file says (JSON: name, device, rendezvous, peers, seconds, rate_per_s, ...): UD probes to the peers&apos; queue pairs and answers to theirs; prints the pairs&apos; RTT and loss as JSON, then exits. &quot;-&quot; reads the spec from the first line of standard input.</source>
        <translation>Eine Pingmesh-Runde nach der Spezifikationsdatei ausführen (JSON: name, device, rendezvous, peers, seconds, rate_per_s, ...): UD-Proben an die Queue-Pairs der Peers und Antworten auf ihre; gibt RTT und Verlust der Paare als JSON aus und beendet sich. „-“ liest die Spezifikation aus der ersten Zeile der Standardeingabe.</translation>
    </message>
    <message>
        <source>config file %1 does not exist</source>
        <translation>Konfigurationsdatei %1 existiert nicht</translation>
    </message>
    <message>
        <source>cannot parse config file %1</source>
        <translation>Konfigurationsdatei %1 kann nicht gelesen werden</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is outside the [agent] section</source>
        <translation>%1: &quot;%2&quot; steht außerhalb des Abschnitts [agent]</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation>unerwartetes Argument „%1“</translation>
    </message>
    <message>
        <source>--once needs exactly one of --json or --prometheus</source>
        <translation>--once braucht genau eine von --json oder --prometheus</translation>
    </message>
    <message>
        <source>source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Where ports&apos; hardware counters are read: &apos;netlink&apos; (one RDMA netlink message a port, as &apos;rdma statistic&apos; reads them), &apos;sysfs&apos; (the hw_counters files) or &apos;auto&apos; (netlink where the kernel answers; the default).</source>
        <translation>Woher die Hardwarezähler der Ports gelesen werden: &apos;netlink&apos; (eine RDMA-Netlink-Nachricht je Port, wie &apos;rdma statistic&apos; sie liest), &apos;sysfs&apos; (die hw_counters-Dateien) oder &apos;auto&apos; (Netlink, wo der Kernel antwortet; die Voreinstellung).</translation>
    </message>
    <message>
        <source>--counters must be auto, netlink or sysfs, not &apos;%1&apos;</source>
        <translation>--counters muss auto, netlink oder sysfs sein, nicht &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--counters netlink reads the running kernel; it cannot describe the tree under --sysfs-root %1</source>
        <translation>--counters netlink liest den laufenden Kernel; es kann den Baum unter --sysfs-root %1 nicht beschreiben</translation>
    </message>
    <message>
        <source>--sysfs-root %1 is not a directory</source>
        <translation>--sysfs-root %1 ist kein Verzeichnis</translation>
    </message>
    <message>
        <source>cannot read config file %1: %2</source>
        <translation>Konfigurationsdatei %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1:%2: &quot;%3&quot; is not KEY = VALUE</source>
        <translation>%1:%2: &quot;%3&quot; ist nicht SCHLÜSSEL = WERT</translation>
    </message>
    <message>
        <source>%1:%2: %3 has no value</source>
        <translation>%1:%2: %3 hat keinen Wert</translation>
    </message>
    <message>
        <source>%1:%2: %3 is set again (first on line %4)</source>
        <translation>%1:%2: %3 wird erneut gesetzt (zuerst in Zeile %4)</translation>
    </message>
</context>
<context>
    <name>AgentPingmeshFeedText</name>
    <message>
        <source>the fabric has no agents to probe from (the embedded simulated fabric has none: choose one of its faults, or watch an inventory)</source>
        <translation>die Fabric hat keine Agenten, von denen aus geprobt werden kann (die eingebettete simulierte Fabric hat keine: einen ihrer Fehler wählen oder ein Inventar beobachten)</translation>
    </message>
    <message>
        <source>fewer than two endpoints answered</source>
        <translation>weniger als zwei Endpunkte haben geantwortet</translation>
    </message>
</context>
<context>
    <name>AgentPingmeshText</name>
    <message>
        <source>the agent reports no RDMA device with an active RoCE port</source>
        <translation>der Agent meldet kein RDMA-Gerät mit aktivem RoCE-Port</translation>
    </message>
    <message>
        <source>the agent cannot run a pingmesh endpoint (%1): update roce-agent</source>
        <translation>der Agent kann keinen Pingmesh-Endpunkt ausführen (%1): roce-agent aktualisieren</translation>
    </message>
    <message>
        <source>its endpoint gave no address within %1 s</source>
        <translation>sein Endpunkt hat innerhalb von %1 s keine Adresse genannt</translation>
    </message>
    <message>
        <source>a pingmesh needs at least two endpoints</source>
        <translation>ein Pingmesh braucht mindestens zwei Endpunkte</translation>
    </message>
</context>
<context>
    <name>AgentServerText</name>
    <message>
        <source>connection refused at accept: %1</source>
        <translation>Verbindung beim Annehmen abgelehnt: %1</translation>
    </message>
    <message>
        <source>accept failed, retrying: %1</source>
        <translation>Annehmen fehlgeschlagen, neuer Versuch: %1</translation>
    </message>
    <message>
        <source>%1 connections open, the most allowed</source>
        <translation>%1 Verbindungen offen, die erlaubte Höchstzahl</translation>
    </message>
    <message>
        <source>%1 connections not yet authenticated, the most allowed</source>
        <translation>%1 Verbindungen noch nicht authentifiziert, die erlaubte Höchstzahl</translation>
    </message>
    <message>
        <source>job &apos;%1&apos; reads no input</source>
        <translation>Job „%1“ liest keine Eingabe</translation>
    </message>
</context>
<context>
    <name>AgentSessionText</name>
    <message>
        <source>TLS handshake failed: %1</source>
        <translation>TLS-Handshake fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>TLS handshake not completed within %1 s</source>
        <translation>TLS-Handshake nicht innerhalb von %1 s abgeschlossen</translation>
    </message>
    <message>
        <source>hello and authentication not completed within %1 s</source>
        <translation>hello und Authentifizierung nicht innerhalb von %1 s abgeschlossen</translation>
    </message>
    <message>
        <source>client is not reading (%1 bytes queued): skipping samples</source>
        <translation>Client liest nicht (%1 Bytes in der Warteschlange): Stichproben werden ausgelassen</translation>
    </message>
    <message>
        <source>client stopped reading: %1 bytes queued for %2 s</source>
        <translation>Client liest nicht mehr: %1 Bytes seit %2 s in der Warteschlange</translation>
    </message>
    <message>
        <source>no answer to a ping for %1 s</source>
        <translation>seit %1 s keine Antwort auf einen Ping</translation>
    </message>
    <message>
        <source>closing: %1</source>
        <translation>wird geschlossen: %1</translation>
    </message>
    <message>
        <source>dropped: %1</source>
        <translation>getrennt: %1</translation>
    </message>
    <message>
        <source>expected hello, got &apos;%1&apos;</source>
        <translation>Hello erwartet, „%1“ erhalten</translation>
    </message>
    <message>
        <source>no common protocol version (agent speaks %1)</source>
        <translation>keine gemeinsame Protokollversion (der Agent spricht %1)</translation>
    </message>
    <message>
        <source>not authenticated: &apos;%1&apos; before auth</source>
        <translation>nicht authentifiziert: „%1“ vor auth</translation>
    </message>
    <message>
        <source>authentication failed</source>
        <translation>Authentifizierung fehlgeschlagen</translation>
    </message>
    <message>
        <source>interval_ms must be 100 to 60000</source>
        <translation>interval_ms muss zwischen 100 und 60000 liegen</translation>
    </message>
    <message>
        <source>no running job &apos;%1&apos; of this connection</source>
        <translation>kein laufender Job „%1“ dieser Verbindung</translation>
    </message>
    <message>
        <source>unknown message type &apos;%1&apos;</source>
        <translation>unbekannter Nachrichtentyp „%1“</translation>
    </message>
    <message>
        <source>this connection already runs %1 jobs, the most it may</source>
        <translation>diese Verbindung führt bereits %1 Jobs aus, die erlaubte Höchstzahl</translation>
    </message>
    <message>
        <source>this host already runs %1 jobs, the most it may</source>
        <translation>dieser Host führt bereits %1 Jobs aus, die erlaubte Höchstzahl</translation>
    </message>
    <message>
        <source>this agent runs no jobs</source>
        <translation>dieser Agent führt keine Jobs aus</translation>
    </message>
    <message>
        <source>job_input needs &apos;line&apos;: one line of text</source>
        <translation>job_input braucht „line“: eine Textzeile</translation>
    </message>
    <message>
        <source>this agent changes no NIC setting: its /sys is read-only</source>
        <translation>dieser Agent ändert keine NIC-Einstellung: sein /sys ist schreibgeschützt</translation>
    </message>
    <message>
        <source>set_ecn needs &apos;netdev&apos; and &apos;roce_np&apos;/&apos;roce_rp&apos; objects of file: value</source>
        <translation>set_ecn braucht &apos;netdev&apos; und &apos;roce_np&apos;/&apos;roce_rp&apos; als Objekte aus Datei: Wert</translation>
    </message>
    <message>
        <source>too many failed authentications from this address lately: the next attempt is looked at in %1 s</source>
        <translation>zu viele fehlgeschlagene Anmeldungen von dieser Adresse in letzter Zeit: der nächste Versuch wird in %1 s geprüft</translation>
    </message>
</context>
<context>
    <name>AlertText</name>
    <message>
        <source>Ingress MMU drops</source>
        <translation>Ingress-MMU-Drops</translation>
    </message>
    <message>
        <source>The ingress buffer overflows: on the lossless class this means PFC is off or its headroom too small, and RoCE retransmits (go-back-N).</source>
        <translation>Der Ingress-Puffer läuft über: in der verlustfreien Klasse heißt das, dass PFC aus oder sein Headroom zu klein ist, und RoCE sendet erneut (go-back-N).</translation>
    </message>
    <message>
        <source>rocectl audit (pfc_cos_no_drop, pfc_ports); &apos;show queuing interface %1&apos;: Ingress MMU Drop, PFC Statistics.</source>
        <translation>rocectl audit (pfc_cos_no_drop, pfc_ports); „show queuing interface %1“: Ingress MMU Drop, PFC Statistics.</translation>
    </message>
    <message>
        <source>Egress WRED/tail drops</source>
        <translation>Egress-WRED-/Tail-Drops</translation>
    </message>
    <message>
        <source>Packets are dropped at the egress queue: WRED without ecn, or RoCE outside the no-drop class.</source>
        <translation>Pakete werden an der Egress-Warteschlange verworfen: WRED ohne ecn, oder RoCE außerhalb der No-Drop-Klasse.</translation>
    </message>
    <message>
        <source>rocectl audit (wred_ecn_roce, roce_dscp_no_drop); the DSCP the hosts send.</source>
        <translation>rocectl audit (wred_ecn_roce, roce_dscp_no_drop); der DSCP, den die Hosts senden.</translation>
    </message>
    <message>
        <source>PFC pause storm</source>
        <translation>PFC-Pausensturm</translation>
    </message>
    <message>
        <source>The peer pauses this port continuously while it sends almost nothing: a NIC that stopped draining, and the pauses spread back through the fabric.</source>
        <translation>Die Gegenstelle pausiert diesen Port ununterbrochen, während er fast nichts sendet: eine NIC, die nicht mehr leert, und die Pausen breiten sich rückwärts durch das Fabric aus.</translation>
    </message>
    <message>
        <source>PFC pauses without ECN marks</source>
        <translation>PFC-Pausen ohne ECN-Markierungen</translation>
    </message>
    <message>
        <source>Congestion is handled by PFC alone: no queue marks ECN, so DCQCN never slows the senders and pauses spread.</source>
        <translation>Überlast wird allein von PFC behandelt: keine Warteschlange markiert ECN, daher bremst DCQCN die Sender nie und die Pausen breiten sich aus.</translation>
    </message>
    <message>
        <source>rocectl audit (wred_ecn_roce, threshold_order); ECN enabled on the adapters (roce_np/roce_rp).</source>
        <translation>rocectl audit (wred_ecn_roce, threshold_order); ECN auf den Adaptern aktiviert (roce_np/roce_rp).</translation>
    </message>
    <message>
        <source>Link down</source>
        <translation>Link down</translation>
    </message>
    <message>
        <source>&apos;show interface %1&apos; (reason), the cable and the server&apos;s NIC.</source>
        <translation>„show interface %1“ (Grund), das Kabel und die NIC des Servers.</translation>
    </message>
    <message>
        <source>Switch unreachable</source>
        <translation>Switch nicht erreichbar</translation>
    </message>
    <message>
        <source>The management network, NX-API (&apos;show nxapi&apos;), the credentials and the certificate pin.</source>
        <translation>Das Management-Netz, NX-API („show nxapi“), die Zugangsdaten und der Zertifikats-Pin.</translation>
    </message>
    <message>
        <source>CNPs ignored</source>
        <translation>CNPs ignoriert</translation>
    </message>
    <message>
        <source>The adapter receives CNPs and ignores them: ECN/DCQCN is off for this priority on the sender, which never slows down and leaves congestion to PFC.</source>
        <translation>Der Adapter empfängt CNPs und ignoriert sie: ECN/DCQCN ist für diese Priorität auf dem Sender aus, der nie langsamer wird und die Überlast PFC überlässt.</translation>
    </message>
    <message>
        <source>/sys/class/net/&lt;if&gt;/ecn/roce_rp/enable/3 on %1 (1 = on); rocectl audit --hosts; rp_cnp_ignored in &apos;ethtool -S&apos;.</source>
        <translation>/sys/class/net/&lt;if&gt;/ecn/roce_rp/enable/3 auf %1 (1 = an); rocectl audit --hosts; rp_cnp_ignored in „ethtool -S“.</translation>
    </message>
    <message>
        <source>CNPs without CE marks</source>
        <translation>CNPs ohne CE-Markierungen</translation>
    </message>
    <message>
        <source>The NIC sends CNPs but counts no CE-marked RoCE packets: the marks arrive on traffic the counter does not cover, or the NIC&apos;s counters disagree, so DCQCN acts on marks the console cannot see.</source>
        <translation>Die NIC sendet CNPs, zählt aber keine CE-markierten RoCE-Pakete: die Markierungen kommen auf Verkehr, den der Zähler nicht erfasst, oder die Zähler der NIC widersprechen sich, sodass DCQCN auf Markierungen reagiert, die die Konsole nicht sieht.</translation>
    </message>
    <message>
        <source>np_ecn_marked_roce_packets and np_cnp_sent on %1; the DSCP and priority of the marked traffic.</source>
        <translation>np_ecn_marked_roce_packets und np_cnp_sent auf %1; DSCP und Priorität des markierten Verkehrs.</translation>
    </message>
    <message>
        <source>Agent unreachable</source>
        <translation>Agent nicht erreichbar</translation>
    </message>
    <message>
        <source>roce-agent on %1 (&apos;systemctl status roce-agent&apos;), the network path, its token and certificate pin. Its NIC counters are stale until it answers; the console reconnects with backoff.</source>
        <translation>roce-agent auf %1 („systemctl status roce-agent“), der Netzwerkpfad, sein Token und sein Zertifikats-Pin. Seine NIC-Zähler sind veraltet, bis er antwortet; die Konsole verbindet sich mit Backoff neu.</translation>
    </message>
    <message>
        <source>Host clock off</source>
        <translation>Host-Uhr geht falsch</translation>
    </message>
    <message>
        <source>This host&apos;s clock is %1 ms off the console&apos;s: the console still places its counters on its own time axis, but the host&apos;s logs and training timestamps will not line up with the fabric&apos;s.</source>
        <translation>Die Uhr dieses Hosts weicht um %1 ms von der der Konsole ab: die Konsole legt seine Zähler weiterhin auf ihre eigene Zeitachse, aber die Logs und Trainingszeitstempel des Hosts passen nicht zu denen der Fabric.</translation>
    </message>
    <message>
        <source>NTP/chrony on the host behind %1 (&apos;chronyc tracking&apos;, &apos;timedatectl&apos;).</source>
        <translation>NTP/chrony auf dem Host hinter %1 („chronyc tracking“, „timedatectl“).</translation>
    </message>
    <message>
        <source>The counter %1 on %2.</source>
        <translation>Der Zähler %1 auf %2.</translation>
    </message>
    <message>
        <source>Metrics store unreachable</source>
        <translation>Metrikspeicher nicht erreichbar</translation>
    </message>
    <message>
        <source>The store at %1: is it running, is the path prefix right (/prometheus, /select/0/prometheus), are the user and the token or password right, does its TLS certificate verify. The fleet&apos;s rows are stale until it answers.</source>
        <translation>Der Speicher unter %1: Läuft er, stimmt das Pfadpräfix (/prometheus, /select/0/prometheus), stimmen Benutzer und Token oder Passwort, lässt sich sein TLS-Zertifikat prüfen? Die Zeilen der Flotte sind veraltet, bis er antwortet.</translation>
    </message>
    <message>
        <source>The switch pauses this NIC continuously: it can hardly send. It is a victim of whatever pauses its switch port, not the cause.</source>
        <translation>Der Switch pausiert diese NIC ununterbrochen: Sie kann kaum senden. Sie ist ein Opfer dessen, was ihren Switch-Port pausiert, nicht die Ursache.</translation>
    </message>
    <message>
        <source>Follow the pauses upstream from the switch port %1 is cabled to (TxPPP there, RxPPP further on); the Diagnosis view names the root.</source>
        <translation>Den Pausen stromaufwärts vom Switch-Port folgen, an dem %1 angeschlossen ist (dort TxPPP, weiter hinten RxPPP); die Diagnose-Ansicht benennt den Ursprung.</translation>
    </message>
    <message>
        <source>The device behind %1: a NIC that stopped draining (tx_prio3_pause, a hung driver), or a switch it leads to; the PFC watchdog (&apos;show queuing pfc-queue&apos;).</source>
        <translation>Das Gerät hinter %1: eine NIC, die nicht mehr leert (tx_prio3_pause, ein hängender Treiber), oder ein Switch, zu dem er führt; der PFC-Watchdog („show queuing pfc-queue“).</translation>
    </message>
    <message>
        <source>The port was up and went down: what it carried stops or takes another path.</source>
        <translation>Der Port war aktiv und ist ausgefallen: Was er übertragen hat, stoppt oder nimmt einen anderen Pfad.</translation>
    </message>
    <message>
        <source>The port is down while something is cabled behind it (%1): what it should carry stops or takes another path.</source>
        <translation>Der Port ist inaktiv, obwohl dahinter etwas angeschlossen ist (%1): Was er übertragen soll, stoppt oder nimmt einen anderen Pfad.</translation>
    </message>
</context>
<context>
    <name>AnalyzerText</name>
    <message>
        <source>Probes to and from %1 are lost (%2 %) and its switch port %3 counts %4 input errors/s: the cable or optic between them is bad.</source>
        <translation>Proben von und zu %1 gehen verloren (%2 %) und sein Switch-Port %3 zählt %4 Eingangsfehler/s: Kabel oder Optik dazwischen sind defekt.</translation>
    </message>
    <message>
        <source>`show interface %1` CRC and input errors, the optic&apos;s receive power (`show interface %1 transceiver details`); reseat or replace the cable and optics.</source>
        <translation>CRC- und Eingangsfehler in `show interface %1`, die Empfangsleistung der Optik (`show interface %1 transceiver details`); Kabel und Optiken neu stecken oder tauschen.</translation>
    </message>
    <message>
        <source>Every NIC of %1 loses or delays probes in both directions, towards every peer: the server itself (PCIe, CPU, driver) is the fault.</source>
        <translation>Jede NIC von %1 verliert oder verzögert Proben in beide Richtungen, zu jedem Peer: Der Server selbst (PCIe, CPU, Treiber) ist der Fehler.</translation>
    </message>
    <message>
        <source>The host&apos;s load and interrupts, `dmesg` for PCIe or mlx5 errors, the firmware and driver versions of its NICs.</source>
        <translation>Last und Interrupts des Hosts, `dmesg` auf PCIe- oder mlx5-Fehler, Firmware- und Treiberversionen seiner NICs.</translation>
    </message>
    <message>
        <source>Probes to and from %1 are lost (%2 %) towards every peer, while its switch port counts no errors: the NIC is the fault.</source>
        <translation>Proben von und zu %1 gehen zu jedem Peer verloren (%2 %), während sein Switch-Port keine Fehler zählt: Die NIC ist der Fehler.</translation>
    </message>
    <message>
        <source>Probes to and from %1 take %2 us against %3 us elsewhere, with no congestion on its switch port: the NIC is slow.</source>
        <translation>Proben von und zu %1 brauchen %2 us gegenüber %3 us anderswo, ohne Stau an seinem Switch-Port: Die NIC ist langsam.</translation>
    </message>
    <message>
        <source>`ethtool -S` of its netdev (rx_discards_phy, out_of_buffer), `rdma statistic show` (out_of_sequence, packet_seq_err), its PCIe link (`lspci -vv`), firmware; swap the NIC or move the job off it.</source>
        <translation>`ethtool -S` seines Netdevs (rx_discards_phy, out_of_buffer), `rdma statistic show` (out_of_sequence, packet_seq_err), seine PCIe-Verbindung (`lspci -vv`), Firmware; die NIC tauschen oder den Job von ihr wegverlegen.</translation>
    </message>
    <message>
        <source>%1 pairs lose probes on paths that cross %2, which counts %3 input errors/s and %4 discards/s: that link is bad.</source>
        <translation>%1 Paare verlieren Proben auf Pfaden über %2, der %3 Eingangsfehler/s und %4 Verwerfungen/s zählt: Dieser Link ist defekt.</translation>
    </message>
    <message>
        <source>`show interface %1` CRC and input errors at both ends of the cable, the optics&apos; receive power; take the link out of ECMP (`shutdown`) until it is replaced.</source>
        <translation>CRC- und Eingangsfehler in `show interface %1` an beiden Enden des Kabels, die Empfangsleistung der Optiken; den Link aus ECMP nehmen (`shutdown`), bis er ersetzt ist.</translation>
    </message>
    <message>
        <source>%1 pairs take %2 us instead of %3 us without losing probes, on paths that share %4 (ECN %5/s, pauses %6/s, %7 % busy): congestion there.</source>
        <translation>%1 Paare brauchen %2 us statt %3 us, ohne Proben zu verlieren, auf Pfaden über %4 (ECN %5/s, Pausen %6/s, %7 % ausgelastet): Stau dort.</translation>
    </message>
    <message>
        <source>Who sends through %1 (`show queuing interface`, the flows of the training job), ECMP balance across the uplinks (hash polarization), a receiver that drains slowly behind it.</source>
        <translation>Wer über %1 sendet (`show queuing interface`, die Flüsse des Trainingsjobs), die ECMP-Verteilung über die Uplinks (Hash-Polarisierung), ein Empfänger dahinter, der langsam leert.</translation>
    </message>
    <message>
        <source>%1 takes %2 us to answer a probe, from request in to reply out by its own clock, against %3 us on the other hosts: the host is slow, whatever the queues in front of it.</source>
        <translation>%1 braucht nach seiner eigenen Uhr %2 us, um eine Probe zu beantworten (von der Anfrage bis zur Antwort), gegenüber %3 us auf den anderen Hosts: Der Host ist langsam, gleich welche Warteschlangen vor ihm liegen.</translation>
    </message>
    <message>
        <source>On %1: the CPU governor (powersave), interrupt affinity and NUMA placement of the NIC, other load on its cores.</source>
        <translation>Auf %1: der CPU-Governor (powersave), Interrupt-Affinität und NUMA-Platzierung der NIC, andere Last auf seinen Kernen.</translation>
    </message>
</context>
<context>
    <name>AnnotationText</name>
    <message>
        <source>annotation: &quot;%1&quot; is missing or not valid</source>
        <translation>Anmerkung: &quot;%1&quot; fehlt oder ist ungültig</translation>
    </message>
</context>
<context>
    <name>AuditCommandText</name>
    <message>
        <source>PASS</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>FEHLER</translation>
    </message>
    <message>
        <source>UNKNOWN</source>
        <translation>UNBEKANNT</translation>
    </message>
    <message>
        <source>Fix:</source>
        <translation>Abhilfe:</translation>
    </message>
    <message>
        <source>%1 passed, %2 failed, %3 unknown (RoCE ports: %4)</source>
        <translation>%1 bestanden, %2 fehlgeschlagen, %3 unbekannt (RoCE-Ports: %4)</translation>
    </message>
    <message>
        <source>none found</source>
        <translation>keine gefunden</translation>
    </message>
    <message>
        <source>Check a switch&apos;s QoS against the lossless RoCE recipe</source>
        <translation>Die QoS eines Switches gegen das verlustfreie RoCE-Rezept prüfen</translation>
    </message>
    <message>
        <source>Reads running-config, PFC, queuing, interfaces and LLDP from the switch (or a saved running-config with --config). Exit status 1 when a check fails.</source>
        <translation>Liest running-config, PFC, Queuing, Schnittstellen und LLDP vom Switch (oder eine gespeicherte running-config mit --config). Exit-Status 1, wenn eine Prüfung fehlschlägt.</translation>
    </message>
    <message>
        <source>Audit a saved &apos;show running-config&apos; text instead of a live switch.</source>
        <translation>Einen gespeicherten „show running-config“-Text statt eines laufenden Switches prüfen.</translation>
    </message>
    <message>
        <source>JSON file of host facts: [{&quot;name&quot;, &quot;interface&quot;, &quot;mtu&quot;, &quot;pfc_priorities&quot;: [3]}].</source>
        <translation>JSON-Datei mit Host-Angaben: [{&quot;name&quot;, &quot;interface&quot;, &quot;mtu&quot;, &quot;pfc_priorities&quot;: [3]}].</translation>
    </message>
    <message>
        <source>DSCP of RoCE traffic (default 26).</source>
        <translation>DSCP des RoCE-Verkehrs (Standard: 26).</translation>
    </message>
    <message>
        <source>DSCP of CNPs (default 48).</source>
        <translation>DSCP der CNPs (Standard: 48).</translation>
    </message>
    <message>
        <source>No-drop CoS (default 3).</source>
        <translation>No-Drop-CoS (Standard: 3).</translation>
    </message>
    <message>
        <source>Comma-separated RoCE ports (default: ports with an LLDP neighbour).</source>
        <translation>Kommagetrennte RoCE-Ports (Standard: Ports mit einem LLDP-Nachbarn).</translation>
    </message>
    <message>
        <source>Print JSON.</source>
        <translation>JSON ausgeben.</translation>
    </message>
    <message>
        <source>rocectl audit: cannot read %1: %2</source>
        <translation>rocectl audit: %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>rocectl audit: warning: %1: %2</source>
        <translation>rocectl audit: Warnung: %1: %2</translation>
    </message>
    <message>
        <source>rocectl audit: --ports: the switch has no %1</source>
        <translation>rocectl audit: --ports: der Switch hat kein %1</translation>
    </message>
</context>
<context>
    <name>AuditText</name>
    <message>
        <source>config line %1: %2</source>
        <translation>Konfigurationszeile %1: %2</translation>
    </message>
    <message>
        <source>%1 KB</source>
        <translation>%1 KB</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>The running configuration could not be read.</source>
        <translation>Die laufende Konfiguration konnte nicht gelesen werden.</translation>
    </message>
    <message>
        <source>host facts must be a JSON array of objects (%1)</source>
        <translation>Host-Angaben müssen ein JSON-Array von Objekten sein (%1)</translation>
    </message>
    <message>
        <source>not an array</source>
        <translation>kein Array</translation>
    </message>
    <message>
        <source>host facts entry %1 has no &quot;name&quot;</source>
        <translation>Host-Angaben-Eintrag %1 hat keinen „name“</translation>
    </message>
    <message>
        <source>RoCE DSCP %1 is classified to the no-drop class</source>
        <translation>RoCE-DSCP %1 wird der No-Drop-Klasse zugeordnet</translation>
    </message>
    <message>
        <source>No qos class-map matches DSCP %1 with a policy that sets a qos-group: RoCE lands in the default class.</source>
        <translation>Keine qos-class-map erfasst DSCP %1 mit einer Policy, die eine qos-group setzt: RoCE landet in der Standardklasse.</translation>
    </message>
    <message>
        <source>DSCP %1 goes to qos-group %2, but no network-qos class pauses CoS %3.</source>
        <translation>DSCP %1 geht in qos-group %2, aber keine network-qos-Klasse pausiert CoS %3.</translation>
    </message>
    <message>
        <source>DSCP %1 goes to qos-group %2, but the no-drop class is qos-group %3.</source>
        <translation>DSCP %1 geht in qos-group %2, die No-Drop-Klasse ist aber qos-group %3.</translation>
    </message>
    <message>
        <source>Policy %1 classifies DSCP %2 but is applied neither under system qos nor on any interface.</source>
        <translation>Policy %1 klassifiziert DSCP %2, ist aber weder unter system qos noch an einer Schnittstelle angewendet.</translation>
    </message>
    <message>
        <source>DSCP %1 -&gt; qos-group %2, the class that pauses CoS %3.</source>
        <translation>DSCP %1 -&gt; qos-group %2, die Klasse, die CoS %3 pausiert.</translation>
    </message>
    <message>
        <source>The network-qos policy pauses CoS %1 (no-drop)</source>
        <translation>Die network-qos-Policy pausiert CoS %1 (No-Drop)</translation>
    </message>
    <message>
        <source>Class %1 of %2 has pause pfc-cos %3.</source>
        <translation>Klasse %1 von %2 hat pause pfc-cos %3.</translation>
    </message>
    <message>
        <source>No network-qos policy is applied under system qos.</source>
        <translation>Unter system qos ist keine network-qos-Policy angewendet.</translation>
    </message>
    <message>
        <source>No class of %1 has pause pfc-cos %2: the RoCE class is lossy.</source>
        <translation>Keine Klasse von %1 hat pause pfc-cos %2: die RoCE-Klasse ist verlustbehaftet.</translation>
    </message>
    <message>
        <source>PFC is on for CoS %1 on every RoCE port</source>
        <translation>PFC ist für CoS %1 an jedem RoCE-Port an</translation>
    </message>
    <message>
        <source>mode %1</source>
        <translation>Modus %1</translation>
    </message>
    <message>
        <source>auto (default)</source>
        <translation>auto (Standard)</translation>
    </message>
    <message>
        <source>oper %1</source>
        <translation>Betrieb %1</translation>
    </message>
    <message>
        <source>VL bitmap 0x%1</source>
        <translation>VL-Bitmap 0x%1</translation>
    </message>
    <message>
        <source>RxPPP %1, TxPPP %2</source>
        <translation>RxPPP %1, TxPPP %2</translation>
    </message>
    <message>
        <source>ingress MMU drops %1</source>
        <translation>Ingress-MMU-Verwerfungen %1</translation>
    </message>
    <message>
        <source>Neither the configuration nor the PFC status of the RoCE ports could be read.</source>
        <translation>Weder die Konfiguration noch der PFC-Status der RoCE-Ports konnte gelesen werden.</translation>
    </message>
    <message numerus="yes">
        <source>PFC mode on and operational on %n RoCE port(s).</source>
        <translation>
            <numerusform>PFC-Modus an und aktiv auf %n RoCE-Port.</numerusform>
            <numerusform>PFC-Modus an und aktiv auf %n RoCE-Ports.</numerusform>
        </translation>
    </message>
    <message>
        <source>PFC is not on (or not operational for CoS %1) on: %2.</source>
        <translation>PFC ist nicht an (oder für CoS %1 nicht aktiv) auf: %2.</translation>
    </message>
    <message>
        <source>The hosts enable PFC on priority %1</source>
        <translation>Die Hosts aktivieren PFC auf Priorität %1</translation>
    </message>
    <message>
        <source>%1 %2: PFC priorities 0x%3</source>
        <translation>%1 %2: PFC-Prioritäten 0x%3</translation>
    </message>
    <message>
        <source>No host reported its PFC priorities (give them with --hosts, or run mlnx_qos -i &lt;if&gt; on each host).</source>
        <translation>Kein Host hat seine PFC-Prioritäten gemeldet (mit --hosts angeben oder mlnx_qos -i &lt;if&gt; auf jedem Host ausführen).</translation>
    </message>
    <message numerus="yes">
        <source>%n host(s) enable PFC on the RoCE priority.</source>
        <translation>
            <numerusform>%n Host aktiviert PFC auf der RoCE-Priorität.</numerusform>
            <numerusform>%n Hosts aktivieren PFC auf der RoCE-Priorität.</numerusform>
        </translation>
    </message>
    <message>
        <source>PFC priority %1 is off on: %2.</source>
        <translation>PFC-Priorität %1 ist aus auf: %2.</translation>
    </message>
    <message>
        <source>The hosts mark RoCE with a DSCP of the no-drop class</source>
        <translation>Die Hosts markieren RoCE mit einem DSCP der No-Drop-Klasse</translation>
    </message>
    <message>
        <source>%1: RoCE DSCP %2 -&gt; %3</source>
        <translation>%1: RoCE-DSCP %2 -&gt; %3</translation>
    </message>
    <message>
        <source>qos-group %1</source>
        <translation>qos-group %1</translation>
    </message>
    <message>
        <source>default class</source>
        <translation>Standardklasse</translation>
    </message>
    <message>
        <source>No host reported the DSCP of its RoCE traffic.</source>
        <translation>Kein Host hat den DSCP seines RoCE-Verkehrs gemeldet.</translation>
    </message>
    <message numerus="yes">
        <source>%n host(s) send RoCE in the no-drop class.</source>
        <translation>
            <numerusform>%n Host sendet RoCE in der No-Drop-Klasse.</numerusform>
            <numerusform>%n Hosts senden RoCE in der No-Drop-Klasse.</numerusform>
        </translation>
    </message>
    <message>
        <source>RoCE from %1 is not classified to the no-drop class: it is lossy and unpaused.</source>
        <translation>RoCE von %1 wird nicht der No-Drop-Klasse zugeordnet: es ist verlustbehaftet und wird nicht pausiert.</translation>
    </message>
    <message>
        <source>CNP DSCP %1 is in a strict-priority queue</source>
        <translation>CNP-DSCP %1 liegt in einer Strict-Priority-Warteschlange</translation>
    </message>
    <message>
        <source>DSCP %1 is not classified: CNPs wait behind data in the default queue.</source>
        <translation>DSCP %1 ist nicht klassifiziert: CNPs warten in der Standard-Warteschlange hinter Daten.</translation>
    </message>
    <message>
        <source>CNPs share qos-group %1 with RoCE data.</source>
        <translation>CNPs teilen sich qos-group %1 mit RoCE-Daten.</translation>
    </message>
    <message>
        <source>qos-group %1 (CNP) has no priority level in queuing policy %2.</source>
        <translation>qos-group %1 (CNP) hat kein priority level in der Queuing-Policy %2.</translation>
    </message>
    <message>
        <source>DSCP %1 -&gt; qos-group %2, priority level %3.</source>
        <translation>DSCP %1 -&gt; qos-group %2, priority level %3.</translation>
    </message>
    <message>
        <source>WRED marks ECN on the RoCE queue</source>
        <translation>WRED markiert ECN in der RoCE-Warteschlange</translation>
    </message>
    <message>
        <source>The RoCE qos-group is unknown (see roce_dscp_no_drop).</source>
        <translation>Die RoCE-qos-group ist unbekannt (siehe roce_dscp_no_drop).</translation>
    </message>
    <message>
        <source>ECN-marked packets on qos-group %1 of the RoCE ports: %2</source>
        <translation>ECN-markierte Pakete in qos-group %1 der RoCE-Ports: %2</translation>
    </message>
    <message>
        <source>random-detect with ecn on %1.</source>
        <translation>random-detect mit ecn auf %1.</translation>
    </message>
    <message>
        <source>random-detect on %1 drops instead of marking (no ecn).</source>
        <translation>random-detect auf %1 verwirft statt zu markieren (kein ecn).</translation>
    </message>
    <message>
        <source>No random-detect on the queue of qos-group %1: no ECN marks, so DCQCN never slows senders and PFC does all the work.</source>
        <translation>Kein random-detect auf der Warteschlange von qos-group %1: keine ECN-Markierungen, daher drosselt DCQCN die Sender nie und PFC leistet die ganze Arbeit.</translation>
    </message>
    <message>
        <source>Thresholds are ordered xON &lt; WRED min &lt; WRED max &lt; xOFF</source>
        <translation>Schwellen sind geordnet: xON &lt; WRED min &lt; WRED max &lt; xOFF</translation>
    </message>
    <message>
        <source>%1 qos-group %2: pause threshold %3, resume threshold %4 (show queuing interface)</source>
        <translation>%1 qos-group %2: Pause-Schwelle %3, Resume-Schwelle %4 (show queuing interface)</translation>
    </message>
    <message>
        <source>The PFC pause/resume thresholds of the RoCE class were not reported.</source>
        <translation>Die PFC-Pause-/Resume-Schwellen der RoCE-Klasse wurden nicht gemeldet.</translation>
    </message>
    <message>
        <source>WRED uses the %1 profile, whose thresholds are not in the configuration.</source>
        <translation>WRED verwendet das Profil %1, dessen Schwellen nicht in der Konfiguration stehen.</translation>
    </message>
    <message>
        <source>No explicit WRED thresholds on the RoCE queue.</source>
        <translation>Keine expliziten WRED-Schwellen auf der RoCE-Warteschlange.</translation>
    </message>
    <message>
        <source>xON %1 &gt;= WRED min %2</source>
        <translation>xON %1 &gt;= WRED min %2</translation>
    </message>
    <message>
        <source>WRED min %1 &gt;= WRED max %2</source>
        <translation>WRED min %1 &gt;= WRED max %2</translation>
    </message>
    <message>
        <source>WRED max %1 &gt;= xOFF %2</source>
        <translation>WRED max %1 &gt;= xOFF %2</translation>
    </message>
    <message>
        <source>xON %1 &lt; WRED min %2 &lt; WRED max %3 &lt; xOFF %4 (%5).</source>
        <translation>xON %1 &lt; WRED min %2 &lt; WRED max %3 &lt; xOFF %4 (%5).</translation>
    </message>
    <message>
        <source>%1 (%2): ECN must start marking before PFC pauses.</source>
        <translation>%1 (%2): ECN muss mit dem Markieren beginnen, bevor PFC pausiert.</translation>
    </message>
    <message>
        <source>MTU %1 on the switch</source>
        <translation>MTU %1 auf dem Switch</translation>
    </message>
    <message>
        <source>%1: MTU %2</source>
        <translation>%1: MTU %2</translation>
    </message>
    <message>
        <source>No MTU was reported for the RoCE ports.</source>
        <translation>Für die RoCE-Ports wurde keine MTU gemeldet.</translation>
    </message>
    <message>
        <source>MTU %1 on the no-drop class and the RoCE ports.</source>
        <translation>MTU %1 auf der No-Drop-Klasse und den RoCE-Ports.</translation>
    </message>
    <message>
        <source>MTU below %1 on: %2.</source>
        <translation>MTU unter %1 auf: %2.</translation>
    </message>
    <message>
        <source>MTU %1 on the hosts</source>
        <translation>MTU %1 auf den Hosts</translation>
    </message>
    <message>
        <source>%1 %2: MTU %3</source>
        <translation>%1 %2: MTU %3</translation>
    </message>
    <message>
        <source>No host reported its MTU.</source>
        <translation>Kein Host hat seine MTU gemeldet.</translation>
    </message>
    <message numerus="yes">
        <source>%n host interface(s) at MTU %1 or more.</source>
        <translation>
            <numerusform>%n Host-Schnittstelle mit MTU %1 oder mehr.</numerusform>
            <numerusform>%n Host-Schnittstellen mit MTU %1 oder mehr.</numerusform>
        </translation>
    </message>
    <message>
        <source>The PFC watchdog is on</source>
        <translation>Der PFC-Watchdog ist an</translation>
    </message>
    <message>
        <source>Enabled globally.</source>
        <translation>Global aktiviert.</translation>
    </message>
    <message>
        <source>Enabled on every RoCE port.</source>
        <translation>Auf jedem RoCE-Port aktiviert.</translation>
    </message>
    <message>
        <source>Off: a host that stops draining its queue can pause the fabric indefinitely (PFC storm).</source>
        <translation>Aus: ein Host, der seine Warteschlange nicht mehr leert, kann das Fabric unbegrenzt pausieren (PFC-Sturm).</translation>
    </message>
</context>
<context>
    <name>BoundedText</name>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 Bytes</translation>
    </message>
    <message>
        <source>%1 did not answer within %2 s</source>
        <translation>%1 hat nicht innerhalb von %2 s geantwortet</translation>
    </message>
    <message>
        <source>%1 announced an answer of %2, over the %3 cap of %4; not read</source>
        <translation>%1 kündigte eine Antwort von %2 an, über der Grenze von %3 für %4; nicht gelesen</translation>
    </message>
    <message>
        <source>%1 sent more than %2, the cap of %3; the rest was not read</source>
        <translation>%1 sandte mehr als %2, die Grenze für %3; der Rest wurde nicht gelesen</translation>
    </message>
    <message>
        <source>%1 redirected to %2, another origin: not followed, so the credentials stay with %3; if the service moved, use its new address</source>
        <translation>%1 leitete auf %2 um, einen anderen Ursprung: nicht gefolgt, die Anmeldedaten bleiben bei %3; ist der Dienst umgezogen, seine neue Adresse verwenden</translation>
    </message>
    <message>
        <source>%1 redirected the request with HTTP %2 to %3, which would resend it as a GET without its body: not followed; use that address</source>
        <translation>%1 leitete die Anfrage mit HTTP %2 auf %3 um, wodurch sie als GET ohne ihren Inhalt erneut gesendet würde: nicht gefolgt; diese Adresse verwenden</translation>
    </message>
</context>
<context>
    <name>ChangeText</name>
    <message>
        <source>%1: %2 (NX-API code 429): nothing was changed; its sessions expire after 10 minutes</source>
        <translation>%1: %2 (NX-API-Code 429): Nichts wurde geändert; seine Sitzungen laufen nach 10 Minuten ab</translation>
    </message>
    <message>
        <source>%1 refused &apos;%2&apos;: %3</source>
        <translation>%1 hat „%2“ abgelehnt: %3</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: its agent reports no NIC</source>
        <translation>%1: sein Agent meldet keine NIC</translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation>%1: %2 (%3)</translation>
    </message>
    <message>
        <source>%1: no answer to the change</source>
        <translation>%1: keine Antwort auf die Änderung</translation>
    </message>
</context>
<context>
    <name>ClientText</name>
    <message>
        <source>%1 is plain HTTP: the password would cross the network in clear. Use https://, or allow HTTP explicitly for this switch.</source>
        <translation>%1 ist unverschlüsseltes HTTP: das Passwort ginge im Klartext über das Netz. https:// verwenden oder HTTP für diesen Switch ausdrücklich erlauben.</translation>
    </message>
    <message>
        <source>%1 is not an http:// or https:// URL</source>
        <translation>%1 ist keine http://- oder https://-URL</translation>
    </message>
    <message>
        <source>%1 presented certificate %2, not the pinned %3. If the switch was re-keyed, confirm the new fingerprint; otherwise something is in between.</source>
        <translation>%1 hat Zertifikat %2 vorgelegt, nicht das hinterlegte %3. Wenn der Switch neue Schlüssel erhalten hat, den neuen Fingerabdruck bestätigen; andernfalls sitzt etwas dazwischen.</translation>
    </message>
    <message>
        <source>%1: certificate not trusted (%2). SHA-256 fingerprint %3: compare it with &apos;show nxapi&apos; on the switch console and pin it if it matches.</source>
        <translation>%1: Zertifikat nicht vertrauenswürdig (%2). SHA-256-Fingerabdruck %3: mit „show nxapi“ auf der Switch-Konsole vergleichen und hinterlegen, wenn er übereinstimmt.</translation>
    </message>
    <message>
        <source>%1 refused user &apos;%2&apos; (HTTP 401): wrong user name or password, or the role lacks NX-API access.</source>
        <translation>%1 hat Benutzer „%2“ abgelehnt (HTTP 401): falscher Benutzername oder falsches Passwort, oder der Rolle fehlt der NX-API-Zugriff.</translation>
    </message>
    <message>
        <source>%1 is unreachable: %2</source>
        <translation>%1 ist nicht erreichbar: %2</translation>
    </message>
    <message>
        <source>%1 has no free NX-API session (HTTP 429); retrying at the next poll.</source>
        <translation>%1 hat keine freie NX-API-Sitzung (HTTP 429); neuer Versuch bei der nächsten Abfrage.</translation>
    </message>
    <message>
        <source>%1 answered HTTP %2%3</source>
        <translation>%1 antwortete mit HTTP %2%3</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 refused user &apos;%2&apos; twice (HTTP 401): credentials rejected twice: polling stopped, enter the password.</source>
        <translation>%1 hat den Benutzer „%2“ zweimal abgewiesen (HTTP 401): Anmeldedaten zweimal abgelehnt: Abfragen angehalten, Passwort eingeben.</translation>
    </message>
    <message>
        <source>%1 refused the connection: is the store running there?</source>
        <translation>%1 hat die Verbindung abgelehnt: Läuft dort der Speicher?</translation>
    </message>
    <message>
        <source>%1: host not found</source>
        <translation>%1: Host nicht gefunden</translation>
    </message>
    <message>
        <source>%1: connection timed out</source>
        <translation>%1: Zeitüberschreitung beim Verbinden</translation>
    </message>
    <message>
        <source>%1: TLS failed (%2); give the store&apos;s CA with --ca if it uses a private one</source>
        <translation>%1: TLS fehlgeschlagen (%2); bei einer privaten CA diese mit --ca angeben</translation>
    </message>
    <message>
        <source>%1 refused the credentials (HTTP %2): check the user and the token or password</source>
        <translation>%1 hat die Anmeldedaten abgelehnt (HTTP %2): Benutzer und Token oder Passwort prüfen</translation>
    </message>
    <message>
        <source>%1 has no %2 (HTTP 404): is the path prefix right (e.g. /prometheus, /select/0/prometheus)?</source>
        <translation>%1 hat kein %2 (HTTP 404): Stimmt das Pfadpräfix (z. B. /prometheus, /select/0/prometheus)?</translation>
    </message>
    <message>
        <source>an NX-API poll</source>
        <translation>eine NX-API-Abfrage</translation>
    </message>
    <message>
        <source>%1; %2 s left</source>
        <translation>%1; noch %2 s</translation>
    </message>
    <message>
        <source>the store&apos;s answers in flight</source>
        <translation>die laufenden Antworten des Speichers</translation>
    </message>
    <message>
        <source>%1 is limiting this client&apos;s requests (HTTP 429)</source>
        <translation>%1 begrenzt die Anfragen dieses Clients (HTTP 429)</translation>
    </message>
    <message>
        <source>%1 is unavailable (HTTP 503: %2)</source>
        <translation>%1 ist nicht verfügbar (HTTP 503: %2)</translation>
    </message>
    <message>
        <source>no request for %1 s, as it asked (Retry-After)</source>
        <translation>keine Anfrage für %1 s, wie verlangt (Retry-After)</translation>
    </message>
    <message>
        <source>no request for %1 s</source>
        <translation>keine Anfrage für %1 s</translation>
    </message>
    <message>
        <source>%1: max sessions reached (NX-API code 429): the switch has no NX-API session free for a new client (a session lasts 10 minutes after its last use)</source>
        <translation>%1: maximale Sitzungszahl erreicht (NX-API-Code 429): der Switch hat keine NX-API-Sitzung für einen neuen Client frei (eine Sitzung gilt 10 Minuten nach ihrer letzten Nutzung)</translation>
    </message>
</context>
<context>
    <name>ClipText</name>
    <message>
        <source>the clip ends before it starts</source>
        <translation>der Ausschnitt endet, bevor er beginnt</translation>
    </message>
</context>
<context>
    <name>ComparisonText</name>
    <message>
        <source>round trip</source>
        <translation>Hin und zurück</translation>
    </message>
    <message>
        <source>one way</source>
        <translation>Einweg</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>Kennzahl</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>%1 (run %2)</source>
        <translation>%1 (Lauf %2)</translation>
    </message>
    <message>
        <source>%1 Gb/s</source>
        <translation>%1 Gb/s</translation>
    </message>
    <message>
        <source>%1 us</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>step %1 ms</source>
        <translation>Schritt %1 ms</translation>
    </message>
    <message>
        <source>median %1</source>
        <translation>Median %1</translation>
    </message>
    <message>
        <source>slow: %1</source>
        <translation>langsam: %1</translation>
    </message>
    <message>
        <source>%1: %2x the bandwidth of %3</source>
        <translation>%1: %2-fache Bandbreite von %3</translation>
    </message>
    <message>
        <source>%1: %2x faster (median latency) than %3</source>
        <translation>%1: %2-mal schneller (Median-Latenz) als %3</translation>
    </message>
    <message>
        <source>%1: %2% less jitter (99% - median) than %3</source>
        <translation>%1: %2 % weniger Jitter (99 % - Median) als %3</translation>
    </message>
    <message>
        <source>%1: training steps %2x faster than %3</source>
        <translation>%1: Trainingsschritte %2-mal schneller als %3</translation>
    </message>
</context>
<context>
    <name>ConfigText</name>
    <message>
        <source>no configuration statements (class-map, policy-map, interface, system qos) in the text</source>
        <translation>keine Konfigurationsanweisungen (class-map, policy-map, interface, system qos) im Text</translation>
    </message>
</context>
<context>
    <name>ConsoleOptionsText</name>
    <message>
        <source>RoCE Fabric Console: live operations console for lossless RoCEv2 fabrics (PFC, ECN/WRED, DCQCN) carrying distributed AI training.</source>
        <translation>RoCE-Fabric-Konsole: Live-Betriebskonsole für verlustfreie RoCEv2-Fabrics (PFC, ECN/WRED, DCQCN) mit verteiltem KI-Training.</translation>
    </message>
    <message>
        <source>User-interface language, e.g. &apos;de&apos; or &apos;en&apos; (default: the system locale).</source>
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
        <source>roce-console: unexpected argument &apos;%1&apos;</source>
        <translation>roce-console: unerwartetes Argument „%1“</translation>
    </message>
    <message>
        <source>Run on the embedded simulated fabric (the default while no inventory is configured).</source>
        <translation>Auf dem eingebetteten simulierten Fabric laufen (Standard, solange kein Inventar konfiguriert ist).</translation>
    </message>
    <message>
        <source>name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>roce-console: unknown scenario &apos;%1&apos; (%2)</source>
        <translation>roce-console: unbekanntes Szenario „%1“ (%2)</translation>
    </message>
    <message>
        <source>The results database of experiments (default %1; the same as rocectl results).</source>
        <translation>Die Ergebnisdatenbank der Experimente (Standard %1; dieselbe wie bei rocectl results).</translation>
    </message>
    <message>
        <source>path</source>
        <translation>Pfad</translation>
    </message>
    <message>
        <source>The inventory file to watch and edit (default %1). Passwords and tokens are in the keychain, never in this file.</source>
        <translation>Die zu überwachende und zu bearbeitende Inventardatei (Standard %1). Passwörter und Token liegen im Schlüsselbund, nie in dieser Datei.</translation>
    </message>
    <message>
        <source>Demo a simulated leaf/spine fabric instead of the reference one, e.g. rail:1024:8:8:16 (1024 servers x 8 NICs, 8 rails, 16 spines), drawn on the layered map.</source>
        <translation>Ein simuliertes Leaf/Spine-Fabric statt des Referenz-Fabrics vorführen, z. B. rail:1024:8:8:16 (1024 Server x 8 NICs, 8 Rails, 16 Spines), dargestellt auf der Schichtenkarte.</translation>
    </message>
    <message>
        <source>rail:HOSTS:NICS:RAILS:SPINES</source>
        <translation>rail:HOSTS:NICS:RAILS:SPINES</translation>
    </message>
    <message>
        <source>Open this recording (a file, or a directory of recordings) for replay at start; the live fabric is watched (and recorded) meanwhile.</source>
        <translation>Diese Aufzeichnung (eine Datei oder ein Verzeichnis mit Aufzeichnungen) beim Start zur Wiedergabe öffnen; die Live-Fabric wird währenddessen weiter beobachtet (und aufgezeichnet).</translation>
    </message>
    <message>
        <source>Read the fleet from this Prometheus-compatible store (Prometheus, Thanos, VictoriaMetrics, Mimir; a path in the URL is its prefix, e.g. http://vm:8481/select/0/prometheus) instead of polling it. Authentication as set in Fabric &gt; Connect to Prometheus...; the token or password from ROCE_PROMETHEUS_SECRET or the keychain.</source>
        <translation>Die Flotte aus diesem Prometheus-kompatiblen Speicher lesen (Prometheus, Thanos, VictoriaMetrics, Mimir; ein Pfad in der URL ist das Präfix, z. B. http://vm:8481/select/0/prometheus), statt sie abzufragen. Authentifizierung wie unter Fabric &gt; Mit Prometheus verbinden... eingestellt; Token oder Passwort aus ROCE_PROMETHEUS_SECRET oder dem Schlüsselbund.</translation>
    </message>
    <message>
        <source>url</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Select this port once it appears (its row, its charts), e.g. rail3-leaf5/Ethernet1/1 or gpu0001/mlx5_0.</source>
        <translation>Diesen Port auswählen, sobald er erscheint (seine Zeile, seine Diagramme), z. B. rail3-leaf5/Ethernet1/1 oder gpu0001/mlx5_0.</translation>
    </message>
    <message>
        <source>port</source>
        <translation>Port</translation>
    </message>
    <message>
        <source>Start the pingmesh of the watched fabric and show its dock: a fault on a model of a simulated fabric (healthy, bad-nic:HOST, bad-link:SWITCH/PORT, hot-uplink, silent-pause, pfcwd-flap, ecn-not-marking), or agents (its own agents probe each other).</source>
        <translation>Das Pingmesh der überwachten Fabric starten und sein Dock zeigen: ein Fehler an einem Modell einer simulierten Fabric (healthy, bad-nic:HOST, bad-link:SWITCH/PORT, hot-uplink, silent-pause, pfcwd-flap, ecn-not-marking) oder agents (ihre eigenen Agenten proben einander).</translation>
    </message>
    <message>
        <source>scenario</source>
        <translation>Szenario</translation>
    </message>
    <message>
        <source>Start this live scenario on the simulated fabric: a load (idle, lossy-incast, pfc-incast, dcqcn-incast, training) and faults with optional targets joined by &apos;+&apos; (nic-stall[:NIC], link-down[:PORT], ... as rocectl sim --list shows), e.g. training+nic-stall:ubunturdma3/rocep19s0; with --topology: rail-training (default), rail-ecmp-polarized, rail-link-down, rail-nic-stall, rail-pfc-wrong-cos.</source>
        <translation>Dieses Live-Szenario auf der simulierten Fabric starten: eine Last (idle, lossy-incast, pfc-incast, dcqcn-incast, training) und Fehler mit optionalen Zielen, verbunden durch „+“ (nic-stall[:NIC], link-down[:PORT], ... wie rocectl sim --list zeigt), z. B. training+nic-stall:ubunturdma3/rocep19s0; mit --topology: rail-training (Standard), rail-ecmp-polarized, rail-link-down, rail-nic-stall, rail-pfc-wrong-cos.</translation>
    </message>
    <message>
        <source>milliseconds</source>
        <translation>Millisekunden</translation>
    </message>
    <message>
        <source>Show the What if dock with the change in this file (NX-OS configuration lines, ecn/roce_rp/FILE VALUE lines) and preview it once the fabric has answered.</source>
        <translation>Das Dock „Was wäre wenn“ mit der Änderung aus dieser Datei zeigen (NX-OS-Konfigurationszeilen, Zeilen ecn/roce_rp/FILE VALUE) und ihre Vorschau erstellen, sobald die Fabric geantwortet hat.</translation>
    </message>
</context>
<context>
    <name>ConsoleText</name>
    <message>
        <source>%1
The simulated fabric runs until this is fixed.</source>
        <translation>%1
Bis das behoben ist, läuft das simulierte Fabric.</translation>
    </message>
    <message>
        <source>Password for %1</source>
        <translation>Passwort für %1</translation>
    </message>
    <message>
        <source>%1

Password of %2 on %3:</source>
        <translation>%1

Passwort von %2 auf %3:</translation>
    </message>
    <message>
        <source>%1

Password:</source>
        <translation>%1

Passwort:</translation>
    </message>
    <message>
        <source>The password of %1 was not stored (%2); it is used until the console quits.</source>
        <translation>Das Passwort von %1 wurde nicht gespeichert (%2); es gilt, bis die Konsole beendet wird.</translation>
    </message>
</context>
<context>
    <name>CounterTableText</name>
    <message>
        <source>line %1 (&quot;%2&quot;) is in no counters table</source>
        <translation>Zeile %1 („%2“) gehört zu keiner Zählertabelle</translation>
    </message>
    <message>
        <source>line %1 (&quot;%2&quot;) has %3 values where the table has %4 columns (%5): its counters are not read</source>
        <translation>Zeile %1 („%2“) hat %3 Werte, die Tabelle aber %4 Spalten (%5): ihre Zähler werden nicht gelesen</translation>
    </message>
    <message>
        <source>line %1: %2 of %3 is &quot;%4&quot;, not a count</source>
        <translation>Zeile %1: %2 von %3 ist „%4“, keine Anzahl</translation>
    </message>
    <message>
        <source>no &quot;Port  &lt;counter&gt; ...&quot; table header in the text</source>
        <translation>kein Tabellenkopf „Port  &lt;Zähler&gt; ...“ im Text</translation>
    </message>
</context>
<context>
    <name>DecodeCommandText</name>
    <message>
        <source>Saved output (&apos;-&apos; for standard input).</source>
        <translation>Gespeicherte Ausgabe („-“ für die Standardeingabe).</translation>
    </message>
    <message>
        <source>Print JSON.</source>
        <translation>JSON ausgeben.</translation>
    </message>
    <message>
        <source>rocectl decode: expected a format and a file, e.g. &apos;rocectl decode perftest out.txt&apos;</source>
        <translation>rocectl decode: Format und Datei erwartet, z. B. „rocectl decode perftest out.txt“</translation>
    </message>
    <message>
        <source>rocectl decode: cannot read %1: %2</source>
        <translation>rocectl decode: %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>rocectl decode: %1: %2</source>
        <translation>rocectl decode: %1: %2</translation>
    </message>
    <message>
        <source>Parse saved perftest, iperf3, sockperf, NX-API, ethtool -S or rdma output</source>
        <translation>Gespeicherte Ausgabe von perftest, iperf3, sockperf, NX-API, ethtool -S oder rdma auswerten</translation>
    </message>
    <message>
        <source>perftest, iperf3, sockperf, nxapi, ethtool or rdma</source>
        <translation>perftest, iperf3, sockperf, nxapi, ethtool oder rdma</translation>
    </message>
    <message>
        <source>nxapi: the show command, for a bare body without &quot;input&quot;; rdma: statistic or link (else read from the output).</source>
        <translation>nxapi: der show-Befehl, für einen Body ohne „input“; rdma: statistic oder link (sonst aus der Ausgabe erkannt).</translation>
    </message>
    <message>
        <source>rocectl decode: unknown format &apos;%1&apos; (%2)</source>
        <translation>rocectl decode: unbekanntes Format „%1“ (%2)</translation>
    </message>
</context>
<context>
    <name>DecodeFormatsText</name>
    <message>
        <source>this is a bare command body or names no command (no &quot;input&quot;): give it with --command</source>
        <translation>das ist ein bloßer Befehls-Body oder nennt keinen Befehl (kein „input“): mit --command angeben</translation>
    </message>
    <message>
        <source>no &quot;name: value&quot; statistic in the text; is it the output of ethtool -S?</source>
        <translation>keine Statistik „Name: Wert“ im Text; ist es die Ausgabe von ethtool -S?</translation>
    </message>
    <message>
        <source>rdma: --command is &quot;statistic&quot; or &quot;link&quot;, not &quot;%1&quot;</source>
        <translation>rdma: --command ist „statistic“ oder „link“, nicht „%1“</translation>
    </message>
    <message>
        <source>rdma: no link in the output</source>
        <translation>rdma: kein Link in der Ausgabe</translation>
    </message>
    <message>
        <source>unknown format &quot;%1&quot; (%2)</source>
        <translation>unbekanntes Format „%1“ (%2)</translation>
    </message>
</context>
<context>
    <name>DetectorText</name>
    <message>
        <source>%1 was paused %2 % of the time on priority %3 for %4 s, with %5 drops/s: pauses, not drops, cost its line rate.</source>
        <translation>%1 war %4 s lang %2 % der Zeit auf Priorität %3 pausiert, bei %5 Verwerfungen/s: Pausen, nicht Verwerfungen, kosten seine Leitungsrate.</translation>
    </message>
    <message>
        <source>Who sends the pauses: the receiver behind it draining slowly (rx_discards_phy, out_of_buffer, PCIe), an incast the ECN thresholds let reach XOFF, or a PFC headroom or threshold misconfiguration.</source>
        <translation>Wer die Pausen sendet: der Empfänger dahinter, der langsam leert (rx_discards_phy, out_of_buffer, PCIe), ein Incast, den die ECN-Schwellen bis XOFF kommen lassen, oder eine falsch eingestellte PFC-Headroom oder -Schwelle.</translation>
    </message>
    <message>
        <source>The PFC watchdog of %1 shut its no-drop queue and restored it %2 times in the last minute: the storm behind it comes back each time.</source>
        <translation>Der PFC-Watchdog von %1 hat seine verlustfreie Queue in der letzten Minute %2-mal abgeschaltet und wiederhergestellt: Der Sturm dahinter kommt jedes Mal wieder.</translation>
    </message>
    <message>
        <source>The device behind the port (a NIC that stops draining now and then, its driver and firmware); every shutdown drops the queue&apos;s packets, so fix the source rather than the watchdog&apos;s intervals.</source>
        <translation>Das Gerät hinter dem Port (eine NIC, die ab und zu nicht mehr leert, ihr Treiber und ihre Firmware); jedes Abschalten verwirft die Pakete der Queue, also die Quelle beheben statt der Intervalle des Watchdogs.</translation>
    </message>
    <message>
        <source>%1 has been paused %2 % of the time for %3 s and its enabled PFC watchdog did not act: a storm it missed.</source>
        <translation>%1 ist seit %3 s %2 % der Zeit pausiert und sein eingeschalteter PFC-Watchdog hat nicht reagiert: ein Sturm, den er übersehen hat.</translation>
    </message>
    <message>
        <source>`show queuing pfc-queue interface %1 detail` and the watchdog&apos;s interval and multiplier; a queue that still transmits a little between pauses escapes it.</source>
        <translation>`show queuing pfc-queue interface %1 detail` sowie Intervall und Multiplikator des Watchdogs; eine Queue, die zwischen den Pausen noch etwas sendet, entgeht ihm.</translation>
    </message>
    <message>
        <source>ECN is configured on %1 and its queue holds %2 bytes, above the %3-byte marking threshold, yet nothing is marked and no receiver sees CE.</source>
        <translation>ECN ist auf %1 konfiguriert und seine Queue hält %2 Bytes, über der Markierungsschwelle von %3 Bytes, doch nichts wird markiert und kein Empfänger sieht CE.</translation>
    </message>
    <message>
        <source>The DSCP the hosts send (is RoCE in the class with `random-detect ... ecn`?), the policy applied on the port (`show policy-map interface`), and whether the traffic is ECN-capable (ECT) at all.</source>
        <translation>Den DSCP, den die Hosts senden (liegt RoCE in der Klasse mit `random-detect ... ecn`?), die auf dem Port angewandte Policy (`show policy-map interface`) und ob der Verkehr überhaupt ECN-fähig (ECT) ist.</translation>
    </message>
</context>
<context>
    <name>DiagnoseText</name>
    <message>
        <source>No finding: nothing the fabric shows names a cause.</source>
        <translation>Kein Befund: Nichts, was die Fabric zeigt, weist auf eine Ursache hin.</translation>
    </message>
    <message>
        <source>ACTIVE</source>
        <translation>AKTIV</translation>
    </message>
    <message>
        <source>cleared</source>
        <translation>behoben</translation>
    </message>
    <message numerus="yes">
        <source>, %n alert(s) explained</source>
        <translation>
            <numerusform>, %n Alarm erklärt</numerusform>
            <numerusform>, %n Alarme erklärt</numerusform>
        </translation>
    </message>
    <message>
        <source>What to check: %1</source>
        <translation>Zu prüfen: %1</translation>
    </message>
    <message>
        <source>%1 active alerts, %2 not explained by a finding.</source>
        <translation>%1 aktive Alarme, %2 durch keinen Befund erklärt.</translation>
    </message>
    <message>
        <source>Name the cause behind a fabric&apos;s symptoms (findings and their evidence)</source>
        <translation>Die Ursache hinter den Symptomen einer Fabric benennen (Befunde und ihre Belege)</translation>
    </message>
    <message>
        <source>Watches a fabric for --seconds and prints what the diagnosis names: findings (a cause, its location, the evidence and the alerts it explains), active and cleared, the alerts no finding explains, and the sources it read. It reads only what devices expose (NX-API, agents, a metrics store, or a recording of them).

With --sim and a --scenario that holds faults, the scenario&apos;s load runs healthy for --warmup seconds first, then the faults start; the report&apos;s &quot;scenario&quot; says what was injected where (the simulator&apos;s ground truth, for scoring; the diagnosis never reads it).

Secrets for --inventory as for `rocectl watch`; for --prometheus, ROCE_PROMETHEUS_SECRET (with --auth).</source>
        <translation>Beobachtet eine Fabric für --seconds und gibt aus, was die Diagnose benennt: Befunde (eine Ursache, ihr Ort, die Belege und die Alarme, die sie erklärt), aktive und behobene, die Alarme, die kein Befund erklärt, und die gelesenen Quellen. Gelesen wird nur, was Geräte bereitstellen (NX-API, Agenten, ein Metrikspeicher oder eine Aufzeichnung davon).

Mit --sim und einem --scenario, das Fehler enthält, läuft die Last des Szenarios zunächst --warmup Sekunden lang fehlerfrei, dann beginnen die Fehler; „scenario“ im Bericht sagt, was wo injiziert wurde (die Ground Truth des Simulators, zur Bewertung; die Diagnose liest sie nie).

Geheimnisse für --inventory wie bei `rocectl watch`; für --prometheus ROCE_PROMETHEUS_SECRET (mit --auth).</translation>
    </message>
    <message>
        <source>With --sim: through the simulated fabric&apos;s served NX-API and agents (always so: the diagnosis reads what devices expose).</source>
        <translation>Mit --sim: über die NX-API und die Agenten, die die simulierte Fabric bereitstellt (immer so: Die Diagnose liest, was Geräte bereitstellen).</translation>
    </message>
    <message>
        <source>The fleet as this metrics store holds it (as rocectl fleet reads it).</source>
        <translation>Die Flotte, wie dieser Metrikspeicher sie vorhält (wie rocectl fleet sie liest).</translation>
    </message>
    <message>
        <source>With --prometheus: the query API&apos;s path prefix.</source>
        <translation>Mit --prometheus: das Pfadpräfix der Abfrage-API.</translation>
    </message>
    <message>
        <source>With --prometheus: none (default), bearer or basic.</source>
        <translation>Mit --prometheus: none (Standard), bearer oder basic.</translation>
    </message>
    <message>
        <source>A recording, replayed through the live model as fast as it goes.</source>
        <translation>Eine Aufzeichnung, so schnell wie möglich durch das Live-Modell wiedergegeben.</translation>
    </message>
    <message>
        <source>Seconds to watch (default 30; with --replay: the whole recording).</source>
        <translation>Beobachtungsdauer in Sekunden (Standard 30; mit --replay: die ganze Aufzeichnung).</translation>
    </message>
    <message>
        <source>With --sim and faults: seconds the healthy load runs before them (default 5).</source>
        <translation>Mit --sim und Fehlern: Sekunden, die die fehlerfreie Last vor ihnen läuft (Standard 5).</translation>
    </message>
    <message>
        <source>Also run the agents&apos; pingmesh: latency evidence (a slow host shows in no counter).</source>
        <translation>Auch das Pingmesh der Agenten ausführen: Latenzbelege (ein langsamer Host zeigt sich in keinem Zähler).</translation>
    </message>
    <message>
        <source>Seconds to wait for every source to answer (default 20).</source>
        <translation>Sekunden, die auf die Antwort jeder Quelle gewartet wird (Standard 20).</translation>
    </message>
    <message>
        <source>Print one JSON object.</source>
        <translation>Ein JSON-Objekt ausgeben.</translation>
    </message>
    <message>
        <source>give one of --inventory FILE, --sim, --prometheus URL or --replay FILE</source>
        <translation>eines von --inventory DATEI, --sim, --prometheus URL oder --replay DATEI angeben</translation>
    </message>
    <message>
        <source>--prefix and --auth go with --prometheus</source>
        <translation>--prefix und --auth gehören zu --prometheus</translation>
    </message>
    <message>
        <source>--pingmesh needs agents: --inventory or --sim</source>
        <translation>--pingmesh braucht Agenten: --inventory oder --sim</translation>
    </message>
    <message>
        <source>rocectl diagnose: the faults of &apos;%1&apos; did not start</source>
        <translation>rocectl diagnose: die Fehler von „%1“ wurden nicht gestartet</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>no secret for %1 in ROCE_PROMETHEUS_SECRET or the keychain (%2)</source>
        <translation>kein Geheimnis für %1 in ROCE_PROMETHEUS_SECRET oder im Schlüsselbund (%2)</translation>
    </message>
    <message>
        <source>--topology, --scenario, --seed and --served go with --sim</source>
        <translation>--topology, --scenario, --seed und --served gehören zu --sim</translation>
    </message>
    <message>
        <source>the faults of &apos;%1&apos; cannot start: %2</source>
        <translation>die Fehler von „%1“ können nicht starten: %2</translation>
    </message>
    <message>
        <source>%1 holds no ticks: nothing to diagnose</source>
        <translation>%1 enthält keine Ticks: nichts zu diagnostizieren</translation>
    </message>
    <message>
        <source>no source of the fabric answered: nothing was diagnosed</source>
        <translation>keine Quelle der Fabric hat geantwortet: nichts wurde diagnostiziert</translation>
    </message>
</context>
<context>
    <name>DiagnosisText</name>
    <message>
        <source>pingmesh</source>
        <translation>Pingmesh</translation>
    </message>
    <message>
        <source>%1 answers late on every path while the fabric&apos;s counters stay clean: the host, not the network.</source>
        <translation>%1 antwortet auf jedem Pfad verspätet, während die Zähler der Fabric sauber bleiben: der Host, nicht das Netz.</translation>
    </message>
    <message>
        <source>On %1: the CPU governor (powersave), interrupt affinity and NUMA placement of the NIC, other load; &apos;rocectl pingmesh&apos; rows and columns of it.</source>
        <translation>Auf %1: der CPU-Governor (powersave), Interrupt-Affinität und NUMA-Platzierung der NIC, andere Last; seine Zeilen und Spalten in „rocectl pingmesh“.</translation>
    </message>
    <message>
        <source>Probes through %1 are lost: a bad cable or NIC port.</source>
        <translation>Proben über %1 gehen verloren: ein defektes Kabel oder ein defekter NIC-Port.</translation>
    </message>
    <message>
        <source>the switch&apos;s running configuration</source>
        <translation>die laufende Konfiguration des Switches</translation>
    </message>
    <message>
        <source>%1&apos;s configuration pauses a CoS the RoCE traffic does not ride: under load its lossless class will drop.</source>
        <translation>Die Konfiguration von %1 pausiert eine CoS, auf der der RoCE-Verkehr nicht läuft: Unter Last verwirft seine verlustfreie Klasse Pakete.</translation>
    </message>
    <message>
        <source>%1&apos;s configuration marks no ECN on the RoCE queue: DCQCN never hears of congestion there, and PFC alone holds it.</source>
        <translation>Die Konfiguration von %1 markiert kein ECN in der RoCE-Warteschlange: DCQCN erfährt dort nie von Überlast, und allein PFC fängt sie ab.</translation>
    </message>
    <message>
        <source>rocectl audit on %1 (%2), and the fix it prints.</source>
        <translation>rocectl audit auf %1 (%2) und die Korrektur, die es ausgibt.</translation>
    </message>
    <message>
        <source>The link of %1 is down.</source>
        <translation>Der Link von %1 ist ausgefallen.</translation>
    </message>
    <message>
        <source>The link between %1 and %2 is down: what it carried stops or takes another path.</source>
        <translation>Der Link zwischen %1 und %2 ist ausgefallen: Was er übertragen hat, stoppt oder nimmt einen anderen Pfad.</translation>
    </message>
    <message>
        <source>was up</source>
        <translation>war aktiv</translation>
    </message>
    <message>
        <source>&apos;show interface %1&apos; (the reason it went down), the cable and optics, and the device at the far end.</source>
        <translation>„show interface %1“ (der Grund des Ausfalls), Kabel und Optiken sowie das Gerät am anderen Ende.</translation>
    </message>
    <message>
        <source>frames received with a bad FCS</source>
        <translation>mit fehlerhafter FCS empfangene Frames</translation>
    </message>
    <message>
        <source>lost packets retransmitted</source>
        <translation>verlorene Pakete erneut gesendet</translation>
    </message>
    <message>
        <source>The cable of %1 corrupts frames (CRC errors): the frames are lost and RoCE retransmits.</source>
        <translation>Das Kabel von %1 beschädigt Frames (CRC-Fehler): Die Frames gehen verloren, und RoCE sendet erneut.</translation>
    </message>
    <message>
        <source>&apos;show interface %1&apos; (CRC, input errors), the optics&apos; levels (&apos;show interface transceiver details&apos;), reseat or replace the cable.</source>
        <translation>„show interface %1“ (CRC, Eingangsfehler), die Pegel der Optiken („show interface transceiver details“); das Kabel neu stecken oder ersetzen.</translation>
    </message>
    <message>
        <source>paused by %1; the cause: %2</source>
        <translation>pausiert von %1; die Ursache: %2</translation>
    </message>
    <message>
        <source>pauses it sends its switch port</source>
        <translation>Pausen, die sie an ihren Switch-Port sendet</translation>
    </message>
    <message>
        <source>dropped for want of buffer</source>
        <translation>mangels Puffer verworfen</translation>
    </message>
    <message>
        <source>the NIC port behind %1 stopped draining</source>
        <translation>der NIC-Port hinter %1 leert nicht mehr</translation>
    </message>
    <message>
        <source>%1 stopped draining</source>
        <translation>%1 leert nicht mehr</translation>
    </message>
    <message>
        <source>pauses its switch port receives</source>
        <translation>Pausen, die ihr Switch-Port empfängt</translation>
    </message>
    <message>
        <source>what it still sends, of line rate</source>
        <translation>was er noch sendet, als Anteil der Leitungsrate</translation>
    </message>
    <message>
        <source>the PFC watchdog cut it loose</source>
        <translation>der PFC-Watchdog hat sie abgekoppelt</translation>
    </message>
    <message>
        <source>The NIC behind %1 (one physical port shared by %2)</source>
        <translation>Die NIC hinter %1 (ein physischer Port, den sich %2 teilen)</translation>
    </message>
    <message>
        <source>%1 stops draining its receive buffer and pauses the switch without end.</source>
        <translation>%1 leert ihren Empfangspuffer nicht mehr und pausiert den Switch ohne Ende.</translation>
    </message>
    <message numerus="yes">
        <source>%1 stops draining its receive buffer and pauses the switch without end; the pauses hold back %n port(s) and NIC(s) upstream, which are victims, not causes.</source>
        <translation>
            <numerusform>%1 leert ihren Empfangspuffer nicht mehr und pausiert den Switch ohne Ende; die Pausen halten stromaufwärts %n Port oder NIC zurück – ein Opfer, nicht die Ursache.</numerusform>
            <numerusform>%1 leert ihren Empfangspuffer nicht mehr und pausiert den Switch ohne Ende; die Pausen halten stromaufwärts %n Ports und NICs zurück – Opfer, nicht Ursachen.</numerusform>
        </translation>
    </message>
    <message>
        <source>The server behind %1: the driver (dmesg, mlx5_core), PCIe errors (lspci -vv, AER), the application posting receives; &apos;ethtool -S &lt;netdev&gt; | grep -E &quot;tx_prio3_pause|discards&quot;&apos;. The switch&apos;s PFC watchdog cuts such a NIC loose (&apos;priority-flow-control watch-dog-interval on&apos;).</source>
        <translation>Der Server hinter %1: der Treiber (dmesg, mlx5_core), PCIe-Fehler (lspci -vv, AER), die Anwendung, die Empfangspuffer bereitstellt; „ethtool -S &lt;netdev&gt; | grep -E &quot;tx_prio3_pause|discards&quot;“. Der PFC-Watchdog des Switches koppelt eine solche NIC ab („priority-flow-control watch-dog-interval on“).</translation>
    </message>
    <message>
        <source>of line rate</source>
        <translation>der Leitungsrate</translation>
    </message>
    <message>
        <source>ECN marks</source>
        <translation>ECN-Markierungen</translation>
    </message>
    <message numerus="yes">
        <source>%1 runs at line rate and marks no ECN: PFC alone holds the congestion, and the pauses spread to %n port(s) and NIC(s).</source>
        <translation>
            <numerusform>%1 läuft mit Leitungsrate und markiert kein ECN: Allein PFC fängt die Überlast ab, und die Pausen breiten sich auf %n Port oder NIC aus.</numerusform>
            <numerusform>%1 läuft mit Leitungsrate und markiert kein ECN: Allein PFC fängt die Überlast ab, und die Pausen breiten sich auf %n Ports und NICs aus.</numerusform>
        </translation>
    </message>
    <message>
        <source>rocectl audit on %1 (wred_ecn_roce): &apos;random-detect ... ecn&apos; on the RoCE queue, and &apos;service-policy type queuing output&apos; attaching it (&apos;show policy-map system type queuing&apos;).</source>
        <translation>rocectl audit auf %1 (wred_ecn_roce): „random-detect ... ecn“ in der RoCE-Warteschlange und „service-policy type queuing output“, das sie anbindet („show policy-map system type queuing“).</translation>
    </message>
    <message numerus="yes">
        <source>%1 is congested (an incast or a hot path): it marks ECN and DCQCN slows the senders; %n port(s) and NIC(s) upstream are paused meanwhile.</source>
        <translation>
            <numerusform>%1 ist überlastet (ein Incast oder ein heißer Pfad): Er markiert ECN, und DCQCN bremst die Sender; stromaufwärts ist währenddessen %n Port oder NIC pausiert.</numerusform>
            <numerusform>%1 ist überlastet (ein Incast oder ein heißer Pfad): Er markiert ECN, und DCQCN bremst die Sender; stromaufwärts sind währenddessen %n Ports und NICs pausiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>Working as designed while the pauses stay brief: the senders&apos; rp_cnp_handled, the receiver&apos;s np_cnp_sent; the traffic pattern (who sends to %1).</source>
        <translation>Verhalten wie vorgesehen, solange die Pausen kurz bleiben: rp_cnp_handled der Sender, np_cnp_sent des Empfängers; das Verkehrsmuster (wer an %1 sendet).</translation>
    </message>
    <message>
        <source>%1 is congested</source>
        <translation>%1 ist überlastet</translation>
    </message>
    <message>
        <source>the hot uplink</source>
        <translation>der heiße Uplink</translation>
    </message>
    <message>
        <source>%1 sends %2% on %3 while another uplink carries %4%: its ECMP hash puts the flows on one path (polarized).</source>
        <translation>%1 sendet %2 % auf %3, während ein anderer Uplink %4 % trägt: Sein ECMP-Hash legt die Flüsse auf einen einzigen Pfad (polarisiert).</translation>
    </message>
    <message>
        <source>&apos;show ip load-sharing&apos; and the hash of %1 (the same hash and seed at every tier polarizes), &apos;show port-channel load-balance&apos;; RoCE&apos;s UDP source ports.</source>
        <translation>„show ip load-sharing“ und der Hash von %1 (derselbe Hash und Seed auf jeder Ebene polarisiert), „show port-channel load-balance“; die UDP-Quellports von RoCE.</translation>
    </message>
    <message>
        <source>CNPs it receives and ignores</source>
        <translation>CNPs, die sie empfängt und ignoriert</translation>
    </message>
    <message>
        <source>CE marks it receives</source>
        <translation>CE-Markierungen, die sie empfängt</translation>
    </message>
    <message>
        <source>and no CNP sent</source>
        <translation>und kein CNP gesendet</translation>
    </message>
    <message>
        <source>the adapter&apos;s own setting</source>
        <translation>die eigene Einstellung des Adapters</translation>
    </message>
    <message>
        <source>ECN/DCQCN is off on %1&apos;s adapter: it does not slow down for the fabric&apos;s congestion marks, keeps its rate and leaves congestion to PFC.</source>
        <translation>ECN/DCQCN ist auf dem Adapter von %1 aus: Er bremst bei den Überlastmarkierungen der Fabric nicht ab, behält seine Rate und überlässt die Überlast PFC.</translation>
    </message>
    <message>
        <source>On %1: /sys/class/net/&lt;netdev&gt;/ecn/roce_rp/enable/3 and roce_np/enable/3 (1 = on), or mlnx_qos; rocectl audit --hosts.</source>
        <translation>Auf %1: /sys/class/net/&lt;netdev&gt;/ecn/roce_rp/enable/3 und roce_np/enable/3 (1 = an) oder mlnx_qos; rocectl audit --hosts.</translation>
    </message>
    <message>
        <source>lossless class dropped at ingress</source>
        <translation>verlustfreie Klasse am Ingress verworfen</translation>
    </message>
    <message>
        <source>pauses sent, to no effect</source>
        <translation>Pausen gesendet, ohne Wirkung</translation>
    </message>
    <message>
        <source>%1 drops the lossless class although it sends pause frames: they pause a CoS the RoCE traffic does not ride, so nothing stops.</source>
        <translation>%1 verwirft Pakete der verlustfreien Klasse, obwohl er Pause-Frames sendet: Sie pausieren eine CoS, auf der der RoCE-Verkehr nicht läuft, also hält nichts an.</translation>
    </message>
    <message>
        <source>rocectl audit on %1 (pfc_cos_no_drop): &apos;pause pfc-cos 3&apos; in the network-qos class of the RoCE qos-group, and the hosts&apos; PFC priority (mlnx_qos).</source>
        <translation>rocectl audit auf %1 (pfc_cos_no_drop): „pause pfc-cos 3“ in der network-qos-Klasse der RoCE-qos-group sowie die PFC-Priorität der Hosts (mlnx_qos).</translation>
    </message>
    <message>
        <source>%1 drops the lossless class and sends no pause: PFC is off on its ports or for the RoCE class.</source>
        <translation>%1 verwirft Pakete der verlustfreien Klasse und sendet keine Pause: PFC ist auf seinen Ports oder für die RoCE-Klasse aus.</translation>
    </message>
    <message>
        <source>rocectl audit on %1 (pfc_ports, pfc_cos_no_drop): &apos;priority-flow-control mode on&apos; on the RoCE ports.</source>
        <translation>rocectl audit auf %1 (pfc_ports, pfc_cos_no_drop): „priority-flow-control mode on“ auf den RoCE-Ports.</translation>
    </message>
    <message>
        <source>RDMA it sends</source>
        <translation>von ihr gesendetes RDMA</translation>
    </message>
    <message>
        <source>of which on priority 3, the lossless one</source>
        <translation>davon auf Priorität 3, der verlustfreien</translation>
    </message>
    <message>
        <source>%1 sends its RDMA traffic outside the lossless priority: its DSCP is not the one the switches classify as RoCE, so it rides the lossy default class (no PFC, no ECN, tail drops under load).</source>
        <translation>%1 sendet seinen RDMA-Verkehr außerhalb der verlustfreien Priorität: Sein DSCP ist nicht der, den die Switches als RoCE klassifizieren, daher läuft er in der verlustbehafteten Standardklasse (kein PFC, kein ECN, Tail-Drops unter Last).</translation>
    </message>
    <message>
        <source>On %1: the traffic class RoCE is sent with (cma_roce_tos, the application&apos;s -T/--tclass), &apos;mlnx_qos -i &lt;netdev&gt;&apos; (trust dscp, dscp2prio); the switch&apos;s class-map &apos;match dscp&apos; (rocectl audit).</source>
        <translation>Auf %1: die Traffic-Class, mit der RoCE gesendet wird (cma_roce_tos, -T/--tclass der Anwendung), „mlnx_qos -i &lt;netdev&gt;“ (trust dscp, dscp2prio); die class-map „match dscp“ des Switches (rocectl audit).</translation>
    </message>
    <message>
        <source>%1 takes longer than the other hosts to answer a probe, by its own clock: the host, not the network.</source>
        <translation>%1 braucht nach seiner eigenen Uhr länger als die anderen Hosts, um eine Probe zu beantworten: der Host, nicht das Netz.</translation>
    </message>
    <message>
        <source>Probes through %1 wait in its queue: it is congested (a hot path, an incast or an all-reduce&apos;s burst).</source>
        <translation>Proben über %1 warten in seiner Queue: der Port ist überlastet (ein heißer Pfad, ein Incast oder der Burst eines All-Reduce).</translation>
    </message>
</context>
<context>
    <name>EmbeddedFabricText</name>
    <message>
        <source>the simulated fabric is not running</source>
        <translation>das simulierte Fabric läuft nicht</translation>
    </message>
</context>
<context>
    <name>EndpointLinesText</name>
    <message>
        <source>the peers line is not {&quot;peers&quot;: [...]} (%1)</source>
        <translation>die Peers-Zeile ist nicht {&quot;peers&quot;: [...]} (%1)</translation>
    </message>
    <message>
        <source>no peers array</source>
        <translation>kein Peers-Array</translation>
    </message>
    <message>
        <source>peer %1 of the peers line needs a name, a GID of 32 hex digits and a queue pair number</source>
        <translation>Peer %1 der Peers-Zeile braucht einen Namen, eine GID aus 32 Hexziffern und eine Queue-Pair-Nummer</translation>
    </message>
    <message>
        <source>the pingmesh endpoint printed no result</source>
        <translation>der Pingmesh-Endpunkt hat kein Ergebnis ausgegeben</translation>
    </message>
</context>
<context>
    <name>EndpointText</name>
    <message>
        <source>The keychain has no agent token for %1: set it in Fabric &gt; Inventory, or bootstrap the server.</source>
        <translation>Im Schlüsselbund fehlt das Agent-Token für %1: unter Fabric &gt; Inventar setzen oder den Server per Bootstrap einrichten.</translation>
    </message>
    <message>
        <source>%1 on %2: a network device</source>
        <translation>%1 an %2: ein Netzwerkgerät</translation>
    </message>
    <message>
        <source>%1 on %2: a hypervisor; add its virtual servers by hand</source>
        <translation>%1 an %2: ein Hypervisor; seine virtuellen Server von Hand hinzufügen</translation>
    </message>
    <message>
        <source>The keychain has no NX-API password for %1 at %2 (switch %3): set it in Fabric &gt; Inventory.</source>
        <translation>Im Schlüsselbund fehlt das NX-API-Passwort für %1 unter %2 (Switch %3): unter Fabric &gt; Inventar setzen.</translation>
    </message>
    <message>
        <source>unknown authentication &apos;%1&apos; (none, bearer or basic)</source>
        <translation>unbekannte Authentifizierung &apos;%1&apos; (none, bearer oder basic)</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a URL of a Prometheus-compatible store (e.g. http://prometheus:9090)</source>
        <translation>&apos;%1&apos; ist keine URL eines Prometheus-kompatiblen Speichers (z. B. http://prometheus:9090)</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: only http:// and https:// stores are supported</source>
        <translation>&apos;%1&apos;: nur Speicher unter http:// und https:// werden unterstützt</translation>
    </message>
    <message>
        <source>&apos;%1&apos; carries credentials: give the user with --user and keep the secret in the keychain or ROCE_PROMETHEUS_SECRET</source>
        <translation>&apos;%1&apos; enthält Anmeldedaten: den Benutzer mit --user angeben und das Geheimnis im Schlüsselbund oder in ROCE_PROMETHEUS_SECRET ablegen</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: the store&apos;s URL takes no query or fragment</source>
        <translation>&apos;%1&apos;: die URL des Speichers hat keine Query und kein Fragment</translation>
    </message>
</context>
<context>
    <name>EthtoolText</name>
    <message>
        <source>ETHTOOL_GSTRINGS on %1: %2</source>
        <translation>ETHTOOL_GSTRINGS auf %1: %2</translation>
    </message>
    <message>
        <source>cannot open a socket for SIOCETHTOOL: %1</source>
        <translation>Socket für SIOCETHTOOL kann nicht geöffnet werden: %1</translation>
    </message>
    <message>
        <source>ETHTOOL_GSSET_INFO on %1: %2</source>
        <translation>ETHTOOL_GSSET_INFO auf %1: %2</translation>
    </message>
    <message>
        <source>ETHTOOL_GSTATS on %1: %2</source>
        <translation>ETHTOOL_GSTATS auf %1: %2</translation>
    </message>
    <message>
        <source>no ethtool fixture for %1 in %2</source>
        <translation>keine ethtool-Testdatei für %1 in %2</translation>
    </message>
    <message>
        <source>not &quot;name: value&quot;</source>
        <translation>nicht „Name: Wert“</translation>
    </message>
    <message>
        <source>no statistic name before the value</source>
        <translation>kein Statistikname vor dem Wert</translation>
    </message>
    <message>
        <source>the value &quot;%1&quot; is not an unsigned 64-bit number</source>
        <translation>der Wert „%1“ ist keine vorzeichenlose 64-Bit-Zahl</translation>
    </message>
    <message>
        <source>%1 was printed before; the first value is kept</source>
        <translation>%1 wurde schon vorher ausgegeben; der erste Wert bleibt</translation>
    </message>
    <message>
        <source>ETHTOOL_GSTRINGS on %1: %2 names where %3 were counted</source>
        <translation>ETHTOOL_GSTRINGS auf %1: %2 Namen, wo %3 gezählt wurden</translation>
    </message>
    <message>
        <source>ethtool statistics of %1 kept changing size (counted %2, named %3, valued %4)</source>
        <translation>die ethtool-Statistik von %1 änderte ständig ihre Größe (gezählt %2, benannt %3, mit Werten %4)</translation>
    </message>
</context>
<context>
    <name>EventListText</name>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>Schwere</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Ereignis</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>kritisch</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>active</source>
        <translation>aktiv</translation>
    </message>
    <message>
        <source>cleared after %1 s</source>
        <translation>nach %1 s behoben</translation>
    </message>
    <message>
        <source>%1
What to check: %2</source>
        <translation>%1
Zu prüfen: %2</translation>
    </message>
    <message>
        <source>%1
Cause: %2
What to check: %3</source>
        <translation>%1
Ursache: %2
Zu prüfen: %3</translation>
    </message>
    <message>
        <source>%1 (symptom: %2)</source>
        <translation>%1 (Symptom: %2)</translation>
    </message>
</context>
<context>
    <name>ExperimentQueueText</name>
    <message>
        <source>not started: %1</source>
        <translation>nicht gestartet: %1</translation>
    </message>
</context>
<context>
    <name>ExperimentText</name>
    <message>
        <source>the console closed during the run</source>
        <translation>die Konsole wurde während des Laufs geschlossen</translation>
    </message>
    <message>
        <source>server on %1</source>
        <translation>Server auf %1</translation>
    </message>
    <message>
        <source>client on %1</source>
        <translation>Client auf %1</translation>
    </message>
    <message>
        <source>rank %1 on %2</source>
        <translation>Rang %1 auf %2</translation>
    </message>
    <message>
        <source>an experiment is already running</source>
        <translation>es läuft bereits ein Experiment</translation>
    </message>
    <message>
        <source>a training run runs the train tool</source>
        <translation>ein Trainingslauf führt das Werkzeug train aus</translation>
    </message>
    <message>
        <source>train runs as a training experiment</source>
        <translation>train läuft als Trainingsexperiment</translation>
    </message>
    <message numerus="yes">
        <source>%1 needs at least %n host(s)</source>
        <translation>
            <numerusform>%1 braucht mindestens %n Host</numerusform>
            <numerusform>%1 braucht mindestens %n Hosts</numerusform>
        </translation>
    </message>
    <message>
        <source>host %1 has no test address</source>
        <translation>Host %1 hat keine Testadresse</translation>
    </message>
    <message>
        <source>the hub %1 is not one of the hosts</source>
        <translation>der Hub %1 ist keiner der Hosts</translation>
    </message>
    <message>
        <source>rank %1: %2</source>
        <translation>Rang %1: %2</translation>
    </message>
    <message>
        <source>%1: %2 -&gt; %3 (%4 of %5)</source>
        <translation>%1: %2 -&gt; %3 (%4 von %5)</translation>
    </message>
    <message numerus="yes">
        <source>%n pair(s) failed</source>
        <translation>
            <numerusform>%n Paar fehlgeschlagen</numerusform>
            <numerusform>%n Paare fehlgeschlagen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ExportText</name>
    <message>
        <source>cannot write %1</source>
        <translation>%1 kann nicht geschrieben werden</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>ExporterText</name>
    <message>
        <source>Serve the switches&apos; PFC, queuing and MMU counters as Prometheus /metrics</source>
        <translation>Die PFC-, Queuing- und MMU-Zähler der Switches als Prometheus-/metrics bereitstellen</translation>
    </message>
    <message>
        <source>Polls every Nexus switch of the fabric over NX-API, as the console does (each switch on its own schedule, one session each), and serves GET /metrics in the Prometheus text format: the newest poll of every switch, rendered when scraped, so more scrapers do not mean more NX-API sessions. Runs until SIGINT or SIGTERM.

Secrets for --inventory: ROCE_SWITCH_PASSWORD_&lt;SWITCH&gt; or ROCE_SWITCH_PASSWORD (names upper-cased, other characters as &apos;_&apos;), else the OS keychain.</source>
        <translation>Fragt jeden Nexus-Switch der Fabric über NX-API ab, wie die Konsole (jeden Switch nach eigenem Zeitplan, mit je einer Sitzung), und stellt GET /metrics im Prometheus-Textformat bereit: die neueste Abfrage jedes Switches, beim Scrape erzeugt, sodass mehr Scraper nicht mehr NX-API-Sitzungen bedeuten. Läuft bis SIGINT oder SIGTERM.

Geheimnisse für --inventory: ROCE_SWITCH_PASSWORD_&lt;SWITCH&gt; oder ROCE_SWITCH_PASSWORD (Namen in Großbuchstaben, andere Zeichen als &apos;_&apos;), sonst der Schlüsselbund des Systems.</translation>
    </message>
    <message>
        <source>Serve /metrics on this address and port (required; port 0: a free one).</source>
        <translation>/metrics auf dieser Adresse und diesem Port bereitstellen (erforderlich; Port 0: ein freier).</translation>
    </message>
    <message>
        <source>Poll every switch this often, %1 to %2 ms (default: each switch&apos;s poll_interval_ms from the inventory; 1000 for --sim).</source>
        <translation>Jeden Switch in diesem Abstand abfragen, %1 bis %2 ms (Standard: poll_interval_ms jedes Switches aus dem Inventar; 1000 bei --sim).</translation>
    </message>
    <message>
        <source>TLS and basic auth for /metrics from a Prometheus web-config file (as node_exporter reads it).</source>
        <translation>TLS und Basic Auth für /metrics aus einer Prometheus-web-config-Datei (wie node_exporter sie liest).</translation>
    </message>
    <message>
        <source>Run &apos;%1 --help&apos; for its options.</source>
        <translation>„%1 --help“ zeigt die Optionen.</translation>
    </message>
    <message>
        <source>give --listen ADDR:PORT (e.g. 127.0.0.1:9472)</source>
        <translation>--listen ADRESSE:PORT angeben (z. B. 127.0.0.1:9472)</translation>
    </message>
    <message>
        <source>%1 does not answer: %2</source>
        <translation>%1 antwortet nicht: %2</translation>
    </message>
    <message>
        <source>%1 answers</source>
        <translation>%1 antwortet</translation>
    </message>
    <message>
        <source>the fabric has no switches to export</source>
        <translation>die Fabric hat keine Switches zum Exportieren</translation>
    </message>
    <message>
        <source>cannot serve /metrics on %1: %2</source>
        <translation>/metrics kann nicht auf %1 bereitgestellt werden: %2</translation>
    </message>
    <message>
        <source>/metrics is served on %1 without TLS or authentication (see --web-config)</source>
        <translation>/metrics wird auf %1 ohne TLS oder Authentifizierung bereitgestellt (siehe --web-config)</translation>
    </message>
    <message>
        <source>serving %1 (1 switch)</source>
        <translation>stellt %1 bereit (1 Switch)</translation>
    </message>
    <message>
        <source>serving %1 (%2 switches)</source>
        <translation>stellt %1 bereit (%2 Switches)</translation>
    </message>
</context>
<context>
    <name>FabricText</name>
    <message>
        <source>The fabric of this inventory file.</source>
        <translation>Die Fabric dieser Inventardatei.</translation>
    </message>
    <message>
        <source>The embedded simulated fabric, through its served NX-API and agent endpoints.</source>
        <translation>Die eingebettete simulierte Fabric, über ihre bereitgestellten NX-API- und Agent-Endpunkte.</translation>
    </message>
    <message>
        <source>With --sim: a leaf/spine fabric rail:HOSTS:NICS:RAILS:SPINES (default: the reference fabric).</source>
        <translation>Mit --sim: eine Leaf/Spine-Fabric rail:HOSTS:NICS:RAILS:SPINES (Standard: die Referenz-Fabric).</translation>
    </message>
    <message>
        <source>With --sim: start this live scenario.</source>
        <translation>Mit --sim: dieses Live-Szenario starten.</translation>
    </message>
    <message>
        <source>give --inventory FILE or --sim</source>
        <translation>--inventory DATEI oder --sim angeben</translation>
    </message>
    <message>
        <source>unknown model &apos;%1&apos; (known: packet, fluid)</source>
        <translation>unbekanntes Modell „%1“ (bekannt: packet, fluid)</translation>
    </message>
    <message>
        <source>With --sim: the seed the scenario&apos;s faults without a target draw their place from (default 1).</source>
        <translation>Mit --sim: der Startwert, aus dem Fehler des Szenarios ohne Ziel ihren Ort ziehen (Vorgabe 1).</translation>
    </message>
    <message>
        <source>--seed takes a whole number from 0 up, not &apos;%1&apos;</source>
        <translation>--seed nimmt eine ganze Zahl ab 0, nicht &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--topology, --scenario and --seed go with --sim</source>
        <translation>--topology, --scenario und --seed gehören zu --sim</translation>
    </message>
    <message>
        <source>--topology takes reference or rail:HOSTS:NICS:RAILS:SPINES here, not &apos;%1&apos;</source>
        <translation>--topology nimmt hier reference oder rail:HOSTS:NICS:RAILS:SPINES, nicht &apos;%1&apos;</translation>
    </message>
</context>
<context>
    <name>FaultText</name>
    <message>
        <source>no NIC &apos;%1&apos; (write HOST/RDMA_DEVICE, e.g. %2)</source>
        <translation>keine NIC „%1“ (HOST/RDMA_DEVICE angeben, z. B. %2)</translation>
    </message>
    <message>
        <source>no server &apos;%1&apos; (e.g. %2)</source>
        <translation>kein Server „%1“ (z. B. %2)</translation>
    </message>
    <message>
        <source>no cabled switch port &apos;%1&apos; (write SWITCH/PORT, e.g. %2)</source>
        <translation>kein angeschlossener Switch-Port „%1“ (SWITCH/PORT angeben, z. B. %2)</translation>
    </message>
    <message>
        <source>no switch &apos;%1&apos; (the switches: %2)</source>
        <translation>kein Switch „%1“ (vorhandene Switches: %2)</translation>
    </message>
    <message>
        <source>the NIC stops draining and pauses its switch port without end</source>
        <translation>die NIC leert nicht mehr und pausiert ihren Switch-Port ohne Ende</translation>
    </message>
    <message>
        <source>the same stalled NIC with the PFC watchdog on: watchdog drops on its port, discards at the NIC</source>
        <translation>dieselbe blockierte NIC bei eingeschaltetem PFC-Watchdog: Watchdog-Drops an ihrem Port, Verwürfe an der NIC</translation>
    </message>
    <message>
        <source>the cable of the port goes down (both ends)</source>
        <translation>das Kabel des Ports fällt aus (beide Enden)</translation>
    </message>
    <message>
        <source>3 % of the frames on the port&apos;s cable are corrupted: CRC errors at the receiving end, loss and retransmissions</source>
        <translation>3 % der Frames auf dem Kabel des Ports werden beschädigt: CRC-Fehler am empfangenden Ende, Verluste und Neuübertragungen</translation>
    </message>
    <message>
        <source>the switch&apos;s no-drop class pauses CoS 4 while RoCE rides priority 3</source>
        <translation>die No-Drop-Klasse des Switches pausiert CoS 4, während RoCE auf Priorität 3 läuft</translation>
    </message>
    <message>
        <source>the server marks RoCE with DSCP 34, which lands in the lossy default class</source>
        <translation>der Server markiert RoCE mit DSCP 34, das in der verlustbehafteten Standardklasse landet</translation>
    </message>
    <message>
        <source>ECN/DCQCN is off on the server&apos;s adapters (roce_rp/enable/* = 0): CNPs are ignored</source>
        <translation>ECN/DCQCN ist auf den Adaptern des Servers aus (roce_rp/enable/* = 0): CNPs werden ignoriert</translation>
    </message>
    <message>
        <source>WRED/ECN is configured on the switch, but its queuing policy is not on the egress ports: nothing is marked</source>
        <translation>WRED/ECN ist auf dem Switch konfiguriert, aber seine Queuing-Policy liegt nicht auf den Egress-Ports: nichts wird markiert</translation>
    </message>
    <message>
        <source>the server answers every message late (power-save, far NUMA node): latency only</source>
        <translation>der Server beantwortet jede Nachricht verspätet (Energiesparmodus, ferner NUMA-Knoten): nur Latenz</translation>
    </message>
    <message>
        <source>the leaf hashes every flow to another leaf onto one uplink, which runs hot while the others idle</source>
        <translation>der Leaf legt per Hash jeden Fluss zu einem anderen Leaf auf einen einzigen Uplink, der heißläuft, während die anderen ruhen</translation>
    </message>
    <message>
        <source>unknown fault &apos;%1&apos;</source>
        <translation>unbekannter Fehler „%1“</translation>
    </message>
    <message>
        <source>fault &apos;%1&apos; needs a leaf/spine fabric</source>
        <translation>Fehler „%1“ braucht eine Leaf/Spine-Fabric</translation>
    </message>
    <message>
        <source>no switch for fault &apos;%1&apos;</source>
        <translation>kein Switch für Fehler „%1“</translation>
    </message>
    <message>
        <source>fault &apos;%1&apos; needs a leaf, not the spine &apos;%2&apos;</source>
        <translation>Fehler „%1“ braucht einen Leaf, nicht den Spine „%2“</translation>
    </message>
    <message>
        <source>no place is left for fault &apos;%1&apos; that the faults before it do not sit behind or hold back: give it a target (%1:...)</source>
        <translation>für den Fehler &apos;%1&apos; bleibt kein Ort, hinter dem die Fehler vor ihm nicht sitzen oder den sie nicht zurückhalten: ihm ein Ziel geben (%1:...)</translation>
    </message>
</context>
<context>
    <name>FigureText</name>
    <message>
        <source>Experiment</source>
        <translation>Experiment</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>Bandbreite</translation>
    </message>
    <message>
        <source>Latency measured</source>
        <translation>Latenz gemessen</translation>
    </message>
    <message>
        <source>Latency min</source>
        <translation>Latenz min</translation>
    </message>
    <message>
        <source>Latency median</source>
        <translation>Latenz Median</translation>
    </message>
    <message>
        <source>Latency 99%</source>
        <translation>Latenz 99 %</translation>
    </message>
    <message>
        <source>Latency 99.9%</source>
        <translation>Latenz 99,9 %</translation>
    </message>
    <message>
        <source>Latency max</source>
        <translation>Latenz max</translation>
    </message>
    <message>
        <source>Latency average</source>
        <translation>Latenz Mittel</translation>
    </message>
    <message>
        <source>Jitter (99% - median)</source>
        <translation>Jitter (99 % - Median)</translation>
    </message>
    <message>
        <source>Mean training step</source>
        <translation>Mittlerer Trainingsschritt</translation>
    </message>
    <message>
        <source>Mean all-reduce</source>
        <translation>Mittleres All-Reduce</translation>
    </message>
    <message>
        <source>Final loss</source>
        <translation>Loss am Ende</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Counters sampled over</source>
        <translation>Zähler erfasst über</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Werkzeug</translation>
    </message>
    <message>
        <source>Experiment kind</source>
        <translation>Art des Experiments</translation>
    </message>
    <message>
        <source>Hosts</source>
        <translation>Hosts</translation>
    </message>
    <message>
        <source>Hub</source>
        <translation>Hub</translation>
    </message>
    <message>
        <source>Test duration</source>
        <translation>Testdauer</translation>
    </message>
    <message>
        <source>Timeout</source>
        <translation>Zeitlimit</translation>
    </message>
    <message>
        <source>Message size</source>
        <translation>Nachrichtengröße</translation>
    </message>
    <message>
        <source>All message sizes</source>
        <translation>Alle Nachrichtengrößen</translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation>Iterationen</translation>
    </message>
    <message>
        <source>Queue pairs</source>
        <translation>Queue Pairs</translation>
    </message>
    <message>
        <source>Streams</source>
        <translation>Streams</translation>
    </message>
    <message>
        <source>Traffic class</source>
        <translation>Traffic Class</translation>
    </message>
    <message>
        <source>TCP port</source>
        <translation>TCP-Port</translation>
    </message>
    <message>
        <source>RDMA device</source>
        <translation>RDMA-Gerät</translation>
    </message>
    <message>
        <source>Device port</source>
        <translation>Geräteport</translation>
    </message>
    <message>
        <source>GID index</source>
        <translation>GID-Index</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>Backend</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Ranks</translation>
    </message>
    <message>
        <source>Model size (MB)</source>
        <translation>Modellgröße (MB)</translation>
    </message>
    <message>
        <source>Master port</source>
        <translation>Master-Port</translation>
    </message>
    <message>
        <source>Interface</source>
        <translation>Schnittstelle</translation>
    </message>
    <message>
        <source>bytes received</source>
        <translation>Bytes empfangen</translation>
    </message>
    <message>
        <source>bytes sent</source>
        <translation>Bytes gesendet</translation>
    </message>
    <message>
        <source>NIC %1</source>
        <translation>NIC %1</translation>
    </message>
    <message>
        <source>Switch %1</source>
        <translation>Switch %1</translation>
    </message>
    <message>
        <source>%1 messages</source>
        <translation>Nachrichten zu %1</translation>
    </message>
    <message>
        <source>%1 pkt</source>
        <translation>%1 Pkt</translation>
    </message>
    <message>
        <source>%1 Gb/s</source>
        <translation>%1 Gb/s</translation>
    </message>
    <message>
        <source>%1 us</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>RoCE queue mean, deepest port</source>
        <translation>Mittlere RoCE-Warteschlange, tiefster Port</translation>
    </message>
    <message>
        <source>ECN marks</source>
        <translation>ECN-Markierungen</translation>
    </message>
    <message>
        <source>CNPs sent</source>
        <translation>CNPs gesendet</translation>
    </message>
    <message>
        <source>CNPs handled</source>
        <translation>CNPs verarbeitet</translation>
    </message>
    <message>
        <source>Pause frames received</source>
        <translation>Pause-Frames empfangen</translation>
    </message>
    <message>
        <source>Pause frames sent</source>
        <translation>Pause-Frames gesendet</translation>
    </message>
    <message>
        <source>Ingress MMU drops</source>
        <translation>Ingress-MMU-Drops</translation>
    </message>
    <message>
        <source>Egress drops</source>
        <translation>Egress-Drops</translation>
    </message>
    <message>
        <source>%1 /s</source>
        <translation>%1 /s</translation>
    </message>
    <message>
        <source>%1 KB</source>
        <translation>%1 KB</translation>
    </message>
</context>
<context>
    <name>FileText</name>
    <message>
        <source>cannot create the recording %1: %2</source>
        <translation>die Aufzeichnung %1 kann nicht angelegt werden: %2</translation>
    </message>
    <message>
        <source>cannot write</source>
        <translation>kann nicht schreiben</translation>
    </message>
    <message>
        <source>cannot open the recording %1 for writing: %2</source>
        <translation>die Aufzeichnung %1 kann nicht zum Schreiben geöffnet werden: %2</translation>
    </message>
    <message>
        <source>%1 %2: %3</source>
        <translation>%1 %2: %3</translation>
    </message>
    <message>
        <source>cannot write to</source>
        <translation>kann nicht schreiben in</translation>
    </message>
    <message>
        <source>cannot sync</source>
        <translation>kann nicht synchronisieren</translation>
    </message>
</context>
<context>
    <name>FindingText</name>
    <message>
        <source>info</source>
        <translation>Info</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>kritisch</translation>
    </message>
    <message>
        <source>NIC stopped draining</source>
        <translation>NIC leert nicht mehr</translation>
    </message>
    <message>
        <source>Link down</source>
        <translation>Link down</translation>
    </message>
    <message>
        <source>Bad link (CRC errors)</source>
        <translation>Defekter Link (CRC-Fehler)</translation>
    </message>
    <message>
        <source>PFC on the wrong CoS</source>
        <translation>PFC auf der falschen CoS</translation>
    </message>
    <message>
        <source>PFC off</source>
        <translation>PFC aus</translation>
    </message>
    <message>
        <source>RoCE outside the lossless class</source>
        <translation>RoCE außerhalb der verlustfreien Klasse</translation>
    </message>
    <message>
        <source>ECN off on a host</source>
        <translation>ECN auf einem Host aus</translation>
    </message>
    <message>
        <source>ECN not marking</source>
        <translation>ECN markiert nicht</translation>
    </message>
    <message>
        <source>Slow host</source>
        <translation>Langsamer Host</translation>
    </message>
    <message>
        <source>ECMP imbalance</source>
        <translation>ECMP-Ungleichgewicht</translation>
    </message>
    <message>
        <source>Congestion</source>
        <translation>Überlast</translation>
    </message>
</context>
<context>
    <name>FleetCommandText</name>
    <message>
        <source>Read the fleet as a Prometheus-compatible store holds it, in rocectl watch&apos;s frames</source>
        <translation>Die Flotte lesen, wie ein Prometheus-kompatibler Speicher sie hält, in den Frames von rocectl watch</translation>
    </message>
    <message>
        <source>Reads the fleet from a Prometheus-compatible store (Prometheus, Thanos, VictoriaMetrics, Mimir) as the console does: switches from rocectl exporter&apos;s series, hosts from roce-agent&apos;s, node_exporter&apos;s or rdma_exporter&apos;s, and prints one frame per refresh in the format of rocectl watch.

The token or password (--auth bearer or basic): ROCE_PROMETHEUS_SECRET, else the OS keychain.</source>
        <translation>Liest die Flotte aus einem Prometheus-kompatiblen Speicher (Prometheus, Thanos, VictoriaMetrics, Mimir) wie die Konsole: Switches aus den Reihen von rocectl exporter, Hosts aus denen von roce-agent, node_exporter oder rdma_exporter, und gibt je Aktualisierung einen Frame im Format von rocectl watch aus.

Token oder Passwort (--auth bearer oder basic): ROCE_PROMETHEUS_SECRET, sonst der Schlüsselbund des Systems.</translation>
    </message>
    <message>
        <source>The store&apos;s URL, e.g. http://prometheus:9090 (a path in it is the prefix).</source>
        <translation>Die URL des Speichers, z. B. http://prometheus:9090 (ein Pfad darin ist das Präfix).</translation>
    </message>
    <message>
        <source>Path prefix of the query API: /prometheus (Mimir, VictoriaMetrics), /select/&lt;tenant&gt;/prometheus (VictoriaMetrics cluster).</source>
        <translation>Pfadpräfix der Abfrage-API: /prometheus (Mimir, VictoriaMetrics), /select/&lt;tenant&gt;/prometheus (VictoriaMetrics-Cluster).</translation>
    </message>
    <message>
        <source>none (default), bearer or basic.</source>
        <translation>none (Standard), bearer oder basic.</translation>
    </message>
    <message>
        <source>User for --auth basic.</source>
        <translation>Benutzer für --auth basic.</translation>
    </message>
    <message>
        <source>PEM file of a CA to trust for https:// (besides the system&apos;s).</source>
        <translation>PEM-Datei einer CA, der für https:// vertraut wird (neben denen des Systems).</translation>
    </message>
    <message>
        <source>Seconds between refreshes (default: the store&apos;s scrape interval).</source>
        <translation>Sekunden zwischen Aktualisierungen (Standard: das Scrape-Intervall des Speichers).</translation>
    </message>
    <message>
        <source>Seconds a query may take (default 15).</source>
        <translation>Sekunden, die eine Abfrage dauern darf (Standard 15).</translation>
    </message>
    <message>
        <source>Stop after this many frames (default: until interrupted).</source>
        <translation>Nach so vielen Frames aufhören (Standard: bis zum Abbruch).</translation>
    </message>
    <message>
        <source>Seconds to wait for the store&apos;s first answer (default 30).</source>
        <translation>Sekunden, die auf die erste Antwort des Speichers gewartet wird (Standard 30).</translation>
    </message>
    <message>
        <source>One JSON object per frame, one a line.</source>
        <translation>Ein JSON-Objekt je Frame, eines pro Zeile.</translation>
    </message>
    <message>
        <source>Print the recording rules that precompute what the fleet reads (for the store&apos;s rule_files, or vmalert), for a scrape interval of --interval (default 15 s), and exit.</source>
        <translation>Die Recording Rules ausgeben, die vorberechnen, was die Flotte liest (für rule_files des Speichers oder vmalert), für ein Scrape-Intervall von --interval (Standard 15 s), und beenden.</translation>
    </message>
    <message>
        <source>--interval must be 1 to 300 whole seconds</source>
        <translation>--interval muss 1 bis 300 ganze Sekunden sein</translation>
    </message>
    <message>
        <source>--prometheus URL is required</source>
        <translation>--prometheus URL ist erforderlich</translation>
    </message>
    <message>
        <source>--auth basic needs --user</source>
        <translation>--auth basic braucht --user</translation>
    </message>
    <message>
        <source>rocectl fleet: no secret for %1 in ROCE_PROMETHEUS_SECRET or the keychain (%2)</source>
        <translation>rocectl fleet: kein Geheimnis für %1 in ROCE_PROMETHEUS_SECRET oder im Schlüsselbund (%2)</translation>
    </message>
    <message>
        <source>%1 ports (%2 stale), %3 alerts</source>
        <translation>%1 Ports (%2 veraltet), %3 Alarme</translation>
    </message>
    <message>
        <source>rocectl fleet: %1 devices, %2 ports in %3 ms (%4 queries, %5)</source>
        <translation>rocectl fleet: %1 Geräte, %2 Ports in %3 ms (%4 Abfragen, %5)</translation>
    </message>
    <message>
        <source>recording rules</source>
        <translation>Recording Rules</translation>
    </message>
    <message>
        <source>window %1</source>
        <translation>Fenster %1</translation>
    </message>
    <message>
        <source>rocectl fleet: %1 gave no answer within %2 s</source>
        <translation>rocectl fleet: %1 hat innerhalb von %2 s nicht geantwortet</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>Sekunden</translation>
    </message>
</context>
<context>
    <name>FleetText</name>
    <message>
        <source>%1 has not answered a refresh for %2 s (interval %3 s)</source>
        <translation>%1 hat eine Aktualisierung seit %2 s nicht beantwortet (Intervall %3 s)</translation>
    </message>
    <message>
        <source>the exporter cannot poll %1 (nxos_up is 0 in %2)</source>
        <translation>der Exporter kann %1 nicht abfragen (nxos_up ist 0 in %2)</translation>
    </message>
    <message>
        <source>%1 (%2) is not scraped (up is 0 in %3)</source>
        <translation>%1 (%2) wird nicht gescrapt (up ist 0 in %3)</translation>
    </message>
</context>
<context>
    <name>FleetWiringText</name>
    <message>
        <source>No token or password for %1 in the keychain (%2). Fabric &gt; Connect to Prometheus... stores one; until then the store refuses the console.</source>
        <translation>Kein Token und kein Passwort für %1 im Schlüsselbund (%2). Fabric &gt; Mit Prometheus verbinden... speichert eines; bis dahin lehnt der Speicher die Konsole ab.</translation>
    </message>
    <message>
        <source>Hosts are streamed directly only while the fleet is read from a metrics store (Fabric &gt; Connect to Prometheus...).</source>
        <translation>Hosts werden nur direkt gestreamt, solange die Flotte aus einem Metrikspeicher gelesen wird (Fabric &gt; Mit Prometheus verbinden...).</translation>
    </message>
    <message>
        <source>The token or password of %1 was not stored (%2); it is used until the console quits.</source>
        <translation>Token oder Passwort von %1 wurde nicht gespeichert (%2); es gilt, bis die Konsole beendet wird.</translation>
    </message>
</context>
<context>
    <name>FormatText</name>
    <message>
        <source>not a RoCE Fabric Console recording</source>
        <translation>keine Aufzeichnung der RoCE Fabric Console</translation>
    </message>
    <message>
        <source>recording format version %1; this console reads %2</source>
        <translation>Aufzeichnungsformat Version %1; diese Konsole liest %2</translation>
    </message>
    <message>
        <source>block cut short (%1 of %2 bytes)</source>
        <translation>Block abgeschnitten (%1 von %2 Bytes)</translation>
    </message>
    <message>
        <source>block damaged (checksum mismatch)</source>
        <translation>Block beschädigt (Prüfsumme stimmt nicht)</translation>
    </message>
    <message>
        <source>block damaged (does not inflate)</source>
        <translation>Block beschädigt (lässt sich nicht entpacken)</translation>
    </message>
    <message>
        <source>block damaged (unknown input %1)</source>
        <translation>Block beschädigt (unbekannte Eingabe %1)</translation>
    </message>
    <message>
        <source>block damaged (ticks do not decode)</source>
        <translation>Block beschädigt (Ticks lassen sich nicht dekodieren)</translation>
    </message>
    <message>
        <source>block damaged (events are not a JSON array)</source>
        <translation>Block beschädigt (Ereignisse sind kein JSON-Array)</translation>
    </message>
    <message>
        <source>block damaged (an event without time or type)</source>
        <translation>Block beschädigt (ein Ereignis ohne Zeit oder Typ)</translation>
    </message>
    <message>
        <source>block damaged (impossible time %1 ms: not between %2 and %3)</source>
        <translation>Block beschädigt (unmögliche Zeit %1 ms: nicht zwischen %2 und %3)</translation>
    </message>
    <message>
        <source>block damaged (a tick at %1 ms, outside the block&apos;s %2 to %3 ms)</source>
        <translation>Block beschädigt (ein Tick bei %1 ms, außerhalb von %2 bis %3 ms des Blocks)</translation>
    </message>
    <message>
        <source>block damaged (tick times go back: %1 ms after %2 ms)</source>
        <translation>Block beschädigt (Tick-Zeiten laufen rückwärts: %1 ms nach %2 ms)</translation>
    </message>
</context>
<context>
    <name>FrameText</name>
    <message>
        <source>empty frame</source>
        <translation>leerer Frame</translation>
    </message>
    <message>
        <source>frame of %1 bytes exceeds the limit of %2 bytes</source>
        <translation>Frame mit %1 Bytes überschreitet die Grenze von %2 Bytes</translation>
    </message>
    <message>
        <source>frame is not valid JSON: %1 at offset %2</source>
        <translation>Frame ist kein gültiges JSON: %1 an Position %2</translation>
    </message>
    <message>
        <source>frame is not a JSON object</source>
        <translation>Frame ist kein JSON-Objekt</translation>
    </message>
    <message>
        <source>message has no &quot;type&quot;</source>
        <translation>Nachricht hat keinen „type“</translation>
    </message>
</context>
<context>
    <name>IdentityText</name>
    <message>
        <source>cannot make a certificate for %1: %2 failed</source>
        <translation>Zertifikat für %1 kann nicht erzeugt werden: %2 fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>InterfaceText</name>
    <message>
        <source>line %1 (&quot;%2&quot;) repeats %3 of %4 (header on line %5): an interface header before it was not recognised, so the counters that follow are not read rather than credited to %4</source>
        <translation>Zeile %1 („%2“) wiederholt %3 von %4 (Kopfzeile in Zeile %5): eine Schnittstellen-Kopfzeile davor wurde nicht erkannt, daher werden die folgenden Zähler nicht gelesen, statt sie %4 zuzuschreiben</translation>
    </message>
    <message>
        <source>line %1: &quot;%2&quot; reads as the header of %3 with a state this parser does not know; its block is not read</source>
        <translation>Zeile %1: „%2“ ist die Kopfzeile von %3 mit einem Zustand, den dieser Parser nicht kennt; ihr Block wird nicht gelesen</translation>
    </message>
    <message>
        <source>line %1 (&quot;%2&quot;): &quot;%3&quot; of %4 comes before any RX/TX line and says no direction; the line is not read</source>
        <translation>Zeile %1 („%2“): „%3“ von %4 steht vor jeder RX/TX-Zeile und nennt keine Richtung; die Zeile wird nicht gelesen</translation>
    </message>
    <message>
        <source>no &quot;&lt;interface&gt; is up|down&quot; line in the text</source>
        <translation>keine Zeile „&lt;Schnittstelle&gt; is up|down“ im Text</translation>
    </message>
</context>
<context>
    <name>InventoryActionsText</name>
    <message>
        <source>Wait for the running action to finish.</source>
        <translation>Warten Sie, bis die laufende Aktion beendet ist.</translation>
    </message>
    <message>
        <source>No keychain is available: passwords and tokens cannot be stored.</source>
        <translation>Kein Schlüsselbund verfügbar: Passwörter und Token können nicht gespeichert werden.</translation>
    </message>
    <message numerus="yes">
        <source>Storing %n secret(s) in the keychain...</source>
        <translation>
            <numerusform>Speichere %n Geheimnis im Schlüsselbund...</numerusform>
            <numerusform>Speichere %n Geheimnisse im Schlüsselbund...</numerusform>
        </translation>
    </message>
    <message>
        <source>Enter the switch URL first.</source>
        <translation>Zuerst die Switch-URL eingeben.</translation>
    </message>
    <message>
        <source>Connecting to %1...</source>
        <translation>Verbinde mit %1...</translation>
    </message>
    <message>
        <source>Add a switch first.</source>
        <translation>Zuerst einen Switch hinzufügen.</translation>
    </message>
    <message>
        <source>No switch has a URL and a password to read LLDP with: set them first.</source>
        <translation>Kein Switch hat eine URL und ein Passwort, um LLDP zu lesen: zuerst setzen.</translation>
    </message>
    <message>
        <source>Reading LLDP neighbours from %1...</source>
        <translation>Lese LLDP-Nachbarn von %1...</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>The switch did not return its LLDP table (is &apos;feature lldp&apos; enabled?).</source>
        <translation>Der Switch hat seine LLDP-Tabelle nicht geliefert (ist „feature lldp“ aktiviert?).</translation>
    </message>
    <message>
        <source>%1 was not asked: it has no URL or no password.</source>
        <translation>%1 wurde nicht abgefragt: keine URL oder kein Passwort.</translation>
    </message>
    <message>
        <source>Host key of %1 not trusted; nothing was done.</source>
        <translation>Dem Host-Schlüssel von %1 wurde nicht vertraut; nichts wurde getan.</translation>
    </message>
    <message>
        <source>Give the server an address first.</source>
        <translation>Geben Sie dem Server zuerst eine Adresse.</translation>
    </message>
    <message>
        <source>Logging in to %1@%2:%3...</source>
        <translation>Anmeldung bei %1@%2:%3...</translation>
    </message>
    <message>
        <source>Give the server a name and an address first.</source>
        <translation>Zuerst dem Server einen Namen und eine Adresse geben.</translation>
    </message>
    <message>
        <source>No roce-agent binary to install was found next to the console.</source>
        <translation>Neben der Konsole wurde kein zu installierendes roce-agent-Binary gefunden.</translation>
    </message>
    <message>
        <source>Bootstrapping %1 over SSH (%2@%3:%4)...</source>
        <translation>Richte %1 per SSH ein (%2@%3:%4)...</translation>
    </message>
</context>
<context>
    <name>InventoryModelText</name>
    <message>
        <source>agent: roce-agent streams samples. ssh: no agent; the console runs &apos;rdma statistic&apos; and &apos;ethtool -S&apos; over SSH every few seconds.</source>
        <translation>agent: roce-agent streamt Messwerte. ssh: kein Agent; die Konsole führt alle paar Sekunden „rdma statistic“ und „ethtool -S“ über SSH aus.</translation>
    </message>
    <message>
        <source>The agent token is in the keychain (or goes there when the inventory is saved).</source>
        <translation>Das Agent-Token liegt im Schlüsselbund (oder kommt dorthin, sobald das Inventar gespeichert wird).</translation>
    </message>
    <message>
        <source>No token in the keychain: the console cannot authenticate to this agent.</source>
        <translation>Kein Token im Schlüsselbund: die Konsole kann sich bei diesem Agenten nicht authentifizieren.</translation>
    </message>
    <message>
        <source>not needed</source>
        <translation>nicht nötig</translation>
    </message>
    <message>
        <source>set</source>
        <translation>gesetzt</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>fehlt</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>Agent port</source>
        <translation>Agent-Port</translation>
    </message>
    <message>
        <source>Switch port</source>
        <translation>Switch-Port</translation>
    </message>
    <message>
        <source>SSH user</source>
        <translation>SSH-Benutzer</translation>
    </message>
    <message>
        <source>Agent certificate SHA-256 (pin)</source>
        <translation>SHA-256 des Agent-Zertifikats (Pin)</translation>
    </message>
    <message>
        <source>Collector</source>
        <translation>Erfassung</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>Token</translation>
    </message>
    <message>
        <source>Where LLDP cannot see the server: switch/port (e.g. leaf1/Ethernet1/7); the bare port is enough when the inventory has one switch.</source>
        <translation>Wo LLDP den Server nicht sieht: Switch/Port (z. B. leaf1/Ethernet1/7); hat das Inventar nur einen Switch, genügt der Port allein.</translation>
    </message>
</context>
<context>
    <name>InventoryText</name>
    <message>
        <source>%1: &apos;%2&apos; must be a string</source>
        <translation>%1: „%2“ muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; must be a port number from 1 to 65535</source>
        <translation>%1: „%2“ muss eine Portnummer von 1 bis 65535 sein</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; must be true or false</source>
        <translation>%1: „%2“ muss true oder false sein</translation>
    </message>
    <message>
        <source>%1: ignored unknown field(s) %2</source>
        <translation>%1: unbekannte(s) Feld(er) ignoriert: %2</translation>
    </message>
    <message>
        <source>Server %1</source>
        <translation>Server %1</translation>
    </message>
    <message>
        <source>Server &apos;%1&apos;</source>
        <translation>Server „%1“</translation>
    </message>
    <message>
        <source>%1: the name is missing</source>
        <translation>%1: der Name fehlt</translation>
    </message>
    <message>
        <source>%1: the name is used twice</source>
        <translation>%1: der Name ist doppelt vergeben</translation>
    </message>
    <message>
        <source>%1: the address is missing</source>
        <translation>%1: die Adresse fehlt</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is not a host name or IP address</source>
        <translation>%1: „%2“ ist weder Hostname noch IP-Adresse</translation>
    </message>
    <message>
        <source>%1: another server already uses agent %2</source>
        <translation>%1: ein anderer Server verwendet bereits Agent %2</translation>
    </message>
    <message>
        <source>%1: collecting over SSH needs an SSH user</source>
        <translation>%1: die Erfassung über SSH braucht einen SSH-Benutzer</translation>
    </message>
    <message>
        <source>%1: the agent port must be from 1 to 65535</source>
        <translation>%1: der Agent-Port muss zwischen 1 und 65535 liegen</translation>
    </message>
    <message>
        <source>%1: the agent certificate pin must be a SHA-256 in hex (64 digits, colons allowed)</source>
        <translation>%1: der Pin des Agent-Zertifikats muss ein SHA-256 in Hex sein (64 Stellen, Doppelpunkte erlaubt)</translation>
    </message>
    <message>
        <source>%1: not valid JSON at byte %2: %3</source>
        <translation>%1: kein gültiges JSON bei Byte %2: %3</translation>
    </message>
    <message>
        <source>%1: an inventory is a JSON object</source>
        <translation>%1: ein Inventar ist ein JSON-Objekt</translation>
    </message>
    <message>
        <source>%1: not a RoCE Fabric Console inventory (&quot;format&quot; must be &quot;roce-inventory&quot;)</source>
        <translation>%1: kein Inventar der RoCE-Fabric-Konsole (&quot;format&quot; muss &quot;roce-inventory&quot; sein)</translation>
    </message>
    <message>
        <source>%1: switch</source>
        <translation>%1: switch</translation>
    </message>
    <message>
        <source>%1: &apos;switch&apos; must be an object</source>
        <translation>%1: „switch“ muss ein Objekt sein</translation>
    </message>
    <message>
        <source>%1: &apos;servers&apos; must be an array</source>
        <translation>%1: „servers“ muss ein Array sein</translation>
    </message>
    <message>
        <source>%1: servers[%2]</source>
        <translation>%1: servers[%2]</translation>
    </message>
    <message>
        <source>%1 must be an object</source>
        <translation>%1 muss ein Objekt sein</translation>
    </message>
    <message>
        <source>%1: &apos;collector&apos; must be &quot;agent&quot; or &quot;ssh&quot;</source>
        <translation>%1: „collector“ muss &quot;agent&quot; oder &quot;ssh&quot; sein</translation>
    </message>
    <message numerus="yes">
        <source>%1 holds %n secret(s) in clear; they go to the keychain and are never written to a file again. Delete or protect this file.</source>
        <translation>
            <numerusform>%1 enthält %n Geheimnis im Klartext; es kommt in den Schlüsselbund und wird nie wieder in eine Datei geschrieben. Diese Datei löschen oder schützen.</numerusform>
            <numerusform>%1 enthält %n Geheimnisse im Klartext; sie kommen in den Schlüsselbund und werden nie wieder in eine Datei geschrieben. Diese Datei löschen oder schützen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot read the inventory %1: %2</source>
        <translation>Inventar %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Cannot write the inventory %1: %2</source>
        <translation>Inventar %1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Switch %1</source>
        <translation>Switch %1</translation>
    </message>
    <message>
        <source>Switch &apos;%1&apos;</source>
        <translation>Switch „%1“</translation>
    </message>
    <message>
        <source>%1: the name must not contain &apos;/&apos; (ports are written as switch/port)</source>
        <translation>%1: der Name darf kein „/“ enthalten (Ports werden als Switch/Port geschrieben)</translation>
    </message>
    <message>
        <source>%1: the URL is missing or invalid</source>
        <translation>%1: die URL fehlt oder ist ungültig</translation>
    </message>
    <message>
        <source>%1: the URL must start with https:// (got &apos;%2&apos;)</source>
        <translation>%1: die URL muss mit https:// beginnen (erhalten: „%2“)</translation>
    </message>
    <message>
        <source>%1: http:// sends the password in clear; use https:// or allow HTTP explicitly</source>
        <translation>%1: http:// sendet das Passwort im Klartext; https:// verwenden oder HTTP ausdrücklich erlauben</translation>
    </message>
    <message>
        <source>%1: the URL has no host</source>
        <translation>%1: die URL enthält keinen Host</translation>
    </message>
    <message>
        <source>%1: the NX-API user is missing</source>
        <translation>%1: der NX-API-Benutzer fehlt</translation>
    </message>
    <message>
        <source>%1: the certificate pin must be a SHA-256 in hex (64 digits, colons allowed)</source>
        <translation>%1: der Zertifikats-Pin muss ein SHA-256 in Hex sein (64 Stellen, Doppelpunkte erlaubt)</translation>
    </message>
    <message>
        <source>%1: the poll interval must be from %2 to %3 ms</source>
        <translation>%1: das Abfrageintervall muss zwischen %2 und %3 ms liegen</translation>
    </message>
    <message>
        <source>%1: the switch port &apos;%2&apos; names the switch &apos;%3&apos;, which the inventory does not have</source>
        <translation>%1: der Switch-Port „%2“ nennt den Switch „%3“, den das Inventar nicht enthält</translation>
    </message>
    <message>
        <source>%1: the switch port &apos;%2&apos; needs a switch in the inventory</source>
        <translation>%1: der Switch-Port „%2“ braucht einen Switch im Inventar</translation>
    </message>
    <message>
        <source>%1: the switch port &apos;%2&apos; does not say which switch; write it as switch/port (e.g. %3/%2)</source>
        <translation>%1: der Switch-Port „%2“ sagt nicht, welcher Switch; als Switch/Port schreiben (z. B. %3/%2)</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; must be a whole number from %3 to %4</source>
        <translation>%1: „%2“ muss eine ganze Zahl von %3 bis %4 sein</translation>
    </message>
    <message>
        <source>%1: &apos;role&apos; must be &quot;leaf&quot;, &quot;spine&quot;, &quot;tor&quot; or &quot;border&quot; (got &quot;%2&quot;)</source>
        <translation>%1: „role“ muss „leaf“, „spine“, „tor“ oder „border“ sein (erhalten: „%2“)</translation>
    </message>
    <message>
        <source>%1: inventory version %2 is not supported (this console reads versions 1 and %3)</source>
        <translation>%1: Inventarversion %2 wird nicht unterstützt (diese Konsole liest die Versionen 1 und %3)</translation>
    </message>
    <message>
        <source>%1 is an inventory of version 1 (one switch); it will be written as version 2 on the next save.</source>
        <translation>%1 ist ein Inventar der Version 1 (ein Switch); es wird beim nächsten Speichern als Version 2 geschrieben.</translation>
    </message>
    <message>
        <source>%1: &apos;switches&apos; must be an array</source>
        <translation>%1: „switches“ muss ein Array sein</translation>
    </message>
    <message>
        <source>%1: switches[%2]</source>
        <translation>%1: switches[%2]</translation>
    </message>
    <message>
        <source>%1: &apos;name&apos; &quot;%2&quot; is already used by switches[%3]</source>
        <translation>%1: „name“ „%2“ wird bereits von switches[%3] verwendet</translation>
    </message>
    <message>
        <source>cannot write the inventory %1: %2</source>
        <translation>das Inventar %1 kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>Iperf3Text</name>
    <message>
        <source>iperf3 report has no &quot;end&quot; section (run cut short?)</source>
        <translation>iperf3-Bericht hat keinen „end“-Abschnitt (Lauf abgebrochen?)</translation>
    </message>
    <message>
        <source>iperf3 report has no throughput summary</source>
        <translation>iperf3-Bericht hat keine Durchsatzzusammenfassung</translation>
    </message>
    <message>
        <source>no JSON report in the output: iperf3 -J prints one object, and there is no &apos;{&apos; here; the output starts with &quot;%1&quot;</source>
        <translation>kein JSON-Bericht in der Ausgabe: iperf3 -J gibt ein Objekt aus, hier steht aber kein „{“; die Ausgabe beginnt mit „%1“</translation>
    </message>
    <message>
        <source>the JSON report that starts on line %1 ends before it is complete (%2 at byte %3): was the output cut short?</source>
        <translation>der JSON-Bericht ab Zeile %1 endet, bevor er vollständig ist (%2 bei Byte %3): wurde die Ausgabe abgeschnitten?</translation>
    </message>
    <message>
        <source>the JSON report that starts on line %1 is not valid JSON (%2 at byte %3 of the report)</source>
        <translation>der JSON-Bericht ab Zeile %1 ist kein gültiges JSON (%2 bei Byte %3 des Berichts)</translation>
    </message>
</context>
<context>
    <name>JobCommandText</name>
    <message>
        <source>Run a perftest, iperf3, sockperf or training job on an agent</source>
        <translation>Einen perftest-, iperf3-, sockperf- oder Trainings-Job auf einem Agenten ausführen</translation>
    </message>
    <message>
        <source>Tool output goes to stdout (stderr with --json); &quot;job ID started&quot;, &quot;job ID ready&quot; (a server listens) and the end go to stderr. Exit status 0 when the job succeeded (or was cancelled by --cancel-after), 1 when it failed.</source>
        <translation>Die Ausgabe des Werkzeugs geht nach stdout (mit --json nach stderr); „job ID started“, „job ID ready“ (ein Server lauscht) und das Ende gehen nach stderr. Exit-Status 0, wenn der Job erfolgreich war (oder durch --cancel-after abgebrochen wurde), 1, wenn er fehlschlug.</translation>
    </message>
    <message>
        <source>Agent address, HOST:PORT.</source>
        <translation>Adresse des Agenten, HOST:PORT.</translation>
    </message>
    <message>
        <source>ib_write_bw, ib_write_lat, ib_send_bw, ib_send_lat, ib_read_bw, ib_read_lat, iperf3, sockperf or train.</source>
        <translation>ib_write_bw, ib_write_lat, ib_send_bw, ib_send_lat, ib_read_bw, ib_read_lat, iperf3, sockperf oder train.</translation>
    </message>
    <message>
        <source>server or client (train: rank).</source>
        <translation>server oder client (train: rank).</translation>
    </message>
    <message>
        <source>Client: the server&apos;s address.</source>
        <translation>Client: die Adresse des Servers.</translation>
    </message>
    <message>
        <source>Cancel the job after this many seconds.</source>
        <translation>Den Job nach so vielen Sekunden abbrechen.</translation>
    </message>
    <message>
        <source>Print the job result as JSON.</source>
        <translation>Das Job-Ergebnis als JSON ausgeben.</translation>
    </message>
    <message>
        <source>--agent HOST:PORT is required</source>
        <translation>--agent HOST:PORT ist erforderlich</translation>
    </message>
    <message>
        <source>--tool and --role are required</source>
        <translation>--tool und --role sind erforderlich</translation>
    </message>
    <message>
        <source>rocectl job: the agent refused the job (%1): %2</source>
        <translation>rocectl job: der Agent hat den Job abgelehnt (%1): %2</translation>
    </message>
    <message>
        <source>Record the run in the results store under this label (&quot;QoS on&quot;, ...).</source>
        <translation>Den Lauf unter dieser Bezeichnung im Ergebnisspeicher ablegen („QoS on“, ...).</translation>
    </message>
    <message>
        <source>Results database for --record (default %1).</source>
        <translation>Ergebnisdatenbank für --record (Standard %1).</translation>
    </message>
    <message>
        <source>recorded as run %1</source>
        <translation>als Lauf %1 aufgezeichnet</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>train: this rank (0 to --world-size - 1).</source>
        <translation>train: dieser Rang (0 bis --world-size - 1).</translation>
    </message>
    <message>
        <source>train: how many ranks the job has.</source>
        <translation>train: wie viele Ränge der Job hat.</translation>
    </message>
    <message>
        <source>train: the address of rank 0 (MASTER_ADDR).</source>
        <translation>train: die Adresse von Rang 0 (MASTER_ADDR).</translation>
    </message>
    <message>
        <source>train: rank 0&apos;s rendezvous port (MASTER_PORT).</source>
        <translation>train: der Rendezvous-Port von Rang 0 (MASTER_PORT).</translation>
    </message>
    <message>
        <source>train: gloo (default) or nccl.</source>
        <translation>train: gloo (Standard) oder nccl.</translation>
    </message>
    <message>
        <source>train: the model&apos;s size, what each all-reduce moves.</source>
        <translation>train: die Größe des Modells, die jedes All-Reduce bewegt.</translation>
    </message>
    <message>
        <source>train: the interface the ranks talk over (GLOO_SOCKET_IFNAME).</source>
        <translation>train: die Schnittstelle, über die die Ränge sprechen (GLOO_SOCKET_IFNAME).</translation>
    </message>
</context>
<context>
    <name>JobGroupText</name>
    <message>
        <source>did not end within %1 s; every side was stopped</source>
        <translation>nicht innerhalb von %1 s beendet; jede Seite wurde gestoppt</translation>
    </message>
    <message>
        <source>connection closed</source>
        <translation>Verbindung geschlossen</translation>
    </message>
    <message>
        <source>agent %1 lost: %2</source>
        <translation>Agent %1 verloren: %2</translation>
    </message>
    <message>
        <source>%1: the agent refused the job (%2): %3</source>
        <translation>%1: der Agent hat den Job abgelehnt (%2): %3</translation>
    </message>
    <message>
        <source>%1 ended with exit code %2</source>
        <translation>%1 endete mit Exit-Code %2</translation>
    </message>
    <message>
        <source>not started</source>
        <translation>nicht gestartet</translation>
    </message>
    <message>
        <source>the agent did not answer the cancel; its connection was closed, which ends the job</source>
        <translation>der Agent hat auf den Abbruch nicht geantwortet; seine Verbindung wurde geschlossen, was den Job beendet</translation>
    </message>
    <message>
        <source>agent %1 unreachable: %2</source>
        <translation>Agent %1 nicht erreichbar: %2</translation>
    </message>
</context>
<context>
    <name>JobOptionsText</name>
    <message>
        <source>TCP port of the tool.</source>
        <translation>TCP-Port des Werkzeugs.</translation>
    </message>
    <message>
        <source>Seconds (-D/-t).</source>
        <translation>Sekunden (-D/-t).</translation>
    </message>
    <message>
        <source>perftest: port (-i).</source>
        <translation>perftest: Port (-i).</translation>
    </message>
    <message>
        <source>perftest: GID index (-x).</source>
        <translation>perftest: GID-Index (-x).</translation>
    </message>
    <message>
        <source>perftest: QPs (-q).</source>
        <translation>perftest: QPs (-q).</translation>
    </message>
    <message>
        <source>perftest: traffic class (--tclass, DSCP x 4).</source>
        <translation>perftest: Traffic Class (--tclass, DSCP x 4).</translation>
    </message>
    <message>
        <source>Kill the job after this many seconds.</source>
        <translation>Den Job nach so vielen Sekunden beenden.</translation>
    </message>
    <message>
        <source>Message size in bytes (-s).</source>
        <translation>Nachrichtengröße in Bytes (-s).</translation>
    </message>
    <message>
        <source>perftest: iterations (-n); train: training iterations.</source>
        <translation>perftest: Iterationen (-n); train: Trainingsiterationen.</translation>
    </message>
    <message>
        <source>perftest: RDMA device (-d).</source>
        <translation>perftest: RDMA-Gerät (-d).</translation>
    </message>
    <message>
        <source>--%1 wants a number from %2 to %3</source>
        <translation>--%1 erwartet eine Zahl von %2 bis %3</translation>
    </message>
    <message>
        <source>--%1 wants a positive number</source>
        <translation>--%1 erwartet eine positive Zahl</translation>
    </message>
</context>
<context>
    <name>JobSpecText</name>
    <message>
        <source>unknown tool &apos;%1&apos; (allowed: %2)</source>
        <translation>unbekanntes Werkzeug „%1“ (erlaubt: %2)</translation>
    </message>
    <message>
        <source>field &apos;%1&apos; is not valid for %2</source>
        <translation>Feld „%1“ ist für %2 nicht gültig</translation>
    </message>
    <message>
        <source>&apos;%1&apos; must be an integer from %2 to %3</source>
        <translation>„%1“ muss eine ganze Zahl von %2 bis %3 sein</translation>
    </message>
    <message>
        <source>&apos;%1&apos; must be true or false</source>
        <translation>„%1“ muss true oder false sein</translation>
    </message>
    <message>
        <source>rank %1 is not below world_size %2</source>
        <translation>Rang %1 liegt nicht unter world_size %2</translation>
    </message>
    <message>
        <source>&apos;master_addr&apos; must be a host name or address</source>
        <translation>„master_addr“ muss ein Hostname oder eine Adresse sein</translation>
    </message>
    <message>
        <source>&apos;backend&apos; must be gloo or nccl</source>
        <translation>„backend“ muss gloo oder nccl sein</translation>
    </message>
    <message>
        <source>&apos;ifname&apos; is not a valid interface name</source>
        <translation>„ifname“ ist kein gültiger Schnittstellenname</translation>
    </message>
    <message>
        <source>&apos;role&apos; must be server or client</source>
        <translation>„role“ muss server oder client sein</translation>
    </message>
    <message>
        <source>a client needs &apos;server&apos;: the address of the server side</source>
        <translation>ein Client braucht „server“: die Adresse der Serverseite</translation>
    </message>
    <message>
        <source>&apos;server&apos; must be a host name or address</source>
        <translation>„server“ muss ein Hostname oder eine Adresse sein</translation>
    </message>
    <message>
        <source>&apos;device&apos; is not a valid RDMA device name</source>
        <translation>„device“ ist kein gültiger RDMA-Gerätename</translation>
    </message>
    <message>
        <source>&apos;size&apos; and &apos;all_sizes&apos; exclude each other</source>
        <translation>„size“ und „all_sizes“ schließen einander aus</translation>
    </message>
    <message>
        <source>latency tests run one QP</source>
        <translation>Latenztests laufen mit einem QP</translation>
    </message>
    <message>
        <source>&apos;role&apos; of a pingmesh job must be endpoint</source>
        <translation>„role“ eines Pingmesh-Jobs muss endpoint sein</translation>
    </message>
    <message>
        <source>a pingmesh job needs &apos;name&apos;: letters, digits and _.:- (how its peers name it)</source>
        <translation>ein Pingmesh-Job braucht „name“: Buchstaben, Ziffern und _.:- (wie seine Peers ihn nennen)</translation>
    </message>
    <message>
        <source>&apos;server&apos; must be a host name or address, not &apos;%1&apos;</source>
        <translation>&apos;server&apos; muss ein Hostname oder eine Adresse sein, nicht &apos;%1&apos;</translation>
    </message>
</context>
<context>
    <name>JobsText</name>
    <message>
        <source>%1 needs an RDMA device, but this host has none%2</source>
        <translation>%1 braucht ein RDMA-Gerät, dieser Host hat aber keines%2</translation>
    </message>
    <message>
        <source> (&apos;%1&apos; requested)</source>
        <translation> („%1“ angefordert)</translation>
    </message>
    <message>
        <source>RDMA device &apos;%1&apos; not found on this host (devices: %2)</source>
        <translation>RDMA-Gerät „%1“ auf diesem Host nicht gefunden (Geräte: %2)</translation>
    </message>
    <message>
        <source>the training script could not be unpacked</source>
        <translation>das Trainingsskript konnte nicht entpackt werden</translation>
    </message>
    <message>
        <source>program &apos;%1&apos; is not installed on this host</source>
        <translation>Programm „%1“ ist auf diesem Host nicht installiert</translation>
    </message>
    <message>
        <source>could not start %1: %2</source>
        <translation>%1 konnte nicht gestartet werden: %2</translation>
    </message>
    <message>
        <source>timed out after %1 s</source>
        <translation>Zeitüberschreitung nach %1 s</translation>
    </message>
    <message>
        <source>%1 exited with code %2</source>
        <translation>%1 endete mit Code %2</translation>
    </message>
    <message>
        <source>no running job &apos;%1&apos;</source>
        <translation>kein laufender Job „%1“</translation>
    </message>
    <message>
        <source>%1 reads no input</source>
        <translation>%1 liest keine Eingabe</translation>
    </message>
    <message>
        <source>cannot write to %1: %2</source>
        <translation>in %1 kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>LargeFabricFeedText</name>
    <message>
        <source>&apos;%1&apos; is not a leaf/spine scenario (choose from: %2)</source>
        <translation>„%1“ ist kein Leaf/Spine-Szenario (zur Auswahl: %2)</translation>
    </message>
</context>
<context>
    <name>LargeFabricText</name>
    <message>
        <source>&apos;%1&apos; is not a leaf/spine topology: use rail:HOSTS:NICS:RAILS:SPINES, e.g. rail:1024:8:8:16</source>
        <translation>„%1“ ist keine Leaf/Spine-Topologie: rail:HOSTS:NICS:RAILS:SPINES verwenden, z. B. rail:1024:8:8:16</translation>
    </message>
    <message>
        <source>HOSTS from 2 to 4096</source>
        <translation>HOSTS von 2 bis 4096</translation>
    </message>
    <message>
        <source>NICS from 1 to 16</source>
        <translation>NICS von 1 bis 16</translation>
    </message>
    <message>
        <source>RAILS from 1 to NICS</source>
        <translation>RAILS von 1 bis NICS</translation>
    </message>
    <message>
        <source>SPINES from 1 to 64</source>
        <translation>SPINES von 1 bis 64</translation>
    </message>
</context>
<context>
    <name>LaunchedTrainingText</name>
    <message>
        <source>The training run launched from this console has not reported an iteration yet: its traffic counts as bulk flows.</source>
        <translation>Der von dieser Konsole gestartete Trainingslauf hat noch keine Iteration gemeldet: sein Verkehr zählt als Massenflüsse.</translation>
    </message>
    <message>
        <source>The launched training run all-reduces with gloo over TCP sockets; the twin runs its ring as RDMA in the RoCE class.</source>
        <translation>Der gestartete Trainingslauf macht sein All-Reduce mit gloo über TCP-Sockets; der Zwilling fährt seinen Ring als RDMA in der RoCE-Klasse.</translation>
    </message>
</context>
<context>
    <name>LeafSpineText</name>
    <message>
        <source>the simulated agents&apos; certificate is missing</source>
        <translation>das Zertifikat der simulierten Agenten fehlt</translation>
    </message>
    <message>
        <source>cannot serve NX-API of %1 on %2:%3: %4</source>
        <translation>NX-API von %1 kann nicht auf %2:%3 bereitgestellt werden: %4</translation>
    </message>
    <message>
        <source>no switch &apos;%1&apos;</source>
        <translation>kein Switch „%1“</translation>
    </message>
</context>
<context>
    <name>ListenAddressText</name>
    <message>
        <source>&apos;%1&apos; is not ADDRESS:PORT</source>
        <translation>„%1“ ist nicht ADRESSE:PORT</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not an IP address</source>
        <translation>„%1“ ist keine IP-Adresse</translation>
    </message>
</context>
<context>
    <name>LiveScenarioText</name>
    <message>
        <source>Idle</source>
        <translation>Leerlauf</translation>
    </message>
    <message>
        <source>No traffic: every counter stays flat.</source>
        <translation>Kein Verkehr: alle Zähler bleiben flach.</translation>
    </message>
    <message>
        <source>Incast, PFC off</source>
        <translation>Incast, PFC aus</translation>
    </message>
    <message>
        <source>Seven servers send to one: Ingress MMU drops climb on the senders&apos; switch ports while the receiver&apos;s port runs at 100% and no pause frames appear.</source>
        <translation>Sieben Server senden an einen: Ingress-MMU-Verwerfungen steigen an den Switch-Ports der Sender, während der Port des Empfängers zu 100 % ausgelastet ist und keine Pause-Frames auftreten.</translation>
    </message>
    <message>
        <source>Incast, PFC on</source>
        <translation>Incast, PFC an</translation>
    </message>
    <message>
        <source>Same incast with PFC: MMU drops stop, TxPPP rises on the senders&apos; ports and the senders count rx_prio3_pause.</source>
        <translation>Derselbe Incast mit PFC: MMU-Verwerfungen hören auf, TxPPP steigt an den Ports der Sender und die Sender zählen rx_prio3_pause.</translation>
    </message>
    <message>
        <source>Incast, PFC + ECN (DCQCN)</source>
        <translation>Incast, PFC + ECN (DCQCN)</translation>
    </message>
    <message>
        <source>The receiver counts CE marks and sends CNPs, the senders handle them and slow down; pause frames fall well below PFC alone.</source>
        <translation>Der Empfänger zählt CE-Markierungen und sendet CNPs, die Sender verarbeiten sie und drosseln; Pause-Frames fallen deutlich unter den Wert mit PFC allein.</translation>
    </message>
    <message>
        <source>8-rank training</source>
        <translation>Training mit 8 Rängen</translation>
    </message>
    <message>
        <source>Ring all-reduce bursts every iteration: ECN marks and CNPs rise during all-reduce and drop to zero during compute.</source>
        <translation>Ring-All-Reduce-Schübe in jeder Iteration: ECN-Markierungen und CNPs steigen während des All-Reduce und fallen in der Rechenphase auf null.</translation>
    </message>
    <message>
        <source>Fault: link down</source>
        <translation>Fehler: Link ausgefallen</translation>
    </message>
    <message>
        <source>A switch port goes down during training: its servers show link down, the flows through it stall and retry (local_ack_timeout_err).</source>
        <translation>Ein Switch-Port fällt während des Trainings aus: seine Server melden Link down, die Flows darüber stocken und wiederholen (local_ack_timeout_err).</translation>
    </message>
    <message>
        <source>Fault: NIC stops draining</source>
        <translation>Fehler: NIC leert nicht mehr</translation>
    </message>
    <message>
        <source>A NIC stops draining and pauses the switch without end: RxPPP climbs on its port and the pause storm spreads back to the senders.</source>
        <translation>Eine NIC leert ihren Puffer nicht mehr und pausiert den Switch ohne Ende: RxPPP steigt an ihrem Port, und der Pause-Sturm breitet sich zu den Sendern aus.</translation>
    </message>
    <message>
        <source>Fault: PFC on the wrong CoS</source>
        <translation>Fehler: PFC auf der falschen CoS</translation>
    </message>
    <message>
        <source>The switch pauses CoS 4 while RoCE rides priority 3: pause frames are sent but ignored, and MMU drops appear despite PFC being on.</source>
        <translation>Der Switch pausiert CoS 4, während RoCE auf Priorität 3 läuft: Pause-Frames werden gesendet, aber ignoriert, und trotz eingeschaltetem PFC treten MMU-Verwerfungen auf.</translation>
    </message>
    <message>
        <source>Fault: DSCP mismatch</source>
        <translation>Fehler: DSCP passt nicht</translation>
    </message>
    <message>
        <source>unknown live scenario &apos;%1&apos;</source>
        <translation>unbekanntes Live-Szenario „%1“</translation>
    </message>
    <message>
        <source>live scenarios need at least 8 hosts</source>
        <translation>Live-Szenarien brauchen mindestens 8 Hosts</translation>
    </message>
    <message>
        <source>Fault: one slow server</source>
        <translation>Fehler: ein langsamer Server</translation>
    </message>
    <message>
        <source>One server answers every message late (CPU in power-save, IRQs on the far NUMA node): a latency matrix points at it while every fabric counter stays clean.</source>
        <translation>Ein Server beantwortet jede Nachricht verspätet (CPU im Energiesparmodus, IRQs auf dem fernen NUMA-Knoten): eine Latenzmatrix zeigt auf ihn, während jeder Fabric-Zähler sauber bleibt.</translation>
    </message>
    <message>
        <source>Fault: ECN off on one sender</source>
        <translation>Fehler: ECN aus auf einem Sender</translation>
    </message>
    <message>
        <source>DCQCN incast where one sender&apos;s adapter has ECN off: it counts rp_cnp_ignored instead of rp_cnp_handled, keeps its rate, and takes more than its share.</source>
        <translation>DCQCN-Incast, bei dem auf dem Adapter eines Senders ECN aus ist: er zählt rp_cnp_ignored statt rp_cnp_handled, behält seine Rate und nimmt mehr als seinen Anteil.</translation>
    </message>
    <message>
        <source>scenario &apos;%1&apos; needs a leaf/spine fabric</source>
        <translation>Szenario „%1“ braucht eine Leaf/Spine-Fabric</translation>
    </message>
    <message>
        <source>Training across the rails</source>
        <translation>Training über die Rails</translation>
    </message>
    <message>
        <source>A ring all-reduce over the first NIC of a quarter of the servers crosses the spines every iteration, and a 15:1 incast marks ECN on one leaf port.</source>
        <translation>Ein Ring-All-Reduce über die erste NIC eines Viertels der Server kreuzt in jeder Iteration die Spines, und ein 15:1-Incast markiert ECN an einem Leaf-Port.</translation>
    </message>
    <message>
        <source>Fault: NIC stops draining, PFC watchdog on</source>
        <translation>Fehler: NIC leert nicht mehr, PFC-Watchdog an</translation>
    </message>
    <message>
        <source>The same stalled NIC with the switch&apos;s PFC watchdog on: the watchdog shuts the paused queue and drops it (WD drops on the receiver&apos;s switch port), and what it lets through overruns the NIC (rx_discards_phy, rx_prio3_discards).</source>
        <translation>Dieselbe blockierte NIC bei eingeschaltetem PFC-Watchdog des Switches: Der Watchdog schaltet die pausierte Queue ab und verwirft ihren Inhalt (WD-Drops am Switch-Port des Empfängers), und was er durchlässt, läuft in der NIC über (rx_discards_phy, rx_prio3_discards).</translation>
    </message>
    <message>
        <source>Fault: ECMP hash polarized</source>
        <translation>Fehler: ECMP-Hash polarisiert</translation>
    </message>
    <message>
        <source>16 servers of one leaf send to the next leaf, and every flow hashes onto the same uplink: one uplink runs hot with ECN marks and pauses while the other 15 idle.</source>
        <translation>16 Server eines Leafs senden zum nächsten Leaf, und jeder Fluss landet per Hash auf demselben Uplink: Ein Uplink läuft heiß mit ECN-Markierungen und Pausen, während die anderen 15 ruhen.</translation>
    </message>
    <message>
        <source>Fault: spine uplink down</source>
        <translation>Fehler: Spine-Uplink ausgefallen</translation>
    </message>
    <message>
        <source>The training ring runs, then the uplink that carries it across the spines goes down: ECMP moves the flows to the other spines and the ring keeps going.</source>
        <translation>Der Trainingsring läuft, dann fällt der Uplink aus, der ihn über die Spines trägt: ECMP verlegt die Flüsse auf die anderen Spines, und der Ring läuft weiter.</translation>
    </message>
    <message>
        <source>Fault: NIC stops draining (leaf/spine)</source>
        <translation>Fehler: NIC leert nicht mehr (Leaf/Spine)</translation>
    </message>
    <message>
        <source>The incast receiver&apos;s NIC stops draining: its leaf port is paused without end and the pause spreads through the spines to the 15 senders&apos; leaves.</source>
        <translation>Die NIC des Incast-Empfängers leert ihren Puffer nicht mehr: Ihr Leaf-Port wird endlos pausiert, und die Pause breitet sich über die Spines bis zu den Leafs der 15 Sender aus.</translation>
    </message>
    <message>
        <source>Fault: PFC on the wrong CoS (leaf/spine)</source>
        <translation>Fehler: PFC auf der falschen CoS (Leaf/Spine)</translation>
    </message>
    <message>
        <source>Every switch pauses CoS 4 while RoCE rides priority 3: the incast&apos;s pause frames are ignored and Ingress MMU drops appear on its leaf.</source>
        <translation>Jeder Switch pausiert CoS 4, während RoCE auf Priorität 3 läuft: Die Pause-Frames des Incasts werden ignoriert, und auf seinem Leaf erscheinen Ingress-MMU-Drops.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is a load and takes no target (&apos;%2&apos;)</source>
        <translation>„%1“ ist eine Last und nimmt kein Ziel („%2“)</translation>
    </message>
    <message>
        <source>&apos;%1&apos; names two loads (%2 and %3): join one load and any faults with &apos;+&apos;</source>
        <translation>„%1“ nennt zwei Lasten (%2 und %3): eine Last und beliebige Fehler mit „+“ verbinden</translation>
    </message>
    <message>
        <source>scenario &apos;%1&apos; does not run on a leaf/spine fabric (choose from: %2)</source>
        <translation>Szenario „%1“ läuft nicht auf einer Leaf/Spine-Fabric (zur Auswahl: %2)</translation>
    </message>
    <message>
        <source>A server marks RoCE with DSCP 34, which the class-map does not match: its traffic lands in the lossy default class with tail drops and no PFC.</source>
        <translation>Ein Server markiert RoCE mit DSCP 34, das die class-map nicht erfasst: Sein Verkehr landet in der verlustbehafteten Standardklasse mit Tail-Drops und ohne PFC.</translation>
    </message>
    <message>
        <source>Fault: bad link</source>
        <translation>Fehler: defekter Link</translation>
    </message>
    <message>
        <source>A damaged cable corrupts 3% of its frames during training: CRC errors at the receiving end, loss, retransmissions and out-of-sequence packets.</source>
        <translation>Ein beschädigtes Kabel verfälscht während des Trainings 3 % seiner Frames: CRC-Fehler am empfangenden Ende, Verluste, Neuübertragungen und Pakete außer der Reihe.</translation>
    </message>
    <message>
        <source>Fault: ECN configured, not marking</source>
        <translation>Fehler: ECN konfiguriert, markiert nicht</translation>
    </message>
    <message>
        <source>WRED/ECN is configured but its queuing policy is not on the egress ports: an incast builds the queue, nothing is marked and PFC alone holds it.</source>
        <translation>WRED/ECN ist konfiguriert, aber seine Queuing-Policy liegt nicht auf den Egress-Ports: Ein Incast füllt die Warteschlange, nichts wird markiert, und allein PFC fängt ihn ab.</translation>
    </message>
    <message>
        <source>Fault: ECMP hash polarized on a leaf</source>
        <translation>Fehler: ECMP-Hash auf einem Leaf polarisiert</translation>
    </message>
    <message>
        <source>One leaf hashes every flow to another leaf onto the same uplink: it runs hot with ECN marks while the leaf&apos;s other uplinks idle.</source>
        <translation>Ein Leaf legt per Hash jeden Fluss zu einem anderen Leaf auf denselben Uplink: Dieser läuft mit ECN-Markierungen heiß, während die anderen Uplinks des Leafs ruhen.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; has an empty part: join one load and any faults with &apos;+&apos;</source>
        <translation>&apos;%1&apos; hat einen leeren Teil: eine Last und beliebige Fehler mit &apos;+&apos; verbinden</translation>
    </message>
</context>
<context>
    <name>MatrixText</name>
    <message>
        <source>Gb/s</source>
        <translation>Gb/s</translation>
    </message>
    <message>
        <source>us</source>
        <translation>µs</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>%1 -&gt; %2: %3 %4</source>
        <translation>%1 -&gt; %2: %3 %4</translation>
    </message>
    <message>
        <source>client %1</source>
        <translation>Client %1</translation>
    </message>
    <message>
        <source>server %1</source>
        <translation>Server %1</translation>
    </message>
</context>
<context>
    <name>Metric</name>
    <message>
        <source>Utilization %</source>
        <translation>Auslastung %</translation>
    </message>
    <message>
        <source>Drops and PFC pauses /s</source>
        <translation>Drops und PFC-Pausen /s</translation>
    </message>
    <message>
        <source>ECN and CNP /s</source>
        <translation>ECN und CNP /s</translation>
    </message>
    <message>
        <source>NIC buffer drops /s</source>
        <translation>NIC-Puffer-Drops /s</translation>
    </message>
    <message>
        <source>In %</source>
        <translation>Ein %</translation>
    </message>
    <message>
        <source>in</source>
        <translation>ein</translation>
    </message>
    <message>
        <source>Received bits as a share of the line rate.</source>
        <translation>Empfangene Bits als Anteil der Leitungsrate.</translation>
    </message>
    <message>
        <source>Out %</source>
        <translation>Aus %</translation>
    </message>
    <message>
        <source>out</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>Sent bits as a share of the line rate.</source>
        <translation>Gesendete Bits als Anteil der Leitungsrate.</translation>
    </message>
    <message>
        <source>In Gb/s</source>
        <translation>Ein Gb/s</translation>
    </message>
    <message>
        <source>in Gb/s</source>
        <translation>ein Gb/s</translation>
    </message>
    <message>
        <source>Received bits per second.</source>
        <translation>Empfangene Bits pro Sekunde.</translation>
    </message>
    <message>
        <source>Out Gb/s</source>
        <translation>Aus Gb/s</translation>
    </message>
    <message>
        <source>out Gb/s</source>
        <translation>aus Gb/s</translation>
    </message>
    <message>
        <source>Sent bits per second.</source>
        <translation>Gesendete Bits pro Sekunde.</translation>
    </message>
    <message>
        <source>MMU drops/s</source>
        <translation>MMU-Drops/s</translation>
    </message>
    <message>
        <source>MMU drops</source>
        <translation>MMU-Drops</translation>
    </message>
    <message>
        <source>Ingress MMU drops per second: the buffer overflowed. On a lossless class this means PFC is off or misconfigured.</source>
        <translation>Ingress-MMU-Drops pro Sekunde: der Puffer ist übergelaufen. In einer verlustfreien Klasse heißt das, dass PFC aus oder falsch konfiguriert ist.</translation>
    </message>
    <message>
        <source>Out drops/s</source>
        <translation>Aus-Drops/s</translation>
    </message>
    <message>
        <source>egress drops</source>
        <translation>Egress-Drops</translation>
    </message>
    <message>
        <source>Egress WRED and tail drops per second, all queues.</source>
        <translation>Egress-WRED- und Tail-Drops pro Sekunde, alle Warteschlangen.</translation>
    </message>
    <message>
        <source>RxPPP/s</source>
        <translation>RxPPP/s</translation>
    </message>
    <message>
        <source>RxPPP</source>
        <translation>RxPPP</translation>
    </message>
    <message>
        <source>PFC frames received per second (RxPPP): the peer asks this port to stop sending.</source>
        <translation>Empfangene PFC-Frames pro Sekunde (RxPPP): die Gegenstelle bittet diesen Port, mit dem Senden aufzuhören.</translation>
    </message>
    <message>
        <source>TxPPP/s</source>
        <translation>TxPPP/s</translation>
    </message>
    <message>
        <source>TxPPP</source>
        <translation>TxPPP</translation>
    </message>
    <message>
        <source>PFC frames sent per second (TxPPP): this port&apos;s ingress is congested and pauses the peer.</source>
        <translation>Gesendete PFC-Frames pro Sekunde (TxPPP): der Ingress dieses Ports ist überlastet und pausiert die Gegenstelle.</translation>
    </message>
    <message>
        <source>ECN/s</source>
        <translation>ECN/s</translation>
    </message>
    <message>
        <source>ECN/CE</source>
        <translation>ECN/CE</translation>
    </message>
    <message>
        <source>Switch: ECN-marked packets per second on the port&apos;s queues (WRED with ecn). NIC: CE-marked RoCE packets received per second.</source>
        <translation>Switch: ECN-markierte Pakete pro Sekunde in den Warteschlangen des Ports (WRED mit ecn). NIC: empfangene CE-markierte RoCE-Pakete pro Sekunde.</translation>
    </message>
    <message>
        <source>CNP sent/s</source>
        <translation>CNP gesendet/s</translation>
    </message>
    <message>
        <source>CNP sent</source>
        <translation>CNP gesendet</translation>
    </message>
    <message>
        <source>NIC: CNPs sent per second (np_cnp_sent): this receiver saw CE marks and asks the senders to slow down.</source>
        <translation>NIC: gesendete CNPs pro Sekunde (np_cnp_sent): dieser Empfänger hat CE-Markierungen gesehen und bittet die Sender, langsamer zu werden.</translation>
    </message>
    <message>
        <source>CNP handled/s</source>
        <translation>CNP verarbeitet/s</translation>
    </message>
    <message>
        <source>CNP handled</source>
        <translation>CNP verarbeitet</translation>
    </message>
    <message>
        <source>NIC: CNPs handled per second (rp_cnp_handled): this sender cut its rate (DCQCN).</source>
        <translation>NIC: verarbeitete CNPs pro Sekunde (rp_cnp_handled): dieser Sender hat seine Rate gesenkt (DCQCN).</translation>
    </message>
    <message>
        <source>CNP ignored/s</source>
        <translation>CNP ignoriert/s</translation>
    </message>
    <message>
        <source>CNP ignored</source>
        <translation>CNP ignoriert</translation>
    </message>
    <message>
        <source>NIC: CNPs received and ignored per second (rp_cnp_ignored): ECN is off on this sender for the priority.</source>
        <translation>NIC: empfangene und ignorierte CNPs pro Sekunde (rp_cnp_ignored): ECN ist auf diesem Sender für die Priorität aus.</translation>
    </message>
    <message>
        <source>OOS/s</source>
        <translation>OOS/s</translation>
    </message>
    <message>
        <source>out of sequence</source>
        <translation>außer der Reihe</translation>
    </message>
    <message>
        <source>NIC: out-of-sequence packets per second: packets were lost on the way and RoCE retransmits.</source>
        <translation>NIC: Pakete außer der Reihe pro Sekunde: unterwegs gingen Pakete verloren und RoCE sendet erneut.</translation>
    </message>
    <message>
        <source>In pkt/s</source>
        <translation>Ein Pkt/s</translation>
    </message>
    <message>
        <source>in packets</source>
        <translation>ein Pakete</translation>
    </message>
    <message>
        <source>Packets received per second.</source>
        <translation>Empfangene Pakete pro Sekunde.</translation>
    </message>
    <message>
        <source>Out pkt/s</source>
        <translation>Aus Pkt/s</translation>
    </message>
    <message>
        <source>out packets</source>
        <translation>aus Pakete</translation>
    </message>
    <message>
        <source>Packets sent per second.</source>
        <translation>Gesendete Pakete pro Sekunde.</translation>
    </message>
    <message>
        <source>In errors/s</source>
        <translation>Ein Fehler/s</translation>
    </message>
    <message>
        <source>in errors</source>
        <translation>Eingangsfehler</translation>
    </message>
    <message>
        <source>Received frames with errors per second (CRC, runts, giants).</source>
        <translation>Empfangene fehlerhafte Frames pro Sekunde (CRC, Runts, Giants).</translation>
    </message>
    <message>
        <source>WD drops/s</source>
        <translation>WD-Drops/s</translation>
    </message>
    <message>
        <source>PFC watchdog drops</source>
        <translation>PFC-Watchdog-Drops</translation>
    </message>
    <message>
        <source>Packets the PFC watchdog dropped per second (WD &amp; Tail Drop): a no-drop queue stayed paused with a backlog, so the switch shut it and discarded its traffic. The device behind this port stopped draining.</source>
        <translation>Vom PFC-Watchdog verworfene Pakete pro Sekunde (WD &amp; Tail Drop): Eine No-Drop-Queue blieb mit Rückstau pausiert, also hat der Switch sie abgeschaltet und ihren Verkehr verworfen. Das Gerät hinter diesem Port leert nicht mehr.</translation>
    </message>
    <message>
        <source>NIC discards/s</source>
        <translation>NIC-Verwürfe/s</translation>
    </message>
    <message>
        <source>NIC buffer discards</source>
        <translation>NIC-Puffer-Verwürfe</translation>
    </message>
    <message>
        <source>NIC: packets dropped per second at the physical port for lack of receive buffer (rx_discards_phy): the host does not drain the NIC fast enough (PCIe, driver), and PFC did not hold the traffic back.</source>
        <translation>NIC: Pakete pro Sekunde, die am physischen Port mangels Empfangspuffer verworfen wurden (rx_discards_phy): Der Host leert die NIC nicht schnell genug (PCIe, Treiber), und PFC hat den Verkehr nicht zurückgehalten.</translation>
    </message>
    <message>
        <source>No WQE/s</source>
        <translation>Kein WQE/s</translation>
    </message>
    <message>
        <source>out of receive WQEs</source>
        <translation>keine Empfangs-WQEs</translation>
    </message>
    <message>
        <source>NIC: packets dropped per second because a receive queue had no posted WQE (out_of_buffer): the application does not post receives fast enough.</source>
        <translation>NIC: Pakete pro Sekunde, die verworfen wurden, weil eine Empfangs-Queue kein bereitgestelltes WQE hatte (out_of_buffer): Die Anwendung stellt Empfangspuffer nicht schnell genug bereit.</translation>
    </message>
    <message>
        <source>Prio discards/s</source>
        <translation>Prio-Verwürfe/s</translation>
    </message>
    <message>
        <source>priority discards</source>
        <translation>Prioritäts-Verwürfe</translation>
    </message>
    <message>
        <source>NIC: receive discards per second on the PFC priorities, summed (rx_prioN_discards): the receive buffer of a priority overflowed, which lossless traffic should never see.</source>
        <translation>NIC: Empfangsverwürfe pro Sekunde auf den PFC-Prioritäten, summiert (rx_prioN_discards): Der Empfangspuffer einer Priorität ist übergelaufen, was verlustfreier Verkehr nie erleben sollte.</translation>
    </message>
    <message>
        <source>RDMA out Gb/s</source>
        <translation>RDMA aus Gb/s</translation>
    </message>
    <message>
        <source>NIC: RDMA bits sent per second (tx_vport_rdma_unicast_bytes), whatever priority they ride.</source>
        <translation>NIC: gesendete RDMA-Bits pro Sekunde (tx_vport_rdma_unicast_bytes), unabhängig von ihrer Priorität.</translation>
    </message>
    <message>
        <source>Prio 3 out Gb/s</source>
        <translation>Prio 3 aus Gb/s</translation>
    </message>
    <message>
        <source>priority 3 out Gb/s</source>
        <translation>Priorität 3 aus Gb/s</translation>
    </message>
    <message>
        <source>NIC: bits sent per second on priority 3, the lossless one (tx_prio3_bytes): RDMA that does not ride it is outside PFC and ECN.</source>
        <translation>NIC: gesendete Bits pro Sekunde auf Priorität 3, der verlustfreien (tx_prio3_bytes): RDMA, das nicht auf ihr läuft, liegt außerhalb von PFC und ECN.</translation>
    </message>
</context>
<context>
    <name>NxosConfigText</name>
    <message>
        <source>% The simulated switch models the RoCE class&apos;s settings only (%1), not %2&apos;s.
</source>
        <translation>% Der simulierte Switch bildet nur die Einstellungen der RoCE-Klasse ab (%1), nicht die von %2.
</translation>
    </message>
    <message>
        <source>% The simulated switch models the policy in force only (%1), not %2.
</source>
        <translation>% Der simulierte Switch bildet nur die wirksame Policy ab (%1), nicht %2.
</translation>
    </message>
    <message>
        <source>% The simulated switch models its own class-maps only (ROCE, CNP, QG1 to QG7), not %1.
</source>
        <translation>% Der simulierte Switch bildet nur seine eigenen Class-Maps ab (ROCE, CNP, QG1 bis QG7), nicht %1.
</translation>
    </message>
    <message>
        <source>% This simulated fabric classifies DSCPs alike on all its switches: a class-map cannot change on one of them alone.
</source>
        <translation>% Diese simulierte Fabric klassifiziert DSCPs auf allen ihren Switches gleich: eine Class-Map kann sich nicht auf einem allein ändern.
</translation>
    </message>
    <message>
        <source>% The simulated switch takes WRED thresholds in bytes (minimum-threshold ... maximum-threshold ...), not a threshold profile.
</source>
        <translation>% Der simulierte Switch nimmt WRED-Schwellen in Bytes (minimum-threshold ... maximum-threshold ...), kein Schwellenprofil.
</translation>
    </message>
    <message>
        <source>% Incomplete command: random-detect minimum-threshold N [kbytes] maximum-threshold N [kbytes] drop-probability P weight W [ecn]
</source>
        <translation>% Unvollständiger Befehl: random-detect minimum-threshold N [kbytes] maximum-threshold N [kbytes] drop-probability P weight W [ecn]
</translation>
    </message>
    <message>
        <source>% The minimum threshold must be below the maximum one, and the drop probability 0 to 100.
</source>
        <translation>% Die Mindestschwelle muss unter der Höchstschwelle liegen und die Verwerfwahrscheinlichkeit zwischen 0 und 100.
</translation>
    </message>
    <message>
        <source>% Incomplete command: pause buffer-size N pause-threshold N resume-threshold N [pfc-cos N]
</source>
        <translation>% Unvollständiger Befehl: pause buffer-size N pause-threshold N resume-threshold N [pfc-cos N]
</translation>
    </message>
    <message>
        <source>% The resume threshold must be below the pause threshold, and both below the buffer size.
</source>
        <translation>% Die Resume-Schwelle muss unter der Pause-Schwelle liegen und beide unter der Puffergröße.
</translation>
    </message>
    <message>
        <source>% This simulated fabric makes the RoCE class no-drop on all its switches alike: take PFC off on the interfaces instead.
</source>
        <translation>% Diese simulierte Fabric macht die RoCE-Klasse auf allen ihren Switches gleich verlustfrei: stattdessen PFC auf den Interfaces abschalten.
</translation>
    </message>
    <message>
        <source>% Invalid CoS: %1
</source>
        <translation>% Ungültige CoS: %1
</translation>
    </message>
    <message>
        <source>% Invalid DSCP list: %1
</source>
        <translation>% Ungültige DSCP-Liste: %1
</translation>
    </message>
    <message>
        <source>% policy-map %1 is not configured.
</source>
        <translation>% policy-map %1 ist nicht konfiguriert.
</translation>
    </message>
    <message>
        <source>% The simulated switch changes its queuing output policy only under system qos.
</source>
        <translation>% Der simulierte Switch ändert seine Queuing-Output-Policy nur unter system qos.
</translation>
    </message>
    <message>
        <source>% Invalid interface: %1
</source>
        <translation>% Ungültiges Interface: %1
</translation>
    </message>
    <message>
        <source>% Invalid interface: Ethernet%1%2 is not a port of this switch
</source>
        <translation>% Ungültiges Interface: Ethernet%1%2 ist kein Port dieses Switches
</translation>
    </message>
</context>
<context>
    <name>OptionTableText</name>
    <message>
        <source>%1 must be a whole number from %2 to %3, not %4</source>
        <translation>%1 muss eine ganze Zahl von %2 bis %3 sein, nicht %4</translation>
    </message>
    <message>
        <source>%1 must be a whole number of at least %2, not %3</source>
        <translation>%1 muss eine ganze Zahl von mindestens %2 sein, nicht %3</translation>
    </message>
    <message>
        <source>%1 must be %2 to %3 whole %4, not %5</source>
        <translation>%1 muss %2 bis %3 ganze %4 sein, nicht %5</translation>
    </message>
    <message>
        <source>%1 must be at least %2 whole %3, not %4</source>
        <translation>%1 muss mindestens %2 ganze %3 sein, nicht %4</translation>
    </message>
    <message>
        <source>%1 must be a number from %2 to %3, not %4</source>
        <translation>%1 muss eine Zahl von %2 bis %3 sein, nicht %4</translation>
    </message>
    <message>
        <source>%1 must be a number of at least %2, not %3</source>
        <translation>%1 muss eine Zahl von mindestens %2 sein, nicht %3</translation>
    </message>
    <message>
        <source>%1 must be %2 to %3 %4, not %5</source>
        <translation>%1 muss %2 bis %3 %4 sein, nicht %5</translation>
    </message>
    <message>
        <source>%1 must be at least %2 %3, not %4</source>
        <translation>%1 muss mindestens %2 %3 sein, nicht %4</translation>
    </message>
    <message>
        <source>%1 must be one of %2, not %3</source>
        <translation>%1 muss eines von %2 sein, nicht %3</translation>
    </message>
    <message>
        <source>unknown setting &quot;%1&quot; (known: %2)</source>
        <translation>unbekannte Einstellung &quot;%1&quot; (bekannt: %2)</translation>
    </message>
    <message>
        <source>%1 must be true or false, not %2</source>
        <translation>%1 muss true oder false sein, nicht %2</translation>
    </message>
</context>
<context>
    <name>OutputLimiterText</name>
    <message>
        <source> […line cut: %1 more bytes]</source>
        <translation> […Zeile gekürzt: %1 weitere Bytes]</translation>
    </message>
</context>
<context>
    <name>PairMatrixText</name>
    <message numerus="yes">
        <source>%1 → %2
RTT p50 %3 us, p99 %4 us (typical %5 us)
%6 of %7 probes lost (%8 %)
%n pair(s)</source>
        <translation>
            <numerusform>%1 → %2
RTT p50 %3 us, p99 %4 us (typisch %5 us)
%6 von %7 Proben verloren (%8 %)
%n Paar</numerusform>
            <numerusform>%1 → %2
RTT p50 %3 us, p99 %4 us (typisch %5 us)
%6 von %7 Proben verloren (%8 %)
%n Paare</numerusform>
        </translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>≥%1</source>
        <translation>≥%1</translation>
    </message>
    <message>
        <source>RTT p50 (µs), under one switch / across</source>
        <translation>RTT p50 (µs), unter einem Switch / darüber hinaus</translation>
    </message>
    <message>
        <source>RTT p50 (µs)</source>
        <translation>RTT p50 (µs)</translation>
    </message>
    <message>
        <source>RTT p50 (× typical)</source>
        <translation>RTT p50 (× typisch)</translation>
    </message>
    <message>
        <source>Loss (%)</source>
        <translation>Verlust (%)</translation>
    </message>
    <message>
        <source>&gt;0</source>
        <translation>&gt;0</translation>
    </message>
</context>
<context>
    <name>ParseText</name>
    <message>
        <source>Show this help.</source>
        <translation>Diese Hilfe anzeigen.</translation>
    </message>
    <message>
        <source>Run &apos;%1 --help&apos; for its options.</source>
        <translation>„%1 --help“ zeigt die Optionen.</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation>unerwartetes Argument „%1“</translation>
    </message>
</context>
<context>
    <name>ParserText</name>
    <message>
        <source>the body has no %1 table</source>
        <translation>der Rumpf hat keine Tabelle %1</translation>
    </message>
    <message>
        <source>the body has neither TABLE_nbor_detail nor neigh_count</source>
        <translation>der Rumpf hat weder TABLE_nbor_detail noch neigh_count</translation>
    </message>
    <message>
        <source>the body has neither host_name nor a version string</source>
        <translation>der Rumpf hat weder host_name noch eine Versionszeichenkette</translation>
    </message>
    <message>
        <source>no PFC interface rows in the text</source>
        <translation>keine PFC-Schnittstellenzeilen im Text</translation>
    </message>
    <message>
        <source>no &quot;Egress Queuing for &lt;interface&gt;&quot; block in the text</source>
        <translation>kein Block „Egress Queuing for &lt;interface&gt;“ im Text</translation>
    </message>
</context>
<context>
    <name>PerftestText</name>
    <message>
        <source>no perftest result table found</source>
        <translation>keine perftest-Ergebnistabelle gefunden</translation>
    </message>
</context>
<context>
    <name>PingmeshRunText</name>
    <message>
        <source>no host or NIC &apos;%1&apos; in the fabric (e.g. %2)</source>
        <translation>kein Host und keine NIC &apos;%1&apos; in der Fabric (z. B. %2)</translation>
    </message>
    <message>
        <source>scenario %1 needs %2: %1:%2</source>
        <translation>Szenario %1 braucht %2: %1:%2</translation>
    </message>
    <message>
        <source>no switch port &apos;%1&apos; in the fabric (e.g. %2)</source>
        <translation>kein Switch-Port &apos;%1&apos; in der Fabric (z. B. %2)</translation>
    </message>
    <message>
        <source>hot-uplink needs a leaf/spine fabric (--topology rail:H:N:R:S with 2 leaves or more)</source>
        <translation>hot-uplink braucht eine Leaf/Spine-Fabric (--topology rail:H:N:R:S mit 2 oder mehr Leaves)</translation>
    </message>
    <message>
        <source>%1 needs three hosts under one switch</source>
        <translation>%1 braucht drei Hosts unter einem Switch</translation>
    </message>
    <message>
        <source>unknown pingmesh scenario &apos;%1&apos; (choose from: %2)</source>
        <translation>unbekanntes Pingmesh-Szenario &apos;%1&apos; (zur Wahl: %2)</translation>
    </message>
    <message>
        <source>nothing wrong: no verdicts</source>
        <translation>nichts falsch: keine Befunde</translation>
    </message>
    <message>
        <source>the NIC of HOST (or HOST/DEVICE) drops 5 % of its frames and delays the rest by 120 us</source>
        <translation>die NIC von HOST (oder HOST/DEVICE) verwirft 5 % ihrer Frames und verzögert den Rest um 120 us</translation>
    </message>
    <message>
        <source>3 % of the frames into the port are corrupted: loss and CRC (input) errors</source>
        <translation>3 % der Frames in den Port sind beschädigt: Verlust und CRC-(Eingangs-)Fehler</translation>
    </message>
    <message>
        <source>ECMP polarized: a leaf&apos;s servers send to the next leaf over one uplink, which runs hot with ECN marks and pauses</source>
        <translation>ECMP polarisiert: Die Server eines Leafs senden über einen Uplink zum nächsten Leaf, der mit ECN-Markierungen und Pausen heißläuft</translation>
    </message>
    <message>
        <source>a receiver NIC drains 7 ms of every 10: pauses cost its senders a third of the line rate with zero drops</source>
        <translation>eine Empfänger-NIC leert 7 von 10 ms: Pausen kosten ihre Sender ein Drittel der Leitungsrate ohne jede Verwerfung</translation>
    </message>
    <message>
        <source>PFC watchdog on, a receiver NIC stops draining: the watchdog shuts its queue and restores it every second</source>
        <translation>PFC-Watchdog an, eine Empfänger-NIC leert nicht mehr: Der Watchdog schaltet ihre Queue ab und stellt sie jede Sekunde wieder her</translation>
    </message>
    <message>
        <source>probe for 0 to 3600 seconds</source>
        <translation>0 bis 3600 Sekunden proben</translation>
    </message>
    <message>
        <source>WRED/ECN configured, but the policy is not on the egress ports: an incast builds the queue and no packet is marked</source>
        <translation>WRED/ECN konfiguriert, aber die Policy liegt nicht auf den Ausgangsports: ein Incast füllt die Queue und kein Paket wird markiert</translation>
    </message>
</context>
<context>
    <name>PingmeshSpecText</name>
    <message>
        <source>the pingmesh spec is not a JSON object (%1)</source>
        <translation>die Pingmesh-Spezifikation ist kein JSON-Objekt (%1)</translation>
    </message>
    <message>
        <source>the pingmesh spec needs &quot;%1&quot; (a string)</source>
        <translation>die Pingmesh-Spezifikation braucht &quot;%1&quot; (eine Zeichenkette)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a number from %2 to %3</source>
        <translation>&quot;%1&quot; muss eine Zahl von %2 bis %3 sein</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>peer %1 left no address in %2 within %3 s</source>
        <translation>Peer %1 hat innerhalb von %3 s keine Adresse in %2 hinterlegt</translation>
    </message>
    <message>
        <source>the address of peer %1 is malformed</source>
        <translation>die Adresse von Peer %1 ist fehlerhaft</translation>
    </message>
    <message>
        <source>no peers arrived on standard input within %1 s</source>
        <translation>innerhalb von %1 s kamen keine Peers auf der Standardeingabe an</translation>
    </message>
    <message>
        <source>standard input closed before the peers</source>
        <translation>die Standardeingabe wurde vor den Peers geschlossen</translation>
    </message>
    <message>
        <source>the peers line is too long</source>
        <translation>die Peers-Zeile ist zu lang</translation>
    </message>
</context>
<context>
    <name>PingmeshText</name>
    <message>
        <source>Probe every pair of NICs and name the bad NIC, link or port</source>
        <translation>Jedes NIC-Paar proben und die defekte NIC, den Link oder Port benennen</translation>
    </message>
    <message>
        <source>RDMA pingmesh: every NIC probes its pinglist peers (all pairs up to 64 NICs; beyond that every pair under a switch plus sampled pairs across switches) over several UDP source ports, and the analyzer joins the pair matrix with the switches&apos; port counters into verdicts: a bad NIC or host, a bad link, congestion; detectors add pause cost, PFC watchdog flaps and misses, and ECN configured but not marking.

Scenarios of --sim:
%1</source>
        <translation>RDMA-Pingmesh: Jede NIC probt die Peers ihrer Pingliste (alle Paare bis 64 NICs; darüber jedes Paar unter einem Switch plus Stichproben über Switches hinweg) über mehrere UDP-Quellports, und der Analysator verbindet die Paarmatrix mit den Portzählern der Switches zu Befunden: defekte NIC oder defekter Host, defekter Link, Stau; Detektoren ergänzen Pausenkosten, flatternde und versäumte PFC-Watchdogs sowie konfiguriertes, aber nicht markierendes ECN.

Szenarien von --sim:
%1</translation>
    </message>
    <message>
        <source>Probe the simulated fabric.</source>
        <translation>Die simulierte Fabric proben.</translation>
    </message>
    <message>
        <source>Probe this long (default 10).</source>
        <translation>So lange proben (Standard 10).</translation>
    </message>
    <message>
        <source>Seed of the model (default 1).</source>
        <translation>Seed des Modells (Standard 1).</translation>
    </message>
    <message>
        <source>Model: packet or fluid (default: fluid on rail fabrics, else packet).</source>
        <translation>Modell: packet oder fluid (Standard: fluid bei Rail-Fabrics, sonst packet).</translation>
    </message>
    <message>
        <source>Print the report as JSON.</source>
        <translation>Den Bericht als JSON ausgeben.</translation>
    </message>
    <message>
        <source>%1 NICs, %2 pairs, %3 probes (%4 % lost in the last %5 s), RTT p50 %6 us, p99 %7 us</source>
        <translation>%1 NICs, %2 Paare, %3 Proben (%4 % verloren in den letzten %5 s), RTT p50 %6 us, p99 %7 us</translation>
    </message>
    <message>
        <source>No verdicts: every pair answers as the others do.</source>
        <translation>Keine Befunde: Jedes Paar antwortet wie die anderen.</translation>
    </message>
    <message>
        <source>Check: %1</source>
        <translation>Prüfen: %1</translation>
    </message>
    <message>
        <source>Left out: %1: %2</source>
        <translation>Ausgelassen: %1: %2</translation>
    </message>
    <message>
        <source>the fabric has no agents to probe from</source>
        <translation>die Fabric hat keine Agenten, von denen aus geprobt werden kann</translation>
    </message>
    <message>
        <source>%1 left out: %2</source>
        <translation>%1 ausgelassen: %2</translation>
    </message>
    <message>
        <source>Probe the fabric of this inventory: each server&apos;s roce-agent runs a pingmesh endpoint (agent tokens and switch passwords as for rocectl watch).</source>
        <translation>Die Fabric dieses Inventars proben: der roce-agent jedes Servers führt einen Pingmesh-Endpunkt aus (Agenten-Tokens und Switch-Passwörter wie bei rocectl watch).</translation>
    </message>
    <message>
        <source>Probe among the RDMA devices of the agent at HOST:PORT (repeat for more agents; no switches, so no link verdicts).</source>
        <translation>Zwischen den RDMA-Geräten des Agenten unter HOST:PORT proben (für weitere Agenten wiederholen; ohne Switches, also ohne Link-Befunde).</translation>
    </message>
    <message>
        <source>With --sim: probe through the simulated fabric&apos;s served agents and NX-API, exactly as with --inventory (default: the model alone, fast).</source>
        <translation>Mit --sim: über die bereitgestellten Agenten und NX-API der simulierten Fabric proben, genau wie mit --inventory (Standard: nur das Modell, schnell).</translation>
    </message>
    <message>
        <source>Simulated fabric: reference, starN or rail:HOSTS:NICS:RAILS:SPINES (default rail:64:2:2:8: 128 NICs under 4 leaves, 8 spines; with --served the reference fabric).</source>
        <translation>Simulierte Fabric: reference, starN oder rail:HOSTS:NICS:RAILS:SPINES (Standard rail:64:2:2:8: 128 NICs unter 4 Leaves, 8 Spines; mit --served die Referenz-Fabric).</translation>
    </message>
    <message>
        <source>Probes per second per NIC (default 200; 100 over agents).</source>
        <translation>Proben pro Sekunde je NIC (Standard 200; 100 über Agenten).</translation>
    </message>
    <message>
        <source>Over agents: UDP source ports each NIC sweeps per peer (default 8).</source>
        <translation>Über Agenten: UDP-Quellports, die jede NIC je Peer durchläuft (Standard 8).</translation>
    </message>
    <message>
        <source>give one of --sim, --inventory FILE or --agent HOST:PORT</source>
        <translation>eines von --sim, --inventory DATEI oder --agent HOST:PORT angeben</translation>
    </message>
    <message>
        <source>--served goes with --sim (an inventory is always probed through its agents)</source>
        <translation>--served gehört zu --sim (ein Inventar wird immer über seine Agenten geprobt)</translation>
    </message>
    <message>
        <source>Fault to simulate (default healthy); with --served a live scenario of rocectl sim --serve (nic-stall, ...).</source>
        <translation>Zu simulierender Fehler (Vorgabe healthy); mit --served ein Live-Szenario von rocectl sim --serve (nic-stall, ...).</translation>
    </message>
    <message>
        <source>--engine and --seed are for the model alone (--sim without --served)</source>
        <translation>--engine und --seed gelten nur für das Modell allein (--sim ohne --served)</translation>
    </message>
    <message>
        <source>--scenario goes with --sim</source>
        <translation>--scenario gehört zu --sim</translation>
    </message>
    <message>
        <source>%1 is a fault of the model alone (--sim without --served); with --served, --scenario is a live scenario (rocectl sim --list)</source>
        <translation>%1 ist ein Fehler nur des Modells (--sim ohne --served); mit --served ist --scenario ein Live-Szenario (rocectl sim --list)</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>probes per second</source>
        <translation>Proben pro Sekunde</translation>
    </message>
    <message>
        <source>No pair was probed: a pingmesh needs two endpoints or more.</source>
        <translation>Kein Paar wurde geprüft: ein Pingmesh braucht zwei oder mehr Endpunkte.</translation>
    </message>
    <message>
        <source>%1 endpoint(s) took part: a pingmesh needs two or more</source>
        <translation>%1 Endpunkt(e) nahmen teil: ein Pingmesh braucht zwei oder mehr</translation>
    </message>
    <message>
        <source>%1 injected at %2 (drawn at random)</source>
        <translation>%1 eingespeist bei %2 (zufällig gezogen)</translation>
    </message>
    <message>
        <source>%1 injected at %2</source>
        <translation>%1 eingespeist bei %2</translation>
    </message>
</context>
<context>
    <name>PingmeshWiringText</name>
    <message>
        <source>there is no pingmesh &apos;%1&apos; on the watched fabric</source>
        <translation>auf der überwachten Fabric gibt es kein Pingmesh „%1“</translation>
    </message>
</context>
<context>
    <name>PortTableText</name>
    <message>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <source>Peer</source>
        <translation>Gegenstelle</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>Alter</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>No update for %1 s</source>
        <translation>Seit %1 s keine Aktualisierung</translation>
    </message>
    <message>
        <source>Counters reset in the last interval (no rate shown): %1</source>
        <translation>Im letzten Intervall zurückgesetzte Zähler (keine Rate angezeigt): %1</translation>
    </message>
    <message>
        <source>Internal fabric port</source>
        <translation>Interner Fabric-Port</translation>
    </message>
    <message>
        <source>Agent clock: %1 ms against the console (+- %2 ms); its counters are placed on the console&apos;s time axis</source>
        <translation>Agent-Uhr: %1 ms gegenüber der Konsole (± %2 ms); seine Zähler liegen auf der Zeitachse der Konsole</translation>
    </message>
    <message>
        <source>Trend</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>The last 2 minutes: utilization in (blue) and out (green), red ticks where the port dropped packets, amber where it was paused.</source>
        <translation>Die letzten 2 Minuten: Auslastung ein (blau) und aus (grün), rote Striche, wo der Port Pakete verworfen hat, gelbe, wo er pausiert wurde.</translation>
    </message>
</context>
<context>
    <name>PreviewRunsText</name>
    <message>
        <source>Seen</source>
        <translation>Gesehen</translation>
    </message>
    <message>
        <source>Twin</source>
        <translation>Zwilling</translation>
    </message>
    <message>
        <source>Twin + change</source>
        <translation>Zwilling + Änderung</translation>
    </message>
</context>
<context>
    <name>PreviewerText</name>
    <message numerus="yes">
        <source>Watching the fabric for %n second(s)...</source>
        <translation>
            <numerusform>Die Fabric wird %n Sekunde lang beobachtet...</numerusform>
            <numerusform>Die Fabric wird %n Sekunden lang beobachtet...</numerusform>
        </translation>
    </message>
    <message>
        <source>Running the twin: the configuration now and the change...</source>
        <translation>Der Zwilling läuft: die jetzige Konfiguration und die Änderung...</translation>
    </message>
    <message>
        <source>What did not answer: %1</source>
        <translation>Was nicht antwortete: %1</translation>
    </message>
    <message>
        <source>; and %1 more</source>
        <translation>; und %1 weitere</translation>
    </message>
</context>
<context>
    <name>RdmaCollectorText</name>
    <message>
        <source>libibverbs: %1 (used sysfs)</source>
        <translation>libibverbs: %1 (sysfs verwendet)</translation>
    </message>
    <message>
        <source>netlink reads the running kernel, not %1</source>
        <translation>Netlink liest den laufenden Kernel, nicht %1</translation>
    </message>
    <message>
        <source>RDMA netlink: %1 (hw_counters read from sysfs)</source>
        <translation>RDMA-Netlink: %1 (hw_counters aus sysfs gelesen)</translation>
    </message>
    <message>
        <source>RDMA netlink does not list %1 (hw_counters read from sysfs)</source>
        <translation>RDMA-Netlink führt %1 nicht auf (hw_counters aus sysfs gelesen)</translation>
    </message>
</context>
<context>
    <name>RdmaNetlinkText</name>
    <message>
        <source>malformed RDMA netlink reply: %1</source>
        <translation>fehlerhafte RDMA-Netlink-Antwort: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n trailing byte(s)</source>
        <translation>
            <numerusform>%n überzähliges Byte</numerusform>
            <numerusform>%n überzählige Bytes</numerusform>
        </translation>
    </message>
    <message>
        <source>message length %1 at offset %2 of %3</source>
        <translation>Nachrichtenlänge %1 bei Offset %2 von %3</translation>
    </message>
    <message>
        <source>error message without its code</source>
        <translation>Fehlermeldung ohne ihren Code</translation>
    </message>
    <message>
        <source>counter %1 without a name or value</source>
        <translation>Zähler %1 ohne Namen oder Wert</translation>
    </message>
    <message>
        <source>an attribute runs past the message</source>
        <translation>ein Attribut reicht über das Nachrichtenende hinaus</translation>
    </message>
    <message>
        <source>no device, port or counter table</source>
        <translation>kein Gerät, kein Port oder keine Zählertabelle</translation>
    </message>
    <message>
        <source>a device without index or name</source>
        <translation>ein Gerät ohne Index oder Namen</translation>
    </message>
    <message>
        <source>no RDMA netlink in this kernel: %1</source>
        <translation>kein RDMA-Netlink in diesem Kernel: %1</translation>
    </message>
    <message>
        <source>RDMA netlink socket: %1</source>
        <translation>RDMA-Netlink-Socket: %1</translation>
    </message>
    <message>
        <source>RDMA netlink send: %1</source>
        <translation>RDMA-Netlink senden: %1</translation>
    </message>
    <message>
        <source>RDMA netlink device list: %1</source>
        <translation>RDMA-Netlink-Geräteliste: %1</translation>
    </message>
    <message>
        <source>RDMA netlink device list: a reply of %1 bytes</source>
        <translation>RDMA-Netlink-Geräteliste: eine Antwort von %1 Bytes</translation>
    </message>
    <message>
        <source>RDMA netlink receive: %1</source>
        <translation>RDMA-Netlink empfangen: %1</translation>
    </message>
    <message>
        <source>RDMA netlink reply larger than %1 bytes</source>
        <translation>RDMA-Netlink-Antwort größer als %1 Bytes</translation>
    </message>
</context>
<context>
    <name>RdmaStatText</name>
    <message>
        <source>%1: expected &quot;link DEVICE/PORT&quot; at &quot;%2&quot;</source>
        <translation>%1: &quot;link DEVICE/PORT&quot; erwartet bei &quot;%2&quot;</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not DEVICE/PORT</source>
        <translation>%1: &quot;%2&quot; ist nicht DEVICE/PORT</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; of %3 has no value</source>
        <translation>%1: &quot;%2&quot; von %3 hat keinen Wert</translation>
    </message>
    <message>
        <source>rdma statistic: counter %1 of %2 is negative (%3). iproute2 older than 5.17 prints counters above 2^31 as negative 32-bit numbers; upgrade iproute2 on the host or read the counters from sysfs.</source>
        <translation>rdma statistic: Zähler %1 von %2 ist negativ (%3). iproute2 vor 5.17 gibt Zähler über 2^31 als negative 32-Bit-Zahlen aus; iproute2 auf dem Host aktualisieren oder die Zähler aus sysfs lesen.</translation>
    </message>
    <message>
        <source>%1: not a JSON array (%2 at offset %3)</source>
        <translation>%1: kein JSON-Array (%2 bei Offset %3)</translation>
    </message>
    <message>
        <source>%1: counter %2 of %3 has value &quot;%4&quot;, not a number</source>
        <translation>%1: Zähler %2 von %3 hat den Wert &quot;%4&quot;, keine Zahl</translation>
    </message>
    <message>
        <source>%1: an entry has no &quot;ifname&quot;/&quot;port&quot;</source>
        <translation>%1: ein Eintrag hat kein &quot;ifname&quot;/&quot;port&quot;</translation>
    </message>
    <message>
        <source>%1: counter %2 of %3 is %4, more than 64 bits hold</source>
        <translation>%1: Zähler %2 von %3 ist %4, mehr als 64 Bit fassen</translation>
    </message>
</context>
<context>
    <name>ReaderText</name>
    <message>
        <source>no error</source>
        <translation>kein Fehler</translation>
    </message>
    <message>
        <source>the text ends inside a value</source>
        <translation>der Text endet mitten in einem Wert</translation>
    </message>
    <message>
        <source>unexpected character</source>
        <translation>unerwartetes Zeichen</translation>
    </message>
    <message>
        <source>invalid number</source>
        <translation>ungültige Zahl</translation>
    </message>
    <message>
        <source>invalid escape sequence in a string</source>
        <translation>ungültige Escape-Sequenz in einer Zeichenkette</translation>
    </message>
    <message>
        <source>invalid UTF-8 in a string</source>
        <translation>ungültiges UTF-8 in einer Zeichenkette</translation>
    </message>
    <message>
        <source>unescaped control character in a string</source>
        <translation>nicht maskiertes Steuerzeichen in einer Zeichenkette</translation>
    </message>
    <message>
        <source>too deeply nested</source>
        <translation>zu tief verschachtelt</translation>
    </message>
    <message>
        <source>garbage after the JSON value</source>
        <translation>Datenmüll nach dem JSON-Wert</translation>
    </message>
    <message>
        <source>the text is too large</source>
        <translation>der Text ist zu groß</translation>
    </message>
    <message>
        <source>%1: %2 bytes at offset %3 (%4)</source>
        <translation>%1: %2 Bytes ab Offset %3 (%4)</translation>
    </message>
    <message>
        <source>%1 are lost; the file ends after %2</source>
        <translation>%1 sind verloren; die Datei endet nach %2</translation>
    </message>
    <message>
        <source>%1 are lost</source>
        <translation>%1 sind verloren</translation>
    </message>
    <message>
        <source>%1 are lost between %2 and %3</source>
        <translation>%1 sind verloren zwischen %2 und %3</translation>
    </message>
    <message>
        <source>%1 are lost before %2</source>
        <translation>%1 sind verloren vor %2</translation>
    </message>
    <message>
        <source>%1 holds no recordings (*.rfr)</source>
        <translation>%1 enthält keine Aufzeichnungen (*.rfr)</translation>
    </message>
    <message>
        <source>%1: no such recording</source>
        <translation>%1: keine solche Aufzeichnung</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>the last block was cut short</source>
        <translation>der letzte Block wurde abgeschnitten</translation>
    </message>
    <message>
        <source>block damaged (out of time order: it starts at %1, before the block before it ends at %2)</source>
        <translation>Block beschädigt (außer der Zeitfolge: er beginnt um %1, bevor der Block davor um %2 endet)</translation>
    </message>
    <message>
        <source>block damaged (out of time order: it ends at %1, after the block after it starts at %2)</source>
        <translation>Block beschädigt (außer der Zeitfolge: er endet um %1, nachdem der Block danach um %2 beginnt)</translation>
    </message>
    <message>
        <source>damaged bytes</source>
        <translation>beschädigte Bytes</translation>
    </message>
    <message>
        <source>%1 are lost at %2</source>
        <translation>%1 sind verloren um %2</translation>
    </message>
    <message>
        <source>a damaged file header: %1</source>
        <translation>ein beschädigter Dateikopf: %1</translation>
    </message>
</context>
<context>
    <name>RecordText</name>
    <message>
        <source>Record a fabric&apos;s live model into a file, for replay</source>
        <translation>Das Live-Modell einer Fabric in eine Datei aufzeichnen, zur Wiedergabe</translation>
    </message>
    <message>
        <source>Records everything the live model of a fabric sees (every source&apos;s frames with their own timestamps, failures, alerts, scenarios, the map&apos;s shape) into a new recording file, synced every second. Replay it with `rocectl replay` or the console&apos;s File &gt; Open recording.

Secrets for --inventory as for `rocectl watch`.</source>
        <translation>Zeichnet alles auf, was das Live-Modell einer Fabric sieht (die Frames jeder Quelle mit ihren eigenen Zeitstempeln, Ausfälle, Alarme, Szenarien, die Form der Karte), in eine neue Aufzeichnungsdatei, jede Sekunde synchronisiert. Wiedergabe mit `rocectl replay` oder in der Konsole über Datei &gt; Aufzeichnung öffnen.

Geheimnisse für --inventory wie bei `rocectl watch`.</translation>
    </message>
    <message>
        <source>Record this long (required).</source>
        <translation>So lange aufzeichnen (erforderlich).</translation>
    </message>
    <message>
        <source>The new recording file (required; an existing file is not overwritten).</source>
        <translation>Die neue Aufzeichnungsdatei (erforderlich; eine vorhandene Datei wird nicht überschrieben).</translation>
    </message>
    <message>
        <source>--seconds must be a positive number of seconds</source>
        <translation>--seconds muss eine positive Anzahl Sekunden sein</translation>
    </message>
    <message>
        <source>give --out FILE</source>
        <translation>--out DATEI angeben</translation>
    </message>
    <message>
        <source>rocectl record: %1 ticks, %2 bytes in %3</source>
        <translation>rocectl record: %1 Ticks, %2 Bytes in %3</translation>
    </message>
    <message>
        <source>rocectl record: nothing was recorded; %1 was not kept</source>
        <translation>rocectl record: nichts wurde aufgezeichnet; %1 wurde nicht behalten</translation>
    </message>
</context>
<context>
    <name>RecordedJobsText</name>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Werkzeug</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Bezeichnung</translation>
    </message>
    <message>
        <source>Hosts</source>
        <translation>Hosts</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
</context>
<context>
    <name>RecorderText</name>
    <message>
        <source>cannot create the recordings directory %1</source>
        <translation>das Aufzeichnungsverzeichnis %1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>Recording stopped: %1</source>
        <translation>Aufzeichnung angehalten: %1</translation>
    </message>
</context>
<context>
    <name>ReplayText</name>
    <message>
        <source>%1 to %2 (%3 s), %4 ports, %5 alert changes, %6 annotations</source>
        <translation>%1 bis %2 (%3 s), %4 Ports, %5 Alarmänderungen, %6 Anmerkungen</translation>
    </message>
    <message>
        <source>port</source>
        <translation>Port</translation>
    </message>
    <message>
        <source>Replay a recording as `rocectl watch` frames, or sum a range of it</source>
        <translation>Eine Aufzeichnung als `rocectl watch`-Frames wiedergeben oder einen Bereich davon summieren</translation>
    </message>
    <message>
        <source>Replays a recording (a file, or a directory of the console&apos;s recordings) through the live model, printing frames as `rocectl watch` does; or, with --summary, what each port did over the range. Times: ms since the epoch, ISO 8601, +DURATION after the start or -DURATION before the end (90s, 5m, 1h).</source>
        <translation>Gibt eine Aufzeichnung (eine Datei oder ein Verzeichnis mit den Aufzeichnungen der Konsole) über das Live-Modell wieder und gibt Frames wie `rocectl watch` aus; oder mit --summary, was jeder Port im Bereich getan hat. Zeiten: ms seit der Epoche, ISO 8601, +DAUER nach dem Anfang oder -DAUER vor dem Ende (90s, 5m, 1h).</translation>
    </message>
    <message>
        <source>The recording file or directory.</source>
        <translation>Die Aufzeichnungsdatei oder das Verzeichnis.</translation>
    </message>
    <message>
        <source>Start here (default: the start).</source>
        <translation>Hier beginnen (Standard: der Anfang).</translation>
    </message>
    <message>
        <source>End here (default: the end).</source>
        <translation>Hier enden (Standard: das Ende).</translation>
    </message>
    <message>
        <source>Pace the frames at this many times real time (default: as fast as possible).</source>
        <translation>Die Frames mit diesem Vielfachen der Echtzeit ausgeben (Standard: so schnell wie möglich).</translation>
    </message>
    <message>
        <source>Recorded seconds between frames (default 1).</source>
        <translation>Aufgezeichnete Sekunden zwischen Frames (Standard 1).</translation>
    </message>
    <message>
        <source>Per-port totals over the range instead of frames.</source>
        <translation>Summen je Port über den Bereich statt Frames.</translation>
    </message>
    <message>
        <source>JSON: one frame a line, or the summary.</source>
        <translation>JSON: ein Frame pro Zeile oder die Zusammenfassung.</translation>
    </message>
    <message>
        <source>Save the range as a new recording instead (for a bug report or a demo).</source>
        <translation>Den Bereich stattdessen als neue Aufzeichnung speichern (für einen Fehlerbericht oder eine Demo).</translation>
    </message>
    <message>
        <source>give one recording file or directory</source>
        <translation>eine Aufzeichnungsdatei oder ein Verzeichnis angeben</translation>
    </message>
    <message>
        <source>%1 holds no ticks: nothing to replay</source>
        <translation>%1 enthält keine Ticks: nichts wiederzugeben</translation>
    </message>
    <message>
        <source>--from: not a time: %1</source>
        <translation>--from: keine Zeit: %1</translation>
    </message>
    <message>
        <source>--to: not a time: %1</source>
        <translation>--to: keine Zeit: %1</translation>
    </message>
    <message>
        <source>rocectl replay: %1 ticks and %2 events, %3 bytes in %4</source>
        <translation>rocectl replay: %1 Ticks und %2 Ereignisse, %3 Bytes in %4</translation>
    </message>
    <message>
        <source>%1  %2 ports, %3 active alerts</source>
        <translation>%1  %2 Ports, %3 aktive Alarme</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>the recording spans %1 to %2</source>
        <translation>die Aufzeichnung reicht von %1 bis %2</translation>
    </message>
    <message>
        <source>--from is after the recording&apos;s end (%1)</source>
        <translation>--from liegt nach dem Ende der Aufzeichnung (%1)</translation>
    </message>
    <message>
        <source>--to is before the recording&apos;s start (%1)</source>
        <translation>--to liegt vor dem Beginn der Aufzeichnung (%1)</translation>
    </message>
    <message>
        <source>--to is before --from (%1)</source>
        <translation>--to liegt vor --from (%1)</translation>
    </message>
</context>
<context>
    <name>ResponseText</name>
    <message>
        <source>the response is cut short after %1 bytes (%2)</source>
        <translation>die Antwort bricht nach %1 Bytes ab (%2)</translation>
    </message>
    <message>
        <source>the response is not JSON: %1 at byte %2</source>
        <translation>die Antwort ist kein JSON: %1 bei Byte %2</translation>
    </message>
    <message>
        <source>ins_api response without outputs.output</source>
        <translation>ins_api-Antwort ohne outputs.output</translation>
    </message>
    <message>
        <source>neither an ins_api nor a JSON-RPC response</source>
        <translation>weder eine ins_api- noch eine JSON-RPC-Antwort</translation>
    </message>
    <message>
        <source>the command succeeded but returned no body</source>
        <translation>der Befehl war erfolgreich, lieferte aber keinen Rumpf</translation>
    </message>
    <message>
        <source>no parser for this command; its output is ignored</source>
        <translation>kein Parser für diesen Befehl; seine Ausgabe wird ignoriert</translation>
    </message>
    <message>
        <source>the answer is not the query API&apos;s JSON (%1 at byte %2): is the URL or the path prefix right? It began: %3</source>
        <translation>die Antwort ist nicht das JSON der Abfrage-API (%1 bei Byte %2): Stimmen URL und Pfadpräfix? Sie begann: %3</translation>
    </message>
    <message>
        <source>the store refused the query (%1): %2</source>
        <translation>der Speicher hat die Abfrage abgelehnt (%1): %2</translation>
    </message>
    <message>
        <source>the answer has no &quot;status&quot;:&quot;success&quot; and &quot;data&quot;: %1</source>
        <translation>die Antwort hat kein &quot;status&quot;:&quot;success&quot; und kein &quot;data&quot;: %1</translation>
    </message>
    <message>
        <source>expected a %1 result, got &apos;%2&apos;: the query must select series</source>
        <translation>ein Ergebnis vom Typ %1 erwartet, &apos;%2&apos; erhalten: die Abfrage muss Reihen auswählen</translation>
    </message>
    <message>
        <source>the %1 result is not a list</source>
        <translation>das Ergebnis vom Typ %1 ist keine Liste</translation>
    </message>
    <message>
        <source>HTTP %1: %2</source>
        <translation>HTTP %1: %2</translation>
    </message>
    <message>
        <source>HTTP %1 with a success body</source>
        <translation>HTTP %1 mit einer Erfolgsantwort</translation>
    </message>
    <message>
        <source>a sample&apos;s value is not [time, &quot;number&quot;]</source>
        <translation>der Wert eines Samples ist nicht [Zeit, &quot;Zahl&quot;]</translation>
    </message>
    <message>
        <source>a point of a range is not [time, &quot;number&quot;]</source>
        <translation>ein Punkt eines Bereichs ist nicht [Zeit, &quot;Zahl&quot;]</translation>
    </message>
    <message>
        <source>the label values answer is not a list</source>
        <translation>die Antwort mit den Label-Werten ist keine Liste</translation>
    </message>
    <message>
        <source>the series answer is not a list</source>
        <translation>die Antwort mit den Reihen ist keine Liste</translation>
    </message>
</context>
<context>
    <name>ResultStoreText</name>
    <message>
        <source>results store: %1 does not exist</source>
        <translation>Ergebnisspeicher: %1 existiert nicht</translation>
    </message>
    <message>
        <source>results store: %1: %2</source>
        <translation>Ergebnisspeicher: %1: %2</translation>
    </message>
    <message>
        <source>cannot open %1</source>
        <translation>%1 kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>closing interrupted runs</source>
        <translation>unterbrochene Läufe abschließen</translation>
    </message>
    <message>
        <source>reading the schema version</source>
        <translation>Schemaversion lesen</translation>
    </message>
    <message>
        <source>results store: schema version %1 is newer than this program&apos;s %2; update it</source>
        <translation>Ergebnisspeicher: Schemaversion %1 ist neuer als die dieses Programms (%2); bitte aktualisieren</translation>
    </message>
    <message>
        <source>starting a migration</source>
        <translation>Migration beginnen</translation>
    </message>
    <message>
        <source>migrating to version %1</source>
        <translation>Migration auf Version %1</translation>
    </message>
    <message>
        <source>recording a run</source>
        <translation>Lauf speichern</translation>
    </message>
    <message>
        <source>finishing run %1</source>
        <translation>Lauf %1 abschließen</translation>
    </message>
    <message>
        <source>results store: no run %1</source>
        <translation>Ergebnisspeicher: kein Lauf %1</translation>
    </message>
    <message>
        <source>listing runs</source>
        <translation>Läufe auflisten</translation>
    </message>
    <message>
        <source>reading run %1</source>
        <translation>Lauf %1 lesen</translation>
    </message>
</context>
<context>
    <name>ResultsText</name>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Beendet</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Median of the pairs</source>
        <translation>Median der Paare</translation>
    </message>
    <message>
        <source>Slow hosts</source>
        <translation>Langsame Hosts</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Failed pairs</source>
        <translation>Fehlgeschlagene Paare</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>Ergebnisse</translation>
    </message>
    <message>
        <source>Counters during the run (%1)</source>
        <translation>Zähler während des Laufs (%1)</translation>
    </message>
    <message>
        <source>Counters during the run</source>
        <translation>Zähler während des Laufs</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>Output:</source>
        <translation>Ausgabe:</translation>
    </message>
    <message>
        <source>show: also print the tool&apos;s own output (with --json: as &quot;raw_output&quot;).</source>
        <translation>show: auch die eigene Ausgabe des Werkzeugs ausgeben (mit --json: als „raw_output“).</translation>
    </message>
    <message>
        <source>Results database (default %1).</source>
        <translation>Ergebnisdatenbank (Standard %1).</translation>
    </message>
    <message>
        <source>list: at most this many runs (default 50).</source>
        <translation>list: höchstens so viele Läufe (Standard 50).</translation>
    </message>
    <message>
        <source>Print JSON.</source>
        <translation>JSON ausgeben.</translation>
    </message>
    <message>
        <source>rocectl results: &apos;%1&apos; is not a run id</source>
        <translation>rocectl results: „%1“ ist keine Lauf-ID</translation>
    </message>
    <message>
        <source>rocectl results: no run %1</source>
        <translation>rocectl results: kein Lauf %1</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Werkzeug</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Bezeichnung</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>rocectl results: cannot write %1: %2</source>
        <translation>rocectl results: %1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>List, show or compare recorded runs (rocectl run, rocectl job --record)</source>
        <translation>Aufgezeichnete Läufe auflisten, zeigen oder vergleichen (rocectl run, rocectl job --record)</translation>
    </message>
    <message>
        <source>list, show ID, or compare ID ID...</source>
        <translation>list, show ID oder compare ID ID...</translation>
    </message>
    <message>
        <source>compare: also write the comparison as CSV to this file (- for stdout).</source>
        <translation>compare: den Vergleich zusätzlich als CSV in diese Datei schreiben (- für stdout).</translation>
    </message>
    <message>
        <source>rocectl results: expected &apos;list&apos;, &apos;show ID&apos; or &apos;compare ID ID ...&apos;</source>
        <translation>rocectl results: „list“, „show ID“ oder „compare ID ID ...“ erwartet</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>rocectl results: run %1: its stored %2 cannot be read (the store is damaged there)</source>
        <translation>rocectl results: Lauf %1: gespeichertes %2 ist nicht lesbar (die Ablage ist dort beschädigt)</translation>
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
        <source>Run &apos;rocectl &lt;command&gt; --help&apos; for the options of a command. Most commands print a table, or JSON with --json.</source>
        <translation>„rocectl &lt;Befehl&gt; --help“ zeigt die Optionen eines Befehls. Die meisten Befehle geben eine Tabelle aus, mit --json JSON.</translation>
    </message>
    <message>
        <source>Exit status: 0 success, 1 the operation failed, 2 wrong usage.</source>
        <translation>Exit-Status: 0 Erfolg, 1 Vorgang fehlgeschlagen, 2 falscher Aufruf.</translation>
    </message>
    <message>
        <source>rocectl: unknown option &apos;%1&apos;</source>
        <translation>rocectl: unbekannte Option „%1“</translation>
    </message>
    <message>
        <source>Run &apos;rocectl --help&apos; for the list of commands.</source>
        <translation>„rocectl --help“ listet die Befehle auf.</translation>
    </message>
    <message>
        <source>rocectl: unknown command &apos;%1&apos;</source>
        <translation>rocectl: unbekannter Befehl „%1“</translation>
    </message>
</context>
<context>
    <name>RunListText</name>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Experiment</source>
        <translation>Experiment</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Bezeichnung</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
</context>
<context>
    <name>RunText</name>
    <message>
        <source>NICs during the run: no RDMA port was sampled on these hosts</source>
        <translation>NICs während des Laufs: auf diesen Hosts wurde kein RDMA-Port erfasst</translation>
    </message>
    <message>
        <source>NICs during the run: %1 CE-marked received, %2 CNPs sent, %3 CNPs handled, %4 pauses received, %5 sent, %6 out of sequence</source>
        <translation>NICs während des Laufs: %1 CE-markierte empfangen, %2 CNPs gesendet, %3 CNPs verarbeitet, %4 Pausen empfangen, %5 gesendet, %6 außer der Reihe</translation>
    </message>
    <message>
        <source>Switch ports of the hosts (%1): %2 MMU drops, %3 egress drops, %4 pauses received (RxPPP), %5 sent (TxPPP), %6 ECN-marked</source>
        <translation>Switch-Ports der Hosts (%1): %2 MMU-Drops, %3 Egress-Drops, %4 Pausen empfangen (RxPPP), %5 gesendet (TxPPP), %6 ECN-markiert</translation>
    </message>
    <message>
        <source>Run a bandwidth, latency, TCP, matrix or training experiment and record it</source>
        <translation>Ein Bandbreiten-, Latenz-, TCP-, Matrix- oder Trainingsexperiment ausführen und aufzeichnen</translation>
    </message>
    <message>
        <source>bw: ib_write_bw (or --test ib_send_bw/ib_read_bw) from --client to --server. lat: ib_write_lat (or _send/_read). tcp: iperf3 (or --test sockperf). matrix: the test between every ordered pair of --hosts (or every host against --hub). train: one training rank per host of --hosts. Progress goes to stderr; the result to stdout (--json: the run as `rocectl results show --json` prints it). Exit status 0 when the experiment succeeded, 1 when it failed.</source>
        <translation>bw: ib_write_bw (oder --test ib_send_bw/ib_read_bw) von --client zu --server. lat: ib_write_lat (oder _send/_read). tcp: iperf3 (oder --test sockperf). matrix: der Test zwischen jedem geordneten Paar von --hosts (oder jedem Host gegen --hub). train: ein Trainingsrang pro Host von --hosts. Der Fortschritt geht nach stderr, das Ergebnis nach stdout (--json: der Lauf, wie ihn `rocectl results show --json` ausgibt). Exit-Status 0, wenn das Experiment gelungen ist, 1, wenn es fehlschlug.</translation>
    </message>
    <message>
        <source>bw, lat, tcp, matrix or train</source>
        <translation>bw, lat, tcp, matrix oder train</translation>
    </message>
    <message>
        <source>Run on an in-process simulated fabric (the reference cluster).</source>
        <translation>Auf einem simulierten Fabric im Prozess ausführen (der Referenzcluster).</translation>
    </message>
    <message>
        <source>--sim: start this live scenario first (lossy-incast for QoS off, ...).</source>
        <translation>--sim: zuerst dieses Live-Szenario starten (lossy-incast für QoS aus, ...).</translation>
    </message>
    <message>
        <source>--sim: simulated seconds per wall second (default 1).</source>
        <translation>--sim: simulierte Sekunden pro Echtzeitsekunde (Standard 1).</translation>
    </message>
    <message>
        <source>An agent, NAME=HOST:PORT or HOST:PORT (repeat for each host).</source>
        <translation>Ein Agent, NAME=HOST:PORT oder HOST:PORT (für jeden Host wiederholen).</translation>
    </message>
    <message>
        <source>NAME=IP: the address peers use for test traffic to NAME (default: its agent&apos;s host).</source>
        <translation>NAME=IP: die Adresse, die Gegenstellen für Testverkehr zu NAME nutzen (Standard: der Host seines Agenten).</translation>
    </message>
    <message>
        <source>bw/lat/tcp: the server host (default: the first).</source>
        <translation>bw/lat/tcp: der Server-Host (Standard: der erste).</translation>
    </message>
    <message>
        <source>bw/lat/tcp: the client host (default: the second).</source>
        <translation>bw/lat/tcp: der Client-Host (Standard: der zweite).</translation>
    </message>
    <message>
        <source>matrix/train: the hosts, comma-separated (default: all).</source>
        <translation>matrix/train: die Hosts, durch Kommas getrennt (Standard: alle).</translation>
    </message>
    <message>
        <source>matrix: test every host against this one only.</source>
        <translation>matrix: jeden Host nur gegen diesen testen.</translation>
    </message>
    <message>
        <source>The tool: ib_write_bw, ib_send_bw, ib_read_bw, ib_*_lat, iperf3 or sockperf.</source>
        <translation>Das Werkzeug: ib_write_bw, ib_send_bw, ib_read_bw, ib_*_lat, iperf3 oder sockperf.</translation>
    </message>
    <message>
        <source>seed-bw (1 MB x 4 QPs), seed-lat (2 B) or sweep (every size from 2 B to 8 MB).</source>
        <translation>seed-bw (1 MB x 4 QPs), seed-lat (2 B) oder sweep (jede Größe von 2 B bis 8 MB).</translation>
    </message>
    <message>
        <source>perftest: every message size (-a).</source>
        <translation>perftest: jede Nachrichtengröße (-a).</translation>
    </message>
    <message>
        <source>iperf3: parallel streams (-P).</source>
        <translation>iperf3: parallele Streams (-P).</translation>
    </message>
    <message>
        <source>train: gloo or nccl (default gloo).</source>
        <translation>train: gloo oder nccl (Standard gloo).</translation>
    </message>
    <message>
        <source>train: gradient size in MB (default 16).</source>
        <translation>train: Gradientengröße in MB (Standard 16).</translation>
    </message>
    <message>
        <source>train: rendezvous port (default 29500).</source>
        <translation>train: Rendezvous-Port (Standard 29500).</translation>
    </message>
    <message>
        <source>train: the interface gloo/NCCL use (lo on one machine).</source>
        <translation>train: die Schnittstelle für gloo/NCCL (lo auf einer Maschine).</translation>
    </message>
    <message>
        <source>Record under this label (&quot;QoS on&quot;, &quot;after IRQ tuning&quot;).</source>
        <translation>Unter dieser Bezeichnung aufzeichnen („QoS an“, „nach IRQ-Tuning“).</translation>
    </message>
    <message>
        <source>Results database (default %1).</source>
        <translation>Ergebnisdatenbank (Standard %1).</translation>
    </message>
    <message>
        <source>Do not record the run.</source>
        <translation>Den Lauf nicht aufzeichnen.</translation>
    </message>
    <message>
        <source>Print the run as JSON.</source>
        <translation>Den Lauf als JSON ausgeben.</translation>
    </message>
    <message>
        <source>expected one of bw, lat, tcp, matrix, train</source>
        <translation>erwartet eines von bw, lat, tcp, matrix, train</translation>
    </message>
    <message>
        <source>run %1 does not run %2</source>
        <translation>run %1 führt %2 nicht aus</translation>
    </message>
    <message>
        <source>give the agents with --agent (one per host), or --sim</source>
        <translation>die Agenten mit --agent angeben (einer pro Host) oder --sim</translation>
    </message>
    <message>
        <source>--speed wants a number from 0 to 100</source>
        <translation>--speed erwartet eine Zahl von 0 bis 100</translation>
    </message>
    <message>
        <source>--scenario needs --sim (a real fabric runs real traffic)</source>
        <translation>--scenario braucht --sim (eine echte Fabric hat echten Verkehr)</translation>
    </message>
    <message>
        <source>--address wants NAME=IP, not &apos;%1&apos;</source>
        <translation>--address erwartet NAME=IP, nicht „%1“</translation>
    </message>
    <message>
        <source>two agents are named %1: name them, NAME=HOST:PORT</source>
        <translation>zwei Agenten heißen %1: benennen Sie sie, NAME=HOST:PORT</translation>
    </message>
    <message>
        <source>no host named %1 (the hosts: %2)</source>
        <translation>kein Host namens %1 (die Hosts: %2)</translation>
    </message>
    <message>
        <source>unknown preset %1 (seed-bw, seed-lat, sweep)</source>
        <translation>unbekannte Vorgabe %1 (seed-bw, seed-lat, sweep)</translation>
    </message>
    <message>
        <source>--%1 wants a positive number</source>
        <translation>--%1 erwartet eine positive Zahl</translation>
    </message>
    <message>
        <source>recording as run %1</source>
        <translation>wird als Lauf %1 aufgezeichnet</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>Client</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>recorded as run %1</source>
        <translation>als Lauf %1 aufgezeichnet</translation>
    </message>
</context>
<context>
    <name>SampleText</name>
    <message>
        <source>sample has no &quot;devices&quot; list</source>
        <translation>Stichprobe hat keine „devices“-Liste</translation>
    </message>
</context>
<context>
    <name>ScenarioText</name>
    <message>
        <source>7 senders -&gt; 1 receiver at 100G, PFC off, ECN off</source>
        <translation>7 Sender -&gt; 1 Empfänger bei 100G, PFC aus, ECN aus</translation>
    </message>
    <message>
        <source>Ingress MMU drops climb on the 7 sender ports (about 6/7 of the offered load) while the receiver port stays at 100% and no pause frames are sent.</source>
        <translation>Ingress-MMU-Verwerfungen steigen an den 7 Sender-Ports (etwa 6/7 der angebotenen Last), während der Empfänger-Port bei 100 % bleibt und keine Pause-Frames gesendet werden.</translation>
    </message>
    <message>
        <source>7 senders -&gt; 1 receiver at 100G, PFC on, ECN off</source>
        <translation>7 Sender -&gt; 1 Empfänger bei 100G, PFC an, ECN aus</translation>
    </message>
    <message>
        <source>MMU drops stay at zero; TxPPP climbs on every sender port and the senders&apos; rx_prio3_pause counts rise; each sender gets about 1/7 of the link.</source>
        <translation>MMU-Verwerfungen bleiben bei null; TxPPP steigt an jedem Sender-Port und die rx_prio3_pause-Zähler der Sender steigen; jeder Sender erhält etwa 1/7 des Links.</translation>
    </message>
    <message>
        <source>7 senders -&gt; 1 receiver at 100G, PFC and ECN on</source>
        <translation>7 Sender -&gt; 1 Empfänger bei 100G, PFC und ECN an</translation>
    </message>
    <message>
        <source>The receiver counts CE marks (np_ecn_marked_roce_packets) and sends CNPs, the senders count rp_cnp_handled and slow down; pauses fall well below PFC alone.</source>
        <translation>Der Empfänger zählt CE-Markierungen (np_ecn_marked_roce_packets) und sendet CNPs, die Sender zählen rp_cnp_handled und drosseln; Pausen fallen deutlich unter PFC allein.</translation>
    </message>
    <message>
        <source>7 senders -&gt; 1 receiver at 100G, PFC off, ECN on</source>
        <translation>7 Sender -&gt; 1 Empfänger bei 100G, PFC aus, ECN an</translation>
    </message>
    <message>
        <source>2 senders -&gt; 1 receiver at 100G, ECN on, large xoff</source>
        <translation>2 Sender -&gt; 1 Empfänger bei 100G, ECN an, großes xoff</translation>
    </message>
    <message>
        <source>Both flows settle near 50 Gb/s (Jain index &gt;= 0.95) with CE marks and almost no pauses.</source>
        <translation>Beide Flows pendeln sich bei etwa 50 Gb/s ein (Jain-Index &gt;= 0,95), mit CE-Markierungen und kaum Pausen.</translation>
    </message>
    <message>
        <source>Paper DCQCN (SIGCOMM&apos;15): 2 -&gt; 1 at 40G, 1 KB packets</source>
        <translation>DCQCN nach Paper (SIGCOMM&apos;15): 2 -&gt; 1 bei 40G, 1-KB-Pakete</translation>
    </message>
    <message>
        <source>Paper DCQCN (SIGCOMM&apos;15): 10 -&gt; 1 at 40G, 1 KB packets</source>
        <translation>DCQCN nach Paper (SIGCOMM&apos;15): 10 -&gt; 1 bei 40G, 1-KB-Pakete</translation>
    </message>
    <message>
        <source>8-rank ring all-reduce of 150 MB gradients on the reference fabric</source>
        <translation>Ring-All-Reduce von 150-MB-Gradienten mit 8 Rängen auf dem Referenz-Fabric</translation>
    </message>
    <message>
        <source>Bursts of traffic every iteration: ECN marks and CNPs rise during all-reduce and fall to zero in the compute phase.</source>
        <translation>Verkehrsschübe in jeder Iteration: ECN-Markierungen und CNPs steigen während des All-Reduce und fallen in der Rechenphase auf null.</translation>
    </message>
    <message>
        <source>RDMA against a TCP baseline on a 10G path (the seeds&apos; lab)</source>
        <translation>RDMA gegen eine TCP-Basislinie auf einem 10G-Pfad (das Labor der Ausgangsdaten)</translation>
    </message>
    <message>
        <source>RDMA write bandwidth near 9.2 Gb/s against about 4.7 Gb/s for one TCP stream; latency near 14 us against about 160 us.</source>
        <translation>RDMA-Write-Bandbreite nahe 9,2 Gb/s gegenüber etwa 4,7 Gb/s für einen TCP-Stream; Latenz nahe 14 us gegenüber etwa 160 us.</translation>
    </message>
    <message>
        <source>unknown scenario &apos;%1&apos; (known: %2)</source>
        <translation>unbekanntes Szenario „%1“ (bekannt: %2)</translation>
    </message>
    <message>
        <source>unknown DCQCN preset &apos;%1&apos; (known: %2)</source>
        <translation>unbekannte DCQCN-Voreinstellung „%1“ (bekannt: %2)</translation>
    </message>
    <message>
        <source>duration too short: at least 10 us of simulated time</source>
        <translation>Dauer zu kurz: mindestens 10 us simulierte Zeit</translation>
    </message>
    <message>
        <source>Drops only in the start-up burst, then DCQCN holds the queue below the drop point.</source>
        <translation>Verwerfungen nur im Anlaufschub, danach hält DCQCN die Warteschlange unter der Verwerfungsgrenze.</translation>
    </message>
    <message>
        <source>Flows near 20 Gb/s each; the mean queue sits near the fluid model&apos;s fixed point, about 23 KB.</source>
        <translation>Flows je nahe 20 Gb/s; die mittlere Warteschlange liegt nahe dem Fixpunkt des Fluid-Modells, etwa 23 KB.</translation>
    </message>
    <message>
        <source>Paper DCQCN (SIGCOMM&apos;15): 4 -&gt; 1 at 40G, 1 KB packets</source>
        <translation>DCQCN nach Paper (SIGCOMM&apos;15): 4 -&gt; 1 bei 40G, 1-KB-Pakete</translation>
    </message>
    <message>
        <source>Flows near 10 Gb/s each; the mean queue near the fixed point, about 51 KB.</source>
        <translation>Flows je nahe 10 Gb/s; die mittlere Warteschlange nahe dem Fixpunkt, etwa 51 KB.</translation>
    </message>
    <message>
        <source>Paper DCQCN (SIGCOMM&apos;15): 7 -&gt; 1 at 40G, 1 KB packets</source>
        <translation>DCQCN nach Paper (SIGCOMM&apos;15): 7 -&gt; 1 bei 40G, 1-KB-Pakete</translation>
    </message>
    <message>
        <source>Flows near 5.7 Gb/s each; the mean queue near the fixed point, about 102 KB.</source>
        <translation>Flows je nahe 5,7 Gb/s; die mittlere Warteschlange nahe dem Fixpunkt, etwa 102 KB.</translation>
    </message>
    <message>
        <source>Flows near 4 Gb/s each; the queue is longer than with 2 flows, as the fluid model predicts: about 162 KB.</source>
        <translation>Flows je nahe 4 Gb/s; die Warteschlange ist länger als mit 2 Flows, wie das Fluid-Modell vorhersagt: etwa 162 KB.</translation>
    </message>
    <message>
        <source>7 senders -&gt; 1 receiver on the reference fabric, WRED drops instead of marking</source>
        <translation>7 Sender -&gt; 1 Empfänger im Referenz-Fabric, WRED verwirft statt zu markieren</translation>
    </message>
    <message>
        <source>No CNPs: the RoCE queue climbs toward the WRED maximum and drops; every drop sends its flow back N, and a lost resend waits out the ACK timeout, so goodput falls far below the link.</source>
        <translation>Keine CNPs: die RoCE-Queue steigt gegen das WRED-Maximum und verwirft; jeder Verlust schickt seinen Fluss N zurück, und eine verlorene Wiederholung wartet den ACK-Timeout ab, sodass der Goodput weit unter den Link fällt.</translation>
    </message>
    <message>
        <source>7 senders -&gt; 1 receiver on the reference fabric, pause at 30 KB, resume at 28 KB</source>
        <translation>7 Sender -&gt; 1 Empfänger im Referenz-Fabric, Pause bei 30 KB, Fortsetzen bei 28 KB</translation>
    </message>
    <message>
        <source>Each sender&apos;s port pauses and resumes many times a millisecond; the receiver&apos;s link stays full.</source>
        <translation>Der Port jedes Senders pausiert und setzt viele Male pro Millisekunde fort; der Link des Empfängers bleibt voll.</translation>
    </message>
    <message>
        <source>The 8-rank training on the reference fabric, WRED drops instead of marking</source>
        <translation>Das Training mit 8 Rängen im Referenz-Fabric, WRED verwirft statt zu markieren</translation>
    </message>
    <message>
        <source>The all-reduce&apos;s queues drop instead of marking: go-back-N resends and ACK timeouts stretch every all-reduce.</source>
        <translation>Die Queues des All-Reduce verwerfen statt zu markieren: Go-back-N-Wiederholungen und ACK-Timeouts dehnen jedes All-Reduce.</translation>
    </message>
    <message>
        <source>The 8-rank training on the reference fabric, pause at 30 KB, resume at 28 KB</source>
        <translation>Das Training mit 8 Rängen im Referenz-Fabric, Pause bei 30 KB, Fortsetzen bei 28 KB</translation>
    </message>
    <message>
        <source>The all-reduce&apos;s shared uplinks pause and resume many times a millisecond; the queue PFC holds stays under Kmin.</source>
        <translation>Die geteilten Uplinks des All-Reduce pausieren und setzen viele Male pro Millisekunde fort; die von PFC gehaltene Queue bleibt unter Kmin.</translation>
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
    <name>SecretText</name>
    <message>
        <source>Unlock the keychain and try again.</source>
        <translation>Schlüsselbund entsperren und erneut versuchen.</translation>
    </message>
    <message>
        <source>No Secret Service is running (gnome-keyring or KWallet); secrets are never stored in plain files instead.</source>
        <translation>Es läuft kein Secret Service (gnome-keyring oder KWallet); Geheimnisse werden nie ersatzweise in einfachen Dateien gespeichert.</translation>
    </message>
    <message>
        <source>Keychain: cannot %1 &apos;%2&apos;: %3</source>
        <translation>Schlüsselbund: „%2“ lässt sich nicht %1: %3</translation>
    </message>
    <message>
        <source>store</source>
        <translation>speichern</translation>
    </message>
    <message>
        <source>read</source>
        <translation>lesen</translation>
    </message>
    <message>
        <source>remove</source>
        <translation>entfernen</translation>
    </message>
</context>
<context>
    <name>ServedFabricText</name>
    <message>
        <source>the served fabric is not running</source>
        <translation>die bereitgestellte Fabric läuft nicht</translation>
    </message>
</context>
<context>
    <name>SimAgentsText</name>
    <message>
        <source>cannot open the agent port of %1: %2</source>
        <translation>der Agenten-Port von %1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>RDMA device &apos;%1&apos; not found on this host (devices: %2)</source>
        <translation>RDMA-Gerät „%1“ auf diesem Host nicht gefunden (Geräte: %2)</translation>
    </message>
    <message>
        <source>agent ports from %1 do not fit below 65536 for %2 agents</source>
        <translation>Agent-Ports ab %1 passen für %2 Agenten nicht unter 65536</translation>
    </message>
    <message>
        <source>no netdev &apos;%1&apos; on this host</source>
        <translation>kein Netdev &apos;%1&apos; auf diesem Host</translation>
    </message>
</context>
<context>
    <name>SimCommandText</name>
    <message>
        <source>Rates measured from %1 ms; aggregate goodput %2 Gb/s; Jain index %3</source>
        <translation>Raten gemessen ab %1 ms; gesamter Goodput %2 Gb/s; Jain-Index %3</translation>
    </message>
    <message>
        <source>FLOW</source>
        <translation>FLOW</translation>
    </message>
    <message>
        <source>SRC</source>
        <translation>QUELLE</translation>
    </message>
    <message>
        <source>DST</source>
        <translation>ZIEL</translation>
    </message>
    <message>
        <source>KIND</source>
        <translation>ART</translation>
    </message>
    <message>
        <source>QOS</source>
        <translation>QOS</translation>
    </message>
    <message>
        <source>GOODPUT Gb/s</source>
        <translation>GOODPUT Gb/s</translation>
    </message>
    <message>
        <source>WIRE Gb/s</source>
        <translation>LEITUNG Gb/s</translation>
    </message>
    <message>
        <source>RC Gb/s</source>
        <translation>RC Gb/s</translation>
    </message>
    <message>
        <source>CE</source>
        <translation>CE</translation>
    </message>
    <message>
        <source>CNP SENT</source>
        <translation>CNP GESENDET</translation>
    </message>
    <message>
        <source>CNP HANDLED</source>
        <translation>CNP VERARBEITET</translation>
    </message>
    <message>
        <source>%1 flows (use --json for each)</source>
        <translation>%1 Flows (--json zeigt jeden einzeln)</translation>
    </message>
    <message>
        <source>INTERFACE</source>
        <translation>INTERFACE</translation>
    </message>
    <message>
        <source>TX UTIL %</source>
        <translation>TX-AUSLASTUNG %</translation>
    </message>
    <message>
        <source>MMU DROP PKTS</source>
        <translation>MMU-VERWORFEN PKTS</translation>
    </message>
    <message>
        <source>TAIL DROP PKTS</source>
        <translation>TAIL-DROP PKTS</translation>
    </message>
    <message>
        <source>TxPPP</source>
        <translation>TxPPP</translation>
    </message>
    <message>
        <source>RxPPP</source>
        <translation>RxPPP</translation>
    </message>
    <message>
        <source>ECN MARKED</source>
        <translation>ECN-MARKIERT</translation>
    </message>
    <message>
        <source>Q3 MEAN KB</source>
        <translation>Q3 MITTEL KB</translation>
    </message>
    <message>
        <source>Q3 MAX KB</source>
        <translation>Q3 MAX KB</translation>
    </message>
    <message>
        <source>HOST</source>
        <translation>HOST</translation>
    </message>
    <message>
        <source>ECN MARKED RX</source>
        <translation>ECN-MARKIERT RX</translation>
    </message>
    <message>
        <source>CNP IGNORED</source>
        <translation>CNP IGNORIERT</translation>
    </message>
    <message>
        <source>RX PRIO3 PAUSE</source>
        <translation>RX PRIO3 PAUSE</translation>
    </message>
    <message>
        <source>OUT OF SEQ</source>
        <translation>AUSSER REIHE</translation>
    </message>
    <message>
        <source>SEQ ERR</source>
        <translation>SEQ-FEHLER</translation>
    </message>
    <message>
        <source>ACK TIMEOUT</source>
        <translation>ACK-TIMEOUT</translation>
    </message>
    <message>
        <source>Latency %1: avg %2 us, min %3, median %4, 99% %5, 99.9% %6, max %7 (%8 iterations)</source>
        <translation>Latenz %1: Mittel %2 us, min %3, Median %4, 99 % %5, 99,9 % %6, max %7 (%8 Iterationen)</translation>
    </message>
    <message>
        <source>Simulated fabric &apos;%1&apos; running (speed x%2, seed %3).</source>
        <translation>Simuliertes Fabric „%1“ läuft (Tempo x%2, Seed %3).</translation>
    </message>
    <message>
        <source>NX-API (HTTP):  %1</source>
        <translation>NX-API (HTTP):  %1</translation>
    </message>
    <message>
        <source>NX-API (HTTPS): %1</source>
        <translation>NX-API (HTTPS): %1</translation>
    </message>
    <message>
        <source>  self-signed certificate, SHA-256 %1</source>
        <translation>  selbstsigniertes Zertifikat, SHA-256 %1</translation>
    </message>
    <message>
        <source>Credentials: %1 / %2</source>
        <translation>Zugangsdaten: %1 / %2</translation>
    </message>
    <message>
        <source>Try: curl -s -u %1:%2 -H &apos;Content-Type: application/json&apos; -d &apos;{&quot;ins_api&quot;:{&quot;version&quot;:&quot;1.0&quot;,&quot;type&quot;:&quot;cli_show&quot;,&quot;chunk&quot;:&quot;0&quot;,&quot;sid&quot;:&quot;1&quot;,&quot;input&quot;:&quot;show version&quot;,&quot;output_format&quot;:&quot;json&quot;}}&apos; %3</source>
        <translation>Probieren Sie: curl -s -u %1:%2 -H &apos;Content-Type: application/json&apos; -d &apos;{&quot;ins_api&quot;:{&quot;version&quot;:&quot;1.0&quot;,&quot;type&quot;:&quot;cli_show&quot;,&quot;chunk&quot;:&quot;0&quot;,&quot;sid&quot;:&quot;1&quot;,&quot;input&quot;:&quot;show version&quot;,&quot;output_format&quot;:&quot;json&quot;}}&apos; %3</translation>
    </message>
    <message>
        <source>Stopping after %1 s.</source>
        <translation>Ende nach %1 s.</translation>
    </message>
    <message>
        <source>Press Ctrl+C to stop.</source>
        <translation>Strg+C beendet.</translation>
    </message>
    <message>
        <source>Run a scenario on the simulated fabric (DCQCN / ECN / PFC model)</source>
        <translation>Ein Szenario auf dem simulierten Fabric ausführen (DCQCN-/ECN-/PFC-Modell)</translation>
    </message>
    <message>
        <source>name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Simulated seconds (default: the scenario&apos;s).</source>
        <translation>Simulierte Sekunden (Standard: die des Szenarios).</translation>
    </message>
    <message>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <source>Random seed (default 1).</source>
        <translation>Zufallsstartwert (Standard: 1).</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>Print JSON instead of tables.</source>
        <translation>JSON statt Tabellen ausgeben.</translation>
    </message>
    <message>
        <source>List the scenarios and exit.</source>
        <translation>Die Szenarien auflisten und beenden.</translation>
    </message>
    <message>
        <source>Run the fabric in real time and serve its switch over NX-API until stopped (or for --seconds).</source>
        <translation>Das Fabric in Echtzeit laufen lassen und seinen Switch per NX-API bereitstellen, bis es beendet wird (oder für --seconds).</translation>
    </message>
    <message>
        <source>With --serve: reference (default), starN or rail:HOSTS:NICS:RAILS:SPINES (a leaf/spine fabric: one NX-API endpoint per switch, one agent per server).</source>
        <translation>Mit --serve: reference (Standard), starN oder rail:HOSTS:NICS:RAILS:SPINES (eine Leaf/Spine-Fabric: ein NX-API-Endpunkt je Switch, ein Agent je Server).</translation>
    </message>
    <message>
        <source>With --serve: NX-API HTTP port (default: any free port).</source>
        <translation>Mit --serve: NX-API-HTTP-Port (Standard: ein freier Port).</translation>
    </message>
    <message>
        <source>port</source>
        <translation>Port</translation>
    </message>
    <message>
        <source>With --serve: NX-API HTTPS port (default: any free port).</source>
        <translation>Mit --serve: NX-API-HTTPS-Port (Standard: ein freier Port).</translation>
    </message>
    <message>
        <source>With --serve: no plain HTTP endpoint.</source>
        <translation>Mit --serve: kein unverschlüsselter HTTP-Endpunkt.</translation>
    </message>
    <message>
        <source>With --serve: no HTTPS endpoint.</source>
        <translation>Mit --serve: kein HTTPS-Endpunkt.</translation>
    </message>
    <message>
        <source>With --serve: NX-API user (default admin).</source>
        <translation>Mit --serve: NX-API-Benutzer (Standard: admin).</translation>
    </message>
    <message>
        <source>With --serve: NX-API password (default admin).</source>
        <translation>Mit --serve: NX-API-Passwort (Standard: admin).</translation>
    </message>
    <message>
        <source>secret</source>
        <translation>Geheimnis</translation>
    </message>
    <message>
        <source>With --serve: simulated seconds per wall second (default 1).</source>
        <translation>Mit --serve: simulierte Sekunden pro Echtzeitsekunde (Standard: 1).</translation>
    </message>
    <message>
        <source>factor</source>
        <translation>Faktor</translation>
    </message>
    <message>
        <source>SCENARIO</source>
        <translation>SZENARIO</translation>
    </message>
    <message>
        <source>DEFAULT s</source>
        <translation>STANDARD s</translation>
    </message>
    <message>
        <source>WHAT RUNS</source>
        <translation>WAS LÄUFT</translation>
    </message>
    <message>
        <source>LIVE SCENARIO (--serve)</source>
        <translation>LIVE-SZENARIO (--serve)</translation>
    </message>
    <message>
        <source>WHAT TO WATCH</source>
        <translation>WORAUF ACHTEN</translation>
    </message>
    <message>
        <source>rocectl sim: --scenario is required (see --list)</source>
        <translation>rocectl sim: --scenario ist erforderlich (siehe --list)</translation>
    </message>
    <message>
        <source>Agents (TLS, same certificate, token %1):</source>
        <translation>Agenten (TLS, gleiches Zertifikat, Token %1):</translation>
    </message>
    <message>
        <source>With --serve and a rail topology: write the fabric&apos;s inventory (format version 2, no secrets) to this file.</source>
        <translation>Mit --serve und einer rail-Topologie: das Inventar der Fabric (Format Version 2, ohne Geheimnisse) in diese Datei schreiben.</translation>
    </message>
    <message>
        <source>file</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>rocectl sim: --write-inventory needs a leaf/spine topology (rail:H:N:R:S)</source>
        <translation>rocectl sim: --write-inventory braucht eine Leaf/Spine-Topologie (rail:H:N:R:S)</translation>
    </message>
    <message>
        <source>On a leaf/spine fabric (--serve --topology rail:...): %1</source>
        <translation>Auf einer Leaf/Spine-Fabric (--serve --topology rail:...): %1</translation>
    </message>
    <message>
        <source>With --serve: host N&apos;s agent listens on this port + N (default: any free ports).</source>
        <translation>Mit --serve: der Agent von Host N lauscht auf diesem Port + N (Standard: beliebige freie Ports).</translation>
    </message>
    <message>
        <source>Scenario %1 on %2 (preset %3, %4 model, seed %5): %6 s simulated in %7 s</source>
        <translation>Szenario %1 auf %2 (Voreinstellung %3, Modell %4, Seed %5): %6 s simuliert in %7 s</translation>
    </message>
    <message>
        <source>Model: packet (default; every packet counted) or fluid (flow-level rates and queues; for large fabrics).</source>
        <translation>Modell: packet (Standard; jedes Paket gezählt) oder fluid (Raten und Warteschlangen auf Flussebene; für große Fabrics).</translation>
    </message>
    <message>
        <source>Scenario: %1</source>
        <translation>Szenario: %1</translation>
    </message>
    <message>
        <source>  injected %1 at %2 (drawn from the seed)</source>
        <translation>  %1 an %2 injiziert (per Seed gewählt)</translation>
    </message>
    <message>
        <source>  injected %1 at %2</source>
        <translation>  %1 an %2 injiziert</translation>
    </message>
    <message>
        <source>Scenario to run. With --serve: a load and faults with optional targets joined by &apos;+&apos;, e.g. training+nic-stall:gpu0007/mlx5_1 (see --list).</source>
        <translation>Auszuführendes Szenario. Mit --serve: eine Last und Fehler mit optionalen Zielen, verbunden durch „+“, z. B. training+nic-stall:gpu0007/mlx5_1 (siehe --list).</translation>
    </message>
    <message>
        <source>FAULT[:TARGET] (--serve)</source>
        <translation>FEHLER[:ZIEL] (--serve)</translation>
    </message>
    <message>
        <source>FINDING</source>
        <translation>BEFUND</translation>
    </message>
    <message>
        <source>WHAT IT DOES</source>
        <translation>WAS ER BEWIRKT</translation>
    </message>
    <message>
        <source>%1 (leaf/spine only)</source>
        <translation>%1 (nur Leaf/Spine)</translation>
    </message>
    <message>
        <source>Join a load and faults with &apos;+&apos;: dcqcn-incast+link-down:rail1-leaf2/Ethernet1/5. A fault without a target gets one drawn from --seed among the places the load reaches; alone, it brings the traffic that shows it. --json states what was injected where.</source>
        <translation>Eine Last und Fehler mit „+“ verbinden: dcqcn-incast+link-down:rail1-leaf2/Ethernet1/5. Ein Fehler ohne Ziel bekommt eines, per --seed unter den Orten gewählt, die die Last erreicht; allein bringt er den Verkehr mit, der ihn sichtbar macht. --json gibt an, was wo injiziert wurde.</translation>
    </message>
    <message>
        <source>--seconds must be %1 to %2 seconds, not &apos;%3&apos;</source>
        <translation>--seconds muss %1 bis %2 Sekunden sein, nicht &apos;%3&apos;</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>DCQCN preset: nvidia, paper2015, or paper2015-deferred (htsim&apos;s notification point: a mark inside the CNP window sends one CNP at its end).</source>
        <translation>DCQCN-Voreinstellung: nvidia, paper2015 oder paper2015-deferred (Notification Point wie in htsim: eine Markierung im CNP-Fenster sendet an dessen Ende ein CNP).</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Without --serve: take the DCQCN and ECN parameters from a SimAI configuration (SimAI.conf), for the scenario&apos;s host links.</source>
        <translation>Ohne --serve: die DCQCN- und ECN-Parameter aus einer SimAI-Konfiguration (SimAI.conf) übernehmen, für die Host-Links des Szenarios.</translation>
    </message>
    <message>
        <source>Without --serve: write the run&apos;s DCQCN and ECN parameters to this file in SimAI&apos;s format (its keys; what SimAI has no key for is said on standard error).</source>
        <translation>Ohne --serve: die DCQCN- und ECN-Parameter des Laufs im SimAI-Format in diese Datei schreiben (seine Schlüssel; wofür SimAI keinen Schlüssel hat, steht auf der Standardfehlerausgabe).</translation>
    </message>
    <message>
        <source>--%1 is for a scenario run, not --serve</source>
        <translation>--%1 gilt für einen Szenariolauf, nicht für --serve</translation>
    </message>
</context>
<context>
    <name>SimNicEcnText</name>
    <message>
        <source>%1: no such file</source>
        <translation>%1: keine solche Datei</translation>
    </message>
    <message>
        <source>%1: takes 0 or 1, not &apos;%2&apos;</source>
        <translation>%1: nimmt 0 oder 1, nicht &apos;%2&apos;</translation>
    </message>
    <message>
        <source>%1: takes 0 to %2, not &apos;%3&apos;</source>
        <translation>%1: nimmt 0 bis %2, nicht &apos;%3&apos;</translation>
    </message>
</context>
<context>
    <name>SimPingmeshJobsText</name>
    <message>
        <source>no RDMA device &apos;%1&apos; (there are: %2)</source>
        <translation>kein RDMA-Gerät „%1“ (vorhanden: %2)</translation>
    </message>
    <message>
        <source>job &apos;%1&apos; reads no input</source>
        <translation>Job „%1“ liest keine Eingabe</translation>
    </message>
    <message>
        <source>the endpoint already has its peers</source>
        <translation>der Endpunkt hat seine Peers bereits</translation>
    </message>
    <message>
        <source>no peers arrived on standard input within %1 s</source>
        <translation>innerhalb von %1 s kamen keine Peers auf der Standardeingabe an</translation>
    </message>
</context>
<context>
    <name>SimServeText</name>
    <message>
        <source>Leaf/spine fabric &apos;%1&apos; running: %2 switches, %3 servers, scenario %4.</source>
        <translation>Leaf/Spine-Fabric „%1“ läuft: %2 Switches, %3 Server, Szenario %4.</translation>
    </message>
    <message>
        <source>SWITCH</source>
        <translation>SWITCH</translation>
    </message>
    <message>
        <source>ROLE</source>
        <translation>ROLLE</translation>
    </message>
    <message>
        <source>NX-API</source>
        <translation>NX-API</translation>
    </message>
    <message>
        <source>CERTIFICATE SHA-256</source>
        <translation>ZERTIFIKAT SHA-256</translation>
    </message>
    <message>
        <source>HOST</source>
        <translation>HOST</translation>
    </message>
    <message>
        <source>AGENT</source>
        <translation>AGENT</translation>
    </message>
    <message>
        <source>SWITCH PORT</source>
        <translation>SWITCH-PORT</translation>
    </message>
    <message>
        <source>RDMA DEVICES</source>
        <translation>RDMA-GERÄTE</translation>
    </message>
    <message>
        <source>NX-API user: %1. Secrets for headless clients:</source>
        <translation>NX-API-Benutzer: %1. Geheimnisse für Clients ohne Oberfläche:</translation>
    </message>
    <message>
        <source>rocectl sim: --%1 does not apply to a leaf/spine topology (every switch gets its own HTTPS port)</source>
        <translation>rocectl sim: --%1 gilt nicht für eine Leaf/Spine-Topologie (jeder Switch bekommt seinen eigenen HTTPS-Port)</translation>
    </message>
    <message>
        <source>rocectl sim: scenario &apos;%1&apos; does not run on a leaf/spine fabric (choose from: %2)</source>
        <translation>rocectl sim: Szenario „%1“ läuft nicht auf einer Leaf/Spine-Fabric (zur Auswahl: %2)</translation>
    </message>
    <message>
        <source>Inventory (format version 2, no secrets) written to %1.</source>
        <translation>Inventar (Format Version 2, ohne Geheimnisse) nach %1 geschrieben.</translation>
    </message>
    <message>
        <source>Stopping after %1 s.</source>
        <translation>Ende nach %1 s.</translation>
    </message>
    <message>
        <source>Press Ctrl+C to stop.</source>
        <translation>Strg+C beendet.</translation>
    </message>
    <message>
        <source>Injected %1 at %2 (drawn from the seed).</source>
        <translation>%1 an %2 injiziert (per Seed gewählt).</translation>
    </message>
    <message>
        <source>Injected %1 at %2.</source>
        <translation>%1 an %2 injiziert.</translation>
    </message>
</context>
<context>
    <name>SimServiceText</name>
    <message>
        <source>unknown topology &apos;%1&apos; (use reference, starN or rail:HOSTS:NICS:RAILS:SPINES)</source>
        <translation>unbekannte Topologie „%1“ (reference, starN oder rail:HOSTS:NICS:RAILS:SPINES verwenden)</translation>
    </message>
    <message>
        <source>cannot listen for NX-API over HTTP on %1:%2: %3</source>
        <translation>NX-API über HTTP kann nicht auf %1:%2 lauschen: %3</translation>
    </message>
    <message>
        <source>the simulated switch certificate is missing</source>
        <translation>das Zertifikat des simulierten Switches fehlt</translation>
    </message>
    <message>
        <source>cannot listen for NX-API over HTTPS on %1:%2: %3</source>
        <translation>NX-API über HTTPS kann nicht auf %1:%2 lauschen: %3</translation>
    </message>
</context>
<context>
    <name>SimaiText</name>
    <message>
        <source>%1: expected a count and that many pairs of link speed and value</source>
        <translation>%1: erwartet eine Anzahl und ebenso viele Paare aus Link-Geschwindigkeit und Wert</translation>
    </message>
    <message>
        <source>%1: pair %2 is not two numbers</source>
        <translation>%1: Paar %2 sind nicht zwei Zahlen</translation>
    </message>
    <message>
        <source>%1 has no value for %2G links (it has %3)</source>
        <translation>%1 hat keinen Wert für %2G-Links (es hat %3)</translation>
    </message>
    <message>
        <source>%1 is missing or has no value</source>
        <translation>%1 fehlt oder hat keinen Wert</translation>
    </message>
    <message>
        <source>CC_MODE %1 is not DCQCN (1): 3 is HPCC, 7 TIMELY, 8 DCTCP</source>
        <translation>CC_MODE %1 ist nicht DCQCN (1): 3 ist HPCC, 7 TIMELY, 8 DCTCP</translation>
    </message>
    <message>
        <source>RATE_BOUND 0: SimAI then sends at line rate whatever DCQCN decides, which this model does not do</source>
        <translation>RATE_BOUND 0: SimAI sendet dann mit Leitungsrate, was auch immer DCQCN entscheidet; das tut dieses Modell nicht</translation>
    </message>
    <message>
        <source>a DCQCN value does not parse (intervals in us, rates as 50Mb/s, EWMA_GAIN in (0, 1), FAST_RECOVERY_TIMES &gt;= 0)</source>
        <translation>ein DCQCN-Wert ist nicht lesbar (Intervalle in us, Raten wie 50Mb/s, EWMA_GAIN in (0, 1), FAST_RECOVERY_TIMES &gt;= 0)</translation>
    </message>
    <message>
        <source>KMIN_MAP is not below KMAX_MAP at %1G</source>
        <translation>KMIN_MAP liegt bei %1G nicht unter KMAX_MAP</translation>
    </message>
    <message>
        <source>PMAX %1 is rounded to %2 % (WRED here takes whole percents)</source>
        <translation>PMAX %1 wird auf %2 % gerundet (WRED nimmt hier ganze Prozent)</translation>
    </message>
    <message>
        <source>SimAI marks on the queue after the departing packet has left it; this model, on the queue before (one packet apart)</source>
        <translation>SimAI markiert nach der Warteschlange, die das abgehende Paket schon verlassen hat; dieses Modell nach der davor (ein Paket Unterschied)</translation>
    </message>
    <message>
        <source>the byte counter (%1 bytes) has no SimAI key: SimAI increases the rate on its timer alone</source>
        <translation>der Byte-Zähler (%1 Bytes) hat keinen SimAI-Schlüssel: SimAI erhöht die Rate allein per Timer</translation>
    </message>
    <message>
        <source>min_time_between_cnps (%1 us) has no SimAI key: SimAI sends a CNP for every marked packet</source>
        <translation>min_time_between_cnps (%1 us) hat keinen SimAI-Schlüssel: SimAI sendet für jedes markierte Paket ein CNP</translation>
    </message>
    <message>
        <source>the paper&apos;s reaction point (a cut on every CNP) has no SimAI mode: SimAI runs NVIDIA&apos;s</source>
        <translation>der Reaction Point des Papers (eine Kürzung bei jedem CNP) hat keinen SimAI-Modus: SimAI führt den von NVIDIA aus</translation>
    </message>
    <message>
        <source>the cut on the first CNP has no SimAI key: SimAI cuts from the second</source>
        <translation>die Kürzung beim ersten CNP hat keinen SimAI-Schlüssel: SimAI kürzt ab dem zweiten</translation>
    </message>
</context>
<context>
    <name>SlowRankText</name>
    <message>
        <source>Rank %1 on %2 spends %3 ms of each step on its own against %4 ms on the other ranks, %5 iterations in a row: every rank waits for it in the all-reduce.</source>
        <translation>Rang %1 auf %2 verbringt %3 ms jedes Schritts für sich gegenüber %4 ms bei den anderen Rängen, %5 Iterationen in Folge: Jeder Rang wartet im All-Reduce auf ihn.</translation>
    </message>
    <message>
        <source>The host&apos;s CPU and GPU load (other jobs, throttling, the CPU governor), its data loading, and its NIC&apos;s CNP and pause rates in the evidence: a NIC slowed by congestion or pauses delays only its own rank&apos;s sends.</source>
        <translation>Die CPU- und GPU-Last des Hosts (andere Jobs, Drosselung, CPU-Governor), sein Datenladen und die CNP- und Pausenraten seiner NIC in den Belegen: Eine durch Stau oder Pausen gebremste NIC verzögert nur die Sendungen ihres eigenen Rangs.</translation>
    </message>
</context>
<context>
    <name>SockperfText</name>
    <message>
        <source>no sockperf summary found</source>
        <translation>keine sockperf-Zusammenfassung gefunden</translation>
    </message>
</context>
<context>
    <name>SshCommandText</name>
    <message>
        <source>Over SSH: show a host key, install the agent, or collect counters with rdma/ethtool on a host without an agent</source>
        <translation>Über SSH: einen Host-Schlüssel anzeigen, den Agenten installieren oder Zähler mit rdma/ethtool auf einem Host ohne Agent erfassen</translation>
    </message>
    <message>
        <source>Actions: hostkey, bootstrap, collect. An unknown host key is refused with its fingerprint; check it, then pass it to --accept.</source>
        <translation>Aktionen: hostkey, bootstrap, collect. Ein unbekannter Host-Schlüssel wird mit seinem Fingerabdruck abgelehnt; diesen prüfen und dann an --accept übergeben.</translation>
    </message>
    <message>
        <source>hostkey, bootstrap or collect</source>
        <translation>hostkey, bootstrap oder collect</translation>
    </message>
    <message>
        <source>Server address.</source>
        <translation>Serveradresse.</translation>
    </message>
    <message>
        <source>host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>SSH port (22).</source>
        <translation>SSH-Port (22).</translation>
    </message>
    <message>
        <source>port</source>
        <translation>Port</translation>
    </message>
    <message>
        <source>Login user (default: $USER).</source>
        <translation>Anmeldebenutzer (Standard: $USER).</translation>
    </message>
    <message>
        <source>name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Private key file (default: ssh-agent and ~/.ssh keys).</source>
        <translation>Datei des privaten Schlüssels (Standard: ssh-agent und die Schlüssel in ~/.ssh).</translation>
    </message>
    <message>
        <source>file</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>known_hosts file (default ~/.ssh/known_hosts).</source>
        <translation>known_hosts-Datei (Standard ~/.ssh/known_hosts).</translation>
    </message>
    <message>
        <source>Trust an unknown host key with this SHA256 fingerprint.</source>
        <translation>Einem unbekannten Host-Schlüssel mit diesem SHA256-Fingerabdruck vertrauen.</translation>
    </message>
    <message>
        <source>SHA256:...</source>
        <translation>SHA256:...</translation>
    </message>
    <message>
        <source>collect: directory put first on the remote PATH.</source>
        <translation>collect: Verzeichnis, das im entfernten PATH an erster Stelle steht.</translation>
    </message>
    <message>
        <source>dir</source>
        <translation>Verzeichnis</translation>
    </message>
    <message>
        <source>bootstrap: local roce-agent to install (default: next to rocectl).</source>
        <translation>bootstrap: zu installierender lokaler roce-agent (Standard: neben rocectl).</translation>
    </message>
    <message>
        <source>bootstrap: agent address:port.</source>
        <translation>bootstrap: Adresse:Port des Agenten.</translation>
    </message>
    <message>
        <source>address:port</source>
        <translation>Adresse:Port</translation>
    </message>
    <message>
        <source>Print JSON instead of text.</source>
        <translation>JSON statt Text ausgeben.</translation>
    </message>
    <message>
        <source>rocectl ssh: give one action (hostkey, bootstrap or collect) and --host; see --help</source>
        <translation>rocectl ssh: eine Aktion (hostkey, bootstrap oder collect) und --host angeben; siehe --help</translation>
    </message>
    <message>
        <source>DEVICE</source>
        <translation>GERÄT</translation>
    </message>
    <message>
        <source>STATE</source>
        <translation>ZUSTAND</translation>
    </message>
    <message>
        <source>NETDEV</source>
        <translation>NETDEV</translation>
    </message>
    <message>
        <source>ECN MARKED</source>
        <translation>ECN-MARKIERT</translation>
    </message>
    <message>
        <source>CNP SENT</source>
        <translation>CNP GESENDET</translation>
    </message>
    <message>
        <source>CNP HANDLED</source>
        <translation>CNP VERARBEITET</translation>
    </message>
    <message>
        <source>RX PAUSE</source>
        <translation>RX-PAUSE</translation>
    </message>
    <message>
        <source>TX PAUSE</source>
        <translation>TX-PAUSE</translation>
    </message>
    <message>
        <source>roce-agent runs on %1:%2 (started by %3).</source>
        <translation>roce-agent läuft auf %1:%2 (gestartet von %3).</translation>
    </message>
    <message>
        <source>Token (store it in the console&apos;s keychain): %1</source>
        <translation>Token (im Schlüsselbund der Konsole speichern): %1</translation>
    </message>
    <message>
        <source>Certificate SHA-256 to pin: %1</source>
        <translation>Zu pinnender SHA-256 des Zertifikats: %1</translation>
    </message>
</context>
<context>
    <name>SshText</name>
    <message>
        <source>Bootstrap path &quot;%1&quot; must be absolute.</source>
        <translation>Bootstrap-Pfad &quot;%1&quot; muss absolut sein.</translation>
    </message>
    <message>
        <source>The roce-agent binary to install (%1) does not exist.</source>
        <translation>Das zu installierende roce-agent-Binary (%1) existiert nicht.</translation>
    </message>
    <message>
        <source>Agent listen address &quot;%1&quot; has no port.</source>
        <translation>Die Listen-Adresse &quot;%1&quot; des Agenten enthält keinen Port.</translation>
    </message>
    <message>
        <source>systemd does not run on %1 (no systemctl or no /run/systemd/system: a container?). The unit was written to %2 but the agent was started detached (setsid nohup); it will not be restarted after a crash or a reboot.</source>
        <translation>Auf %1 läuft kein systemd (kein systemctl oder kein /run/systemd/system: ein Container?). Die Unit wurde nach %2 geschrieben, der Agent aber losgelöst gestartet (setsid nohup); nach einem Absturz oder Neustart wird er nicht neu gestartet.</translation>
    </message>
    <message>
        <source>Unexpected openssl output on %1: %2</source>
        <translation>Unerwartete openssl-Ausgabe auf %1: %2</translation>
    </message>
    <message>
        <source>Starting roce-agent on %1 gave no pid (&quot;%2&quot;).</source>
        <translation>Der Start von roce-agent auf %1 lieferte keine PID (&quot;%2&quot;).</translation>
    </message>
    <message>
        <source>roce-agent on %1 exited right after it started. Its log (%2) says:
%3</source>
        <translation>roce-agent auf %1 hat sich direkt nach dem Start beendet. Sein Log (%2) meldet:
%3</translation>
    </message>
    <message>
        <source>roce-agent was started on %1 but %2 did not answer within %3 ms. Check a firewall between the console and the host. Log:
%4</source>
        <translation>roce-agent wurde auf %1 gestartet, aber %2 hat nicht innerhalb von %3 ms geantwortet. Eine Firewall zwischen Konsole und Host prüfen. Log:
%4</translation>
    </message>
    <message>
        <source>%1 has no RDMA ports (&quot;rdma link show&quot; lists none). Load the RDMA driver (mlx5_ib, rdma_rxe) on the host.</source>
        <translation>%1 hat keine RDMA-Ports (&quot;rdma link show&quot; listet keine). Den RDMA-Treiber (mlx5_ib, rdma_rxe) auf dem Host laden.</translation>
    </message>
    <message>
        <source>&quot;ethtool -S %1&quot; on %2 printed no statistics.</source>
        <translation>&quot;ethtool -S %1&quot; auf %2 hat keine Statistik ausgegeben.</translation>
    </message>
    <message>
        <source>SSH needs a host and a user name (host &apos;%1&apos;, user &apos;%2&apos;).</source>
        <translation>SSH braucht einen Host und einen Benutzernamen (Host „%1“, Benutzer „%2“).</translation>
    </message>
    <message>
        <source>libssh could not create a session.</source>
        <translation>libssh konnte keine Sitzung anlegen.</translation>
    </message>
    <message>
        <source>SSH to %1:%2 timed out after %3 ms (%4). Check that the host is up and that a firewall lets port %2 through.</source>
        <translation>SSH zu %1:%2: Zeitüberschreitung nach %3 ms (%4). Prüfen, ob der Host läuft und eine Firewall Port %2 durchlässt.</translation>
    </message>
    <message>
        <source>Cannot connect to the SSH server at %1:%2: %3. Check the address and port, and that sshd runs on the host.</source>
        <translation>Keine Verbindung zum SSH-Server unter %1:%2: %3. Adresse und Port prüfen und ob sshd auf dem Host läuft.</translation>
    </message>
    <message>
        <source>%1:%2 sent no host key (%3).</source>
        <translation>%1:%2 hat keinen Host-Schlüssel gesendet (%3).</translation>
    </message>
    <message>
        <source>Cannot hash the host key of %1:%2.</source>
        <translation>Der Host-Schlüssel von %1:%2 lässt sich nicht hashen.</translation>
    </message>
    <message>
        <source>Cannot check the host key of %1:%2 against %3: %4</source>
        <translation>Der Host-Schlüssel von %1:%2 lässt sich nicht mit %3 abgleichen: %4</translation>
    </message>
    <message>
        <source>The host key of %1 has CHANGED: it now presents %2 %3, which does not match the old entry in known_hosts file %4. This can be a man-in-the-middle attack, or the host was reinstalled. Verify the new key with the host&apos;s administrator, then remove the stale entry with &quot;ssh-keygen -R &apos;%5&apos; -f %4&quot; and connect again.</source>
        <translation>Der Host-Schlüssel von %1 hat sich GEÄNDERT: er zeigt jetzt %2 %3, was nicht zum alten Eintrag in der known_hosts-Datei %4 passt. Das kann ein Man-in-the-Middle-Angriff sein, oder der Host wurde neu installiert. Den neuen Schlüssel mit dem Administrator des Hosts abgleichen, dann den veralteten Eintrag mit &quot;ssh-keygen -R &apos;%5&apos; -f %4&quot; entfernen und erneut verbinden.</translation>
    </message>
    <message>
        <source>The host key of %1 is unknown: %2 %3. Trust it only if this is the fingerprint the host&apos;s administrator gives you.</source>
        <translation>Der Host-Schlüssel von %1 ist unbekannt: %2 %3. Nur vertrauen, wenn dies der Fingerabdruck ist, den Ihnen der Administrator des Hosts nennt.</translation>
    </message>
    <message>
        <source>Cannot add the host key of %1 to %2: %3</source>
        <translation>Der Host-Schlüssel von %1 lässt sich nicht zu %2 hinzufügen: %3</translation>
    </message>
    <message>
        <source>public key %1</source>
        <translation>öffentlicher Schlüssel %1</translation>
    </message>
    <message>
        <source>Cannot read the private key %1 for %2 (missing, unreadable, or protected by a passphrase).</source>
        <translation>Der private Schlüssel %1 für %2 lässt sich nicht lesen (fehlt, nicht lesbar oder durch eine Passphrase geschützt).</translation>
    </message>
    <message>
        <source>ssh-agent and default keys in ~/.ssh</source>
        <translation>ssh-agent und Standardschlüssel in ~/.ssh</translation>
    </message>
    <message>
        <source>password</source>
        <translation>Passwort</translation>
    </message>
    <message>
        <source>SSH authentication with %1 failed: %2</source>
        <translation>SSH-Authentifizierung fehlgeschlagen (%1): %2</translation>
    </message>
    <message>
        <source>%1:%2 refused user &apos;%3&apos; (tried: %4; the server accepts: %5). Check the user name and that the public key is in that user&apos;s authorized_keys on the host.</source>
        <translation>%1:%2 hat Benutzer „%3“ abgelehnt (versucht: %4; der Server akzeptiert: %5). Den Benutzernamen prüfen und ob der öffentliche Schlüssel in den authorized_keys dieses Benutzers auf dem Host steht.</translation>
    </message>
    <message>
        <source>nothing we support</source>
        <translation>keine unterstützte Methode</translation>
    </message>
    <message>
        <source>SSH %1 on %2 failed while running &quot;%3&quot;: %4</source>
        <translation>SSH-%1 auf %2 beim Ausführen von &quot;%3&quot; fehlgeschlagen: %4</translation>
    </message>
    <message>
        <source>channel open</source>
        <translation>Kanalöffnung</translation>
    </message>
    <message>
        <source>exec request</source>
        <translation>Exec-Anfrage</translation>
    </message>
    <message>
        <source>&quot;%1&quot; on %2 did not finish within %3 ms; it was ended.</source>
        <translation>&quot;%1&quot; auf %2 wurde nicht innerhalb von %3 ms fertig und wurde beendet.</translation>
    </message>
    <message>
        <source>read</source>
        <translation>Lesen</translation>
    </message>
    <message>
        <source>&quot;%1&quot; on %2: command not found (exit status 127). Install the tool on the host or fix its PATH. %3</source>
        <translation>&quot;%1&quot; auf %2: Befehl nicht gefunden (Exit-Status 127). Das Werkzeug auf dem Host installieren oder seinen PATH korrigieren. %3</translation>
    </message>
    <message>
        <source>&quot;%1&quot; on %2 failed with exit status %3: %4</source>
        <translation>&quot;%1&quot; auf %2 ist mit Exit-Status %3 fehlgeschlagen: %4</translation>
    </message>
    <message>
        <source>(no error output)</source>
        <translation>(keine Fehlerausgabe)</translation>
    </message>
    <message>
        <source>Remote path &quot;%1&quot; must be an absolute file path.</source>
        <translation>Der entfernte Pfad &quot;%1&quot; muss ein absoluter Dateipfad sein.</translation>
    </message>
    <message>
        <source>Upload to %1 on %2 is incomplete: %3 bytes sent, the file has %4. Check free space on the host.</source>
        <translation>Upload nach %1 auf %2 ist unvollständig: %3 Bytes gesendet, die Datei hat %4. Freien Speicherplatz auf dem Host prüfen.</translation>
    </message>
    <message>
        <source>Cannot read %1 to upload it: %2</source>
        <translation>%1 lässt sich zum Hochladen nicht lesen: %2</translation>
    </message>
</context>
<context>
    <name>SwitchCommandText</name>
    <message>
        <source>interval %1 s</source>
        <translation>Intervall %1 s</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <source>In Gb/s</source>
        <translation>Ein Gb/s</translation>
    </message>
    <message>
        <source>Out Gb/s</source>
        <translation>Aus Gb/s</translation>
    </message>
    <message>
        <source>In %</source>
        <translation>Ein %</translation>
    </message>
    <message>
        <source>Out %</source>
        <translation>Aus %</translation>
    </message>
    <message>
        <source>MMU drop/s</source>
        <translation>MMU-Drops/s</translation>
    </message>
    <message>
        <source>Drop/s</source>
        <translation>Drops/s</translation>
    </message>
    <message>
        <source>RxPPP/s</source>
        <translation>RxPPP/s</translation>
    </message>
    <message>
        <source>TxPPP/s</source>
        <translation>TxPPP/s</translation>
    </message>
    <message>
        <source>ECN/s</source>
        <translation>ECN/s</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <source>reset: %1</source>
        <translation>zurückgesetzt: %1</translation>
    </message>
    <message>
        <source>! %1: %2 (code %3)</source>
        <translation>! %1: %2 (Code %3)</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1: expected a JSON array of servers (%2)</source>
        <translation>%1: JSON-Array von Servern erwartet (%2)</translation>
    </message>
    <message>
        <source>%1: entry %2 has no &quot;name&quot;</source>
        <translation>%1: Eintrag %2 hat keinen „name“</translation>
    </message>
    <message>
        <source>Switch port</source>
        <translation>Switch-Port</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Interface</source>
        <translation>Schnittstelle</translation>
    </message>
    <message>
        <source>Found by</source>
        <translation>Gefunden über</translation>
    </message>
    <message>
        <source>Not placed (behind a hypervisor, or no LLDP): %1. Type their switch_port in the inventory.</source>
        <translation>Nicht zugeordnet (hinter einem Hypervisor oder ohne LLDP): %1. Ihren switch_port im Inventar eintragen.</translation>
    </message>
    <message>
        <source>No server found: give the servers with --inventory (MACs, interface names, or a typed switch_port).</source>
        <translation>Kein Server gefunden: die Server mit --inventory angeben (MACs, Schnittstellennamen oder ein eingetragener switch_port).</translation>
    </message>
    <message>
        <source>Poll a Nexus over NX-API and print per-port rates</source>
        <translation>Einen Nexus per NX-API abfragen und Raten pro Port ausgeben</translation>
    </message>
    <message>
        <source>Rates need two polls: the first is the baseline.</source>
        <translation>Raten brauchen zwei Abfragen: die erste ist die Basislinie.</translation>
    </message>
    <message>
        <source>Seconds between polls (&gt;= 1, default 1).</source>
        <translation>Sekunden zwischen Abfragen (&gt;= 1, Standard: 1).</translation>
    </message>
    <message>
        <source>Rate reports to print, then exit (0: until interrupted; default 1).</source>
        <translation>Anzahl auszugebender Ratenberichte, danach beenden (0: bis zur Unterbrechung; Standard: 1).</translation>
    </message>
    <message>
        <source>Include ports that are down.</source>
        <translation>Auch Ports einschließen, die down sind.</translation>
    </message>
    <message>
        <source>Print one JSON document per report (JSON lines).</source>
        <translation>Ein JSON-Dokument pro Bericht ausgeben (JSON Lines).</translation>
    </message>
    <message>
        <source>Print which server sits on which port (LLDP, then the inventory) and exit.</source>
        <translation>Ausgeben, welcher Server an welchem Port hängt (LLDP, dann das Inventar), und beenden.</translation>
    </message>
    <message>
        <source>With --topology: JSON file of servers: [{&quot;name&quot;, &quot;macs&quot;, &quot;interfaces&quot;, &quot;switch_port&quot;}].</source>
        <translation>Mit --topology: JSON-Datei der Server: [{&quot;name&quot;, &quot;macs&quot;, &quot;interfaces&quot;, &quot;switch_port&quot;}].</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>%1 answered, but no interface could be read from the answer%2</source>
        <translation>%1 hat geantwortet, aber aus der Antwort ließ sich keine Schnittstelle lesen%2</translation>
    </message>
    <message>
        <source>%1 reports were asked for, %2 printed: no interface&apos;s counters moved between polls</source>
        <translation>%1 Berichte verlangt, %2 ausgegeben: zwischen den Abfragen hat sich kein Zähler einer Schnittstelle bewegt</translation>
    </message>
</context>
<context>
    <name>SwitchInventoryText</name>
    <message>
        <source>Allow plain HTTP (sends the password in clear)</source>
        <translation>Unverschlüsseltes HTTP erlauben (sendet das Passwort im Klartext)</translation>
    </message>
    <message>
        <source>Unique, without &apos;/&apos;: a server&apos;s switch port is written as switch/port, e.g. leaf1/Ethernet1/7.</source>
        <translation>Eindeutig, ohne „/“: der Switch-Port eines Servers wird als Switch/Port geschrieben, z. B. leaf1/Ethernet1/7.</translation>
    </message>
    <message>
        <source>leaf, spine, border, or tor for the single top-of-rack switch of a small fabric.</source>
        <translation>leaf, spine, border, oder tor für den einzigen Top-of-Rack-Switch eines kleinen Fabrics.</translation>
    </message>
    <message>
        <source>How often the console polls this switch, from %1 to %2 ms.</source>
        <translation>Wie oft die Konsole diesen Switch abfragt, von %1 bis %2 ms.</translation>
    </message>
    <message>
        <source>The NX-API password is in the keychain (or goes there when the inventory is saved).</source>
        <translation>Das NX-API-Passwort liegt im Schlüsselbund (oder kommt dorthin, sobald das Inventar gespeichert wird).</translation>
    </message>
    <message>
        <source>No password in the keychain: the console cannot log in to this switch.</source>
        <translation>Kein Passwort im Schlüsselbund: die Konsole kann sich nicht an diesem Switch anmelden.</translation>
    </message>
    <message>
        <source>set</source>
        <translation>gesetzt</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>fehlt</translation>
    </message>
    <message>
        <source>Switch</source>
        <translation>Switch</translation>
    </message>
    <message>
        <source>NX-API URL</source>
        <translation>NX-API-URL</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rolle</translation>
    </message>
    <message>
        <source>Poll (ms)</source>
        <translation>Abfrage (ms)</translation>
    </message>
    <message>
        <source>Certificate SHA-256 (pin)</source>
        <translation>Zertifikat SHA-256 (Pin)</translation>
    </message>
    <message>
        <source>HTTP</source>
        <translation>HTTP</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>Passwort</translation>
    </message>
</context>
<context>
    <name>SwitchText</name>
    <message>
        <source>NX-API endpoint, e.g. https://10.1.1.10 (path /ins is added).</source>
        <translation>NX-API-Endpunkt, z. B. https://10.1.1.10 (Pfad /ins wird angehängt).</translation>
    </message>
    <message>
        <source>NX-API user (default admin).</source>
        <translation>NX-API-Benutzer (Standard: admin).</translation>
    </message>
    <message>
        <source>Environment variable holding the password (default ROCE_NXAPI_PASSWORD).</source>
        <translation>Umgebungsvariable mit dem Passwort (Standard: ROCE_NXAPI_PASSWORD).</translation>
    </message>
    <message>
        <source>Read the password from the first line of standard input.</source>
        <translation>Das Passwort aus der ersten Zeile der Standardeingabe lesen.</translation>
    </message>
    <message>
        <source>SHA-256 fingerprint of the switch certificate to trust (self-signed switches).</source>
        <translation>SHA-256-Fingerabdruck des zu vertrauenden Switch-Zertifikats (selbstsignierte Switches).</translation>
    </message>
    <message>
        <source>Allow a plain http:// URL (the password crosses the network in clear).</source>
        <translation>Eine unverschlüsselte http://-URL erlauben (das Passwort geht im Klartext über das Netz).</translation>
    </message>
    <message>
        <source>Seconds to wait for each answer (default 10).</source>
        <translation>Wartezeit in Sekunden für jede Antwort (Standard: 10).</translation>
    </message>
    <message>
        <source>Use the embedded simulated switch (HTTPS on loopback, pinned).</source>
        <translation>Den eingebauten simulierten Switch verwenden (HTTPS auf Loopback, Zertifikat hinterlegt).</translation>
    </message>
    <message>
        <source>With --sim: live scenario to run (lossy-incast, pfc-incast, dcqcn-incast, training, pfc-wrong-cos, dscp-mismatch, ...).</source>
        <translation>Mit --sim: auszuführendes Live-Szenario (lossy-incast, pfc-incast, dcqcn-incast, training, pfc-wrong-cos, dscp-mismatch, ...).</translation>
    </message>
    <message>
        <source>--timeout wants a positive number of seconds</source>
        <translation>--timeout erwartet eine positive Anzahl Sekunden</translation>
    </message>
    <message>
        <source>--sim and --url exclude each other</source>
        <translation>--sim und --url schließen einander aus</translation>
    </message>
    <message>
        <source>--scenario needs --sim (a real switch runs real traffic)</source>
        <translation>--scenario braucht --sim (ein echter Switch führt echten Verkehr)</translation>
    </message>
    <message>
        <source>give the switch with --url https://&lt;switch&gt;, or --sim</source>
        <translation>den Switch mit --url https://&lt;switch&gt; angeben, oder --sim</translation>
    </message>
    <message>
        <source>cannot read the password from stdin</source>
        <translation>das Passwort kann nicht von stdin gelesen werden</translation>
    </message>
    <message>
        <source>no password: set %1 (or --password-env NAME, or --password-stdin)</source>
        <translation>kein Passwort: %1 setzen (oder --password-env NAME oder --password-stdin)</translation>
    </message>
    <message>
        <source>a poll is still running</source>
        <translation>eine Abfrage läuft noch</translation>
    </message>
    <message>
        <source>the switch refused the password twice: enter it again</source>
        <translation>der Switch hat das Passwort zweimal abgewiesen: bitte erneut eingeben</translation>
    </message>
</context>
<context>
    <name>TlsIdentityText</name>
    <message>
        <source>the TLS key does not go with the certificate: %1</source>
        <translation>der TLS-Schlüssel passt nicht zum Zertifikat: %1</translation>
    </message>
</context>
<context>
    <name>TopologyText</name>
    <message>
        <source>lldpcli output is not JSON: %1</source>
        <translation>lldpcli-Ausgabe ist kein JSON: %1</translation>
    </message>
    <message>
        <source>this is &apos;lldpcli -f json&apos; output, whose shape changes with the number of neighbours: use &apos;lldpcli -f json0&apos;</source>
        <translation>dies ist Ausgabe von „lldpcli -f json“, deren Struktur sich mit der Anzahl der Nachbarn ändert: „lldpcli -f json0“ verwenden</translation>
    </message>
    <message>
        <source>no &quot;lldp&quot; array in lldpcli output</source>
        <translation>kein „lldp“-Array in der lldpcli-Ausgabe</translation>
    </message>
    <message>
        <source>chassis MAC %1</source>
        <translation>Chassis-MAC %1</translation>
    </message>
    <message>
        <source>port MAC %1</source>
        <translation>Port-MAC %1</translation>
    </message>
    <message>
        <source>system name %1</source>
        <translation>Systemname %1</translation>
    </message>
    <message>
        <source>%1 sees %2 %3 on %4</source>
        <translation>%1 sieht %2 %3 auf %4</translation>
    </message>
    <message>
        <source>typed in the inventory</source>
        <translation>im Inventar eingetragen</translation>
    </message>
</context>
<context>
    <name>TrainingParserText</name>
    <message>
        <source>the training rank reported no iteration</source>
        <translation>der Trainingsrang hat keine Iteration gemeldet</translation>
    </message>
</context>
<context>
    <name>TwinChangeText</name>
    <message>
        <source>line %1: &apos;switch NAME&apos; names one switch (or &apos;switch all&apos;)</source>
        <translation>Zeile %1: „switch NAME“ benennt einen Switch (oder „switch all“)</translation>
    </message>
    <message>
        <source>line %1: a NIC setting is written &apos;ecn/roce_np/FILE VALUE&apos; or &apos;ecn/roce_rp/FILE VALUE&apos; (got &apos;%2&apos;)</source>
        <translation>Zeile %1: Eine NIC-Einstellung wird „ecn/roce_np/FILE VALUE“ oder „ecn/roce_rp/FILE VALUE“ geschrieben (erhalten: „%2“)</translation>
    </message>
    <message>
        <source>the change holds no configuration line</source>
        <translation>die Änderung enthält keine Konfigurationszeile</translation>
    </message>
</context>
<context>
    <name>TwinModelText</name>
    <message>
        <source>%1: a chassis the twin knows no buffer of; it gives each 10 MB.</source>
        <translation>%1: ein Chassis, dessen Puffer der Zwilling nicht kennt; er gibt jedem 10 MB.</translation>
    </message>
    <message>
        <source>Some switch ports reported no line rate: the twin runs them at 25 Gb/s.</source>
        <translation>Einige Switch-Ports haben keine Leitungsrate gemeldet: Der Zwilling betreibt sie mit 25 Gb/s.</translation>
    </message>
    <message>
        <source>%1 is cabled nowhere the twin can tell (no LLDP neighbour or typed switch_port): left out.</source>
        <translation>Bei %1 kann der Zwilling keine Verkabelung erkennen (kein LLDP-Nachbar und kein eingetragener switch_port): ausgelassen.</translation>
    </message>
    <message>
        <source>%1: WRED by profile (%2), not thresholds: the twin keeps its default thresholds.</source>
        <translation>%1: WRED per Profil (%2), nicht per Schwellen: Der Zwilling behält seine Standardschwellen.</translation>
    </message>
    <message>
        <source>%1 classifies by no qos input policy the twin can read: it keeps DSCP 26 -&gt; qos-group 3.</source>
        <translation>%1 klassifiziert nach keiner Input-Policy vom Typ qos, die der Zwilling lesen kann: Es bleibt bei DSCP 26 -&gt; qos-group 3.</translation>
    </message>
    <message>
        <source>%1: no running-config read; the twin gives it the reference configuration.</source>
        <translation>%1: keine running-config gelesen; der Zwilling gibt ihm die Referenzkonfiguration.</translation>
    </message>
    <message numerus="yes">
        <source>%n NIC(s) reported no ecn/ files (no agent, or a driver without them): the twin gives them ConnectX defaults.</source>
        <translation>
            <numerusform>%n NIC hat keine ecn/-Dateien gemeldet (kein Agent oder ein Treiber ohne sie): Der Zwilling gibt ihr die ConnectX-Standardwerte.</numerusform>
            <numerusform>%n NICs haben keine ecn/-Dateien gemeldet (kein Agent oder ein Treiber ohne sie): Der Zwilling gibt ihnen die ConnectX-Standardwerte.</numerusform>
        </translation>
    </message>
    <message>
        <source>No NIC reported its active_mtu: the twin sends 4096-byte RoCE packets.</source>
        <translation>Keine NIC hat ihre active_mtu gemeldet: Der Zwilling sendet RoCE-Pakete mit 4096 Byte.</translation>
    </message>
    <message>
        <source>A launched job&apos;s rank %1 is not in the twin: the job is left out.</source>
        <translation>Rang %1 eines gestarteten Jobs ist nicht im Zwilling: Der Job wird ausgelassen.</translation>
    </message>
    <message>
        <source>%1 senders and %2 receivers: the port rates do not say who sends to whom, so the twin spreads each sender over the receivers in proportion to what they receive (a gravity estimate).</source>
        <translation>%1 Sender und %2 Empfänger: Die Port-Raten sagen nicht, wer an wen sendet, also verteilt der Zwilling jeden Sender auf die Empfänger im Verhältnis zu dem, was sie empfangen (eine Schätzung nach dem Gravitationsmodell).</translation>
    </message>
    <message>
        <source>Bulk flows run as fast as DCQCN lets them: a sender held back by its application is taken as held back by the fabric.</source>
        <translation>Bulk-Flows laufen so schnell, wie DCQCN sie lässt: Ein Sender, den seine Anwendung bremst, wird so behandelt, als bremse ihn die Fabric.</translation>
    </message>
    <message>
        <source>nothing to model yet: %1 switch ports and %2 NICs seen (the switches and agents must answer first)</source>
        <translation>noch nichts zu modellieren: %1 Switch-Ports und %2 NICs gesehen (zuerst müssen die Switches und Agenten antworten)</translation>
    </message>
    <message>
        <source>Link delays and the NICs&apos; host latencies are not exposed by the devices: the twin uses the model&apos;s defaults.</source>
        <translation>Link-Verzögerungen und die Host-Latenzen der NICs stellen die Geräte nicht bereit: Der Zwilling verwendet die Standardwerte des Modells.</translation>
    </message>
    <message>
        <source>ecn/ files the model&apos;s NIC does not have, or values it does not take, kept at its defaults: %1</source>
        <translation>ecn/-Dateien, die die NIC des Modells nicht hat, oder Werte, die sie nicht annimmt, bleiben auf ihren Standardwerten: %1</translation>
    </message>
    <message>
        <source>%1 carries %2 Gb/s out and %3 Gb/s in beside its launched job (the job&apos;s mean rate taken out of its port&apos;s): spread as bulk flows.</source>
        <translation>%1 trägt neben seinem gestarteten Job %2 Gb/s hinaus und %3 Gb/s herein (die mittlere Rate des Jobs von der seines Ports abgezogen): als Massenflüsse verteilt.</translation>
    </message>
    <message>
        <source>%1 sends %2 Gb/s that no other NIC is seen to receive beside the jobs: left out.</source>
        <translation>%1 sendet %2 Gb/s, die neben den Jobs keine andere NIC sichtbar empfängt: weggelassen.</translation>
    </message>
    <message>
        <source>%1 senders and %2 receivers: the port rates do not say who sends to whom, and spread over all the receivers (a gravity estimate) most of each sender&apos;s flows would be too small to model; the twin pairs them instead, largest first, each pair carrying what both still have (%3 flows): every NIC sends and receives about what it was seen to, but who sends to whom is a guess.</source>
        <translation>%1 Sender und %2 Empfänger: Die Port-Raten sagen nicht, wer an wen sendet, und über alle Empfänger verteilt (eine Gravitationsschätzung) wären die meisten Flows jedes Senders zu klein, um sie zu modellieren; der Zwilling paart sie stattdessen, die größten zuerst, jedes Paar mit dem, was beide noch haben (%3 Flows): Jede NIC sendet und empfängt ungefähr, was an ihr gesehen wurde, aber wer an wen sendet, ist geraten.</translation>
    </message>
    <message numerus="yes">
        <source>%n bulk flow(s) crossing the spines placed on the uplinks their leaves were seen to send on (a switch&apos;s ECMP hash of the 5-tuple is not exposed).</source>
        <translation>
            <numerusform>%n Bulk-Flow, der die Spines kreuzt, auf die Uplinks gelegt, über die sein Leaf sichtbar sendete (der ECMP-Hash eines Switches über das 5-Tupel ist nicht einsehbar).</numerusform>
            <numerusform>%n Bulk-Flows, die die Spines kreuzen, auf die Uplinks gelegt, über die ihre Leaves sichtbar sendeten (der ECMP-Hash eines Switches über das 5-Tupel ist nicht einsehbar).</numerusform>
        </translation>
    </message>
    <message>
        <source>Each NIC&apos;s rate is split into what stays under its leaf and what crosses the spines, in the shares the leaves&apos; uplinks were seen to carry: flows are estimated under each leaf, and between leaves, apart.</source>
        <translation>Die Rate jeder NIC wird aufgeteilt in das, was unter ihrem Leaf bleibt, und das, was die Spines kreuzt, in den Anteilen, die die Uplinks der Leaves sichtbar trugen: Flows werden unter jedem Leaf und zwischen Leaves getrennt geschätzt.</translation>
    </message>
    <message>
        <source>The cable at %1 corrupts %2 % of its frames (input errors seen at its ends): the twin&apos;s cable loses them too.</source>
        <translation>Das Kabel an %1 verfälscht %2 % seiner Frames (Eingangsfehler an seinen Enden gesehen): Das Kabel des Zwillings verliert sie ebenfalls.</translation>
    </message>
    <message>
        <source>The link of %1 is down: the twin&apos;s is too.</source>
        <translation>Der Link von %1 ist down: der des Zwillings auch.</translation>
    </message>
</context>
<context>
    <name>TwinObservationText</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: its running-config could not be read (%2)</source>
        <translation>%1: seine running-config konnte nicht gelesen werden (%2)</translation>
    </message>
</context>
<context>
    <name>TwinPreviewText</name>
    <message>
        <source>the change names switch %1, which the fabric does not have</source>
        <translation>die Änderung nennt den Switch %1, den die Fabric nicht hat</translation>
    </message>
    <message>
        <source>%1 refuses &apos;%2&apos;: %3</source>
        <translation>%1 lehnt „%2“ ab: %3</translation>
    </message>
    <message>
        <source>%1 refuses the NIC change: %2</source>
        <translation>%1 lehnt die NIC-Änderung ab: %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 und %n weiterer</numerusform>
            <numerusform>%1 und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: pause and resume %2 KB apart, finer than the %3 KB a %4G port moves in the model&apos;s %5 us step. The model pauses at most once a step where the switch cycles many times as often: the pause frame count, and the queue PFC holds, are the model&apos;s resolution.</source>
        <translation>%1: Pause und Fortsetzen %2 KB auseinander, feiner als die %3 KB, die ein %4G-Port im %5-us-Schritt des Modells bewegt. Das Modell pausiert höchstens einmal pro Schritt, wo der Switch um ein Vielfaches öfter wechselt: die Zahl der Pause-Frames und die von PFC gehaltene Queue sind die Auflösung des Modells.</translation>
    </message>
    <message>
        <source>current</source>
        <translation>aktuell</translation>
    </message>
    <message>
        <source>proposed</source>
        <translation>vorgeschlagen</translation>
    </message>
    <message>
        <source>Job %1 (%2): no all-reduce ended within the %3 s window; each takes longer than that (allreduce_ms is null).</source>
        <translation>Job %1 (%2): kein All-Reduce endete im Fenster von %3 s; jedes dauert länger (allreduce_ms ist null).</translation>
    </message>
    <message>
        <source>The fluid model also settles on such a band where the moment of the change leaves it: on the reference incast it holds 4-18 % less queue than the packet model, and just above the ECN minimum 2-9x fewer marks. The packet model (--engine packet; Model in the What if panel) cycles on it wherever it starts.</source>
        <translation>Das Fluidmodell kommt an einem solchen Band außerdem dort zur Ruhe, wo der Zeitpunkt der Änderung es hinterlässt: beim Referenz-Incast hält es 4-18 % weniger Queue als das Paketmodell und knapp über dem ECN-Minimum 2- bis 9-mal weniger Markierungen. Das Paketmodell (--engine packet; Modell im Was-wäre-wenn-Panel) schwingt daran, wo immer es beginnt.</translation>
    </message>
    <message>
        <source>The change moves RoCE (DSCP %1; servers marking it: %2) from qos-group %3, no-drop, to qos-group %4, which is lossy: no pause holds it, a queue past its limit drops it, and go-back-N sends everything after each loss again.</source>
        <translation>Die Änderung verschiebt RoCE (DSCP %1; Server, die damit markieren: %2) von qos-group %3, verlustfrei, nach qos-group %4, die verlustbehaftet ist: keine Pause hält es zurück, eine Warteschlange über ihrem Limit verwirft es, und Go-back-N sendet nach jedem Verlust alles Folgende erneut.</translation>
    </message>
    <message>
        <source>The change moves RoCE (DSCP %1; servers marking it: %2) from qos-group %3, which is lossy, to qos-group %4, no-drop.</source>
        <translation>Die Änderung verschiebt RoCE (DSCP %1; Server, die damit markieren: %2) von qos-group %3, die verlustbehaftet ist, nach qos-group %4, verlustfrei.</translation>
    </message>
    <message>
        <source>RoCE dropped in a lossy class: how much of it gets through then depends on which flows the drops fall on and where each sender stands when the change lands (go-back-N resends from the first loss). The twin does not know that state: its goodput and drop rates there are not a forecast (on the reference fabric under training, up to 5x off).</source>
        <translation>RoCE wird in einer verlustbehafteten Klasse verworfen: wie viel davon dann durchkommt, hängt davon ab, welche Flows die Verwerfungen treffen und wo jeder Sender steht, wenn die Änderung greift (Go-back-N sendet ab dem ersten Verlust erneut). Der Zwilling kennt diesen Zustand nicht: sein Goodput und seine Verwerfungsraten sind dort keine Vorhersage (auf der Referenz-Fabric unter Training bis zu 5-fach daneben).</translation>
    </message>
</context>
<context>
    <name>UdPingmeshText</name>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>no RDMA device &apos;%1&apos; (there are: %2)</source>
        <translation>kein RDMA-Gerät &apos;%1&apos; (vorhanden: %2)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>port %1 of %2 is not active</source>
        <translation>Port %1 von %2 ist nicht aktiv</translation>
    </message>
    <message>
        <source>%1 port %2 has no IPv4 RoCE v2 GID (is an address configured on its netdev?)</source>
        <translation>%1 Port %2 hat keine IPv4-RoCE-v2-GID (ist auf seinem Netdev eine Adresse konfiguriert?)</translation>
    </message>
    <message>
        <source>ibv_create_ah failed: %1</source>
        <translation>ibv_create_ah fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>no RDMA device &apos;%1&apos;: libibverbs finds none here (%2)</source>
        <translation>kein RDMA-Gerät „%1“: libibverbs findet hier keines (%2)</translation>
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
    <name>VerdictListText</name>
    <message>
        <source>%1

Evidence: %2

Check: %3</source>
        <translation>%1

Belege: %2

Prüfen: %3</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Befund</translation>
    </message>
    <message>
        <source>Names</source>
        <translation>Benennt</translation>
    </message>
    <message>
        <source>Raised at</source>
        <translation>Erhoben bei</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Belege</translation>
    </message>
</context>
<context>
    <name>VerdictText</name>
    <message>
        <source>Bad NIC</source>
        <translation>Defekte NIC</translation>
    </message>
    <message>
        <source>Bad host</source>
        <translation>Defekter Host</translation>
    </message>
    <message>
        <source>Bad link</source>
        <translation>Defekter Link</translation>
    </message>
    <message>
        <source>Congested port</source>
        <translation>Gestauter Port</translation>
    </message>
    <message>
        <source>Pauses cost line rate</source>
        <translation>Pausen kosten Leitungsrate</translation>
    </message>
    <message>
        <source>PFC watchdog flapping</source>
        <translation>PFC-Watchdog flattert</translation>
    </message>
    <message>
        <source>Pause storm the watchdog missed</source>
        <translation>Pausensturm, den der Watchdog übersah</translation>
    </message>
    <message>
        <source>ECN configured but not marking</source>
        <translation>ECN konfiguriert, markiert aber nicht</translation>
    </message>
    <message>
        <source>Slow training rank</source>
        <translation>Langsamer Trainingsrang</translation>
    </message>
    <message>
        <source>Slow host</source>
        <translation>Langsamer Host</translation>
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
    <name>VersionLldpText</name>
    <message>
        <source>neither &quot;Device name:&quot; nor &quot;NXOS: version&quot; / &quot;system: version&quot; in the text</source>
        <translation>weder „Device name:“ noch „NXOS: version“ / „system: version“ im Text</translation>
    </message>
    <message>
        <source>the neighbour with chassis id %1 has no &quot;Local Port id&quot;: it is not attributed to a port</source>
        <translation>der Nachbar mit Chassis-ID %1 hat keine „Local Port id“: er wird keinem Port zugeordnet</translation>
    </message>
    <message>
        <source>no &quot;Chassis id:&quot; neighbour block and no LLDP table header in the text</source>
        <translation>kein Nachbarblock „Chassis id:“ und kein LLDP-Tabellenkopf im Text</translation>
    </message>
</context>
<context>
    <name>WatchText</name>
    <message>
        <source>%1 ports (%2 stale), sources %3 ok / %4 not, alerts: %5</source>
        <translation>%1 Ports (%2 veraltet), Quellen %3 ok / %4 nicht, Alarme: %5</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Watch a fabric&apos;s live model, one frame per tick (inventory or simulated)</source>
        <translation>Das Live-Modell einer Fabric beobachten, ein Frame pro Takt (Inventar oder simuliert)</translation>
    </message>
    <message>
        <source>Watches a fabric as the console does (every switch over NX-API, every agent streamed) and prints one frame per tick.

Secrets for --inventory: ROCE_SWITCH_PASSWORD_&lt;SWITCH&gt; or ROCE_SWITCH_PASSWORD, ROCE_AGENT_TOKEN_&lt;SERVER&gt; or ROCE_AGENT_TOKEN (names upper-cased, other characters as &apos;_&apos;), else the OS keychain.</source>
        <translation>Beobachtet eine Fabric wie die Konsole (jeder Switch über NX-API, jeder Agent als Stream) und gibt einen Frame pro Takt aus.

Geheimnisse für --inventory: ROCE_SWITCH_PASSWORD_&lt;SWITCH&gt; oder ROCE_SWITCH_PASSWORD, ROCE_AGENT_TOKEN_&lt;SERVER&gt; oder ROCE_AGENT_TOKEN (Namen in Großbuchstaben, andere Zeichen als &apos;_&apos;), sonst der Schlüsselbund des Systems.</translation>
    </message>
    <message>
        <source>Seconds between frames (default 1).</source>
        <translation>Sekunden zwischen Frames (Standard 1).</translation>
    </message>
    <message>
        <source>Stop after this many frames (default: until interrupted).</source>
        <translation>Nach so vielen Frames aufhören (Standard: bis zur Unterbrechung).</translation>
    </message>
    <message>
        <source>Seconds to wait for every source to answer (or fail) before the first frame (default 20).</source>
        <translation>Sekunden, die vor dem ersten Frame auf die Antwort (oder den Ausfall) jeder Quelle gewartet wird (Standard 20).</translation>
    </message>
    <message>
        <source>One JSON object per frame, one a line.</source>
        <translation>Ein JSON-Objekt pro Frame, eines pro Zeile.</translation>
    </message>
    <message>
        <source>--interval must be 0.1 to 3600 seconds</source>
        <translation>--interval muss 0,1 bis 3600 Sekunden sein</translation>
    </message>
    <message>
        <source>--count must be a positive number</source>
        <translation>--count muss eine positive Zahl sein</translation>
    </message>
    <message>
        <source>--wait must be a number of seconds</source>
        <translation>--wait muss eine Anzahl Sekunden sein</translation>
    </message>
</context>
<context>
    <name>WebConfigText</name>
    <message>
        <source>web config %1: %2</source>
        <translation>Web-Konfiguration %1: %2</translation>
    </message>
    <message>
        <source>%1 must be a mapping</source>
        <translation>%1 muss eine Zuordnung (Mapping) sein</translation>
    </message>
    <message>
        <source>%1 has a key that is not a string</source>
        <translation>%1 hat einen Schlüssel, der keine Zeichenkette ist</translation>
    </message>
    <message>
        <source>key &quot;%1&quot; appears twice in %2</source>
        <translation>Schlüssel „%1“ kommt in %2 zweimal vor</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a string</source>
        <translation>„%1“ muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be true or false</source>
        <translation>„%1“ muss true oder false sein</translation>
    </message>
    <message>
        <source>%1: cannot read %2: %3</source>
        <translation>%1: %2 kann nicht gelesen werden: %3</translation>
    </message>
    <message>
        <source>unknown key &quot;%1&quot; in tls_server_config</source>
        <translation>unbekannter Schlüssel „%1“ in tls_server_config</translation>
    </message>
    <message>
        <source>tls_server_config needs cert_file and key_file</source>
        <translation>tls_server_config braucht cert_file und key_file</translation>
    </message>
    <message>
        <source>no PEM certificate in cert_file</source>
        <translation>kein PEM-Zertifikat in cert_file</translation>
    </message>
    <message>
        <source>key_file is not an unencrypted PEM private key</source>
        <translation>key_file ist kein unverschlüsselter privater PEM-Schlüssel</translation>
    </message>
    <message>
        <source>RequireAndVerifyClientCert needs client_ca_file</source>
        <translation>RequireAndVerifyClientCert braucht client_ca_file</translation>
    </message>
    <message>
        <source>client_auth_type &quot;%1&quot; is not supported: use NoClientCert or RequireAndVerifyClientCert</source>
        <translation>client_auth_type „%1“ wird nicht unterstützt: NoClientCert oder RequireAndVerifyClientCert verwenden</translation>
    </message>
    <message>
        <source>client_ca_file is given but client_auth_type is NoClientCert: set RequireAndVerifyClientCert</source>
        <translation>client_ca_file ist angegeben, aber client_auth_type ist NoClientCert: RequireAndVerifyClientCert setzen</translation>
    </message>
    <message>
        <source>TLS versions are TLS12 or TLS13, not &quot;%1&quot;</source>
        <translation>TLS-Versionen sind TLS12 oder TLS13, nicht „%1“</translation>
    </message>
    <message>
        <source>min_version is above max_version</source>
        <translation>min_version liegt über max_version</translation>
    </message>
    <message>
        <source>unknown key &quot;%1&quot; in http_server_config.headers</source>
        <translation>unbekannter Schlüssel „%1“ in http_server_config.headers</translation>
    </message>
    <message>
        <source>header %1 spans lines</source>
        <translation>Header %1 erstreckt sich über mehrere Zeilen</translation>
    </message>
    <message>
        <source>unknown key &quot;%1&quot; in http_server_config</source>
        <translation>unbekannter Schlüssel „%1“ in http_server_config</translation>
    </message>
    <message>
        <source>basic_auth_users: the password of &quot;%1&quot; is not a bcrypt hash ($2y$...)</source>
        <translation>basic_auth_users: das Passwort von „%1“ ist kein bcrypt-Hash ($2y$...)</translation>
    </message>
    <message>
        <source>basic_auth_users: &quot;%1&quot;: a user name cannot contain &apos;:&apos;</source>
        <translation>basic_auth_users: „%1“: ein Benutzername darf kein „:“ enthalten</translation>
    </message>
    <message>
        <source>libyaml: out of memory</source>
        <translation>libyaml: kein Speicher mehr</translation>
    </message>
    <message>
        <source>web config %1:%2: %3</source>
        <translation>Web-Konfiguration %1:%2: %3</translation>
    </message>
    <message>
        <source>the file</source>
        <translation>die Datei</translation>
    </message>
    <message>
        <source>unknown key &quot;%1&quot;</source>
        <translation>unbekannter Schlüssel „%1“</translation>
    </message>
    <message>
        <source>cannot read web config %1: %2</source>
        <translation>Web-Konfiguration %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>tls_server_config.%1 is not supported (remove it)</source>
        <translation>tls_server_config.%1 wird nicht unterstützt (bitte entfernen)</translation>
    </message>
    <message>
        <source>rate_limit is not supported (failed logins are bounded without it)</source>
        <translation>rate_limit wird nicht unterstützt (fehlgeschlagene Anmeldungen sind auch ohne begrenzt)</translation>
    </message>
    <message>
        <source>basic_auth_users: the bcrypt cost of &quot;%1&quot; is %2; it must be from 04 to 31</source>
        <translation>basic_auth_users: die bcrypt-Kosten von &quot;%1&quot; sind %2; sie müssen zwischen 04 und 31 liegen</translation>
    </message>
</context>
<context>
    <name>WhatIfText</name>
    <message>
        <source>Previews a QoS change on the fabric&apos;s own load before it is made. Watches the fabric for --seconds, builds its twin only from what the console sees (each switch&apos;s running-config, the NICs&apos; DCQCN as their agents read mlx5&apos;s ecn/ files, LLDP, the port rates and the jobs it launched), and runs the twin with its configuration and with the change side by side. Prints &quot;calibration&quot; (the twin&apos;s current run against what the fabric showed) and &quot;predicted&quot; (&quot;current&quot; and &quot;proposed&quot;).

The change file holds NX-OS configuration lines (applied to every switch) and NIC lines &apos;ecn/roce_rp/FILE VALUE&apos; (applied to every NIC). Nothing is applied to a fabric, except with --verify, which only the simulated fabric takes: the change then goes to its switches over NX-API and its NICs through their agents, the fabric is watched again, and &quot;observed&quot; and &quot;error&quot; (the prediction&apos;s relative error per figure) are added.

Secrets for --inventory as for `rocectl watch`.</source>
        <translation>Zeigt eine QoS-Änderung an der eigenen Last der Fabric vorab, bevor sie vorgenommen wird. Beobachtet die Fabric für --seconds, baut ihren Zwilling nur aus dem, was die Konsole sieht (die running-config jedes Switches, das DCQCN der NICs, wie ihre Agenten es aus den ecn/-Dateien von mlx5 lesen, LLDP, die Port-Raten und die von ihr gestarteten Jobs), und lässt den Zwilling mit seiner Konfiguration und mit der Änderung nebeneinander laufen. Gibt „calibration“ (der aktuelle Lauf des Zwillings im Vergleich zu dem, was die Fabric zeigte) und „predicted“ („current“ und „proposed“) aus.

Die Änderungsdatei enthält NX-OS-Konfigurationszeilen (auf jeden Switch angewendet) und NIC-Zeilen „ecn/roce_rp/FILE VALUE“ (auf jede NIC angewendet). Auf eine Fabric wird nichts angewendet, außer mit --verify, das nur die simulierte Fabric annimmt: Die Änderung geht dann über NX-API an ihre Switches und über deren Agenten an ihre NICs, die Fabric wird erneut beobachtet, und „observed“ und „error“ (der relative Fehler der Vorhersage je Kennzahl) kommen hinzu.

Geheimnisse für --inventory wie bei `rocectl watch`.</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>With --sim: through the simulated fabric&apos;s served NX-API and agents (always so: the twin reads what devices expose).</source>
        <translation>Mit --sim: über die NX-API und die Agenten, die die simulierte Fabric bereitstellt (immer so: Der Zwilling liest, was Geräte bereitstellen).</translation>
    </message>
    <message>
        <source>The proposed change: NX-OS configuration lines and &apos;ecn/roce_np|roce_rp/FILE VALUE&apos; lines.</source>
        <translation>Die vorgeschlagene Änderung: NX-OS-Konfigurationszeilen und Zeilen „ecn/roce_np|roce_rp/FILE VALUE“.</translation>
    </message>
    <message>
        <source>Seconds to watch the fabric (and, with --verify, to watch it again after the change); default 10.</source>
        <translation>Beobachtungsdauer der Fabric in Sekunden (mit --verify auch die der erneuten Beobachtung nach der Änderung); Standard 10.</translation>
    </message>
    <message>
        <source>Model seconds the twin runs each configuration for (default: --seconds).</source>
        <translation>Modellsekunden, die der Zwilling jede Konfiguration laufen lässt (Standard: --seconds).</translation>
    </message>
    <message>
        <source>Seconds the load runs before the watch (default 5).</source>
        <translation>Sekunden, die die Last vor der Beobachtung läuft (Standard 5).</translation>
    </message>
    <message>
        <source>With --verify: seconds between the change and the second watch (default 5).</source>
        <translation>Mit --verify: Sekunden zwischen der Änderung und der zweiten Beobachtung (Standard 5).</translation>
    </message>
    <message>
        <source>Seconds to wait for every source to answer (default 20).</source>
        <translation>Sekunden, die auf die Antwort jeder Quelle gewartet wird (Standard 20).</translation>
    </message>
    <message>
        <source>Simulated fabric only: apply the change to it, watch it again, and report the prediction&apos;s error.</source>
        <translation>Nur simulierte Fabric: die Änderung auf sie anwenden, sie erneut beobachten und den Fehler der Vorhersage ausgeben.</translation>
    </message>
    <message>
        <source>Print one JSON object.</source>
        <translation>Ein JSON-Objekt ausgeben.</translation>
    </message>
    <message>
        <source>--served goes with --sim</source>
        <translation>--served gehört zu --sim</translation>
    </message>
    <message>
        <source>--verify applies the change to the fabric, and only the simulated one (--sim) takes it: the console never changes a real switch</source>
        <translation>--verify wendet die Änderung auf die Fabric an, und nur die simulierte (--sim) nimmt sie an: Die Konsole ändert nie einen echten Switch</translation>
    </message>
    <message>
        <source>--change FILE is required</source>
        <translation>--change DATEI ist erforderlich</translation>
    </message>
    <message>
        <source>Jobs launched from another console are not known here: their traffic counts as bulk flows.</source>
        <translation>Von einer anderen Konsole gestartete Jobs sind hier nicht bekannt: Ihr Verkehr zählt als Bulk-Flows.</translation>
    </message>
    <message>
        <source>figure</source>
        <translation>Kennzahl</translation>
    </message>
    <message>
        <source>seen now</source>
        <translation>gesehen</translation>
    </message>
    <message>
        <source>twin now</source>
        <translation>Zwilling</translation>
    </message>
    <message>
        <source>proposed</source>
        <translation>Vorschlag</translation>
    </message>
    <message>
        <source>observed</source>
        <translation>beobachtet</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>the fabric did not come up</source>
        <translation>die Fabric ist nicht hochgefahren</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>gestoppt</translation>
    </message>
    <message>
        <source>the fabric refused the change: %1</source>
        <translation>die Fabric hat die Änderung abgelehnt: %1</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Preview a QoS change on the fabric&apos;s twin (current against proposed)</source>
        <translation>Eine QoS-Änderung am Zwilling der Fabric vorab zeigen (aktuell gegenüber vorgeschlagen)</translation>
    </message>
    <message>
        <source>The twin&apos;s model: fluid (default) or packet (every counter exact; several times slower on a large fabric under load).</source>
        <translation>Das Modell des Zwillings: fluid (Standard) oder packet (jeder Zähler exakt; auf einer großen Fabric unter Last um ein Mehrfaches langsamer).</translation>
    </message>
</context>
<context>
    <name>WhatIfWiringText</name>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>the twin is built from the switches&apos; running-configs over NX-API, which the window does not read here (a large simulated fabric drawn directly, or a metrics store&apos;s fleet): watch the demo fabric or an inventory, or run rocectl whatif --sim --topology T</source>
        <translation>der Zwilling wird aus den running-configs der Switches über NX-API gebaut, die das Fenster hier nicht liest (eine große simulierte Fabric, direkt gezeichnet, oder die Flotte eines Metrikspeichers): Beobachten Sie die Demo-Fabric oder ein Inventar, oder führen Sie rocectl whatif --sim --topology T aus</translation>
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
    <name>roce::app::ConsoleRecording</name>
    <message>
        <source>The flight recorder could not start: %1</source>
        <translation>Der Flugschreiber konnte nicht starten: %1</translation>
    </message>
    <message>
        <source>Recording off</source>
        <translation>Aufzeichnung aus</translation>
    </message>
    <message>
        <source>Recording stopped: %1</source>
        <translation>Aufzeichnung angehalten: %1</translation>
    </message>
    <message>
        <source>● REC %1 kept</source>
        <translation>● REC %1 gespeichert</translation>
    </message>
    <message>
        <source>The annotation is shown for this replay only: %1</source>
        <translation>Die Anmerkung wird nur für diese Wiedergabe angezeigt: %1</translation>
    </message>
    <message>
        <source>Recording is off: the annotation is shown until the console quits.</source>
        <translation>Die Aufzeichnung ist aus: die Anmerkung wird angezeigt, bis die Konsole beendet wird.</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 auf %2</translation>
    </message>
    <message>
        <source>Scenario %1</source>
        <translation>Szenario %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Cannot replay %1: %2</source>
        <translation>%1 kann nicht wiedergegeben werden: %2</translation>
    </message>
    <message>
        <source>%1 holds nothing to replay.</source>
        <translation>%1 enthält nichts zum Wiedergeben.</translation>
    </message>
    <message>
        <source>Parts of this recording could not be read; the rest replays.

%1</source>
        <translation>Teile dieser Aufzeichnung konnten nicht gelesen werden; der Rest wird wiedergegeben.

%1</translation>
    </message>
    <message>
        <source>Save clip</source>
        <translation>Ausschnitt speichern</translation>
    </message>
    <message>
        <source>Recordings (*.rfr)</source>
        <translation>Aufzeichnungen (*.rfr)</translation>
    </message>
    <message>
        <source>The clip was not saved: %1</source>
        <translation>Der Ausschnitt wurde nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>Clip saved: %1 (%2)</source>
        <translation>Ausschnitt gespeichert: %1 (%2)</translation>
    </message>
    <message>
        <source>&quot;After&quot; marked: now mark the range before the change.</source>
        <translation>&quot;Nachher&quot; markiert: jetzt den Bereich vor der Änderung markieren.</translation>
    </message>
    <message>
        <source>&quot;Before&quot; marked: now mark the range after the change.</source>
        <translation>&quot;Vorher&quot; markiert: jetzt den Bereich nach der Änderung markieren.</translation>
    </message>
    <message>
        <source>Before and after</source>
        <translation>Vorher und nachher</translation>
    </message>
    <message>
        <source>before</source>
        <translation>vorher</translation>
    </message>
    <message>
        <source>after</source>
        <translation>nachher</translation>
    </message>
    <message>
        <source>Open recording</source>
        <translation>Aufzeichnung öffnen</translation>
    </message>
</context>
<context>
    <name>roce::app::FabricSession</name>
    <message>
        <source>Scenarios run on the simulated fabric only: choose Fabric &gt; Demo fabric first.</source>
        <translation>Szenarien laufen nur auf dem simulierten Fabric: zuerst Fabric &gt; Demo-Fabric wählen.</translation>
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
    <message>
        <source>The embedded simulated fabric (8 servers, one Nexus) runs because no inventory is configured. Any NX-API client can talk to its switch at %1.</source>
        <translation>Die eingebaute simulierte Fabric (8 Server, ein Nexus) läuft, weil kein Inventar konfiguriert ist. Jeder NX-API-Client erreicht ihren Switch unter %1.</translation>
    </message>
    <message>
        <source>Simulated fabric failed</source>
        <translation>Simulierte Fabric fehlgeschlagen</translation>
    </message>
    <message>
        <source>Simulated fabric</source>
        <translation>Simulierte Fabric</translation>
    </message>
    <message>
        <source>The embedded simulated fabric could not start: %1</source>
        <translation>Die eingebaute simulierte Fabric konnte nicht starten: %1</translation>
    </message>
    <message>
        <source>Simulated fabric: NX-API %1, agents: %2</source>
        <translation>Simulierte Fabric: NX-API %1, Agenten: %2</translation>
    </message>
    <message>
        <source>Scenario: %1. %2</source>
        <translation>Szenario: %1. %2</translation>
    </message>
    <message>
        <source>&amp;Scenario</source>
        <translation>&amp;Szenario</translation>
    </message>
    <message numerus="yes">
        <source>Inventory: one switch, %n server(s)</source>
        <translation>
            <numerusform>Inventar: ein Switch, %n Server</numerusform>
            <numerusform>Inventar: ein Switch, %n Server</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Inventory: no switch, %n server(s)</source>
        <translation>
            <numerusform>Inventar: kein Switch, %n Server</numerusform>
            <numerusform>Inventar: kein Switch, %n Server</numerusform>
        </translation>
    </message>
    <message>
        <source>The console watches the fabric of its inventory (Fabric &gt; Inventory...).</source>
        <translation>Die Konsole überwacht das Fabric aus ihrem Inventar (Fabric &gt; Inventar...).</translation>
    </message>
    <message>
        <source>Fabric</source>
        <translation>Fabric</translation>
    </message>
    <message numerus="yes">
        <source>Simulated leaf/spine fabric %1: %n servers</source>
        <translation>
            <numerusform>Simuliertes Leaf/Spine-Fabric %1: %n Server</numerusform>
            <numerusform>Simuliertes Leaf/Spine-Fabric %1: %n Server</numerusform>
        </translation>
    </message>
    <message>
        <source>The model&apos;s rows go straight to the console (no agent per NIC at this size); it runs slower than real time, and rates are per simulated second.</source>
        <translation>Die Zeilen des Modells gehen direkt an die Konsole (bei dieser Größe kein Agent pro NIC); es läuft langsamer als Echtzeit, und Raten gelten pro simulierter Sekunde.</translation>
    </message>
    <message>
        <source>F&amp;abric</source>
        <translation>F&amp;abric</translation>
    </message>
    <message>
        <source>&amp;Inventory...</source>
        <translation>&amp;Inventar...</translation>
    </message>
    <message>
        <source>The switch and servers to watch, their secrets in the keychain.</source>
        <translation>Der zu überwachende Switch und die Server, ihre Geheimnisse im Schlüsselbund.</translation>
    </message>
    <message>
        <source>&amp;Demo fabric</source>
        <translation>&amp;Demo-Fabric</translation>
    </message>
    <message>
        <source>Watch the embedded simulated fabric (8 servers, one Nexus).</source>
        <translation>Das eingebettete simulierte Fabric überwachen (8 Server, ein Nexus).</translation>
    </message>
    <message>
        <source>%1 unreachable, retrying: %2</source>
        <translation>%1 nicht erreichbar, neuer Versuch: %2</translation>
    </message>
    <message numerus="yes">
        <source>Inventory: %1 spines, %2 leaves, %n servers (placed by LLDP)</source>
        <translation>
            <numerusform>Inventar: %1 Spines, %2 Leaves, %n Server (per LLDP platziert)</numerusform>
            <numerusform>Inventar: %1 Spines, %2 Leaves, %n Server (per LLDP platziert)</numerusform>
        </translation>
    </message>
    <message>
        <source>Every switch of the inventory polled over NX-API, every agent streamed; the map is drawn from the switches&apos; LLDP neighbours.</source>
        <translation>Jeder Switch des Inventars wird über NX-API abgefragt, jeder Agent gestreamt; die Karte entsteht aus den LLDP-Nachbarn der Switches.</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>Wiedergabe</translation>
    </message>
    <message>
        <source>REPLAY — %1 — recorded %2. Every view shows the recording; the live fabric is still watched and recorded.</source>
        <translation>WIEDERGABE — %1 — aufgezeichnet %2. Jede Ansicht zeigt die Aufzeichnung; die Live-Fabric wird weiter beobachtet und aufgezeichnet.</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Zeitleiste</translation>
    </message>
    <message>
        <source>[Replay] %1 — RoCE Fabric Console</source>
        <translation>[Wiedergabe] %1 — RoCE Fabric Console</translation>
    </message>
    <message>
        <source>Replaying %1</source>
        <translation>Wiedergabe von %1</translation>
    </message>
    <message>
        <source>&amp;Open recording...</source>
        <translation>Aufzeichnung ö&amp;ffnen...</translation>
    </message>
    <message>
        <source>Replay a recording: every view shows it, with a timeline.</source>
        <translation>Eine Aufzeichnung wiedergeben: jede Ansicht zeigt sie, mit einer Zeitleiste.</translation>
    </message>
    <message>
        <source>Replay recent &amp;history</source>
        <translation>Jüngsten &amp;Verlauf wiedergeben</translation>
    </message>
    <message>
        <source>Replay what the console recorded (the kept hours).</source>
        <translation>Wiedergeben, was die Konsole aufgezeichnet hat (die aufbewahrten Stunden).</translation>
    </message>
    <message>
        <source>Save &amp;clip...</source>
        <translation>&amp;Ausschnitt speichern...</translation>
    </message>
    <message>
        <source>Save the timeline&apos;s selection (or the whole replay) as a new recording.</source>
        <translation>Die Auswahl der Zeitleiste (oder die ganze Wiedergabe) als neue Aufzeichnung speichern.</translation>
    </message>
    <message>
        <source>&amp;Back to live</source>
        <translation>&amp;Zurück zu live</translation>
    </message>
    <message>
        <source>&amp;Recording settings...</source>
        <translation>Aufzeichnungs&amp;einstellungen...</translation>
    </message>
    <message>
        <source>Simulated seconds per wall-clock second: below 1 the model runs slower than real time and rates are per simulated second.</source>
        <translation>Simulierte Sekunden je Sekunde Echtzeit: unter 1 läuft das Modell langsamer als in Echtzeit, und Raten gelten je simulierter Sekunde.</translation>
    </message>
    <message>
        <source>Model %1x real time</source>
        <translation>Modell %1x Echtzeit</translation>
    </message>
    <message>
        <source>Fleet from %1: %2 switches, %3 hosts</source>
        <translation>Flotte aus %1: %2 Switches, %3 Hosts</translation>
    </message>
    <message>
        <source>Switches, hosts, rates and history are read from the metrics store %1; nothing is polled directly.</source>
        <translation>Switches, Hosts, Raten und Verlauf werden aus dem Metrikspeicher %1 gelesen; nichts wird direkt abgefragt.</translation>
    </message>
    <message>
        <source>Store %1 s, %2 ports, every %3 s</source>
        <translation>Speicher %1 s, %2 Ports, alle %3 s</translation>
    </message>
    <message>
        <source>How long the metrics store took to answer the last refresh of the present, and how often it is refreshed (its scrape interval).</source>
        <translation>Wie lange der Metrikspeicher für die letzte Aktualisierung der Gegenwart brauchte und wie oft aktualisiert wird (sein Scrape-Intervall).</translation>
    </message>
    <message>
        <source>Connect to &amp;Prometheus...</source>
        <translation>Mit &amp;Prometheus verbinden...</translation>
    </message>
    <message>
        <source>Read the fleet from a Prometheus-compatible store (Prometheus, Thanos, VictoriaMetrics, Mimir) instead of polling it.</source>
        <translation>Die Flotte aus einem Prometheus-kompatiblen Speicher lesen (Prometheus, Thanos, VictoriaMetrics, Mimir), statt sie abzufragen.</translation>
    </message>
    <message>
        <source>&amp;Stream hosts directly...</source>
        <translation>Hosts direkt &amp;streamen...</translation>
    </message>
    <message>
        <source>While the fleet is read from a metrics store: follow up to 32 hosts through their agents&apos; own 1 s stream.</source>
        <translation>Solange die Flotte aus einem Metrikspeicher gelesen wird: bis zu 32 Hosts über den eigenen 1-s-Stream ihrer Agenten verfolgen.</translation>
    </message>
    <message>
        <source>Pingmesh</source>
        <translation>Pingmesh</translation>
    </message>
    <message>
        <source>Every pair of NICs probed, as a heat map, and the bad NIC, link or port named with its evidence.</source>
        <translation>Jedes NIC-Paar geprobt, als Heatmap, und die defekte NIC, der Link oder Port mit Belegen benannt.</translation>
    </message>
    <message>
        <source>Ping&amp;mesh</source>
        <translation>Ping&amp;mesh</translation>
    </message>
    <message>
        <source>Probe every pair of NICs and name the bad NIC, link or port.</source>
        <translation>Jedes NIC-Paar proben und die defekte NIC, den Link oder Port benennen.</translation>
    </message>
    <message>
        <source>Diagnosis</source>
        <translation>Diagnose</translation>
    </message>
    <message>
        <source>The cause behind the symptoms: a stalled NIC, a down or bad link, a switch or host configured wrong, with the evidence and the alerts it explains.</source>
        <translation>Die Ursache hinter den Symptomen: eine blockierte NIC, ein ausgefallener oder defekter Link, ein falsch konfigurierter Switch oder Host, mit den Belegen und den Alarmen, die sie erklärt.</translation>
    </message>
    <message>
        <source>Replaying %1: the scenario and faults are the recording&apos;s.</source>
        <translation>Wiedergabe von %1: Szenario und Fehler stammen aus der Aufzeichnung.</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1 an %2</translation>
    </message>
    <message>
        <source>Idle fabric: pick a load or a fault from the Scenario menu (an incast, training, a stalled NIC...) and watch the map, the Diagnosis and the Events.</source>
        <translation>Fabric im Leerlauf: eine Last oder einen Fehler im Menü Szenario wählen (ein Incast, Training, eine blockierte NIC...) und die Karte, die Diagnose und die Ereignisse beobachten.</translation>
    </message>
    <message>
        <source>What if</source>
        <translation>Was wäre wenn</translation>
    </message>
    <message>
        <source>A QoS change previewed on the fabric&apos;s twin, against the fabric now, before it is made.</source>
        <translation>Eine QoS-Änderung als Vorschau am Zwilling der Fabric, verglichen mit der jetzigen Fabric, bevor sie vorgenommen wird.</translation>
    </message>
    <message>
        <source>&amp;What if...</source>
        <translation>&amp;Was wäre wenn...</translation>
    </message>
    <message>
        <source>Preview a QoS change on the fabric&apos;s twin before making it.</source>
        <translation>Eine QoS-Änderung am Zwilling der Fabric vorab zeigen, bevor sie vorgenommen wird.</translation>
    </message>
</context>
<context>
    <name>roce::models::FindingModel</name>
    <message>
        <source>%1 on %2</source>
        <translation>%1 auf %2</translation>
    </message>
    <message>
        <source>%1

What to check: %2</source>
        <translation>%1

Zu prüfen: %2</translation>
    </message>
    <message>
        <source>cleared</source>
        <translation>behoben</translation>
    </message>
    <message>
        <source>evidence</source>
        <translation>Beleg</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>explains</source>
        <translation>erklärt</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>Schwere</translation>
    </message>
    <message>
        <source>Cause</source>
        <translation>Ursache</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Ort</translation>
    </message>
    <message>
        <source>What it means</source>
        <translation>Bedeutung</translation>
    </message>
    <message>
        <source>Raised</source>
        <translation>Ausgelöst</translation>
    </message>
</context>
<context>
    <name>roce::widgets::AnnotationDialog</name>
    <message>
        <source>Until</source>
        <translation>Bis</translation>
    </message>
    <message>
        <source>The whole fabric</source>
        <translation>Die ganze Fabric</translation>
    </message>
    <message>
        <source>Annotate</source>
        <translation>Anmerken</translation>
    </message>
    <message>
        <source>When:</source>
        <translation>Wann:</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 bis %2</translation>
    </message>
    <message>
        <source>Port %1</source>
        <translation>Port %1</translation>
    </message>
    <message>
        <source>About:</source>
        <translation>Betrifft:</translation>
    </message>
    <message>
        <source>What happened, or what was changed (&quot;WRED min 150 KB from here&quot;)</source>
        <translation>Was geschah oder was geändert wurde (&quot;WRED min 150 KB ab hier&quot;)</translation>
    </message>
    <message>
        <source>Note:</source>
        <translation>Notiz:</translation>
    </message>
</context>
<context>
    <name>roce::widgets::ComparisonView</name>
    <message>
        <source>run %1 (%2)</source>
        <translation>Lauf %1 (%2)</translation>
    </message>
    <message>
        <source>%1 (run %2)</source>
        <translation>%1 (Lauf %2)</translation>
    </message>
    <message>
        <source>Bandwidth (Gb/s)</source>
        <translation>Bandbreite (Gb/s)</translation>
    </message>
    <message>
        <source>Latency percentiles (us)</source>
        <translation>Latenzperzentile (µs)</translation>
    </message>
    <message>
        <source>Message size sweep</source>
        <translation>Nachrichtengrößen-Sweep</translation>
    </message>
    <message>
        <source>Export CSV...</source>
        <translation>Als CSV exportieren...</translation>
    </message>
    <message>
        <source>Export PNG...</source>
        <translation>Als PNG exportieren...</translation>
    </message>
    <message>
        <source>Gb/s</source>
        <translation>Gb/s</translation>
    </message>
    <message>
        <source>min</source>
        <translation>Min</translation>
    </message>
    <message>
        <source>median</source>
        <translation>Median</translation>
    </message>
    <message>
        <source>99%</source>
        <translation>99 %</translation>
    </message>
    <message>
        <source>99.9%</source>
        <translation>99,9 %</translation>
    </message>
    <message>
        <source>max</source>
        <translation>Max</translation>
    </message>
    <message>
        <source>message size (bytes)</source>
        <translation>Nachrichtengröße (Bytes)</translation>
    </message>
    <message>
        <source>typical latency (us)</source>
        <translation>typische Latenz (µs)</translation>
    </message>
    <message>
        <source>Export comparison as CSV</source>
        <translation>Vergleich als CSV exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>Export comparison as PNG</source>
        <translation>Vergleich als PNG exportieren</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
</context>
<context>
    <name>roce::widgets::CounterCharts</name>
    <message>
        <source>Select a port in the port table.</source>
        <translation>Einen Port in der Port-Tabelle auswählen.</translation>
    </message>
    <message>
        <source>1 min</source>
        <translation>1 min</translation>
    </message>
    <message>
        <source>5 min</source>
        <translation>5 min</translation>
    </message>
    <message>
        <source>15 min</source>
        <translation>15 min</translation>
    </message>
    <message>
        <source>1 h</source>
        <translation>1 h</translation>
    </message>
    <message>
        <source>6 h</source>
        <translation>6 h</translation>
    </message>
    <message>
        <source>24 h</source>
        <translation>24 h</translation>
    </message>
    <message>
        <source>Width of the time window</source>
        <translation>Breite des Zeitfensters</translation>
    </message>
    <message>
        <source>Back in time by half a window</source>
        <translation>Ein halbes Fenster zurück in der Zeit</translation>
    </message>
    <message>
        <source>Forward in time by half a window</source>
        <translation>Ein halbes Fenster vor in der Zeit</translation>
    </message>
    <message>
        <source>PNG...</source>
        <translation>PNG...</translation>
    </message>
    <message>
        <source>Export the charts as an image</source>
        <translation>Die Diagramme als Bild exportieren</translation>
    </message>
    <message>
        <source>CSV...</source>
        <translation>CSV...</translation>
    </message>
    <message>
        <source>Export the visible window&apos;s points as CSV</source>
        <translation>Die Punkte des sichtbaren Fensters als CSV exportieren</translation>
    </message>
    <message>
        <source>Export charts as PNG</source>
        <translation>Diagramme als PNG exportieren</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <source>Export counters as CSV</source>
        <translation>Zähler als CSV exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>%1  %2: %3</source>
        <translation>%1  %2: %3</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>Live</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>Angehalten</translation>
    </message>
    <message>
        <source>Following now; click to pause</source>
        <translation>Folgt der aktuellen Zeit; klicken zum Anhalten</translation>
    </message>
    <message>
        <source>Paused; click to follow now again</source>
        <translation>Angehalten; klicken, um wieder der aktuellen Zeit zu folgen</translation>
    </message>
    <message>
        <source>Annotate at %1...</source>
        <translation>Bei %1 anmerken...</translation>
    </message>
    <message>
        <source>Annotate this span...</source>
        <translation>Diesen Zeitraum anmerken...</translation>
    </message>
    <message>
        <source>%1 k</source>
        <comment>thousand (SI suffix)</comment>
        <translation>%1 k</translation>
    </message>
    <message>
        <source>%1 M</source>
        <comment>million (SI suffix)</comment>
        <translation>%1 M</translation>
    </message>
    <message>
        <source>%1 G</source>
        <comment>billion (SI suffix)</comment>
        <translation>%1 G</translation>
    </message>
    <message>
        <source>%1 T</source>
        <comment>trillion (SI suffix)</comment>
        <translation>%1 T</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
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
        <source>Waiting for data for %1</source>
        <translation>Warte auf Daten für %1</translation>
    </message>
    <message>
        <source>kept: last %1</source>
        <translation>behalten: letzte %1</translation>
    </message>
</context>
<context>
    <name>roce::widgets::DiagnosisView</name>
    <message>
        <source>No cause named: the diagnosis names one when the fabric&apos;s symptoms point at it (a stalled NIC, a down or bad link, a misconfigured switch or host).</source>
        <translation>Keine Ursache benannt: Die Diagnose benennt eine, sobald die Symptome der Fabric auf sie zeigen (eine blockierte NIC, ein ausgefallener oder defekter Link, ein falsch konfigurierter Switch oder Host).</translation>
    </message>
    <message>
        <source>What to check: %1</source>
        <translation>Zu prüfen: %1</translation>
    </message>
    <message>
        <source>Held back (victims, not causes): %1</source>
        <translation>Zurückgehalten (Opfer, keine Ursachen): %1</translation>
    </message>
</context>
<context>
    <name>roce::widgets::DirectStreamDialog</name>
    <message>
        <source>Stream hosts directly</source>
        <translation>Hosts direkt streamen</translation>
    </message>
    <message>
        <source>The fleet stays on the metrics store; the hosts picked here are followed through their agents&apos; own stream, every second, with the inventory&apos;s address, token and certificate pin (at most %1).</source>
        <translation>Die Flotte bleibt auf dem Metrikspeicher; die hier gewählten Hosts werden jede Sekunde über den eigenen Stream ihrer Agenten verfolgt, mit Adresse, Token und Zertifikats-Pin aus dem Inventar (höchstens %1).</translation>
    </message>
    <message>
        <source>Find a host</source>
        <translation>Host suchen</translation>
    </message>
    <message>
        <source>Not in the inventory (Fabric &gt; Inventory...): no address, token or pin to reach its agent with.</source>
        <translation>Nicht im Inventar (Fabric &gt; Inventar...): keine Adresse, kein Token und kein Pin, um seinen Agenten zu erreichen.</translation>
    </message>
    <message>
        <source>&amp;Stream</source>
        <translation>&amp;Streamen</translation>
    </message>
    <message>
        <source>%1 of at most %2 hosts</source>
        <translation>%1 von höchstens %2 Hosts</translation>
    </message>
</context>
<context>
    <name>roce::widgets::EventListView</name>
    <message>
        <source>Select an event to see what it means and what to check.</source>
        <translation>Ein Ereignis auswählen, um zu sehen, was es bedeutet und was zu prüfen ist.</translation>
    </message>
</context>
<context>
    <name>roce::widgets::ExperimentLauncher</name>
    <message>
        <source>tool default</source>
        <translation>Werkzeugstandard</translation>
    </message>
    <message>
        <source>host default</source>
        <translation>Host-Standard</translation>
    </message>
    <message>
        <source>every size from 2 B to 8 MB</source>
        <translation>jede Größe von 2 B bis 8 MB</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ausführen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>RDMA bandwidth</source>
        <translation>RDMA-Bandbreite</translation>
    </message>
    <message>
        <source>RDMA latency</source>
        <translation>RDMA-Latenz</translation>
    </message>
    <message>
        <source>TCP bandwidth (iperf3)</source>
        <translation>TCP-Bandbreite (iperf3)</translation>
    </message>
    <message>
        <source>TCP latency (sockperf)</source>
        <translation>TCP-Latenz (sockperf)</translation>
    </message>
    <message>
        <source>Pairwise matrix</source>
        <translation>Paarweise Matrix</translation>
    </message>
    <message>
        <source>Training run</source>
        <translation>Trainingslauf</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keine</translation>
    </message>
    <message>
        <source>Seed bandwidth: 1 MB x 4 QPs</source>
        <translation>Seed-Bandbreite: 1 MB x 4 QPs</translation>
    </message>
    <message>
        <source>Seed latency: 2 B</source>
        <translation>Seed-Latenz: 2 B</translation>
    </message>
    <message>
        <source>Message size sweep</source>
        <translation>Nachrichtengrößen-Sweep</translation>
    </message>
    <message>
        <source>RDMA vs TCP (bandwidth, both)</source>
        <translation>RDMA gegen TCP (Bandbreite, beide)</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>automatisch</translation>
    </message>
    <message>
        <source>first RDMA device</source>
        <translation>erstes RDMA-Gerät</translation>
    </message>
    <message>
        <source>e.g. QoS on, after IRQ tuning</source>
        <translation>z. B. QoS an, nach IRQ-Tuning</translation>
    </message>
    <message>
        <source>RoCE traffic class as DSCP (perftest --tclass = DSCP x 4)</source>
        <translation>RoCE-Traffic-Class als DSCP (perftest --tclass = DSCP x 4)</translation>
    </message>
    <message>
        <source>The tools&apos; output appears here while a run goes.</source>
        <translation>Die Ausgabe der Werkzeuge erscheint hier, während ein Lauf läuft.</translation>
    </message>
    <message>
        <source>Experiment</source>
        <translation>Experiment</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>Test</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>Vorgabe</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>Client</translation>
    </message>
    <message>
        <source>Hosts</source>
        <translation>Hosts</translation>
    </message>
    <message>
        <source>Against</source>
        <translation>Gegen</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <source>GID index</source>
        <translation>GID-Index</translation>
    </message>
    <message>
        <source>QPs</source>
        <translation>QPs</translation>
    </message>
    <message>
        <source>Message size (B)</source>
        <translation>Nachrichtengröße (B)</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>Sweep</translation>
    </message>
    <message>
        <source>Duration (s)</source>
        <translation>Dauer (s)</translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation>Iterationen</translation>
    </message>
    <message>
        <source>DSCP</source>
        <translation>DSCP</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>Backend</translation>
    </message>
    <message>
        <source>Gradient (MB)</source>
        <translation>Gradient (MB)</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Bezeichnung</translation>
    </message>
    <message>
        <source>every pair</source>
        <translation>jedes Paar</translation>
    </message>
    <message>
        <source>%1  %2 port %3  %4  %5%6</source>
        <translation>%1  %2 Port %3  %4  %5%6</translation>
    </message>
    <message>
        <source>  (RoCE v2)</source>
        <translation>  (RoCE v2)</translation>
    </message>
    <message>
        <source>RDMA</source>
        <translation>RDMA</translation>
    </message>
    <message>
        <source>%1, RDMA</source>
        <translation>%1, RDMA</translation>
    </message>
    <message>
        <source>TCP</source>
        <translation>TCP</translation>
    </message>
    <message>
        <source>%1, TCP</source>
        <translation>%1, TCP</translation>
    </message>
</context>
<context>
    <name>roce::widgets::ExperimentsPanel</name>
    <message>
        <source>Compare selected</source>
        <translation>Auswahl vergleichen</translation>
    </message>
    <message>
        <source>Show output</source>
        <translation>Ausgabe zeigen</translation>
    </message>
    <message>
        <source>Side by side, the first selected run as the baseline</source>
        <translation>Nebeneinander, der erste gewählte Lauf als Basis</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Starten</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>Ergebnisse</translation>
    </message>
    <message>
        <source>Matrix</source>
        <translation>Matrix</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>Gb/s</source>
        <translation>Gb/s</translation>
    </message>
    <message>
        <source>us</source>
        <translation>µs</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation>%1: %2 (%3)</translation>
    </message>
    <message>
        <source>Compare runs</source>
        <translation>Läufe vergleichen</translation>
    </message>
    <message>
        <source>Select the runs to compare in the list (Ctrl+click).</source>
        <translation>Wählen Sie die zu vergleichenden Läufe in der Liste (Strg+Klick).</translation>
    </message>
    <message>
        <source>Output of run %1</source>
        <translation>Ausgabe von Lauf %1</translation>
    </message>
</context>
<context>
    <name>roce::widgets::FabricMapPanel</name>
    <message>
        <source>Find a host, leaf or spine...</source>
        <translation>Host, Leaf oder Spine suchen...</translation>
    </message>
    <message>
        <source>Zoom in (+)</source>
        <translation>Vergrößern (+)</translation>
    </message>
    <message>
        <source>Zoom out (-)</source>
        <translation>Verkleinern (-)</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Einpassen</translation>
    </message>
    <message>
        <source>Show the whole fabric (0)</source>
        <translation>Das ganze Fabric zeigen (0)</translation>
    </message>
    <message>
        <source>drops</source>
        <translation>Drops</translation>
    </message>
    <message>
        <source>pauses</source>
        <translation>Pausen</translation>
    </message>
    <message>
        <source>ECN (outline)</source>
        <translation>ECN (Umriss)</translation>
    </message>
    <message>
        <source>busy</source>
        <translation>ausgelastet</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>im Leerlauf</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>keine Daten</translation>
    </message>
    <message numerus="yes">
        <source>&apos;%1&apos;: %n match(es)</source>
        <translation>
            <numerusform>„%1“: %n Treffer</numerusform>
            <numerusform>„%1“: %n Treffer</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 spines, %3 leaves in %4 groups, %5 servers, %6 server ports</source>
        <translation>%1: %2 Spines, %3 Leafs in %4 Gruppen, %5 Server, %6 Server-Ports</translation>
    </message>
    <message>
        <source>down</source>
        <translation>ausgefallen</translation>
    </message>
    <message>
        <source>cause (outline)</source>
        <translation>Ursache (Umriss)</translation>
    </message>
    <message>
        <source>selected</source>
        <translation>ausgewählt</translation>
    </message>
</context>
<context>
    <name>roce::widgets::FabricMapView</name>
    <message>
        <source>%1: no data</source>
        <translation>%1: keine Daten</translation>
    </message>
    <message>
        <source>%1 (%2): in %3 %, out %4 %, drops %5/s, pauses rx %6/s tx %7/s, ECN %8/s</source>
        <translation>%1 (%2): ein %3 %, aus %4 %, Drops %5/s, Pausen rx %6/s tx %7/s, ECN %8/s</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n server port(s)</source>
        <translation>
            <numerusform>%1: %n Server-Port</numerusform>
            <numerusform>%1: %n Server-Ports</numerusform>
        </translation>
    </message>
    <message>
        <source>Annotate %1...</source>
        <translation>%1 anmerken...</translation>
    </message>
</context>
<context>
    <name>roce::widgets::InventoryDialog</name>
    <message>
        <source>Fabric inventory</source>
        <translation>Fabric-Inventar</translation>
    </message>
    <message>
        <source>Trust this switch certificate?</source>
        <translation>Diesem Switch-Zertifikat vertrauen?</translation>
    </message>
    <message>
        <source>The switch presents a certificate that no CA vouches for:

SHA-256 %1

%2

Compare it with &apos;show nxapi&apos; on the switch console. Pin it?</source>
        <translation>Der Switch legt ein Zertifikat vor, für das keine CA bürgt:

SHA-256 %1

%2

Mit „show nxapi“ auf der Switch-Konsole vergleichen. Pinnen?</translation>
    </message>
    <message>
        <source>Trust this SSH host key?</source>
        <translation>Diesem SSH-Host-Schlüssel vertrauen?</translation>
    </message>
    <message>
        <source>%1:%2 presents a host key that is not in %3:

%4 %5

Compare it with &apos;ssh-keygen -lf /etc/ssh/ssh_host_%6_key.pub&apos; on the server. Trust it and add it to known_hosts?</source>
        <translation>%1:%2 legt einen Host-Schlüssel vor, der nicht in %3 steht:

%4 %5

Mit „ssh-keygen -lf /etc/ssh/ssh_host_%6_key.pub“ auf dem Server vergleichen. Vertrauen und zu known_hosts hinzufügen?</translation>
    </message>
    <message>
        <source>Servers (roce-agent)</source>
        <translation>Server (roce-agent)</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Set token...</source>
        <translation>Token setzen...</translation>
    </message>
    <message>
        <source>Discover (LLDP)</source>
        <translation>Erkennen (LLDP)</translation>
    </message>
    <message>
        <source>Bootstrap via SSH...</source>
        <translation>Bootstrap per SSH...</translation>
    </message>
    <message>
        <source>Copies roce-agent to the selected server over SSH, creates its token and TLS certificate, installs and starts its systemd unit.</source>
        <translation>Kopiert roce-agent per SSH auf den ausgewählten Server, erzeugt sein Token und TLS-Zertifikat, installiert und startet seine systemd-Unit.</translation>
    </message>
    <message>
        <source>Import...</source>
        <translation>Importieren...</translation>
    </message>
    <message>
        <source>Export...</source>
        <translation>Exportieren...</translation>
    </message>
    <message>
        <source>Writes the inventory without passwords or tokens.</source>
        <translation>Schreibt das Inventar ohne Passwörter oder Token.</translation>
    </message>
    <message>
        <source>Select a server first.</source>
        <translation>Zuerst einen Server auswählen.</translation>
    </message>
    <message>
        <source>server%1</source>
        <translation>server%1</translation>
    </message>
    <message>
        <source>Agent token</source>
        <translation>Agent-Token</translation>
    </message>
    <message>
        <source>Token of the agent on %1 (the content of its --token-file, at least %2 characters):</source>
        <translation>Token des Agenten auf %1 (der Inhalt seiner --token-file, mindestens %2 Zeichen):</translation>
    </message>
    <message>
        <source>The token of %1 is too short: the agent requires at least %2 characters.</source>
        <translation>Das Token von %1 ist zu kurz: der Agent verlangt mindestens %2 Zeichen.</translation>
    </message>
    <message>
        <source>The token of %1 will be stored in the keychain when you press OK.</source>
        <translation>Das Token von %1 wird im Schlüsselbund gespeichert, sobald Sie OK drücken.</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n server(s) from %1.</source>
        <translation>
            <numerusform>%n Server aus %1 importiert.</numerusform>
            <numerusform>%n Server aus %1 importiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>Exported to %1 (no passwords or tokens).</source>
        <translation>Nach %1 exportiert (ohne Passwörter oder Token).</translation>
    </message>
    <message>
        <source>Import inventory</source>
        <translation>Inventar importieren</translation>
    </message>
    <message>
        <source>Inventory (*.json);;All files (*)</source>
        <translation>Inventar (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Export inventory</source>
        <translation>Inventar exportieren</translation>
    </message>
    <message>
        <source>Inventory (*.json)</source>
        <translation>Inventar (*.json)</translation>
    </message>
    <message>
        <source>Certificate pinned: SHA-256 %1</source>
        <translation>Zertifikat gepinnt: SHA-256 %1</translation>
    </message>
    <message>
        <source>Certificate not trusted; nothing was pinned.</source>
        <translation>Dem Zertifikat wurde nicht vertraut; nichts gepinnt.</translation>
    </message>
    <message>
        <source>The switch certificate is verified by a trusted CA: no pin is needed.</source>
        <translation>Das Switch-Zertifikat ist von einer vertrauenswürdigen CA bestätigt: kein Pin nötig.</translation>
    </message>
    <message numerus="yes">
        <source>LLDP: added %n server(s); set their tokens, or bootstrap them.</source>
        <translation>
            <numerusform>LLDP: %n Server hinzugefügt; sein Token setzen oder ihn per Bootstrap einrichten.</numerusform>
            <numerusform>LLDP: %n Server hinzugefügt; ihre Token setzen oder sie per Bootstrap einrichten.</numerusform>
        </translation>
    </message>
    <message>
        <source>Not added: %1</source>
        <translation>Nicht hinzugefügt: %1</translation>
    </message>
    <message>
        <source>started by systemd (%1)</source>
        <translation>von systemd gestartet (%1)</translation>
    </message>
    <message>
        <source>started detached, pid %1: %2</source>
        <translation>losgelöst gestartet, PID %1: %2</translation>
    </message>
    <message>
        <source>%1: roce-agent installed and %2 in %3 ms; its token goes to the keychain when you press OK.</source>
        <translation>%1: roce-agent in %3 ms installiert und %2; sein Token kommt in den Schlüsselbund, sobald Sie OK drücken.</translation>
    </message>
    <message>
        <source>Check SSH...</source>
        <translation>SSH prüfen...</translation>
    </message>
    <message>
        <source>Logs in to the selected server over SSH and, if its host key is unknown, shows the fingerprint to trust: needed before a server without an agent is read over SSH.</source>
        <translation>Meldet sich per SSH am ausgewählten Server an und zeigt, wenn sein Host-Schlüssel unbekannt ist, den Fingerabdruck zum Vertrauen: nötig, bevor ein Server ohne Agent per SSH gelesen wird.</translation>
    </message>
    <message>
        <source>SSH to %1@%2:%3 works; host key %4 %5 (%6).</source>
        <translation>SSH zu %1@%2:%3 funktioniert; Host-Schlüssel %4 %5 (%6).</translation>
    </message>
    <message>
        <source>trusted now, added to known_hosts</source>
        <translation>jetzt vertraut, zu known_hosts hinzugefügt</translation>
    </message>
    <message>
        <source>known</source>
        <translation>bekannt</translation>
    </message>
    <message>
        <source>Switches (NX-API)</source>
        <translation>Switches (NX-API)</translation>
    </message>
    <message>
        <source>Set password...</source>
        <translation>Passwort setzen...</translation>
    </message>
    <message>
        <source>Fetch pin...</source>
        <translation>Pin abrufen...</translation>
    </message>
    <message>
        <source>Connects to the selected switch, shows its certificate&apos;s SHA-256 and pins it once you confirm it matches &apos;show nxapi&apos; on the switch.</source>
        <translation>Verbindet sich mit dem ausgewählten Switch, zeigt den SHA-256 seines Zertifikats und hinterlegt ihn, sobald Sie bestätigen, dass er zu „show nxapi“ auf dem Switch passt.</translation>
    </message>
    <message>
        <source>Select a switch first.</source>
        <translation>Zuerst einen Switch auswählen.</translation>
    </message>
    <message>
        <source>Reads the LLDP neighbours of every switch with a password and adds the servers that are not listed yet, with the switch and port they are cabled to.</source>
        <translation>Liest die LLDP-Nachbarn jedes Switches mit Passwort und fügt die noch nicht eingetragenen Server hinzu, mit dem Switch und Port, an dem sie angeschlossen sind.</translation>
    </message>
    <message>
        <source>switch%1</source>
        <translation>switch%1</translation>
    </message>
    <message>
        <source>Switch password</source>
        <translation>Switch-Passwort</translation>
    </message>
    <message>
        <source>NX-API password of %1 on %2:</source>
        <translation>NX-API-Passwort von %1 auf %2:</translation>
    </message>
    <message>
        <source>The password of %1 will be stored in the keychain when you press OK.</source>
        <translation>Das Passwort von %1 wird im Schlüsselbund gespeichert, sobald Sie OK drücken.</translation>
    </message>
</context>
<context>
    <name>roce::widgets::MatrixView</name>
    <message>
        <source>Run a pairwise matrix to see every pair here.</source>
        <translation>Führen Sie eine paarweise Matrix aus, um hier jedes Paar zu sehen.</translation>
    </message>
    <message>
        <source>Rows: server, columns: client, in %1. Green is the best pair, red the worst.</source>
        <translation>Zeilen: Server, Spalten: Client, in %1. Grün ist das beste Paar, Rot das schlechteste.</translation>
    </message>
    <message>
        <source>Slow: %1. Its pairs are well off the median of all pairs (outlined); its NIC, cable or host is the place to look.</source>
        <translation>Langsam: %1. Seine Paare liegen deutlich neben dem Median aller Paare (umrandet); seine NIC, sein Kabel oder sein Host sind zu prüfen.</translation>
    </message>
</context>
<context>
    <name>roce::widgets::PairMatrixView</name>
    <message>
        <source>No pingmesh yet: start one to see every pair of NICs.</source>
        <translation>Noch kein Pingmesh: eines starten, um jedes NIC-Paar zu sehen.</translation>
    </message>
    <message>
        <source>not probed</source>
        <translation>nicht geprobt</translation>
    </message>
    <message>
        <source>a NIC to itself</source>
        <translation>eine NIC zu sich selbst</translation>
    </message>
    <message>
        <source>named by a verdict</source>
        <translation>von einem Befund benannt</translation>
    </message>
    <message>
        <source>Source NIC (sends)</source>
        <translation>Quell-NIC (sendet)</translation>
    </message>
    <message>
        <source>Source switch (sends)</source>
        <translation>Quell-Switch (sendet)</translation>
    </message>
    <message>
        <source>Destination NIC (answers)</source>
        <translation>Ziel-NIC (antwortet)</translation>
    </message>
    <message>
        <source>Destination switch (answers)</source>
        <translation>Ziel-Switch (antwortet)</translation>
    </message>
</context>
<context>
    <name>roce::widgets::PingmeshPanel</name>
    <message>
        <source>By NIC</source>
        <translation>Nach NIC</translation>
    </message>
    <message>
        <source>By switch</source>
        <translation>Nach Switch</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Starten</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>Probes every pair of NICs of the watched fabric (%1) on a model of it with the fault you choose, and names the bad NIC, link or port.</source>
        <translation>Probt jedes NIC-Paar der überwachten Fabric (%1) an einem Modell davon mit dem gewählten Fehler und benennt die defekte NIC, den Link oder Port.</translation>
    </message>
    <message>
        <source>Fault:</source>
        <translation>Fehler:</translation>
    </message>
    <message>
        <source>Matrix:</source>
        <translation>Matrix:</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Angehalten.</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>Neu starten</translation>
    </message>
    <message>
        <source>Starting %1...</source>
        <translation>Starte %1...</translation>
    </message>
    <message>
        <source>switch/port, e.g. %1</source>
        <translation>Switch/Port, z. B. %1</translation>
    </message>
    <message>
        <source>host or host/device, e.g. %1</source>
        <translation>Host oder Host/Gerät, z. B. %1</translation>
    </message>
    <message>
        <source>receiver (optional)</source>
        <translation>Empfänger (optional)</translation>
    </message>
    <message>
        <source>Pingmesh failed: %1</source>
        <translation>Pingmesh fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>the fabric&apos;s agents probe each other (every RoCE device of each server), as rocectl pingmesh --inventory</source>
        <translation>die Agenten der Fabric proben einander (jedes RoCE-Gerät jedes Servers), wie rocectl pingmesh --inventory</translation>
    </message>
    <message>
        <source>Starting the agents&apos; endpoints...</source>
        <translation>Die Endpunkte der Agenten werden gestartet...</translation>
    </message>
    <message>
        <source>Waiting for the fabric the window watches...</source>
        <translation>Warte auf die Fabric, die das Fenster überwacht...</translation>
    </message>
    <message>
        <source>Probes every pair of NICs of the watched fabric (%1) and names the bad NIC, link or port: on a model of it with the fault you choose, or through its own agents (agents).</source>
        <translation>Probt jedes NIC-Paar der überwachten Fabric (%1) und benennt die defekte NIC, den Link oder Port: an einem Modell davon mit dem gewählten Fehler oder über ihre eigenen Agenten (agents).</translation>
    </message>
    <message>
        <source>Probes every pair of NICs of the watched fabric through its servers&apos; agents, and names the bad NIC, link or port.</source>
        <translation>Probt jedes NIC-Paar der überwachten Fabric über die Agenten ihrer Server und benennt die defekte NIC, den Link oder Port.</translation>
    </message>
    <message>
        <source>The watched fabric has no agents to probe with and is not simulated: the pingmesh needs one or the other.</source>
        <translation>Die überwachte Fabric hat keine Agenten zum Proben und ist nicht simuliert: das Pingmesh braucht das eine oder das andere.</translation>
    </message>
    <message numerus="yes">
        <source>The fabric&apos;s agents: %1 NICs, %2 pairs, %3 probes in %4 s (%5 % of the last 3 s lost); %6. %n verdict(s).</source>
        <translation>
            <numerusform>Die Agenten der Fabric: %1 NICs, %2 Paare, %3 Proben in %4 s (%5 % der letzten 3 s verloren); %6. %n Befund.</numerusform>
            <numerusform>Die Agenten der Fabric: %1 NICs, %2 Paare, %3 Proben in %4 s (%5 % der letzten 3 s verloren); %6. %n Befunde.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %2: %3 NICs, %4 pairs, %5 probes in %6 s (%7 % of the last 3 s lost); %8. %n verdict(s).</source>
        <translation>
            <numerusform>%1, %2: %3 NICs, %4 Paare, %5 Proben in %6 s (%7 % der letzten 3 s verloren); %8. %n Befund.</numerusform>
            <numerusform>%1, %2: %3 NICs, %4 Paare, %5 Proben in %6 s (%7 % der letzten 3 s verloren); %8. %n Befunde.</numerusform>
        </translation>
    </message>
    <message>
        <source>healthy</source>
        <translation>gesund</translation>
    </message>
    <message>
        <source>typical RTT %1 us under one switch, %2 us across</source>
        <translation>typische RTT %1 us unter einem Switch, %2 us darüber hinaus</translation>
    </message>
    <message>
        <source>typical RTT %1 us, every pair under one switch</source>
        <translation>typische RTT %1 us, jedes Paar unter einem Switch</translation>
    </message>
    <message>
        <source>typical RTT %1 us, every pair across switches</source>
        <translation>typische RTT %1 us, jedes Paar über Switches hinweg</translation>
    </message>
    <message>
        <source>no RTT yet: no pair answered</source>
        <translation>noch keine RTT: kein Paar hat geantwortet</translation>
    </message>
</context>
<context>
    <name>roce::widgets::PortTableView</name>
    <message>
        <source>Filter ports or peers (e.g. 1/1/ or ubunturdma3)</source>
        <translation>Ports oder Gegenstellen filtern (z. B. 1/1/ oder ubunturdma3)</translation>
    </message>
</context>
<context>
    <name>roce::widgets::PrometheusDialog</name>
    <message>
        <source>&amp;Test</source>
        <translation>&amp;Testen</translation>
    </message>
    <message>
        <source>Connect to Prometheus</source>
        <translation>Mit Prometheus verbinden</translation>
    </message>
    <message>
        <source>/prometheus (Mimir), /select/0/prometheus (VictoriaMetrics cluster); empty for Prometheus, Thanos</source>
        <translation>/prometheus (Mimir), /select/0/prometheus (VictoriaMetrics-Cluster); leer für Prometheus, Thanos</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keine</translation>
    </message>
    <message>
        <source>Bearer token</source>
        <translation>Bearer-Token</translation>
    </message>
    <message>
        <source>Basic (user and password)</source>
        <translation>Basic (Benutzer und Passwort)</translation>
    </message>
    <message>
        <source>kept in the keychain; empty: the one stored</source>
        <translation>im Schlüsselbund abgelegt; leer: das gespeicherte</translation>
    </message>
    <message>
        <source>PEM file of a private CA (optional)</source>
        <translation>PEM-Datei einer privaten CA (optional)</translation>
    </message>
    <message>
        <source>Browse...</source>
        <translation>Durchsuchen...</translation>
    </message>
    <message>
        <source>CA certificate</source>
        <translation>CA-Zertifikat</translation>
    </message>
    <message>
        <source>PEM certificates (*.pem *.crt)</source>
        <translation>PEM-Zertifikate (*.pem *.crt)</translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation>&amp;URL:</translation>
    </message>
    <message>
        <source>Path &amp;prefix:</source>
        <translation>Pfad&amp;präfix:</translation>
    </message>
    <message>
        <source>&amp;Authentication:</source>
        <translation>&amp;Authentifizierung:</translation>
    </message>
    <message>
        <source>U&amp;ser:</source>
        <translation>Be&amp;nutzer:</translation>
    </message>
    <message>
        <source>Token or pass&amp;word:</source>
        <translation>Token oder Pass&amp;wort:</translation>
    </message>
    <message>
        <source>&amp;CA:</source>
        <translation>&amp;CA:</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>&amp;Verbinden</translation>
    </message>
    <message>
        <source>Read switches, hosts, rates and history from a store that already scrapes them: rocectl exporter for the switches, roce-agent, node_exporter or rdma_exporter for the hosts.</source>
        <translation>Switches, Hosts, Raten und Verlauf aus einem Speicher lesen, der sie schon scrapt: rocectl exporter für die Switches, roce-agent, node_exporter oder rdma_exporter für die Hosts.</translation>
    </message>
    <message>
        <source>Basic authentication needs a user.</source>
        <translation>Basic-Authentifizierung braucht einen Benutzer.</translation>
    </message>
    <message>
        <source>The CA file %1 does not exist.</source>
        <translation>Die CA-Datei %1 existiert nicht.</translation>
    </message>
    <message>
        <source>Type the token or password to test with it.</source>
        <translation>Token oder Passwort eingeben, um damit zu testen.</translation>
    </message>
    <message>
        <source>Asking %1...</source>
        <translation>Frage %1...</translation>
    </message>
    <message>
        <source>%1 answered in %2 ms: %3 targets are scraped.</source>
        <translation>%1 hat in %2 ms geantwortet: %3 Ziele werden gescrapt.</translation>
    </message>
</context>
<context>
    <name>roce::widgets::RecordedJobsView</name>
    <message>
        <source>Experiments in the recording (output up to the replay position; double-click to go to a job&apos;s start)</source>
        <translation>Experimente in der Aufzeichnung (Ausgabe bis zur Wiedergabeposition; Doppelklick springt zum Start eines Jobs)</translation>
    </message>
    <message>
        <source>Select a job to see its output.</source>
        <translation>Einen Job auswählen, um seine Ausgabe zu sehen.</translation>
    </message>
    <message numerus="yes">
        <source>%n training step(s) recorded</source>
        <translation>
            <numerusform>%n Trainingsschritt aufgezeichnet</numerusform>
            <numerusform>%n Trainingsschritte aufgezeichnet</numerusform>
        </translation>
    </message>
    <message>
        <source>Ended: %1</source>
        <translation>Beendet: %1</translation>
    </message>
    <message>
        <source>Ended: %1 (%2)</source>
        <translation>Beendet: %1 (%2)</translation>
    </message>
</context>
<context>
    <name>roce::widgets::RecordingSettingsDialog</name>
    <message>
        <source>Record everything the console sees, always</source>
        <translation>Immer alles aufzeichnen, was die Konsole sieht</translation>
    </message>
    <message>
        <source>Recording settings</source>
        <translation>Aufzeichnungseinstellungen</translation>
    </message>
    <message>
        <source> h</source>
        <translation> h</translation>
    </message>
    <message>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
    <message>
        <source>Browse...</source>
        <translation>Durchsuchen...</translation>
    </message>
    <message>
        <source>Recordings directory</source>
        <translation>Aufzeichnungsverzeichnis</translation>
    </message>
    <message>
        <source>Keep at most:</source>
        <translation>Höchstens aufbewahren:</translation>
    </message>
    <message>
        <source>and at most:</source>
        <translation>und höchstens:</translation>
    </message>
    <message>
        <source>Directory:</source>
        <translation>Verzeichnis:</translation>
    </message>
    <message>
        <source>Hourly segments; the oldest go first when either limit is reached. A crash or a power cut loses at most the last second.</source>
        <translation>Stündliche Segmente; die ältesten gehen zuerst, wenn eine der Grenzen erreicht ist. Ein Absturz oder Stromausfall verliert höchstens die letzte Sekunde.</translation>
    </message>
</context>
<context>
    <name>roce::widgets::ReplayTimeline</name>
    <message>
        <source>Play or pause (Space)</source>
        <translation>Abspielen oder anhalten (Leertaste)</translation>
    </message>
    <message>
        <source>Step one tick (Right)</source>
        <translation>Einen Tick weiter (Rechts)</translation>
    </message>
    <message>
        <source>Replay speed</source>
        <translation>Wiedergabegeschwindigkeit</translation>
    </message>
    <message>
        <source>%1x</source>
        <translation>%1x</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Abspielen</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Annotate here...</source>
        <translation>Hier anmerken...</translation>
    </message>
    <message>
        <source>Annotate selection...</source>
        <translation>Auswahl anmerken...</translation>
    </message>
    <message>
        <source>Save selection as clip...</source>
        <translation>Auswahl als Ausschnitt speichern...</translation>
    </message>
    <message>
        <source>Compare: mark selection as before</source>
        <translation>Vergleich: Auswahl als Vorher markieren</translation>
    </message>
    <message>
        <source>Compare: mark selection as after</source>
        <translation>Vergleich: Auswahl als Nachher markieren</translation>
    </message>
</context>
<context>
    <name>roce::widgets::TopologyView</name>
    <message>
        <source>%1 (hypervisor)</source>
        <translation>%1 (Hypervisor)</translation>
    </message>
    <message>
        <source>/s</source>
        <translation>/s</translation>
    </message>
    <message>
        <source>drops</source>
        <translation>Drops</translation>
    </message>
    <message>
        <source>PFC ▼</source>
        <translation>PFC ▼</translation>
    </message>
    <message>
        <source>PFC ▲</source>
        <translation>PFC ▲</translation>
    </message>
    <message>
        <source>ECN</source>
        <translation>ECN</translation>
    </message>
    <message>
        <source>CNPs: %1 receives ECN-CE marked packets and asks the senders to slow down</source>
        <translation>CNPs: %1 empfängt ECN-CE-markierte Pakete und bittet die Sender, langsamer zu werden</translation>
    </message>
    <message>
        <source>Annotate %1...</source>
        <translation>%1 anmerken...</translation>
    </message>
    <message>
        <source>link, by load</source>
        <translation>Link, nach Last</translation>
    </message>
    <message>
        <source>down</source>
        <translation>ausgefallen</translation>
    </message>
    <message>
        <source>PFC pauses / victim</source>
        <translation>PFC-Pausen / Opfer</translation>
    </message>
    <message>
        <source>ECN, CNP chain</source>
        <translation>ECN-/CNP-Kette</translation>
    </message>
    <message>
        <source>the cause (Diagnosis)</source>
        <translation>die Ursache (Diagnose)</translation>
    </message>
    <message>
        <source>selected</source>
        <translation>ausgewählt</translation>
    </message>
    <message>
        <source>%1 %2/s</source>
        <translation>%1 %2/s</translation>
    </message>
    <message>
        <source>%1 to %2 (%3)
in %4 %, out %5 %
RxPPP %6, TxPPP %7
ECN %8%9</source>
        <translation>%1 zu %2 (%3)
ein %4 %, aus %5 %
RxPPP %6, TxPPP %7
ECN %8%9</translation>
    </message>
    <message>
        <source>cause</source>
        <translation>Ursache</translation>
    </message>
    <message>
        <source>victim</source>
        <translation>Opfer</translation>
    </message>
    <message>
        <source>%1 (%2)
in %3 Gb/s, out %4 Gb/s
CE marks %5, CNP sent %6, CNP handled %7
PFC rx %8, tx %9</source>
        <translation>%1 (%2)
ein %3 Gb/s, aus %4 Gb/s
CE-Markierungen %5, CNP gesendet %6, CNP verarbeitet %7
PFC rx %8, tx %9</translation>
    </message>
</context>
<context>
    <name>roce::widgets::TrainingView</name>
    <message>
        <source>step ms</source>
        <translation>Schritt ms</translation>
    </message>
    <message>
        <source>all-reduce ms</source>
        <translation>All-Reduce ms</translation>
    </message>
    <message>
        <source>ECN/CE /s</source>
        <translation>ECN/CE /s</translation>
    </message>
    <message>
        <source>CNP handled /s</source>
        <translation>CNP verarbeitet /s</translation>
    </message>
    <message>
        <source>Per iteration (rank 0)</source>
        <translation>Pro Iteration (Rang 0)</translation>
    </message>
    <message>
        <source>The ranks&apos; NICs</source>
        <translation>Die NICs der Ränge</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>NIC</source>
        <translation>NIC</translation>
    </message>
    <message>
        <source>Switch port</source>
        <translation>Switch-Port</translation>
    </message>
    <message>
        <source>Start a training run to follow it here.</source>
        <translation>Starten Sie einen Trainingslauf, um ihn hier zu verfolgen.</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message numerus="yes">
        <source>Training on %n rank(s), waiting for the first iteration.</source>
        <translation>
            <numerusform>Training auf %n Rang, warte auf die erste Iteration.</numerusform>
            <numerusform>Training auf %n Rängen, warte auf die erste Iteration.</numerusform>
        </translation>
    </message>
    <message>
        <source>Iteration %1: loss %2, step %3 ms, all-reduce %4 ms</source>
        <translation>Iteration %1: Loss %2, Schritt %3 ms, All-Reduce %4 ms</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>Loss</translation>
    </message>
</context>
<context>
    <name>roce::widgets::WhatIfPanel</name>
    <message>
        <source>&amp;Preview</source>
        <translation>&amp;Vorschau</translation>
    </message>
    <message>
        <source>Paste the change as NX-OS configuration lines: they apply to every switch, or after a line &lt;tt&gt;switch NAME&lt;/tt&gt; to that switch alone. NIC lines write mlx5&apos;s DCQCN files: &lt;tt&gt;ecn/roce_rp/rpg_time_reset 600&lt;/tt&gt;. Nothing is applied to the fabric: its twin, built from what the console sees, runs the change on the fabric&apos;s own load.</source>
        <translation>Die Änderung als NX-OS-Konfigurationszeilen einfügen: Sie gelten für jeden Switch oder, nach einer Zeile &lt;tt&gt;switch NAME&lt;/tt&gt;, nur für diesen Switch. NIC-Zeilen schreiben die DCQCN-Dateien von mlx5: &lt;tt&gt;ecn/roce_rp/rpg_time_reset 600&lt;/tt&gt;. Auf die Fabric wird nichts angewendet: Ihr Zwilling, gebaut aus dem, was die Konsole sieht, lässt die Änderung auf der eigenen Last der Fabric laufen.</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>How long the fabric is watched before the twin is built; the twin then runs each configuration as long.</source>
        <translation>Wie lange die Fabric beobachtet wird, bevor der Zwilling gebaut wird; der Zwilling lässt dann jede Konfiguration ebenso lange laufen.</translation>
    </message>
    <message>
        <source>Watch for</source>
        <translation>Beobachten für</translation>
    </message>
    <message>
        <source>Paste the change to preview first.</source>
        <translation>Zuerst die Änderung für die Vorschau einfügen.</translation>
    </message>
    <message>
        <source>Previewed: the fabric as seen, its twin, and the twin with the change.</source>
        <translation>Vorschau erstellt: die Fabric, wie sie gesehen wurde, ihr Zwilling und der Zwilling mit der Änderung.</translation>
    </message>
    <message>
        <source>Uncertain: %1</source>
        <translation>Unsicher: %1</translation>
    </message>
    <message>
        <source>No preview: %1</source>
        <translation>Keine Vorschau: %1</translation>
    </message>
    <message>
        <source>Form</source>
        <translation>Formular</translation>
    </message>
    <message>
        <source>The settings most changes touch, on every switch and NIC; filled from the configuration the twin read at the first preview.</source>
        <translation>Die Einstellungen, die die meisten Änderungen betreffen, auf jedem Switch und jeder NIC; gefüllt aus der Konfiguration, die der Zwilling bei der ersten Vorschau gelesen hat.</translation>
    </message>
    <message>
        <source>WRED on the RoCE queue</source>
        <translation>WRED auf der RoCE-Warteschlange</translation>
    </message>
    <message>
        <source>marks ECN (else drops)</source>
        <translation>markiert ECN (sonst verwirft sie)</translation>
    </message>
    <message>
        <source> KB</source>
        <translation> KB</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>PFC on the ports</source>
        <translation>PFC auf den Ports</translation>
    </message>
    <message>
        <source>static pause thresholds</source>
        <translation>feste Pause-Schwellen</translation>
    </message>
    <message>
        <source> us</source>
        <translation> us</translation>
    </message>
    <message>
        <source>&amp;Write the change</source>
        <translation>Änderung &amp;schreiben</translation>
    </message>
    <message>
        <source>Minimum threshold</source>
        <translation>Untere Schwelle</translation>
    </message>
    <message>
        <source>Maximum threshold</source>
        <translation>Obere Schwelle</translation>
    </message>
    <message>
        <source>Drop probability</source>
        <translation>Verwurfswahrscheinlichkeit</translation>
    </message>
    <message>
        <source>Pause threshold</source>
        <translation>Pause-Schwelle</translation>
    </message>
    <message>
        <source>Resume threshold</source>
        <translation>Resume-Schwelle</translation>
    </message>
    <message>
        <source>Buffer size</source>
        <translation>Puffergröße</translation>
    </message>
    <message>
        <source>NIC rpg_time_reset</source>
        <translation>NIC rpg_time_reset</translation>
    </message>
    <message>
        <source>The form says what is in force now: no change to write.</source>
        <translation>Das Formular zeigt, was jetzt gilt: keine Änderung zu schreiben.</translation>
    </message>
    <message>
        <source>The form&apos;s change is written: Preview runs it.</source>
        <translation>Die Änderung des Formulars ist geschrieben: Vorschau führt sie aus.</translation>
    </message>
    <message>
        <source>Fluid model</source>
        <translation>Fluidmodell</translation>
    </message>
    <message>
        <source>Packet model</source>
        <translation>Paketmodell</translation>
    </message>
    <message>
        <source>The model the twin runs. Fluid: fast at any size. Packet: every counter exact, and at a pause band finer than its step it cycles as the simulated reference fabric does, where the fluid model settles wherever the change finds it; on a large fabric under load it runs several times slower.</source>
        <translation>Das Modell, das der Zwilling rechnet. Fluid: schnell bei jeder Größe. Paket: jeder Zähler exakt, und an einem Pause-Band feiner als sein Schritt schwingt es wie die simulierte Referenz-Fabric, wo das Fluidmodell dort zur Ruhe kommt, wo die Änderung es antrifft; auf einer großen Fabric unter Last läuft es um ein Mehrfaches langsamer.</translation>
    </message>
    <message>
        <source>Previewed on the packet model: the fabric as seen, its twin, and the twin with the change.</source>
        <translation>Mit dem Paketmodell vorausberechnet: die Fabric wie gesehen, ihr Zwilling und der Zwilling mit der Änderung.</translation>
    </message>
</context>
</TS>
