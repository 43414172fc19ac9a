/**
 * How many malloc arenas a server process may have. glibc gives each thread that allocates an arena of its own, up
 * to 8 per core; Node's threads (V8's concurrent marking and compiler, libuv's pool) each fill one and keep the
 * freed memory. Two arenas keep the API about 50 MB lower through a sync of 5,000 videos at no measured cost in
 * time (`npx tsx tools/bench/sync.ts`, docs/deployment.md "Memory"). musl (the Alpine image) ignores it.
 *
 * It must be in the environment when the process starts: `npm start`, the API's image and the benchmarks' stacks
 * set it; a production API started without it says so in its log.
 */
export const MALLOC_ARENA_MAX = '2';

/** The environment a server process is started with, beside its own settings (which win). */
export const SERVER_PROCESS_ENV = { MALLOC_ARENA_MAX } as const;

/**
 * What the log should say when this process runs on glibc without `MALLOC_ARENA_MAX`, or null. `glibc` gives the
 * runtime's glibc version (undefined elsewhere: musl, macOS); it is asked only when the variable is unset, as
 * `process.report` builds a whole diagnostic report to tell.
 */
export function mallocArenaAdvice(
  env: NodeJS.ProcessEnv,
  glibc: () => string | undefined = runtimeGlibc,
): string | null {
  if (env.MALLOC_ARENA_MAX) return null;
  const version = glibc();
  if (!version) return null;
  return (
    `MALLOC_ARENA_MAX is not set: glibc ${version} keeps up to 8 malloc arenas per core, about 50 MB more memory ` +
    `through a large sync. Start the process with MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX} (docs/deployment.md, "Memory").`
  );
}

/** The glibc version this process runs on, or undefined (musl, macOS, Windows). */
export function runtimeGlibc(): string | undefined {
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
  return report?.header?.glibcVersionRuntime;
}
