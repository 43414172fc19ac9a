import { turnOnWebFonts, webFontsAfterLoad, WEBFONTS_STORAGE_KEY } from './web-fonts';

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

  it('fetches the web font of each role (not the families further down its stack) in the weights it draws, then turns them on and remembers it', async () => {
    await turnOnWebFonts();
    expect(load.mock.calls.map(([font]) => font)).toEqual([
      '400 1em "Lato"',
      '600 1em "Lato"',
      '700 1em "Poppins"',
      '400 1em "Fira Code"',
    ]);
    expect(root.dataset.webfonts).toBe('on');
    expect(localStorage.getItem(WEBFONTS_STORAGE_KEY)).toBe('on');
  });

  it('does not turn them on before they are there', async () => {
    const arrivals: (() => void)[] = [];
    load.mockImplementation(() => new Promise((resolve) => arrivals.push(() => resolve([]))));
    const turning = turnOnWebFonts();
    await Promise.resolve();
    arrivals.slice(1).forEach((arrive) => arrive());
    await Promise.resolve();
    expect(root.dataset.webfonts).toBeUndefined();
    arrivals[0]();
    await turning;
    expect(root.dataset.webfonts).toBe('on');
  });

  it('a face that fails still turns them on (its text keeps the fallback) but is not remembered', async () => {
    load.mockImplementation((font) =>
      font.includes('Poppins') ? Promise.reject(new Error('NetworkError')) : Promise.resolve([]),
    );
    await turnOnWebFonts();
    expect(root.dataset.webfonts).toBe('on');
    expect(localStorage.getItem(WEBFONTS_STORAGE_KEY)).toBeNull();
  });

  it('fetches nothing when the page has them on already (remembered by index.html)', async () => {
    root.dataset.webfonts = 'on';
    await turnOnWebFonts();
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
