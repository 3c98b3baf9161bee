import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeText } from '../../src/extract/decode-text.js';

const fixture = (name: string): Buffer => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

describe('decodeText', () => {
  it('reads Shift_JIS from <meta http-equiv> when the header names no charset', () => {
    const text = decodeText(fixture('shift_jis.html'), 'text/html');
    expect(text).toContain('<title>日本語のページ｜テスト</title>');
    // ソ and 表 carry 0x5C as their second byte: decoded as Latin they would break.
    expect(text).toContain('表示ソフト「ソ」と「表」');
  });

  it('reads EUC-JP from the XML declaration', () => {
    expect(decodeText(fixture('euc-jp.xml'))).toContain('<title>府中市で祭り</title>');
  });

  it('reads ISO-2022-JP from <meta charset>', () => {
    expect(decodeText(fixture('iso-2022-jp.html'))).toContain('電子メール風の日本語');
  });

  it('prefers the Content-Type charset over the document', () => {
    const bytes = Buffer.concat([Buffer.from('<meta charset="euc-jp">'), fixture('shift_jis.html')]);
    expect(decodeText(bytes, 'text/html; charset="Shift_JIS"')).toContain('日本語のページ');
    expect(decodeText(fixture('shift_jis.html'), 'text/html; charset=cp932')).toContain('日本語のページ');
  });

  it('prefers a byte order mark over everything and strips it', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<?xml version="1.0" encoding="Shift_JIS"?><a>日本</a>')]);
    expect(decodeText(bytes, 'application/xml; charset=euc-jp')).toBe('<?xml version="1.0" encoding="Shift_JIS"?><a>日本</a>');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<a>日本</a>', 'utf16le')]);
    expect(decodeText(utf16)).toBe('<a>日本</a>');
  });

  it('falls back to UTF-8 for unknown or missing labels and never throws', () => {
    const utf8 = Buffer.from('<meta charset="x-klingon"><p>こんにちは</p>');
    expect(decodeText(utf8)).toContain('こんにちは');
    expect(decodeText(utf8, 'text/html; charset=bogus-1')).toContain('こんにちは');
    expect(decodeText(Buffer.from('plain ascii'))).toBe('plain ascii');
    expect(decodeText(Buffer.from([0xff, 0x80, 0x41]))).toBe('\ufffd\ufffdA');
  });

  it('looks for the declaration only in the first 2 KB', () => {
    const late = Buffer.concat([Buffer.from(' '.repeat(3000) + '<meta charset="shift_jis">'), Buffer.from('日本', 'utf8')]);
    expect(decodeText(late).endsWith('日本')).toBe(true);
  });
});
