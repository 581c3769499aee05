import { config } from 'zod';

// Zod compiles object parsers with `new Function` when it may, and finds out by trying: under
// the page's CSP (no 'unsafe-eval') that try is a CSP violation on every page that parses.
// Jitless parsing is plenty fast for API answers. Imported first by main.tsx, since zod reads
// this when each schema is built.
config({ jitless: true });
