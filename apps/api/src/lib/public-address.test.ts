import { describe, expect, it } from 'vitest';
import { checkedLookup, InternalAddressError, isPublicAddress } from './public-address.js';

// docs/access.md "OAuth": a metadata document is fetched from public addresses only, judged in
// their canonical form. The addresses are the documented special-purpose ranges (RFC 6890, RFC 4291,
// RFC 6052, RFC 3056), written here in the spellings an attacker would try.

describe('isPublicAddress', () => {
  it('refuses every internal IPv4 range', () => {
    for (const address of [
      '0.0.0.0',
      '0.1.2.3',
      '10.1.2.3',
      '100.64.0.1',
      '100.127.255.254',
      '127.0.0.1',
      '127.255.0.9',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.0.0.8',
      '192.0.2.10',
      '192.88.99.1',
      '192.168.1.1',
      '198.18.0.1',
      '198.19.255.1',
      '198.51.100.7',
      '203.0.113.9',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses IPv4 addresses carried in IPv6, in every spelling', () => {
    for (const address of [
      '::ffff:127.0.0.1', // IPv4-mapped
      '::ffff:7f00:1',
      '::FFFF:7F00:0001',
      '0:0:0:0:0:ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:a9fe:a9fe', // 169.254.169.254, the cloud metadata service
      '::127.0.0.1', // IPv4-compatible
      '::a00:1',
      '::ffff:0:7f00:1', // IPv4-translated
      '64:ff9b::7f00:1', // NAT64
      '64:ff9b::10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::', // 6to4 of 127.0.0.1
      '2002:c0a8:101::1', // 6to4 of 192.168.1.1
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses internal IPv6 ranges', () => {
    for (const address of [
      '::',
      '::1',
      '0:0:0:0:0:0:0:1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
      'febf::1',
      'fec0::1',
      'ff02::1',
      'ff05::2',
      '100::1',
      '2001::1', // Teredo
      '2001:2::1', // benchmarking
      '2001:db8::1',
      '3fff::1',
      '64:ff9b:1::1', // local-use NAT64
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('lets public addresses through, also when carried in IPv6', () => {
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '172.32.0.1',
      '100.128.0.1',
      '198.20.0.1',
      '2001:4860:4860::8888',
      '2a00:1450:4001:81c::200e',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses what is no address', () => {
    for (const text of ['', 'localhost', '127.1', '::ffff:999.0.0.1', '1.2.3.4.5']) {
      expect(isPublicAddress(text), text).toBe(false);
    }
  });
});

describe('checkedLookup', () => {
  const resolve = (hostname: string, all: boolean) =>
    new Promise<unknown>((done, fail) => {
      checkedLookup(isPublicAddress)(hostname, { all }, (error, address) => (error ? fail(error) : done(address)));
    });

  it('refuses a name that resolves to loopback, in both callback forms', async () => {
    await expect(resolve('localhost', false)).rejects.toBeInstanceOf(InternalAddressError);
    await expect(resolve('localhost', true)).rejects.toBeInstanceOf(InternalAddressError);
  });

  it('answers the checked addresses when they are allowed', async () => {
    const everything = (hostname: string) =>
      new Promise<unknown>((done, fail) => {
        checkedLookup(() => true)(hostname, { all: true }, (error, addresses) =>
          error ? fail(error) : done(addresses),
        );
      });
    expect(await everything('localhost')).toEqual(
      expect.arrayContaining([expect.objectContaining({ address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) })]),
    );
  });
});
