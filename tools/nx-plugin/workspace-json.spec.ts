import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { bin, repoRoot } from '../lib/paths';
import { projectsFromWorkspaceJson, readWorkspaceJson, type WorkspaceJson } from './workspace-json';

const nxEnv = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };

function findFiles(dir: string, name: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', '.git', '.nx', 'tmp', '.data'].includes(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) findFiles(path, name, found);
    else if (entry.name === name) found.push(relative(repoRoot, path));
  }
  return found;
}

describe('projectsFromWorkspaceJson', () => {
  it('keys projects by root and keeps name, tags and targets', () => {
    const ws: WorkspaceJson = {
      version: 2,
      projects: {
        api: {
          root: 'apps/api',
          tags: ['scope:api'],
          targets: { build: { executor: 'nx:run-commands', options: { command: 'tsc' } } },
        },
        contracts: { root: 'libs/contracts', projectType: 'library' },
      },
    };
    expect(projectsFromWorkspaceJson(ws)).toEqual({
      'apps/api': {
        name: 'api',
        root: 'apps/api',
        tags: ['scope:api'],
        targets: { build: { executor: 'nx:run-commands', options: { command: 'tsc' } } },
      },
      'libs/contracts': { name: 'contracts', root: 'libs/contracts', projectType: 'library' },
    });
  });

  it('refuses a project without a root', () => {
    const ws = { version: 2, projects: { broken: { tags: [] } } } as unknown as WorkspaceJson;
    expect(() => projectsFromWorkspaceJson(ws)).toThrow('workspace.json: project "broken" has no "root"');
  });

  it("reads the repository's workspace.json with the four product projects and their scope tags", () => {
    const projects = readWorkspaceJson(repoRoot).projects;
    expect(projects.api.tags).toContain('scope:api');
    expect(projects.web.tags).toContain('scope:web');
    expect(projects['web-e2e'].tags).toContain('scope:web');
    expect(projects.contracts.tags).toContain('scope:shared');
  });
});

describe('the workspace.json plugin inside Nx', () => {
  it('is what makes `nx show projects` list the projects', () => {
    const nxJson = JSON.parse(readFileSync(join(repoRoot, 'nx.json'), 'utf8')) as { plugins?: unknown[] };
    const plugins = (nxJson.plugins ?? []).map((p) =>
      typeof p === 'string' ? p : (p as { plugin: string }).plugin,
    );
    expect(plugins).toContain('./tools/nx-plugin/workspace-json.ts');
    // No other source of projects: no project.json files, no package.json outside the root.
    expect(findFiles(repoRoot, 'project.json')).toEqual([]);
    expect(findFiles(repoRoot, 'package.json')).toEqual(['package.json']);

    const out = execFileSync(bin('nx'), ['show', 'projects', '--json'], {
      cwd: repoRoot,
      env: nxEnv,
      encoding: 'utf8',
    });
    const listed = JSON.parse(out.slice(out.indexOf('['))) as string[];
    expect(listed).toEqual(expect.arrayContaining(['api', 'web', 'contracts', 'web-e2e']));
    expect(listed.sort()).toEqual(Object.keys(readWorkspaceJson(repoRoot).projects).sort());
  });
});
