/** npm test's plan: which steps run side by side, and which run under --affected. */
import { batches, runsWhenAffected, STEPS, type Step } from './test';

const step = (id: string) => STEPS.find((s) => s.id === id)!;
const ids = (list: { step: Step }[][]) => list.map((batch) => batch.map((o) => o.step.id));

describe('npm test steps', () => {
  it('runs Prettier beside ESLint, the two integration legs at the same time, and the reliability tests beside the benchmark smoke', () => {
    const all = ids(batches(STEPS.map((s) => ({ step: s }))));
    expect(all.filter((batch) => batch.length > 1)).toEqual([
      ['prettier', 'lint'],
      ['integration-sqlite', 'integration-mariadb'],
      ['reliability', 'bench-smoke'],
    ]);
    // A leg picked alone (--only) still runs.
    expect(ids(batches([{ step: step('integration-mariadb') }, { step: step('e2e') }]))).toEqual([
      ['integration-mariadb'],
      ['e2e'],
    ]);
  });

  it('under --affected, a web-only change skips the API integration tests and keeps the browser tests', () => {
    // What `nx show projects --affected` answers for a change under apps/web (web-e2e depends on web).
    const webOnly = new Set(['web', 'web-e2e']);
    const running = STEPS.filter((s) => runsWhenAffected(s, webOnly)).map((s) => s.id);
    expect(running).not.toContain('integration-sqlite');
    expect(running).not.toContain('integration-mariadb');
    expect(running).not.toContain('reliability');
    expect(running).toEqual(
      expect.arrayContaining(['lint', 'typecheck', 'unit', 'build', 'e2e', 'bench-smoke']),
    );
  });

  it('under --affected, an API change runs both integration legs and the browser tests', () => {
    const api = new Set(['api', 'web-e2e']);
    const running = STEPS.filter((s) => runsWhenAffected(s, api)).map((s) => s.id);
    expect(running).toEqual(
      expect.arrayContaining(['integration-sqlite', 'integration-mariadb', 'build', 'e2e', 'reliability']),
    );
  });

  it('under --affected, a change no project owns (docs) runs only the checks every change gets', () => {
    const running = STEPS.filter((s) => runsWhenAffected(s, new Set())).map((s) => s.id);
    expect(running).toEqual(['system-deps', 'prettier', 'lint', 'typecheck', 'unit', 'compose']);
  });
});
