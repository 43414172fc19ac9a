/** The visitor's GDPR answer, without React: the boot script (boot.ts) reads it before the app starts. */
export type ConsentChoice = 'granted' | 'denied';
export const CONSENT_STORAGE_KEY = 'cookie-consent';

const listeners = new Set<() => void>();

export function readConsent(): ConsentChoice | null {
  try {
    const value = window.localStorage.getItem(CONSENT_STORAGE_KEY);
    return value === 'granted' || value === 'denied' ? value : null;
  } catch {
    return null;
  }
}

/** Remembers the visitor's choice (SPEC: the GDPR banner's answer is kept). */
export function setConsent(choice: ConsentChoice | null): void {
  try {
    if (choice) window.localStorage.setItem(CONSENT_STORAGE_KEY, choice);
    else window.localStorage.removeItem(CONSENT_STORAGE_KEY);
  } catch {
    // Storage blocked: the choice holds for this page only.
    memory = choice;
  }
  // The page's own copy (index.html sets it before the first paint), which hides the rendered banner.
  if (choice) document.documentElement.dataset.consent = choice;
  else delete document.documentElement.dataset.consent;
  listeners.forEach((listener) => listener());
}

let memory: ConsentChoice | null = null;

/** The choice, from storage, else the one kept for this page when storage is blocked. */
export function currentConsent(): ConsentChoice | null {
  return readConsent() ?? memory;
}

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CONSENT_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
