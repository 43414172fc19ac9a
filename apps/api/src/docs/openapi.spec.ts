import { isDocsPath } from './openapi';

describe('isDocsPath', () => {
  it.each([
    '/api/docs',
    '/api/docs/',
    '/api/docs-json',
    '/api/docs/swagger-ui-init.js',
    '/api/Docs-json',
    '/API/DOCS/',
    '//api/docs-json',
    '/api//docs',
    '/api/./docs-json',
    '/api/x/../docs-json',
    '/api/%64ocs-json',
    '/api%2Fdocs-json',
    '/api/docs%zz',
  ])('guards %s', (path) => {
    expect(isDocsPath(path)).toBe(true);
  });

  it.each(['/api/videos', '/api/auth/login', '/docs', '/api/admin/docs', '/api/doc', '/api/%zz'])(
    'leaves %s alone',
    (path) => {
      expect(isDocsPath(path)).toBe(false);
    },
  );
});
