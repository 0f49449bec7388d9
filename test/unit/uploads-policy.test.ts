import { describe, expect, it } from 'vitest';
import {
  allowedType,
  CHUNK_SIZE,
  chunkCount,
  chunkLength,
  cleanOriginName,
  contentDisposition,
  extensionOf,
  nameFromUrl,
  nameInLink,
  parseRange,
  servedInline,
  signatureMatches,
} from '../../src/modules/uploads/uploads.policy.ts';

describe('upload rules', () => {
  it.each([
    ['a.PNG', 'png'],
    ['archive.tar.gz', 'gz'],
    ['noext', ''],
    ['.hidden', ''],
    ['trailing.', ''],
  ])('extensionOf(%j) = %j', (name, ext) => expect(extensionOf(name)).toBe(ext));

  it('whitelists by extension and refuses what could run', () => {
    for (const ext of ['png', 'mp4', 'pdf', 'zip', 'ts', 'woff2']) expect(allowedType(ext), ext).toBeDefined();
    for (const ext of ['exe', 'html', 'htm', 'svg', 'xhtml', 'bat', 'ps1', 'jar', '', 'constructor', '__proto__']) {
      expect(allowedType(ext), ext).toBeUndefined();
    }
    expect(servedInline('png')).toBe(true);
    expect(servedInline('pdf')).toBe(false);
    expect(servedInline('js')).toBe(false);
  });

  it('checks image signatures only', () => {
    expect(signatureMatches('png', 'png')).toBe(true);
    expect(signatureMatches('jpeg', 'jpg')).toBe(true);
    expect(signatureMatches('png', 'jpg')).toBe(false);
    expect(signatureMatches('png', undefined)).toBe(false);
    expect(signatureMatches('txt', undefined)).toBe(true);
  });

  it.each([
    ['../../etc/passwd.png', 'passwd.png'],
    ['C:\\dir\\x.txt', 'x.txt'],
    ['a\u0000b\u001f.txt', 'ab.txt'],
    ['..', undefined],
    ['dir/', undefined],
    ['', undefined],
    ['x'.repeat(256), undefined],
  ])('cleanOriginName(%j) = %j', (raw, clean) => expect(cleanOriginName(raw)).toBe(clean));

  it('sizes chunks: all CHUNK_SIZE but the last', () => {
    expect(chunkCount(1)).toBe(1);
    expect(chunkCount(CHUNK_SIZE)).toBe(1);
    expect(chunkCount(CHUNK_SIZE + 1)).toBe(2);
    expect(chunkCount(100 * 1024 * 1024)).toBe(20);
    expect(chunkLength(CHUNK_SIZE + 1, 0)).toBe(CHUNK_SIZE);
    expect(chunkLength(CHUNK_SIZE + 1, 1)).toBe(1);
    expect(chunkLength(CHUNK_SIZE, 0)).toBe(CHUNK_SIZE);
  });

  it.each([
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=-500', 100, { start: 0, end: 99 }],
    ['bytes=50-500', 100, { start: 50, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=9-3', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=0-1,5-6', 100, undefined],
    ['items=0-1', 100, undefined],
    [undefined, 100, undefined],
  ])('parseRange(%j, %d)', (header, size, expected) => expect(parseRange(header, size)).toEqual(expected));

  it('reads stored names from upload URLs only', () => {
    expect(nameFromUrl('/uploads/0123456789abcdef0123456789abcdef.png')).toBe('0123456789abcdef0123456789abcdef.png');
    for (const bad of ['/uploads/../x.png', '/uploads/0123.png', 'http://x/uploads/0123456789abcdef0123456789abcdef.png', '/uploads/0123456789abcdef0123456789abcdef.png/']) {
      expect(nameFromUrl(bad), bad).toBeUndefined();
    }
  });

  it('finds the upload a link (a group avatar) ends in, whatever the host, before any query or fragment', () => {
    const name = '0123456789abcdef0123456789abcdef.png';
    for (const link of [`https://chat.example/uploads/${name}`, `http://x/uploads/${name}?v=2`, `https://x/a/uploads/${name}#f`, `/uploads/${name}`]) {
      expect(nameInLink(link), link).toBe(name);
    }
    for (const link of ['https://x/cat.png', `https://x/uploads/${name}/more`, 'https://x/uploads/0123.png', `https://x/uploads/${name.toUpperCase()}`]) {
      expect(nameInLink(link), link).toBeUndefined();
    }
  });

  it('quotes the original name safely in Content-Disposition', () => {
    expect(contentDisposition('attachment', 'a"b\\c.txt')).toBe(`attachment; filename="a_b_c.txt"; filename*=UTF-8''a%22b%5Cc.txt`);
    expect(contentDisposition('inline', '照片.png')).toBe(`inline; filename="__.png"; filename*=UTF-8''%E7%85%A7%E7%89%87.png`);
  });
});
