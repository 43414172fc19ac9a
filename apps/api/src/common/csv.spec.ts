import { CSV_INJECTION_PAYLOADS, formulaCells, parseCsv, unguarded } from '../../test/support/csv-injection';
import { csvSafe, toCsv } from './csv';

describe('CSV', () => {
  it('puts a quote before a value a spreadsheet would run as a formula', () => {
    expect(['=1+1', '+x', '-2', '@SUM(A1)', '\tx', '\rx', '\nx', '\uFF1D1'].map(csvSafe)).toEqual([
      "'=1+1",
      "'+x",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
      "'\nx",
      "'\uFF1D1",
    ]);
    expect(csvSafe('ann@mail.test')).toBe('ann@mail.test');
  });

  it('puts one before each line within a cell that starts a formula, and leaves other lines alone', () => {
    expect(csvSafe('\r=1+1')).toBe("'\r'=1+1");
    expect(csvSafe('ann\r\n=1+1\n+2\rok\n\n@x')).toBe("ann\r\n'=1+1\n'+2\rok\n\n'@x");
    expect(csvSafe('two\r\nlines\n\nand a gap')).toBe('two\r\nlines\n\nand a gap');
  });

  it('quotes every cell holding CR, LF, a quote or a delimiter', () => {
    expect(toCsv(['a'], [['x\ny'], ['x\ry'], ['x"y'], ['x,y'], ['x;y'], ['x\ty'], ['plain']])).toBe(
      'a\r\n"x\ny"\r\n"x\ry"\r\n"x""y"\r\n"x,y"\r\n"x;y"\r\n"x\ty"\r\nplain\r\n',
    );
  });

  it('keeps every OWASP payload in its own cell and row, none of them a formula', () => {
    const rows = CSV_INJECTION_PAYLOADS.map((payload, i) => [i, payload, `${payload}|${payload}`]);
    const parsed = parseCsv(toCsv(['n', 'value', 'twice'], rows));
    expect(parsed).toHaveLength(CSV_INJECTION_PAYLOADS.length + 1);
    expect(parsed.map((row) => row.length)).toEqual(parsed.map(() => 3));
    expect(formulaCells(parsed.slice(1))).toEqual([]);
    expect(
      parsed.slice(1).map(([n, value, twice]) => [Number(n), unguarded(value), unguarded(twice)]),
    ).toEqual(rows);
  });

  it('leaves numbers as they are, a negative one too', () => {
    expect(toCsv(['n'], [[-3], [null]])).toBe('n\r\n-3\r\n\r\n');
  });
});
