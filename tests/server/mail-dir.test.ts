import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signUpPayload } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Without SMTP and without MAIL_DIR, mails go where the server keeps the rest of what it writes. */
describe('mails without SMTP, by default', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'loadout-data-'));
    t = await createTestApp({ smtp: false, env: { DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('are written to mail/ in the data folder, not to the working folder', async () => {
    const payload = signUpPayload();
    expect((await t.api.post('/api/auth/register', payload)).status).toBe(202);
    await t.app.ctx.mailer.flush();

    const files = readdirSync(join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    expect(readFileSync(join(dataDir, 'mail', files[0] ?? ''), 'utf8')).toContain(`To: ${String(payload.email)}`);
    expect(existsSync(join(process.cwd(), 'data', 'mail', files[0] ?? ''))).toBe(false);
  });
});
