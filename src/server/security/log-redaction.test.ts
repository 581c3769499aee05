import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import { loggableUrl, withLogRedaction } from './log-redaction';

describe('loggableUrl', () => {
  it('keeps the path and the parameter names, and removes every value', () => {
    expect(loggableUrl('/api/lists')).toBe('/api/lists');
    expect(loggableUrl('/verify-email?token=abc.def-123')).toBe('/verify-email?token=[removed]');
    expect(loggableUrl('/api/notifications/unsubscribe?token=x&done=1')).toBe(
      '/api/notifications/unsubscribe?token=[removed]&done=[removed]',
    );
    expect(loggableUrl('/devices/enroll?code=AB-CD&&t=')).toBe('/devices/enroll?code=[removed]&t=[removed]');
  });

  it('removes a name that could be a pasted secret', () => {
    const token = 'A'.repeat(43);
    expect(loggableUrl(`/verify-email?${token}`)).toBe('/verify-email?[removed]=[removed]');
    expect(loggableUrl('/x?%74oken=1')).toBe('/x?[removed]=[removed]');
  });
});

describe('the server logger', () => {
  it('writes credential headers as [removed] when a line logs them', async () => {
    let out = '';
    const stream = new Writable({ write: (chunk: Buffer, _encoding, done) => ((out += chunk.toString()), done()) });
    const app = Fastify({ logger: withLogRedaction({ level: 'debug', stream }) });
    app.get('/echo', async (request) => {
      request.log.info({ headers: request.headers }, 'headers');
      return {};
    });
    app.log.debug(
      { err: Object.assign(new Error('Parse Error'), { rawPacket: Buffer.from('Authorization: Bearer secret-raw') }) },
      'client error',
    );
    await app.inject({
      url: '/echo?key=secret-in-query',
      headers: {
        authorization: 'Bearer secret-bearer',
        cookie: 'sid=secret-cookie',
        'stripe-signature': 't=1,v1=secret-sig',
        'x-device-secret': 'secret-device',
      },
    });
    await app.close();
    expect(out).toContain('"url":"/echo?key=[removed]"');
    expect(out).toContain('"authorization":"[removed]"');
    expect(out).toContain('"rawPacket":"[removed]"');
    expect(out).not.toMatch(/secret-(in-query|bearer|cookie|sig|raw|device)|Bearer/);
  });
});
