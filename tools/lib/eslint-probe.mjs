// Lints code given on stdin, one JSON request per line ({ id, filePath, code }), with the repo's ESLint config,
// answering one JSON line per request ({ id, messages } or { id, error }). One process loads the config (and Nx's
// project graph) once for every probe of a spec: `eslint --stdin` per probe loaded it each time, 2 s apiece.
// Plain ESM because ESLint's config loader uses dynamic import(), which Jest's CommonJS sandbox does not allow.
import { createInterface } from 'node:readline';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: process.cwd() });
for await (const line of createInterface({ input: process.stdin })) {
  const { id, filePath, code } = JSON.parse(line);
  try {
    const [result] = await eslint.lintText(code, { filePath });
    process.stdout.write(`${JSON.stringify({ id, messages: result.messages })}\n`);
  } catch (error) {
    process.stdout.write(`${JSON.stringify({ id, error: String(error?.stack ?? error) })}\n`);
  }
}
