import type { StorageSuite } from './storage-harness.ts';
import { bucketTests } from './storage-suite-buckets.ts';
import { keyTests } from './storage-suite-keys.ts';
import { listingTests } from './storage-suite-listing.ts';
import { renderTests } from './storage-suite-render.ts';
import { rlsTests } from './storage-suite-rls.ts';
import { servingTests } from './storage-suite-serving.ts';
import { signedUrlTests } from './storage-suite-signed.ts';
import { tusTests } from './storage-suite-tus.ts';
import { uploadTests } from './storage-suite-uploads.ts';

/**
 * The whole Storage API through supabase-js (and raw HTTP where the client cannot go), run
 * once per backend against one server: `suite.s` is set by the test file's beforeAll.
 */
export function storageSuite(suite: StorageSuite): void {
  bucketTests(suite);
  uploadTests(suite);
  servingTests(suite);
  renderTests(suite);
  listingTests(suite);
  signedUrlTests(suite);
  rlsTests(suite);
  tusTests(suite);
  keyTests(suite);
}
