#!/usr/bin/env python3
"""Builds the fuzz seed corpora (fuzz/corpus/<target>/) from the test fixtures.

NX-API responses are split into one body per command and tables are cut to their first rows,
so the seeds stay small (a fuzzer mutates small inputs faster and learns the same shapes).
A few seeds the fixtures do not have (agent messages, job specs, inventories, training lines,
frames) are written here. Run from anywhere; it replaces the directories of fuzz/corpus/ it
writes (the recording seeds, made by the recorder, stay).
"""
import hashlib
import json
import pathlib
import re
import shutil
import struct

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests"
OUT = ROOT / "fuzz" / "corpus"
MAX_SEED = 4 * 1024  # bytes; larger bodies are cut to fewer rows

corpus: dict[str, dict[str, bytes]] = {}


def add(target: str, name: str, data: bytes) -> None:
    """One seed, deduplicated by content within its target."""
    seeds = corpus.setdefault(target, {})
    if data in seeds.values() or not data:
        return
    stem = re.sub(r"[^A-Za-z0-9_.-]", "_", name)
    if stem in seeds:
        stem += "-" + hashlib.sha1(data).hexdigest()[:8]
    seeds[stem] = data


def trimmed(value, rows: int):
    """@p value with every array cut to its first @p rows elements."""
    if isinstance(value, list):
        return [trimmed(v, rows) for v in value[:rows]]
    if isinstance(value, dict):
        return {k: trimmed(v, rows) for k, v in value.items()}
    return value


def small_json(value) -> bytes:
    for rows in (2, 1):
        data = json.dumps(trimmed(value, rows), separators=(",", ":")).encode()
        if len(data) <= MAX_SEED:
            return data
    return data


def body_target(command: str, body) -> str | None:
    """Which target reads a body of @p command (what response.cpp's classifyCommand says)."""
    c = " ".join(command.lower().split())
    text = isinstance(body, str)
    if c.startswith("show running-config"):
        return "running_config"
    c = c.split(" | ")[0]
    if c == "show version":
        return "show_version_text" if text else "show_version"
    if c == "show lldp neighbors detail":
        return "show_lldp_neighbors_text" if text else "show_lldp_neighbors"
    if re.match(r"^show interface( \S+)? priority-flow-control$", c):
        return "show_pfc_text" if text else "show_pfc"
    if re.match(r"^show queuing tabular\b", c):
        return None if text else "show_queuing_tabular"
    if re.match(r"^show queuing interface( \S+)?$", c):
        return "show_queuing_text" if text else "show_queuing"
    if re.match(r"^show interface( \S+)? counters( detailed)?$", c):
        return "show_interface_counters_text" if text else "show_interface_counters"
    if re.match(r"^show interface( \S+)? counters errors$", c):
        return "show_interface_counters_text" if text else "show_interface_counters_errors"
    if re.match(r"^show interface( \S+)?$", c):
        return "show_interface_text" if text else "show_interface"
    return None


def command_from_name(name: str) -> str:
    """Fixtures of bare bodies say their command in the file name."""
    for key, command in [
        ("interface_counters_errors", "show interface counters errors"),
        ("interface_counters", "show interface counters"),
        ("priority_flow_control", "show interface priority-flow-control"),
        ("pfc", "show interface priority-flow-control"),
        ("queuing_tabular", "show queuing tabular"),
        ("queuing", "show queuing interface"),
        ("lldp", "show lldp neighbors detail"),
        ("version", "show version"),
        ("running_config", "show running-config"),
        ("show_interface", "show interface"),
    ]:
        if key in name:
            return command
    return ""


def add_body(command: str, body, name: str) -> None:
    target = body_target(command, body)
    if target is None:
        return
    if isinstance(body, str):
        add(target, name, body.encode()[:MAX_SEED])
    else:
        data = small_json(body)
        add(target, name, data)
        add("json_reader", name, data)
    # The same body in a small envelope of each shape: the envelope target reaches every body
    # parser through them without carrying 48-port responses.
    small = trimmed(body, 1) if not isinstance(body, str) else body[:600]
    ins_api = {"ins_api": {"type": "cli_show", "version": "1.0", "sid": "eoc", "outputs": {
        "output": {"input": command, "msg": "Success", "code": "200", "body": small}}}}
    rpc = {"jsonrpc": "2.0", "result": {"body": small}, "id": 1}
    for shape, doc in (("ins_api", ins_api), ("jsonrpc", rpc)):
        data = json.dumps(doc, separators=(",", ":")).encode()
        if len(data) <= 1536:
            add("nxapi_response", f"{name}-{shape}", data)


def outputs_of(doc):
    """The outputs of an envelope (ins_api, outputs, output) or a JSON-RPC answer."""
    if isinstance(doc, list):
        return [(o.get("result", {}) or {}).get("body") for o in doc]
    out = doc.get("ins_api", doc).get("outputs", doc.get("ins_api", doc)).get("output")
    if out is None and "output" in doc:
        out = doc["output"]
    if out is None:
        return None
    return out if isinstance(out, list) else [out]


def nxapi_fixtures() -> None:
    for path in sorted((FIXTURES / "fixtures" / "nxapi").rglob("*.json")):
        raw = path.read_bytes()
        name = path.stem
        try:
            doc = json.loads(raw)
        except ValueError:
            # A deliberately cut response: its start is a seed for the envelope parser.
            add("nxapi_response", name, raw[:MAX_SEED])
            continue
        envelope = isinstance(doc, list) or any(k in doc for k in ("ins_api", "output", "jsonrpc"))
        if envelope:
            add("nxapi_response", name, small_json(doc))
            outputs = outputs_of(doc) if "jsonrpc" not in doc else None
            for i, o in enumerate(outputs or []):
                if isinstance(o, dict) and "body" in o:
                    command = o.get("input") or command_from_name(name)
                    add_body(command, o["body"], f"{name}-{i}")
        else:
            add_body(command_from_name(name), doc, name)
            add("json_reader", name, small_json(doc))
    for path in sorted((FIXTURES / "fixtures" / "nxapi" / "text").glob("*.txt")):
        command = command_from_name(path.stem)
        if "flowcontrol" in path.stem:
            command = "show interface"
        target = body_target(command, "") or "show_interface_text"
        add(target, path.stem, path.read_bytes()[:MAX_SEED])
    for path in sorted((FIXTURES / "fixtures" / "nxapi" / "config").glob("*.txt")):
        add("running_config", path.stem, path.read_bytes())


def tool_fixtures() -> None:
    for path in sorted((FIXTURES / "proto" / "parsers" / "fixtures").iterdir()):
        for prefix in ("perftest", "iperf3", "sockperf"):
            if path.name.startswith(prefix):
                add(prefix, path.stem, path.read_bytes())
    for path in sorted(FIXTURES.glob("**/fixtures/ethtool/*")):
        add("ethtool", path.parent.parent.parent.name + "-" + path.name, path.read_bytes())
    for path in sorted((FIXTURES / "collect" / "ssh" / "fixtures").glob("rdma_*")):
        add("rdma_json" if path.suffix == ".json" else "rdma_text", path.stem, path.read_bytes())
    add("training", "two-iterations",
        b'{"iteration": 1, "loss": 1.2, "step_ms": 60.5, "allreduce_ms": 12.0, '
        b'"grad_bytes": 16777216}\n'
        b'{"iteration": 2, "loss": 0.98, "step_ms": 61.2, "allreduce_ms": 12.5, '
        b'"grad_bytes": 16777216}\n{"done": true}\n')
    add("training", "no-iteration", b"Traceback (most recent call last):\n{\"done\": false}\n")


def inline_test_seeds() -> None:
    """The JSON the parser tests write inline: edge cases the fixtures do not have."""
    source = (FIXTURES / "nxapi" / "tst_nxapiparsers.cpp").read_text()
    for i, m in enumerate(re.finditer(r'R"json\((.*?)\)json"', source, re.S)):
        data = re.sub(r"\s*\n\s*", "", m.group(1)).encode()
        name = f"tst_nxapiparsers-{i}"
        add("json_reader", name, data)
        if b'"lldp"' in data:
            add("lldpctl", name, data)
        elif b"tx_uc_pkt_qos" in data:
            add("show_queuing_tabular", name, data)
        elif data.startswith((b'{"output"', b'{"ins_api"', b'[{"jsonrpc"', b'{"jsonrpc"')):
            add("nxapi_response", name, data)
    # `show interface` as cli_show_ascii prints it (NX-OS 9.3).
    add("show_interface_text", "ethernet-up", b"""Ethernet1/1 is up
admin state is up, Dedicated Interface
  Hardware: 100000 Ethernet, address: 003a.9c00.0001 (bia 003a.9c00.0001)
  Description: ubunturdma1 ens1f0np0
  MTU 9216 bytes, BW 100000000 Kbit , DLY 10 usec
  full-duplex, 100 Gb/s, media type is 100G
  Load-Interval #1: 30 seconds
    30 seconds input rate 8123456 bits/sec, 1200 packets/sec
    30 seconds output rate 9123456 bits/sec, 1300 packets/sec
  RX
    1000 unicast packets  20 multicast packets  3 broadcast packets
    1023 input packets  4096000 bytes
    0 runts  0 giants  2 CRC  0 no buffer
    1 input error  0 short frame  0 overrun   0 underrun  0 ignored
    0 input with dribble  0 input discard
    7 Rx pause
  TX
    2000 unicast packets  10 multicast packets  0 broadcast packets
    2010 output packets  8192000 bytes
    0 output error  0 collision  0 deferred  0 late collision
    0 lost carrier  0 no carrier  0 babble  0 output discard
    9 Tx pause
mgmt0 is down
admin state is administratively down
""")


def agent_seeds() -> None:
    golden = json.loads((FIXTURES / "agent" / "fixtures" / "golden-mlx5.json").read_bytes())
    sample = json.dumps(golden, separators=(",", ":")).encode()
    add("agent_sample", "golden-mlx5", sample)
    add("agent_sample", "sample-message",
        json.dumps({"type": "sample", "sample": {"hostname": "h", "devices": [],
                    "netdevs": [{"name": "eth0", "mtu": 9000, "statistics": {"rx_bytes": 1},
                                 "ethtool": {"rx_prio3_pause": "18446744073709551615"},
                                 "ecn": {"roce_np": {"enable/3": "1"}, "roce_rp": {}}}],
                    "timestamp": {"wall_ms": 1, "monotonic_ns": 2},
                    "collectors": [{"name": "sysfs", "success": True, "duration_us": 5}]}},
                   separators=(",", ":")).encode())
    jobs = [
        {"tool": "ib_write_bw", "role": "server", "device": "mlx5_0", "gid_index": 3, "qps": 4,
         "size": 65536, "duration_s": 10, "report_gbits": True, "traffic_class": 106},
        {"tool": "ib_write_lat", "role": "client", "server": "10.0.0.1", "all_sizes": True,
         "iterations": 1000, "port": 18515, "timeout_s": 60},
        {"tool": "iperf3", "role": "client", "server": "fe80::1", "streams": 8, "duration_s": 5},
        {"tool": "sockperf", "role": "server", "tcp": False, "message_size": 64},
        {"tool": "train", "rank": 1, "world_size": 2, "master_addr": "gpu1", "master_port": 29500,
         "backend": "nccl", "model_mb": 64, "iterations": 50, "ifname": "ens1f0np0"},
    ]
    messages = [{"type": "job_start", "id": i + 1, "job": j} for i, j in enumerate(jobs)]
    messages += [
        {"type": "job_result", "job_id": "j1", "state": "succeeded", "exit_code": 0,
         "result": {"tool": "iperf3", "sent_gbps": 9.4}},
        {"type": "job_result", "job_id": "j2", "state": "failed", "exit_code": 1,
         "error": "Couldn't connect"},
        {"type": "hello", "protocol": [1], "client": "roce-console"},
        {"type": "subscribe", "id": 7, "interval_ms": 1000},
    ]
    for i, j in enumerate(jobs):
        add("agent_message", f"job-{j['tool']}-{i}", json.dumps(j).encode())
    for i, m in enumerate(messages):
        payload = json.dumps(m, separators=(",", ":")).encode()
        add("agent_message", f"message-{m['type']}-{i}", payload)
    # Frames: the stream first, then the controls the target reads from the end (limit
    # selector, number of cuts, cuts as 16-bit numbers).
    frames = b"".join(struct.pack(">I", len(p)) + p for p in
                      (json.dumps(m, separators=(",", ":")).encode() for m in messages))
    add("frame_decoder", "messages-whole", frames + b"\x00\x00")
    add("frame_decoder", "messages-cut", frames + b"\x00\x05\x00\x03\x00\x07\x01\x02\x00\x00\x03\x00")
    add("frame_decoder", "one-frame", struct.pack(">I", 15) + b'{"type":"ping"}' + b"\x00\x00")
    add("frame_decoder", "empty-frame", b"\x00\x00\x00\x00\x00\x00")
    add("frame_decoder", "oversized", b"\x7f\xff\xff\xff{\x00\x00")
    add("frame_decoder", "not-object", struct.pack(">I", 2) + b"[]" + b"\x00\x00")


def inventory_seeds() -> None:
    v2 = {"format": "roce-inventory", "version": 2,
          "switches": [
              {"name": "leaf1", "url": "https://10.0.0.2", "user": "admin", "role": "leaf",
               "pin_sha256": "ab" * 32, "poll_interval_ms": 500},
              {"name": "spine1", "url": "http://spine1.lab:8080", "user": "ops", "role": "spine",
               "allow_http": True}],
          "servers": [
              {"name": "gpu1", "address": "10.0.0.11", "switch_port": "leaf1/Ethernet1/1",
               "ssh_user": "root"},
              {"name": "gpu2", "address": "gpu2.lab", "agent_port": 19000, "ssh_port": 2222,
               "collector": "ssh", "agent_pin_sha256": "CD:" * 31 + "CD"}]}
    add("inventory", "v2-leaf-spine", json.dumps(v2, indent=2).encode())
    v1 = {"format": "roce-inventory", "version": 1,
          "switch": {"url": "https://nexus.lab", "user": "admin", "password": "secret"},
          "servers": [{"name": "gpu1", "address": "10.0.0.11", "switch_port": "Eth1/7",
                       "token": "t0k3n", "future_field": 1}]}
    add("inventory", "v1-one-switch", json.dumps(v1, indent=2).encode())
    add("inventory", "empty-v2", b'{"format":"roce-inventory","version":2}')


def capture_corpus() -> None:
    """Others' captures (tests/fixtures/corpus/): each one a seed of the parser that reads it."""
    corpus_dir = FIXTURES / "fixtures" / "corpus"
    for manifest in ("nxos.json", "hosts.json"):
        for entry in json.loads((corpus_dir / manifest).read_text()):
            data = (corpus_dir / entry["file"]).read_bytes()
            stem = pathlib.Path(entry["file"]).stem
            fmt = entry["format"]
            if fmt == "nxapi":
                body = "" if entry["file"].startswith("nxos-text/") else {}
                target = body_target(entry.get("command", ""), body) or "nxapi_response"
            elif fmt == "rdma":
                target = "rdma_json" if data.lstrip().startswith(b"[") else "rdma_text"
            else:
                target = fmt
            if target:
                add(target, "corpus-" + stem, data[:MAX_SEED])


def main() -> None:
    nxapi_fixtures()
    tool_fixtures()
    capture_corpus()
    inline_test_seeds()
    agent_seeds()
    inventory_seeds()
    total = 0
    for target, seeds in sorted(corpus.items()):
        # Only the targets written here are replaced: recording seeds are made by the recorder.
        directory = OUT / target
        shutil.rmtree(directory, ignore_errors=True)
        directory.mkdir(parents=True)
        for name, data in seeds.items():
            (directory / name).write_bytes(data)
            total += len(data)
        print(f"{target}: {len(seeds)} seeds, {sum(map(len, seeds.values()))} bytes")
    print(f"total: {total} bytes")


if __name__ == "__main__":
    main()
