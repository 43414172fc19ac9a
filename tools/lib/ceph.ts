/**
 * The configuration of the one-node Ceph cluster under tools/radosgw.ts: its `ceph.conf` and the keys of its daemons.
 */

/**
 * The cluster's configuration. Lean on purpose (the test machines have two cores): one OSD in memory, pools of
 * one placement group and one copy, no manager, few threads, no background work in the gateway (garbage
 * collection, lifecycle, quota, resharding). `paxos propose interval` makes the monitor commit at once instead of
 * batching for a second: the gateway creates its pools one by one at start, so this takes the start from about
 * 15 s to about 3 s (two starts each way, on one machine at one time; docs/image-storage.md).
 */
export function cephConf(dir: string, fsid: string, monPort: number, rgwPort: number): string {
  return `[global]
fsid = ${fsid}
mon host = v2:127.0.0.1:${monPort}
public addr = 127.0.0.1
ms bind ipv6 = false
ms async op threads = 1
keyring = ${dir}/keyring
run dir = ${dir}/run
admin socket = ${dir}/run/$name.asok
pid file = ${dir}/run/$name.pid
log file = ${dir}/log/$name.log
crash dir = ${dir}/crash
auth allow insecure global id reclaim = false
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 1
osd pool default pgp num = 1
osd pool default pg autoscale mode = off
osd crush chooseleaf type = 0
mon allow pool size one = true
mon warn on pool no redundancy = false
mon max pg per osd = 1000
mon data avail warn = 0
mon data avail crit = 0
paxos propose interval = 0.05

[mon]
mon data = ${dir}/mon.$id
mon cluster log file = ${dir}/log/cluster.log

[osd]
osd data = ${dir}/osd.$id
osd objectstore = memstore
memstore device bytes = 1073741824
osd op num shards = 1
osd op num threads per shard = 1

[client.rgw]
rgw data = ${dir}/rgw
rgw frontends = beast endpoint=127.0.0.1:${rgwPort}
rgw thread pool size = 16
rgw cache lru size = 1000
rgw enable gc threads = false
rgw enable lc threads = false
rgw enable quota threads = false
rgw dynamic resharding = false
`;
}

/** The cluster's keys: its monitor, its admin, the OSD and the gateway, with their capabilities. */
export const CEPH_KEYS: [name: string, caps: string[]][] = [
  ['mon.', ['mon', 'allow *']],
  ['client.admin', ['mon', 'allow *', 'osd', 'allow *', 'mgr', 'allow *']],
  ['osd.0', ['mon', 'allow profile osd', 'osd', 'allow *', 'mgr', 'allow profile osd']],
  ['client.rgw', ['mon', 'allow rw', 'osd', 'allow rwx', 'mgr', 'allow rw']],
];

/** `ceph-authtool` arguments adding one key of CEPH_KEYS to `keyring` (the first one creates the file). */
export function authtoolArgs(keyring: string, index: number): string[] {
  const [name, caps] = CEPH_KEYS[index];
  const capArgs = caps.flatMap((value, i) => (i % 2 === 0 ? ['--cap', value] : [value]));
  return [...(index === 0 ? ['--create-keyring'] : []), keyring, '--gen-key', '-n', name, ...capArgs];
}
