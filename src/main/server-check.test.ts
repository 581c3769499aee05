import { describe, expect, it } from 'vitest';

import { checkServer } from './server-check';
import { serverSetupPage } from './server-setup-page';

const health = { status: 'ok', database: 'sqlite', version: '1.0.0', uptimeSeconds: 3 };

function answering(status: number, body: unknown): typeof fetch {
  return async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('checkServer', () => {
  it('accepts a Loadout server and keeps its address without a trailing slash', async () => {
    await expect(checkServer(' https://loadout.example/ ', answering(200, health))).resolves.toEqual({
      ok: true,
      serverUrl: 'https://loadout.example',
    });
  });

  it.each([
    ['an empty address', ''],
    ['a file path', 'file:///etc/passwd'],
    ['credentials in the address', 'https://ana:secret@loadout.example'],
    ['a line break', 'https://loadout.example/\nx'],
    ['not text', 42],
  ])('refuses %s before asking anything', async (_name, input) => {
    let asked = false;
    const fetchImpl = (async () => {
      asked = true;
      return new Response('{}');
    }) as typeof fetch;
    const answer = await checkServer(input, fetchImpl);
    expect(answer.ok).toBe(false);
    expect(asked).toBe(false);
  });

  it('says when the server cannot be reached, or is not a Loadout server', async () => {
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    await expect(checkServer('http://127.0.0.1:9', down)).resolves.toEqual({ ok: false, message: 'Could not reach http://127.0.0.1:9' });
    await expect(checkServer('https://example.org', answering(200, { hello: 'world' }))).resolves.toEqual({
      ok: false,
      message: 'https://example.org does not answer like a Loadout server',
    });
    await expect(checkServer('https://example.org', answering(503, health))).resolves.toMatchObject({ ok: false });
  });
});

describe('serverSetupPage', () => {
  const html = (current: string | null) => decodeURIComponent(serverSetupPage(current).slice('data:text/html;charset=utf-8,'.length));

  it('allows its one script by hash and nothing else', () => {
    const page = html(null);
    expect(page).toMatch(/default-src 'none'; script-src 'sha256-[A-Za-z0-9+/=]{44}'/);
    expect(page).not.toContain('unsafe-eval');
    expect(page).toContain('<label for="server">Server address</label>');
  });

  it('shows the current server escaped, so no address can become markup', () => {
    const page = html('https://x.example/"><script>alert(1)</script>');
    expect(page).toContain('value="https://x.example/&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;"');
    expect(page.match(/<script>/g)).toHaveLength(1);
  });
});
