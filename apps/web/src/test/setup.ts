import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { en } from '@app/contracts/i18n/en';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks these; react-router and Mantine need them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub implements ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });

Object.defineProperty(window, 'scrollTo', { writable: true, value: () => undefined });
// jsdom lays nothing out, so it has no scrollIntoView; specs record the calls to see that a field was scrolled to.
Object.defineProperty(Element.prototype, 'scrollIntoView', { writable: true, value: jest.fn() });

// Components speak the page's language (issue 26): specs read them in English, the SPEC's texts. Under test,
// Lingui compiles messages as they are asked for.
i18n.loadAndActivate({ locale: 'en', messages: en });

// Testing Library's waits (findBy…, waitFor) allow 5 s, not 1: the unit step runs the API's, the tools' and these
// specs at once, and on a busy 2-core machine a modal's first render or a toast took longer than a second.
configure({ asyncUtilTimeout: 5000 });
