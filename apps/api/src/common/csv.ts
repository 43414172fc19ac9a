import { stringify } from 'csv-stringify/sync';

/**
 * What a spreadsheet may read as the start of a formula (OWASP, CSV injection): `=`, `+`, `-`, `@`, their
 * full-width forms (some spreadsheets normalise them) and tab, which some programs strip before they look.
 */
const FORMULA_CHARS = '=+\\-@\\t\\uFF1D\\uFF0B\\uFF0D\\uFF20';
/** A cell may also not start with CR or LF (stripped the same way, or read as a new row). */
const FORMULA_CELL_START = new RegExp(`^[${FORMULA_CHARS}\\r\\n]`);
/** A line break within the cell (CR LF, CR or LF) followed by a formula start. */
const FORMULA_LINE_START = new RegExp(`(\\r\\n|\\r(?!\\n)|\\n)(?=[${FORMULA_CHARS}])`, 'g');

/**
 * The one rule against formula injection: a `'` before the cell's first character and before the first character
 * of each line within the cell when it could start a formula, so `=HYPERLINK(…)@x.io` or a name with a line
 * break then `=1+1` stays text, also in a program that splits a quoted cell's lines.
 */
export function csvSafe(value: string): string {
  const lines = value.replace(FORMULA_LINE_START, "$1'");
  return FORMULA_CELL_START.test(lines) ? `'${lines}` : lines;
}

export type CsvCell = string | number | null;

/**
 * Every CSV the API writes (RFC 4180, CRLF, a header row), through `csv-stringify`: a cell holding CR, LF, a
 * quote or a comma is quoted (a lone CR or LF too, which csv-stringify leaves bare once the record delimiter is
 * CRLF), and so is one holding a semicolon or a tab, which spreadsheets in other locales split on; every text
 * cell goes through `csvSafe`.
 */
export function toCsv(columns: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return stringify(
    rows.map((row) => [...row]),
    {
      header: true,
      columns: [...columns],
      record_delimiter: 'windows',
      quote_record_delimiter: true,
      quoted_match: /[;\t]/,
      cast: { string: csvSafe },
    },
  );
}
