/** The GitHub workflow runs what the README promises: affected checks on pull requests, all of `npm test` on main. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { repoRoot } from './lib/paths';

interface Job {
  if: string;
  container: string;
  steps: { run?: string; uses?: string; with?: Record<string, unknown> }[];
}
const workflow = parse(readFileSync(join(repoRoot, '.github/workflows/ci.yml'), 'utf8')) as {
  on: Record<string, unknown>;
  jobs: Record<string, Job>;
};
const runs = (job: Job) => job.steps.flatMap((step) => (step.run ? [step.run] : []));

describe('the CI workflow', () => {
  it('runs on pull requests and on pushes to main', () => {
    expect(workflow.on).toEqual({ pull_request: null, push: { branches: ['main'] } });
  });

  it('checks pull requests with the affected steps of npm test against the target branch, with the history to find the merge base', () => {
    const job = workflow.jobs.affected;
    expect(job.if).toBe("github.event_name == 'pull_request'");
    expect(job.container).toBe('node:20-bookworm');
    expect(job.steps.find((s) => s.uses?.startsWith('actions/checkout'))?.with).toEqual({ 'fetch-depth': 0 });
    expect(runs(job)).toContain(
      'npm install && npm test -- --affected --base "origin/${{ github.base_ref }}"',
    );
  });

  it('runs the README’s test command on main, as root on Debian with Node 20 (as .ci/run does)', () => {
    const job = workflow.jobs.full;
    expect(job.if).toBe("github.event_name == 'push'");
    expect(job.container).toBe('node:20-bookworm');
    expect(runs(job)).toEqual(['npm install && npm test']);
    expect(readFileSync(join(repoRoot, 'README.md'), 'utf8')).toContain('npm install && npm test');
    expect(readFileSync(join(repoRoot, '.ci/run'), 'utf8')).toContain('npm install && npm test');
  });
});
