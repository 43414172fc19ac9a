/**
 * Text put into HTML, in one place (zod-free: the public page imports it alone as `@app/contracts/html`):
 * - `escapeHtml` for text and attribute values (the page head, e-mails, the watch page's tags);
 * - `scriptSafeJson` for JSON inside a `<script>` element (JSON-LD, the server-rendered page's data):
 *   `<`, `>` and `&` become `\u` escapes, so no text can close the element or open a comment or entity in it,
 *   and U+2028/2029 too, which some JavaScript parsers take for line ends. JSON parsers read the same data back.
 * tools/one-home.spec.ts fails when another copy of either appears.
 */
const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `&`, `<`, `>`, `"` and `'` as entities: safe in text and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
}

const SCRIPT_UNSAFE: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** `JSON.stringify(value)`, safe inside a `<script>` element. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => SCRIPT_UNSAFE[c] as string);
}
