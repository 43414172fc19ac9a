import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { missingProductionDependencies } from './prod-deps';

describe('missingProductionDependencies', () => {
  let dist: string;
  beforeEach(() => {
    dist = mkdtempSync(join(tmpdir(), 'prod-deps-'));
    mkdirSync(join(dist, 'nested'));
    writeFileSync(
      join(dist, 'main.js'),
      'const a = require("@nestjs/common"); const b = require("./local"); const c = require("node:fs"); require("path");',
    );
    writeFileSync(
      join(dist, 'nested', 'x.js'),
      'require("supertest/lib/agent"); require("@scope/pkg/deep");',
    );
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it('names packages required by the build but absent from dependencies', () => {
    const missing = missingProductionDependencies(dist, { '@nestjs/common': '^11', '@scope/pkg': '1' }, [
      'mysql2',
    ]);
    expect([...missing.keys()]).toEqual(['supertest', 'mysql2']);
    expect(missing.get('supertest')).toBe(join(dist, 'nested', 'x.js'));
  });

  it('is empty when dependencies cover everything', () => {
    const deps = { '@nestjs/common': '1', supertest: '1', '@scope/pkg': '1' };
    expect(missingProductionDependencies(dist, deps).size).toBe(0);
  });
});
