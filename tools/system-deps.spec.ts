import { ensureSystemDeps, SYSTEM_PACKAGES, SystemDepsError, type SystemDepsIo } from './system-deps';

function fakeIo(present: string[], uid: number) {
  const installed = new Set(present);
  const calls: string[] = [];
  const io: SystemDepsIo = {
    uid: () => uid,
    which: (command) => (installed.has(command) ? `/usr/bin/${command}` : undefined),
    run: (command, args, env) => {
      calls.push(`${env?.DEBIAN_FRONTEND ?? ''} ${command} ${args.join(' ')}`.trim());
      if (args[0] === 'install') {
        for (const name of args.slice(2)) {
          SYSTEM_PACKAGES.find((p) => p.name === name)?.needs.forEach((need) => installed.add(need));
        }
      }
      return 0;
    },
    log: () => undefined,
  };
  return { io, calls };
}

const everything = SYSTEM_PACKAGES.flatMap((p) => p.needs);

describe('ensureSystemDeps', () => {
  it('does nothing when everything is installed', () => {
    const { io, calls } = fakeIo(everything, 1000);
    expect(ensureSystemDeps(io)).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('stops a non-root user with a message naming the packages to install', () => {
    const { io, calls } = fakeIo(
      everything.filter((c) => c !== 'mariadbd' && c !== 'docker-compose'),
      1000,
    );
    let error: Error | undefined;
    try {
      ensureSystemDeps(io);
    } catch (e) {
      error = e as Error;
    }
    expect(error).toBeInstanceOf(SystemDepsError);
    expect(error?.message).toContain('mariadb-server (missing: mariadbd)');
    expect(error?.message).toContain('docker-compose (missing: docker-compose)');
    expect(error?.message).toContain('sudo apt-get install -y mariadb-server docker-compose');
    expect(error?.message).not.toContain('chromium');
    expect(error?.message).not.toContain('headless');
    expect(calls).toEqual([]);
  });

  it('as root, runs apt-get update once and installs only the missing packages', () => {
    const { io, calls } = fakeIo(
      everything.filter((c) => c !== '/usr/bin/chromium'),
      0,
    );
    expect(ensureSystemDeps(io)).toEqual(['chromium']);
    expect(calls).toEqual(['noninteractive apt-get update', 'noninteractive apt-get install -y chromium']);
  });

  it("names Ceph's gateway, monitor and OSD packages on a machine without them (the S3 server of the image store's tests)", () => {
    const ceph = ['radosgw', 'ceph-mon', 'ceph-osd'];
    const withoutCeph = SYSTEM_PACKAGES.filter((p) => !ceph.includes(p.name)).flatMap((p) => p.needs);
    const { io, calls } = fakeIo(withoutCeph, 1000);
    expect(() => ensureSystemDeps(io)).toThrow(
      'radosgw (missing: radosgw); ceph-mon (missing: ceph-mon, monmaptool, ceph-authtool, ceph, radosgw-admin); ceph-osd (missing: ceph-osd)',
    );
    expect(() => ensureSystemDeps(io)).toThrow('sudo apt-get install -y radosgw ceph-mon ceph-osd');
    expect(calls).toEqual([]);
    const root = fakeIo(withoutCeph, 0);
    expect(ensureSystemDeps(root.io)).toEqual(ceph);
    expect(root.calls).toEqual([
      'noninteractive apt-get update',
      'noninteractive apt-get install -y radosgw ceph-mon ceph-osd',
    ]);
  });

  it('fails when apt-get could not provide the commands', () => {
    const { io } = fakeIo([], 0);
    io.run = () => 0;
    expect(() => ensureSystemDeps(io)).toThrow(/Still missing after apt-get install: mariadb-server/);
  });

  it('fails when apt-get fails', () => {
    const { io } = fakeIo([], 0);
    io.run = (_c, args) => (args[0] === 'update' ? 100 : 0);
    expect(() => ensureSystemDeps(io)).toThrow('`apt-get update` failed');
  });
});
