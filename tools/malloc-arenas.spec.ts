import { mallocArenaAdvice, runtimeGlibc } from '@app/node-server/malloc-arenas';

describe('mallocArenaAdvice', () => {
  it('asks for MALLOC_ARENA_MAX on glibc when it is not set', () => {
    expect(mallocArenaAdvice({}, () => '2.36')).toBe(
      'MALLOC_ARENA_MAX is not set: glibc 2.36 keeps up to 8 malloc arenas per core, about 50 MB more memory ' +
        'through a large sync. Start the process with MALLOC_ARENA_MAX=2 (docs/deployment.md, "Memory").',
    );
  });

  it('says nothing when it is set, whatever its value, or off glibc', () => {
    expect(mallocArenaAdvice({ MALLOC_ARENA_MAX: '2' }, () => '2.36')).toBeNull();
    expect(mallocArenaAdvice({ MALLOC_ARENA_MAX: '8' }, () => '2.36')).toBeNull();
    expect(mallocArenaAdvice({}, () => undefined)).toBeNull();
  });

  it('builds no diagnostic report when the variable is set', () => {
    const glibc = jest.fn(() => '2.36');
    mallocArenaAdvice({ MALLOC_ARENA_MAX: '2' }, glibc);
    expect(glibc).not.toHaveBeenCalled();
  });

  it('reads the runtime glibc of this process (Debian here)', () => {
    expect(runtimeGlibc()).toMatch(/^2\.\d+$/);
  });
});
