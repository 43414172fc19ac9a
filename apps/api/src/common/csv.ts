/**
 * A cell a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, and tab or carriage return, which some
 * programs strip first) gets a leading `'`, so an address like `=HYPERLINK(…)@x.io` stays text (OWASP, CSV
 * injection).
 */
export function csvSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
