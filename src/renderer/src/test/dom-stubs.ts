/**
 * Browser APIs happy-dom lacks but Mantine uses. Import this first in a DOM test file
 * (after the `@vitest-environment happy-dom` line).
 */
import { configure } from '@testing-library/react';

// Screens load lazily; with every test file running at once the first load of a chunk can
// take longer than testing-library's default second.
configure({ asyncUtilTimeout: 10_000 });

if (typeof window !== 'undefined') {
  if (typeof window.matchMedia !== 'function' || !window.matchMedia('(min-width: 0px)').addEventListener) {
    window.matchMedia = (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    });
  }
  if (typeof window.ResizeObserver !== 'function') {
    window.ResizeObserver = class {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    };
  }
  // Mantine's autosizing Textarea listens for web fonts loading.
  if (!('fonts' in document) || !document.fonts) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
    });
  }
  window.scrollTo = () => undefined;
  Element.prototype.scrollIntoView = () => undefined;
}
