/**
 * Browser APIs happy-dom lacks but Mantine uses. Import this first in a DOM test file
 * (after the `@vitest-environment happy-dom` line).
 */
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
  window.scrollTo = () => undefined;
  Element.prototype.scrollIntoView = () => undefined;
}
