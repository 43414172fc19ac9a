import { loadFullStylesheets, SHEET_WAIT_MS } from './full-stylesheets';

describe('the whole stylesheets of a page the server cut (full-stylesheets.ts)', () => {
  beforeEach(() => {
    document.head.innerHTML =
      '<style data-critical>.a{color:red}</style><link rel="stylesheet" href="/assets/a.css" disabled>' +
      '<style data-mantine-styles="true">:root{--x:1}</style><link rel="stylesheet" href="/assets/other.css" disabled>';
  });
  afterEach(() => jest.useRealTimers());

  it('enables the sheet beside each cut one, and only those, and waits for its load', async () => {
    const [cut, other] = [...document.querySelectorAll('link')];
    let done = false;
    const loading = loadFullStylesheets().then(() => (done = true));
    expect(cut.hasAttribute('disabled')).toBe(false);
    expect(other.hasAttribute('disabled')).toBe(true);
    await Promise.resolve();
    expect(done).toBe(false);
    cut.dispatchEvent(new Event('load'));
    await loading;
    expect(done).toBe(true);
  });

  it('does not hold the app back when a sheet never says it loaded', async () => {
    jest.useFakeTimers();
    let done = false;
    const loading = loadFullStylesheets().then(() => (done = true));
    await jest.advanceTimersByTimeAsync(SHEET_WAIT_MS - 1);
    expect(done).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await loading;
    expect(done).toBe(true);
  });

  it('resolves at once on a page without cut sheets (the dashboard)', async () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/assets/x.css">';
    await expect(loadFullStylesheets()).resolves.toBeUndefined();
  });
});
