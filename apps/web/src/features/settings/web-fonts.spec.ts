import { webFontsAfterLoad, WEBFONTS_STORAGE_KEY } from './web-fonts';

describe('the web fonts of a server-rendered page (issue 23)', () => {
  const root = document.documentElement;
  let load: jest.Mock<Promise<FontFace[]>, [string]>;

  beforeEach(() => {
    delete root.dataset.webfonts;
    localStorage.clear();
    root.style.setProperty('--app-font-body-web', '"Lato", "Lato Fallback: Arial", sans-serif');
    root.style.setProperty('--app-font-heading-web', '"Poppins", "Poppins Fallback: Arial", sans-serif');
    root.style.setProperty(
      '--app-font-mono-web',
      '"Fira Code", "Fira Code Fallback: Courier New", monospace',
    );
    load = jest.fn((font: string) => Promise.resolve([{ family: font } as unknown as FontFace]));
    Object.defineProperty(document, 'fonts', { value: { load }, configurable: true });
  });

  /** Runs the after-load fetch to its end (the page has loaded: `readyState` is `complete` in jsdom). */
  async function afterLoad() {
    webFontsAfterLoad();
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    // The loads' settling, then the flag.
    for (let i = 0; i < 5; i++) await Promise.resolve();
  }

  it('fetches the web font of each role (not the families further down its stack) in the weights it draws, and remembers it for the next page', async () => {
    await afterLoad();
    expect(load.mock.calls.map(([font]) => font)).toEqual([
      '400 1em "Lato"',
      '600 1em "Lato"',
      '700 1em "Poppins"',
      '400 1em "Fira Code"',
    ]);
    expect(localStorage.getItem(WEBFONTS_STORAGE_KEY)).toBe('on');
  });

  it('leaves the page it fetched them on in its fallbacks (no restyle under the reader)', async () => {
    await afterLoad();
    expect(load).toHaveBeenCalled();
    expect(root.dataset.webfonts).toBeUndefined();
  });

  it('does not remember them before they are there', async () => {
    const arrivals: (() => void)[] = [];
    load.mockImplementation(() => new Promise((resolve) => arrivals.push(() => resolve([]))));
    await afterLoad();
    arrivals.slice(1).forEach((arrive) => arrive());
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(localStorage.getItem(WEBFONTS_STORAGE_KEY)).toBeNull();
    arrivals[0]();
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(localStorage.getItem(WEBFONTS_STORAGE_KEY)).toBe('on');
  });

  it('a face that fails is not remembered (the next page fetches them after its load again)', async () => {
    load.mockImplementation((font) =>
      font.includes('Poppins') ? Promise.reject(new Error('NetworkError')) : Promise.resolve([]),
    );
    await afterLoad();
    expect(load).toHaveBeenCalledTimes(4);
    expect(localStorage.getItem(WEBFONTS_STORAGE_KEY)).toBeNull();
  });

  it('fetches nothing when the page has them on already (remembered by index.html)', async () => {
    root.dataset.webfonts = 'on';
    await afterLoad();
    expect(load).not.toHaveBeenCalled();
  });

  it('waits for the load event and a painted frame', async () => {
    jest.useFakeTimers();
    try {
      Object.defineProperty(document, 'readyState', { value: 'interactive', configurable: true });
      webFontsAfterLoad();
      jest.runAllTimers();
      expect(load).not.toHaveBeenCalled();
      window.dispatchEvent(new Event('load'));
      jest.runAllTimers();
      expect(load).toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
      Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
    }
  });
});
