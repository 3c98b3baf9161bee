import { describe, expect, it } from 'vitest';
import { describeNonPublicAddress, isPublicAddress } from '../../src/fetch/address-policy.js';

describe('isPublicAddress', () => {
  it.each([
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '10.255.255.255',
    '100.64.0.1',
    '100.127.255.255',
    '100.100.100.200',
    '127.0.0.1',
    '127.255.255.254',
    '169.254.0.1',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.88.99.1',
    '192.168.0.1',
    '192.168.255.255',
    '198.18.0.1',
    '198.19.255.255',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
  ])('refuses IPv4 %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each([
    '::',
    '::1',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    'fe80::1%eth0',
    'febf:ffff::1',
    'fec0::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:192.168.1.1',
    '64:ff9b::10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::1',
    '2002:7f00:1::1',
    '2002:a00:1::',
    '2001::1',
    '2001:db8::1',
    '2001:2::1',
    '2001:10::1',
    '3fff::1',
    '100::1',
    '::127.0.0.1',
    '4000::1',
    '[::1]',
  ])('refuses IPv6 %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '9.255.255.255',
    '11.0.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '126.255.255.255',
    '128.0.0.1',
    '169.253.255.255',
    '169.255.0.1',
    '172.15.255.255',
    '172.32.0.1',
    '192.167.255.255',
    '192.169.0.1',
    '198.17.255.255',
    '198.20.0.1',
    '223.255.255.255',
    '93.184.216.34',
  ])('allows public IPv4 %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it.each([
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '2a00:1450:4001:82b::200e',
    '2400:cb00::1',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
    '2001:200::1',
  ])('allows public IPv6 %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it.each(['', 'localhost', '127.1', '1.2.3', '256.0.0.1', 'example.com', '::g', '1::2::3'])('refuses non-address %j', (text) => {
    expect(isPublicAddress(text)).toBe(false);
  });

  it('names the kind of address for error messages', () => {
    expect(describeNonPublicAddress('127.0.0.1')).toBe('a loopback address');
    expect(describeNonPublicAddress('169.254.169.254')).toMatch(/link-local.*metadata/);
    expect(describeNonPublicAddress('10.1.2.3')).toBe('a private address');
    expect(describeNonPublicAddress('::ffff:127.0.0.1')).toBe('a loopback address (127.0.0.1 inside an IPv6 address)');
    expect(describeNonPublicAddress('8.8.8.8')).toBeNull();
  });
});
