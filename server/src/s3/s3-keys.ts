import { createHmac } from 'node:crypto';
import type { Config } from '../config/config-schema.ts';
import { DEFAULT_JWT_SECRET } from '../config/default-keys.ts';

/** The Supabase CLI's local S3 key pair (`supabase status`): public, like its JWT secret. */
export const CLI_S3_ACCESS_KEY_ID = '625729a08b95bf1b7ff351a663f3a23c';
export const CLI_S3_ACCESS_KEY_SECRET = '850181e4652dd023b7a98c58ae0d2d34bd487ee0cc3254aed6eda37307425907';

export interface S3Keys {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/**
 * The S3 protocol's key pair: the operator's, else the CLI's on the default (public) JWT secret
 * so a project's `.env` keeps working, else derived from the custom JWT secret, so a server with
 * its own secret never answers to the public pair and keeps the same keys across restarts.
 */
export function resolveS3Keys(config: Pick<Config, 'jwtSecret' | 's3ProtocolAccessKeyId' | 's3ProtocolAccessKeySecret' | 's3ProtocolRegion'>): S3Keys {
  const derive = (label: string) => createHmac('sha256', config.jwtSecret).update(`gather s3 protocol ${label}`).digest('hex');
  const isDefault = config.jwtSecret === DEFAULT_JWT_SECRET;
  return {
    accessKeyId: config.s3ProtocolAccessKeyId ?? (isDefault ? CLI_S3_ACCESS_KEY_ID : derive('access key id').slice(0, 32)),
    secretAccessKey: config.s3ProtocolAccessKeySecret ?? (isDefault ? CLI_S3_ACCESS_KEY_SECRET : derive('secret access key')),
    region: config.s3ProtocolRegion,
  };
}

/** `/storage/v1/s3` under the server's URL. */
export function s3EndpointUrl(serverUrl: string): string {
  return `${serverUrl}/storage/v1/s3`;
}
