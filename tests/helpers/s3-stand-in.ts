/**
 * A local S3-compatible server for tests (s3rver, pure JavaScript, files in a temp folder). Tests start their
 * own on a free port; `settings` is what config.ts would build from the S3_* variables, `env` the variables.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../server/src/config';

export interface S3StandIn {
  endpoint: string;
  bucket: string;
  settings: S3Settings;
  env: Record<string, string>;
  close(): Promise<void>;
}

/** s3rver's one built-in account. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startS3StandIn(bucket = 'whispers-media'): Promise<S3StandIn> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'whispers-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    settings: { endpoint, bucket, region: 'us-east-1', forcePathStyle: true, ...CREDENTIALS },
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
