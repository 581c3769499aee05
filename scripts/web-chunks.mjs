// How the web build groups its modules into chunks. Left to itself the bundler made about 190
// chunks, most of them a few hundred bytes: a page then loaded in four or five waves of small
// requests, and on a phone's connection (six connections, 150 ms a round trip) the waves, not
// the bytes, were most of the wait. Grouped this way a page loads in two waves:
//   - `boot`: everything the entry imports statically (what every route needs first; the
//     entry gate in bench/bundle-size.mjs counts it);
//   - `ui`: the libraries only pages use (Mantine's components, floating-ui, forms), loaded once,
//     beside the first page's own chunk;
//   - `app`: the web app's shared code (api, lib, components) that pages use and the entry does
//     not, loaded the same way, with what it imports that no other group took (the schemas its
//     calls check answers with, and zod);
//   - everything else keeps the bundler's own splitting: each page, and the libraries of one or
//     two screens (card payments).
// A group takes the modules its test matches and, by default, what they import that no group
// of higher priority took.

/** Every library but card payments (one screen) and zod, which goes with the schemas in `app`. */
const UI_LIBRARIES = /node_modules[\\/](?!zod[\\/]|@stripe[\\/]|react-number-format[\\/])/;

/** The `codeSplitting.groups` of the web build. */
export const WEB_CHUNK_GROUPS = [
  { name: 'boot', tags: ['$initial'], priority: 3 },
  { name: 'ui', test: UI_LIBRARIES, priority: 2 },
  { name: 'app', test: /src[\\/]renderer[\\/]src[\\/](api|lib|components)[\\/]/, priority: 1 },
];
