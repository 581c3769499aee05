import { describe, expect, it } from 'vitest';

import { insecureTransportProblem, isLoopbackHost } from './transport';

describe('insecureTransportProblem', () => {
  it.each([
    'https://loadout.example.com',
    'wss://loadout.example.com/api/agent/ws',
    'https://10.0.0.5:3000',
    'http://localhost:3000',
    'http://LOCALHOST.:3000',
    'http://agent.localhost',
    'http://127.0.0.1:3000',
    'http://127.8.9.10',
    'http://[::1]:3000',
    'http://[::ffff:127.0.0.1]:3000',
    'ws://127.0.0.1:3000/api/agent/ws',
  ])('lets %s through', (server) => {
    expect(insecureTransportProblem(server)).toBeNull();
  });

  it.each([
    'http://loadout.example.com',
    'http://10.0.0.5:3000/loadout',
    'http://192.168.1.20',
    'http://[fe80::1]:3000',
    'http://[::ffff:10.0.0.1]',
    'http://127.0.0.1.example.com',
    'http://localhost.example.com',
    'ws://loadout.example.com/api/agent/ws',
  ])('refuses %s, naming --insecure-http', (server) => {
    const problem = insecureTransportProblem(server);
    expect(problem).toContain('plain http://');
    expect(problem).toContain('--insecure-http');
    expect(problem).toContain(new URL(server).host);
  });
});

describe('isLoopbackHost', () => {
  it('knows 127.0.0.0/8 and ::1 but not their look-alikes', () => {
    expect(isLoopbackHost('127.255.255.254')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
    expect(isLoopbackHost('::')).toBe(false);
  });
});
