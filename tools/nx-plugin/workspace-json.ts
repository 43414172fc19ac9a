/**
 * Local Nx plugin: reads `workspace.json` as the index of the workspace's projects.
 * Nx 23 no longer reads that file by itself; the product owner's design card keeps it,
 * so this plugin turns each entry (name -> root, tags, targets) into a project node.
 */
import { createNodesFromFiles, type CreateNodesV2, type ProjectConfiguration } from '@nx/devkit';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type WorkspaceProject = Omit<ProjectConfiguration, 'name'>;

export interface WorkspaceJson {
  version: number;
  projects: Record<string, WorkspaceProject>;
}

export function readWorkspaceJson(workspaceRoot: string, file = 'workspace.json'): WorkspaceJson {
  const parsed = JSON.parse(readFileSync(join(workspaceRoot, file), 'utf8')) as WorkspaceJson;
  if (!parsed || typeof parsed.projects !== 'object') {
    throw new Error(`${file}: expected an object with "projects"`);
  }
  return parsed;
}

export function projectsFromWorkspaceJson(ws: WorkspaceJson): Record<string, ProjectConfiguration> {
  const projects: Record<string, ProjectConfiguration> = {};
  for (const [name, config] of Object.entries(ws.projects)) {
    if (!config.root) throw new Error(`workspace.json: project "${name}" has no "root"`);
    projects[config.root] = { ...config, name };
  }
  return projects;
}

export const createNodesV2: CreateNodesV2 = [
  'workspace.json',
  (files, options, context) =>
    createNodesFromFiles(
      (file, _options, ctx) => ({
        projects: projectsFromWorkspaceJson(readWorkspaceJson(ctx.workspaceRoot, file)),
      }),
      files,
      options,
      context,
    ),
];

export const createNodes = createNodesV2;
