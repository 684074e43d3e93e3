#!/bin/busybox sh
# /init of the Soft-RoCE test VM: two rxe devices over a veth pair, then the scenarios.
# Results go to the serial console as machine-readable lines:
#   ROCE-VM <key> <value...>        and        ROCE-VM-JSON <name> <one-line JSON>
# tst_softroce parses them. Every wait is bounded; the VM powers off at the end.
/bin/busybox --install -s /bin
export PATH=/opt/roce:/usr/sbin:/usr/bin:/sbin:/bin LC_ALL=C HOME=/tmp
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mount -t tmpfs tmp /tmp
say() { echo "ROCE-VM $*"; }
json() { printf 'ROCE-VM-JSON %s ' "$1"; tr -d '\n' < "$2"; echo; }
finish() { say done "$1"; sync; poweroff -f; }
trap 'finish aborted' EXIT

say boot "$(uname -r)"
# crc32_generic first: rdma_rxe needs it but does not record the dependency.
for m in crc32_generic crc32-pclmul veth ib_uverbs rdma_ucm ib_umad rdma_rxe; do
  modprobe "$m" 2>/dev/null || say module_failed "$m"
done
IP=/usr/sbin/ip
$IP link set lo up
$IP link add veth0 type veth peer name veth1
$IP addr add 10.0.0.1/24 dev veth0
$IP addr add 10.0.0.2/24 dev veth1
$IP link set veth0 up
$IP link set veth1 up
for i in all default veth0 veth1; do
  echo 1 > /proc/sys/net/ipv4/conf/$i/accept_local
  echo 0 > /proc/sys/net/ipv4/conf/$i/rp_filter
done
# Traffic between the two local addresses must cross the veth pair, not lo.
$IP rule add pref 100 iif lo to 10.0.0.2 lookup 100
$IP rule add pref 101 iif lo to 10.0.0.1 lookup 101
$IP rule add pref 1000 lookup local
$IP rule del pref 0 lookup local
$IP route add 10.0.0.2 dev veth0 src 10.0.0.1 table 100
$IP route add 10.0.0.1 dev veth1 src 10.0.0.2 table 101
rdma link add rxe0 type rxe netdev veth0 || say rdma_link_failed rxe0
rdma link add rxe1 type rxe netdev veth1 || say rdma_link_failed rxe1
# The IPv4-mapped RoCE v2 GID appears at index 1 after a moment.
for d in rxe0 rxe1; do
  n=0
  while [ $n -lt 100 ]; do
    g=$(cat /sys/class/infiniband/$d/ports/1/gids/1 2>/dev/null)
    case "$g" in 0000:0000:0000:0000:0000:ffff:*) break ;; esac
    n=$((n + 1)); sleep 0.1
  done
  say gid "$d" "$g"
done
rdma link show | while read -r line; do say rdma_link "$line"; done

# Scenario 1: what the agent reports, once.
roce-agent --once --json > /tmp/once.json 2> /tmp/once.err
say once_exit $?
json once /tmp/once.json

# The agent as a daemon (plaintext on loopback: no certificates in the image).
echo "softroce-vm-token-0123456789" > /tmp/token
roce-agent --listen 127.0.0.1:18471 --metrics off --plaintext --token-file /tmp/token \
  > /tmp/agent.log 2>&1 &
n=0
while ! netstat -ltn 2>/dev/null | grep -q ':18471 ' && [ $n -lt 100 ]; do
  n=$((n + 1)); sleep 0.1
done
JOB="rocectl job --agent 127.0.0.1:18471 --plaintext --token-file /tmp/token --json"

wait_ready() {  # file, seconds
  n=0
  while ! grep -q ' ready' "$1" 2>/dev/null && [ $n -lt $(($2 * 10)) ]; do
    n=$((n + 1)); sleep 0.1
  done
}

# Scenario 2: ib_write_bw between the two devices as agent jobs, counters around it.
roce-agent --once --json > /tmp/before.json 2>/dev/null
$JOB --tool ib_write_bw --role server --device rxe0 --gid-index 1 --size 65536 \
  --iterations 1000 > /tmp/bw_server.json 2> /tmp/bw_server.err &
server=$!
wait_ready /tmp/bw_server.err 30
$JOB --tool ib_write_bw --role client --server 10.0.0.1 --device rxe1 --gid-index 1 \
  --size 65536 --iterations 1000 > /tmp/bw_client.json 2> /tmp/bw_client.err
say bw_client_exit $?
wait $server
say bw_server_exit $?
roce-agent --once --json > /tmp/after.json 2>/dev/null
json bw_client /tmp/bw_client.json
json bw_server /tmp/bw_server.json
json before /tmp/before.json
json after /tmp/after.json
say bw_client_err "$(tr '\n' '|' < /tmp/bw_client.err)"

# Scenario 2b, idle now: the ports' hardware counters from sysfs and over RDMA netlink, which
# must agree, and what each costs (bench_agent, when the image has it).
roce-agent --once --json --counters sysfs > /tmp/counters_sysfs.json 2>/dev/null
say counters_sysfs_exit $?
roce-agent --once --json --counters netlink > /tmp/counters_netlink.json 2>/dev/null
say counters_netlink_exit $?
json counters_sysfs /tmp/counters_sysfs.json
json counters_netlink /tmp/counters_netlink.json
if [ -x /opt/roce/bench_agent ]; then
  bench_agent --live-kernel --json > /tmp/counter_cost.json 2> /tmp/counter_cost.err
  say counter_cost_exit $?
  json counter_cost /tmp/counter_cost.json
  say counter_cost_report "$(tr '\n' '|' < /tmp/counter_cost.err)"
fi

# Scenario 3: cancel a running ib_write_bw (both sides) and look for leftovers.
$JOB --tool ib_write_bw --role server --device rxe0 --gid-index 1 --duration 60 \
  --cancel-after 8 > /tmp/cancel_server.json 2> /tmp/cancel_server.err &
server=$!
wait_ready /tmp/cancel_server.err 30
$JOB --tool ib_write_bw --role client --server 10.0.0.1 --device rxe1 --gid-index 1 \
  --duration 60 --cancel-after 4 > /tmp/cancel_client.json 2> /tmp/cancel_client.err &
client=$!
sleep 2
say cancel_running "$(pidof ib_write_bw | wc -w)"
wait $client
say cancel_client_exit $?
wait $server
say cancel_server_exit $?
sleep 1
say cancel_leftover "$(pidof ib_write_bw | wc -w)"
json cancel_client /tmp/cancel_client.json
json cancel_server /tmp/cancel_server.json

# Scenario 4: a wrong GID index (the tool's own error) and a device that does not exist.
$JOB --tool ib_write_bw --role server --device rxe0 --gid-index 1 --iterations 100 \
  --cancel-after 20 > /tmp/gid_server.json 2> /tmp/gid_server.err &
server=$!
wait_ready /tmp/gid_server.err 30
$JOB --tool ib_write_bw --role client --server 10.0.0.1 --device rxe1 --gid-index 9 \
  --iterations 100 > /tmp/gid_client.json 2> /tmp/gid_client.err
say gid_client_exit $?
json gid_client /tmp/gid_client.json
say gid_client_err "$(tr '\n' '|' < /tmp/gid_client.err)"
kill $server 2>/dev/null
$JOB --tool ib_write_bw --role client --server 10.0.0.1 --device rxe9 --gid-index 1 \
  > /tmp/nodev.json 2> /tmp/nodev.err
say nodev_exit $?
say nodev_err "$(tr '\n' '|' < /tmp/nodev.err)"
sleep 1
say final_leftover "$(pidof ib_write_bw | wc -w)"

# Scenario 5: pingmesh among three rxe endpoints on a bridge, the third behind a link that
# netem makes lose 10 % and add 2 ms each way. Each endpoint is roce-agent --pingmesh.
rdma link delete rxe0 2>/dev/null
rdma link delete rxe1 2>/dev/null
$IP link del veth0 2>/dev/null
for m in bridge sch_netem; do modprobe "$m" 2>/dev/null || say module_failed "$m"; done
# Every address is local to this one namespace: only the interface that holds an address may
# answer ARP for it. With the default, br0 answered for all three endpoints' addresses with its
# own MAC, and frames sent there reached no rxe device (a third to two thirds of one
# endpoint's inbound frames were lost).
for k in all default; do
  echo 1 > /proc/sys/net/ipv4/conf/$k/arp_ignore
  echo 2 > /proc/sys/net/ipv4/conf/$k/arp_announce
done
$IP link add br0 type bridge
$IP link set br0 up
i=1
for e in a b c; do
  $IP link add p$e type veth peer name q$e
  $IP link set q$e master br0
  $IP addr add 10.0.1.$i/24 dev p$e
  $IP link set p$e up
  $IP link set q$e up
  for k in p$e q$e; do
    echo 1 > /proc/sys/net/ipv4/conf/$k/accept_local
    echo 0 > /proc/sys/net/ipv4/conf/$k/rp_filter
    echo 1 > /proc/sys/net/ipv4/conf/$k/arp_ignore
    echo 2 > /proc/sys/net/ipv4/conf/$k/arp_announce
  done
  i=$((i + 1))
done
# Locally sent traffic from one endpoint's address to another's leaves by its own veth.
pref=200
for x in 1 2 3; do
  for y in 1 2 3; do
    [ $x = $y ] && continue
    dev=p$(echo abc | cut -c$x)
    $IP rule add pref $pref iif lo from 10.0.1.$x to 10.0.1.$y lookup $((200 + x))
    $IP route add 10.0.1.$y dev $dev src 10.0.1.$x table $((200 + x))
    pref=$((pref + 1))
  done
done
for k in pc qc; do
  /usr/sbin/tc qdisc add dev $k root netem loss 10% delay 2ms > /tmp/tc.err 2>&1 ||
    say netem_failed $k "$(tr '\n' '|' < /tmp/tc.err)"
done
say netem "$(/usr/sbin/tc qdisc show dev pc | tr '\n' '|')" 
for e in a b c; do
  rdma link add rxe$e type rxe netdev p$e || say rdma_link_failed rxe$e
done
for e in a b c; do
  n=0
  while [ $n -lt 100 ]; do
    g=$(cat /sys/class/infiniband/rxe$e/ports/1/gids/1 2>/dev/null)
    case "$g" in 0000:0000:0000:0000:0000:ffff:*) break ;; esac
    n=$((n + 1)); sleep 0.1
  done
  say pingmesh_gid "rxe$e" "$g"
done
mkdir -p /tmp/pm
for e in a b c; do
  printf '{"name":"%s","device":"rxe%s","rendezvous":"/tmp/pm","peers":["a","b","c"],"seconds":8,"rate_per_s":40,"timeout_ms":1000,"linger_ms":4000}' \
    "$e" "$e" > /tmp/pm-$e.json
  roce-agent --pingmesh /tmp/pm-$e.json > /tmp/pm-$e.out 2> /tmp/pm-$e.err &
  eval "pm_$e=\$!"
done
for e in a b c; do
  eval "wait \$pm_$e"
  say pingmesh_exit_$e $?
  json pingmesh_$e /tmp/pm-$e.out
  say pingmesh_err_$e "$(tr '\n' '|' < /tmp/pm-$e.err)"
done
# What one endpoint sustains: a and b probe each other at 1000 probes a second for 5 s.
rm -rf /tmp/pmr && mkdir -p /tmp/pmr
for e in a b; do
  printf '{"name":"%s","device":"rxe%s","rendezvous":"/tmp/pmr","peers":["a","b"],"seconds":5,"rate_per_s":1000,"timeout_ms":1000,"linger_ms":2000}' \
    "$e" "$e" > /tmp/pmr-$e.json
  roce-agent --pingmesh /tmp/pmr-$e.json > /tmp/pmr-$e.out 2> /tmp/pmr-$e.err &
  eval "pmr_$e=\$!"
done
for e in a b; do
  eval "wait \$pmr_$e"
  say pingmesh_rate_exit_$e $?
  json pingmesh_rate_$e /tmp/pmr-$e.out
done
# Scenario 6: the same three endpoints through the agent daemon, as the console runs a
# pingmesh: rocectl computes the pinglist and hands it out, the agent's pingmesh jobs
# (roce-agent --pingmesh -, one per RDMA device) probe and stream their round trips back, and
# rocectl's analyzer judges the matrix.
rocectl pingmesh --agent 127.0.0.1:18471 --plaintext --token-file /tmp/token --seconds 8 \
  --rate 40 --json > /tmp/pma.json 2> /tmp/pma.err
say pingmesh_agent_exit $?
json pingmesh_agent /tmp/pma.json
say pingmesh_agent_err "$(tr '\n' '|' < /tmp/pma.err)"
# Where frames went, for a failure's report.
for e in a b c; do
  say pingmesh_counters_$e "$(cd /sys/class/infiniband/rxe$e/ports/1/hw_counters && grep -H . * 2>/dev/null | grep -v ':0$' | tr '\n' ' ')"
  say pingmesh_link_$e "$($IP -s link show p$e | tr -s ' ' | tr '\n' '|')"
  say pingmesh_link_q$e "$($IP -s link show q$e | tr -s ' ' | tr '\n' '|')"
done
say pingmesh_udp "$(grep Udp: /proc/net/snmp | tr '\n' '|')"
trap - EXIT
finish ok
