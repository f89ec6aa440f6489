import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load-config.ts';
import { parseByteSize } from '../src/config/storage-config.ts';
import { parseS3Url } from '../src/storage/backend/s3-backend.ts';
import { resolveUnderRoot } from '../src/storage/backend/secure-path.ts';
import { effectiveSizeLimit, mustBeAllowedMimeType, parseBucketSizeLimit } from '../src/storage/limits.ts';
import { isValidBucketName, keyProblem } from '../src/storage/object-keys.ts';
import { parseRange } from '../src/storage/serve/byte-range.ts';

describe('storage configuration', () => {
  it('defaults to the CLI limit of 50 MiB and 2-hour signed upload URLs', () => {
    const project = mkdtempSync(join(tmpdir(), 'gather-storage-defaults-'));
    expect(loadConfig({ project }, {})).toMatchObject({ storageFileSizeLimit: 52_428_800, storageSignedUploadExpiry: 7200, storageS3Region: 'us-east-1' });
  });

  it('reads the limit from flags, env and `[storage] file_size_limit` in config.toml', () => {
    const project = mkdtempSync(join(tmpdir(), 'gather-storage-config-'));
    writeFileSync(join(project, 'config.toml'), '[storage]\nfile_size_limit = "10MiB"\n');
    expect(loadConfig({ project }, {}).storageFileSizeLimit).toBe(10 * 1024 * 1024);
    expect(loadConfig({ project }, { GATHER_STORAGE_FILE_SIZE_LIMIT: '5MB' }).storageFileSizeLimit).toBe(5_000_000);
    expect(loadConfig({ project, storageFileSizeLimit: '1024' }, {}).storageFileSizeLimit).toBe(1024);
    expect(() => loadConfig({ storageFileSizeLimit: 'lots' }, {})).toThrow('--storage-file-size-limit: must be a size');
  });

  it('takes S3 settings from the environment and keeps s3:// storage as given', () => {
    const c = loadConfig({ storage: 's3://bucket/some/prefix' }, {
      GATHER_STORAGE_S3_ENDPOINT: 'http://127.0.0.1:9000',
      GATHER_STORAGE_S3_ACCESS_KEY_ID: 'id',
      GATHER_STORAGE_S3_SECRET_ACCESS_KEY: 'secret',
      GATHER_STORAGE_S3_FORCE_PATH_STYLE: 'false',
    });
    expect(c).toMatchObject({ storage: 's3://bucket/some/prefix', storageS3Endpoint: 'http://127.0.0.1:9000', storageS3AccessKeyId: 'id', storageS3ForcePathStyle: false });
    expect(parseS3Url(c.storage)).toEqual({ bucket: 'bucket', prefix: 'some/prefix/' });
    expect(parseS3Url('s3://only')).toEqual({ bucket: 'only', prefix: '' });
  });

  it('parses byte sizes with decimal and binary units', () => {
    expect([parseByteSize('3B'), parseByteSize('2kb'), parseByteSize('1.5MB'), parseByteSize('1GiB'), parseByteSize(7)]).toEqual([3, 2000, 1_500_000, 1024 ** 3, 7]);
    expect(parseByteSize('-1MB')).toBeUndefined();
  });
});

describe('storage rules', () => {
  it('accepts upstream key characters and refuses paths that could escape or alias', () => {
    for (const ok of ["a/b c/d.txt", "x!*'()&$=@;:+,?-_.txt", 'folder/.emptyFolderPlaceholder', 'k'.repeat(1024)]) expect(keyProblem(ok), ok).toBeUndefined();
    for (const bad of ['', '..', 'a/../b', './a', '/abs', 'a//b', 'a/', 'nul\0', 'tab\t', 'back\\slash', 'é', 'C:/x', 'k'.repeat(1025)]) {
      expect(keyProblem(bad), JSON.stringify(bad)).toBeDefined();
    }
    expect(['ok-bucket', 'A b', 'x'.repeat(100)].every(isValidBucketName)).toBe(true);
    expect(['', '.', '..', 'a/b', ' lead', 'x'.repeat(101), 'til~de'].some(isValidBucketName)).toBe(false);
  });

  it('keeps every resolved path strictly inside the root, even for keys validation would refuse', () => {
    const root = '/srv/storage';
    expect(resolveUnderRoot(root, 'b/a.txt~v')).toBe('/srv/storage/b/a.txt~v');
    for (const bad of ['../etc/passwd', 'b/../../x', '/etc/passwd', 'C:\\x', '\\\\host\\share', 'a\0b', '.', 'b/./x', '', 'b/..']) {
      expect(() => resolveUnderRoot(root, bad), JSON.stringify(bad)).toThrow(/Invalid key/);
    }
  });

  it('parses single byte ranges and refuses the rest', () => {
    expect(parseRange('bytes=0-0', 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange('bytes=-20', 10)).toEqual({ start: 0, end: 9 });
    for (const bad of ['bytes=10-', 'bytes=-0', 'bytes=-', 'bytes=0-1,3-4', 'bytes=3-1']) expect(() => parseRange(bad, 10), bad).toThrow('invalid range');
    expect(() => parseRange('bytes=0-', 0)).toThrow('invalid range');
  });

  it('matches MIME types as upstream: same type and subtype, or subtype *', () => {
    expect(() => mustBeAllowedMimeType('image/png', ['image/*'])).not.toThrow();
    expect(() => mustBeAllowedMimeType('text/plain', ['text/plain'])).not.toThrow();
    expect(() => mustBeAllowedMimeType('text/plain;charset=UTF-8', ['text/plain'])).toThrow('mime type text/plain;charset=UTF-8 is not supported');
    expect(() => mustBeAllowedMimeType('nonsense', ['*/*'])).toThrow();
    expect(() => mustBeAllowedMimeType('anything/at-all', null)).not.toThrow();
  });

  it('parses bucket size limits in decimal units, capped by the global limit', () => {
    expect(parseBucketSizeLimit('20MB', 1e9)).toBe(20_000_000);
    expect(parseBucketSizeLimit(null, 1e9)).toBeNull();
    expect(() => parseBucketSizeLimit('20 MB', 1e9)).toThrow('Invalid file size format');
    expect(() => parseBucketSizeLimit('2GB', 1e9)).toThrow('global limit');
    expect(effectiveSizeLimit(100, 50)).toBe(50);
    expect(effectiveSizeLimit(100, null)).toBe(100);
    expect(effectiveSizeLimit(100, 500)).toBe(100);
  });
});
