import { useSyncExternalStore } from 'react';

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
  listeners.forEach((listener) => listener());
}

let memory: ConsentChoice | null = null;

function subscribe(listener: () => void): () => void {
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

export function useConsentChoice(): ConsentChoice | null {
  return useSyncExternalStore(
    subscribe,
    () => readConsent() ?? memory,
    () => null,
  );
}

/**
 * Whether analytics and ads may load: with the GDPR banner on, only after the visitor accepted;
 * with it off, the site does not ask.
 */
export function useTrackingAllowed(bannerEnabled: boolean): boolean {
  const choice = useConsentChoice();
  return !bannerEnabled || choice === 'granted';
}
