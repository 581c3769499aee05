import { describe, expect, it } from 'vitest';

import { shellTemplate } from './app-shell';

describe('the page shell template', () => {
  it('puts the nonce on the entry script and the module preloads, not on stylesheets', () => {
    const render = shellTemplate(
      '<head><script type="module" src="/a.js"></script><link rel="modulepreload" href="/b.js">' +
        '<link rel="stylesheet" href="/c.css"></head>',
    );
    expect(render('N1')).toBe(
      '<head><script nonce="N1" type="module" src="/a.js"></script><link nonce="N1" rel="modulepreload" href="/b.js">' +
        '<link rel="stylesheet" href="/c.css"></head>',
    );
    expect(render('N2')).toContain('<script nonce="N2"');
  });

  it('reads a tag only up to its end: a "<link" inside another tag is text, and an unclosed tag gets nothing', () => {
    const render = shellTemplate(
      '<meta content="<link rel=&quot;x&quot; <script">' + '<link rel="modulepreload" href="/b.js"><link rel="modulepreload"',
    );
    expect(render('N')).toBe(
      '<meta content="<link rel=&quot;x&quot; <script">' + '<link nonce="N" rel="modulepreload" href="/b.js"><link rel="modulepreload"',
    );
  });

  it('reads a page of ten thousand unclosed "<link" once: each is skipped as text inside the first', () => {
    const page = '<link rel="modulepreload" '.repeat(10_000) + '>';
    // Only the first is a tag (everything up to the one ">" is its attributes).
    expect(shellTemplate(page)('N').match(/nonce="N"/g)).toHaveLength(1);
  });
});
