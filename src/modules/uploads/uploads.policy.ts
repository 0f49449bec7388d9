/**
 * Upload rules as pure functions and constants: limits (spec section 8),
 * classification by extension, the type whitelist and how a type is served.
 */

export const MB = 1024 * 1024;
/** Largest file, whatever the way it arrives. */
export const MAX_FILE_BYTES = 100 * MB;
/** Largest single-request upload. */
export const MAX_SINGLE_BYTES = 5 * MB;
/** Size of every chunk but the last (also S3's minimum multipart part size). */
export const CHUNK_SIZE = 5_242_880;
/** ceil(100 MB / 5 MB) + 1. */
export const MAX_CHUNKS = 21;
/** An upload session (chunked or tus) is purged this long after it was created. */
export const SESSION_LIFETIME_MS = 24 * 3_600_000;
/** Room for multipart framing (boundaries, part headers, small fields) around a file part. */
export const MULTIPART_OVERHEAD = 64 * 1024;
/** Longest original file name kept. */
export const MAX_ORIGIN_LENGTH = 255;

export type FileKind = 'image' | 'code' | 'audio' | 'video' | 'document' | 'archive' | 'other';

interface TypeInfo {
  kind: FileKind;
  mime: string;
}

const t = (kind: FileKind, mime: string): TypeInfo => ({ kind, mime });

/**
 * The whitelist: every extension we accept, its kind and the Content-Type it
 * is served with. Anything absent is refused, which covers executables and
 * markup that a browser could run (html, svg, xhtml, xml with stylesheets).
 */
const TYPES: Readonly<Record<string, TypeInfo>> = {
  png: t('image', 'image/png'),
  jpg: t('image', 'image/jpeg'),
  jpeg: t('image', 'image/jpeg'),
  gif: t('image', 'image/gif'),
  webp: t('image', 'image/webp'),
  bmp: t('image', 'image/bmp'),
  avif: t('image', 'image/avif'),
  mp3: t('audio', 'audio/mpeg'),
  wav: t('audio', 'audio/wav'),
  ogg: t('audio', 'audio/ogg'),
  oga: t('audio', 'audio/ogg'),
  opus: t('audio', 'audio/ogg'),
  m4a: t('audio', 'audio/mp4'),
  aac: t('audio', 'audio/aac'),
  flac: t('audio', 'audio/flac'),
  weba: t('audio', 'audio/webm'),
  mp4: t('video', 'video/mp4'),
  m4v: t('video', 'video/mp4'),
  webm: t('video', 'video/webm'),
  ogv: t('video', 'video/ogg'),
  mov: t('video', 'video/quicktime'),
  mkv: t('video', 'video/x-matroska'),
  avi: t('video', 'video/x-msvideo'),
  pdf: t('document', 'application/pdf'),
  txt: t('document', 'text/plain; charset=utf-8'),
  md: t('document', 'text/plain; charset=utf-8'),
  csv: t('document', 'text/plain; charset=utf-8'),
  rtf: t('document', 'application/rtf'),
  doc: t('document', 'application/msword'),
  docx: t('document', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
  xls: t('document', 'application/vnd.ms-excel'),
  xlsx: t('document', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  ppt: t('document', 'application/vnd.ms-powerpoint'),
  pptx: t('document', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'),
  odt: t('document', 'application/vnd.oasis.opendocument.text'),
  ods: t('document', 'application/vnd.oasis.opendocument.spreadsheet'),
  odp: t('document', 'application/vnd.oasis.opendocument.presentation'),
  epub: t('document', 'application/epub+zip'),
  zip: t('archive', 'application/zip'),
  rar: t('archive', 'application/vnd.rar'),
  '7z': t('archive', 'application/x-7z-compressed'),
  tar: t('archive', 'application/x-tar'),
  gz: t('archive', 'application/gzip'),
  tgz: t('archive', 'application/gzip'),
  bz2: t('archive', 'application/x-bzip2'),
  xz: t('archive', 'application/x-xz'),
  zst: t('archive', 'application/zstd'),
  // Source code is always served as plain text.
  ...Object.fromEntries(
    ['c', 'h', 'cpp', 'hpp', 'cc', 'cs', 'go', 'rs', 'py', 'rb', 'java', 'kt', 'swift', 'js', 'ts', 'tsx', 'jsx', 'json', 'css',
      'scss', 'sh', 'sql', 'yaml', 'yml', 'toml', 'ini', 'lua', 'php', 'pl', 'r', 'scala', 'dart', 'vue', 'diff', 'patch', 'log']
      .map((ext) => [ext, t('code', 'text/plain; charset=utf-8')]),
  ),
  ttf: t('other', 'font/ttf'),
  otf: t('other', 'font/otf'),
  woff: t('other', 'font/woff'),
  woff2: t('other', 'font/woff2'),
  psd: t('other', 'image/vnd.adobe.photoshop'),
  iso: t('other', 'application/octet-stream'),
};

/** The lower-case extension of a file name ('' when there is none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 || dot === fileName.length - 1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** The type of an extension when it is on the whitelist. */
export function allowedType(ext: string): TypeInfo | undefined {
  return Object.hasOwn(TYPES, ext) ? TYPES[ext] : undefined;
}

/** The kind of a stored file by its extension. */
export const kindOf = (ext: string): FileKind => allowedType(ext)?.kind ?? 'other';

/** Content-Type of a stored file. */
export const mimeOf = (ext: string): string => allowedType(ext)?.mime ?? 'application/octet-stream';

/** Images, audio and video render inline without running anything; everything else downloads. */
export const servedInline = (ext: string): boolean => {
  const kind = allowedType(ext)?.kind;
  return kind === 'image' || kind === 'audio' || kind === 'video';
};

/** Extensions `file-type` reports for a real file of each image extension we accept. */
const IMAGE_SIGNATURES: Readonly<Record<string, readonly string[]>> = {
  png: ['png', 'apng'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  gif: ['gif'],
  webp: ['webp'],
  bmp: ['bmp'],
  avif: ['avif'],
};

/** True when a detected signature (or its absence) is acceptable for a file claiming `ext`. Only images are checked. */
export function signatureMatches(ext: string, detected: string | undefined): boolean {
  const expected = IMAGE_SIGNATURES[ext];
  if (!expected) return true;
  return detected !== undefined && expected.includes(detected);
}

/**
 * The original name as we keep it: the last path segment only, control
 * characters (NUL included) removed. Undefined when nothing usable remains
 * or it is too long. It is only ever shown, never used as a path.
 */
export function cleanOriginName(raw: string): string | undefined {
  if (raw.length > MAX_ORIGIN_LENGTH) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
  const base = raw.replace(/[\u0000-\u001f\u007f]/g, '').split(/[\\/]/).pop()?.trim() ?? '';
  if (base === '' || base === '.' || base === '..') return undefined;
  return base;
}

/** Parts of a chunked upload of `size` bytes. */
export const chunkCount = (size: number): number => Math.ceil(size / CHUNK_SIZE);

/** Exact byte length of chunk `index`: the chunk size, except for the last chunk. */
export const chunkLength = (size: number, index: number): number =>
  index < chunkCount(size) - 1 ? CHUNK_SIZE : size - (chunkCount(size) - 1) * CHUNK_SIZE;

/** The path under which a stored file is served. */
export const uploadUrl = (name: string): string => `/uploads/${name}`;

/** The stored name inside an upload URL (`/uploads/<name>`), or undefined for anything else. */
export function nameFromUrl(url: string): string | undefined {
  const m = /^\/uploads\/([0-9a-f]{32}\.[a-z0-9]{1,10})$/.exec(url);
  return m?.[1];
}

/**
 * The stored name of an upload named at the end of an absolute URL (`https://host/uploads/<name>`,
 * perhaps with a query or fragment), as a group avatar names one; undefined when it names none.
 * The host is not compared: any URL ending in an upload path counts as that upload (the group
 * avatar hook matches the same way).
 */
export function nameInLink(url: string): string | undefined {
  const m = /\/uploads\/([0-9a-f]{32}\.[a-z0-9]{1,10})(?:[?#].*)?$/s.exec(url);
  return m?.[1];
}

/** Who wants to reference an upload (in a message or as an avatar). */
export interface FileUser {
  userId: number;
  /** Platform administrators may reference any live upload: they read every room and may delete any file. */
  platformAdmin: boolean;
}

/**
 * Whether a reference may be made: `ok`, `missing` (names no live upload, or for an avatar no
 * live image) or `notYours` (a live upload that is neither the user's own nor shared with them).
 */
export type FileUse = 'ok' | 'missing' | 'notYours';

/**
 * A single `Range: bytes=…` against a file of `size` bytes: the inclusive
 * range, 'unsatisfiable' (416), or undefined to send the whole file (no
 * header, several ranges, or a form we do not serve).
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** `Content-Disposition` carrying the original name, ASCII fallback plus RFC 5987 UTF-8. */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
