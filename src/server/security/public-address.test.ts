import { describe, expect, it } from 'vitest';

import { AddressRefused, allowedNetworks, resolvePublicAddress, whyNotPublic } from './public-address';

const none = allowedNetworks([]);

describe('whyNotPublic', () => {
  it('lets public addresses through, IPv4 and IPv6, and IPv6 that carries a public IPv4', () => {
    for (const address of [
      '93.184.216.34',
      '8.8.8.8',
      '1.1.1.1',
      '2606:4700:4700::1111',
      '2a00:1450:4001::200e',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
    ])
      expect(whyNotPublic(address, none), address).toBeNull();
  });

  it('refuses loopback, private, link-local, shared, reserved, multicast and documentation ranges', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.255.254',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '192.0.2.1',
      '198.18.0.1',
      '::',
      '::1',
      'fe80::1',
      'fd00::1',
      'fc00::1',
      'ff02::1',
      '2001:db8::1',
      '2001::1',
    ])
      expect(whyNotPublic(address, none), address).toMatch(/is not a public address/);
  });

  it('judges IPv6 that reaches IPv4 (mapped, NAT64, 6to4) by the IPv4 address it reaches', () => {
    expect(whyNotPublic('::ffff:127.0.0.1', none)).toBe('::ffff:127.0.0.1 is not a public address (it reaches 127.0.0.1)');
    expect(whyNotPublic('::ffff:7f00:1', none)).toMatch(/reaches 127\.0\.0\.1/);
    expect(whyNotPublic('64:ff9b::a9fe:a9fe', none)).toMatch(/reaches 169\.254\.169\.254/);
    expect(whyNotPublic('2002:0a00:0001::1', none)).toMatch(/reaches 10\.0\.0\.1/);
  });

  it('refuses what is not an address, and zones that name an interface', () => {
    expect(whyNotPublic('example.com', none)).toMatch(/not an IP address/);
    expect(whyNotPublic('fe80::1%eth0', none)).toMatch(/network interface/);
  });

  it("lets the operator's networks through, and only those", () => {
    const lab = allowedNetworks(['10.1.0.0/16', 'fd00:1::/32']);
    expect(whyNotPublic('10.1.2.3', lab)).toBeNull();
    expect(whyNotPublic('fd00:1::5', lab)).toBeNull();
    expect(whyNotPublic('10.2.0.1', lab)).toMatch(/not a public address/);
    expect(whyNotPublic('127.0.0.1', lab)).toMatch(/not a public address/);
  });
});

describe('resolvePublicAddress', () => {
  const dns = (answers: Record<string, string[]>) => async (name: string) => {
    const addresses = answers[name];
    if (!addresses) throw new Error('ENOTFOUND');
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

  it('answers the first address of a name whose addresses are all public', async () => {
    expect(await resolvePublicAddress('hooks.example', dns({ 'hooks.example': ['93.184.216.34', '2606:2800:220:1::1'] }), none)).toEqual({
      address: '93.184.216.34',
      family: 4,
    });
  });

  it('refuses a name with any inward address among its answers, one that is not found, and a private literal', async () => {
    const resolve = dns({ mixed: ['93.184.216.34', '10.0.0.1'], empty: [] });
    await expect(resolvePublicAddress('mixed', resolve, none)).rejects.toThrow(
      new AddressRefused('mixed resolves to 10.0.0.1, which is not a public address'),
    );
    await expect(resolvePublicAddress('empty', resolve, none)).rejects.toThrow('empty has no address');
    await expect(resolvePublicAddress('gone', resolve, none)).rejects.toThrow('gone could not be found');
    await expect(resolvePublicAddress('[::1]', resolve, none)).rejects.toThrow('::1 is not a public address');
  });
});
