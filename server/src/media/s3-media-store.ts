/**
 * A MediaStore over an S3-compatible bucket (AWS S3, MinIO, Ceph RGW, Garage, R2…), chosen when S3_BUCKET is set
 * (config.ts). App servers then keep no media of their own, so any instance can serve any story's files.
 *
 * - Uploads stream: a file goes up with @aws-sdk/lib-storage, which switches to a multipart upload above one
 *   part (8 MiB) so a 200 MB video never sits in memory. S3 makes an object visible only once complete, so
 *   readers never see a half-written one (the local store's `.partial` files have no counterpart here).
 * - Reads stream one inclusive byte range with a ranged GetObject; the signed-URL route proxies them
 *   (docs/decisions/007-media-through-the-app.md says why not presigned redirects).
 * - Checksums are only sent when an operation requires them: newer SDKs otherwise send streaming bodies with
 *   `aws-chunked` trailing checksums, which several S3-compatible servers still refuse.
 */
import fsp from 'node:fs/promises';
import fs from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { isValidMediaKey, type MediaStore } from './media-store-interface';

export interface S3MediaStoreOptions {
  bucket: string;
  /** Omitted for AWS itself; the service URL for anything else (http://minio:9000). */
  endpoint?: string;
  region: string;
  /** Omitted: the SDK's default chain (environment, instance role, …). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `http://host/bucket/key` instead of `http://bucket.host/key` (MinIO, Ceph, Garage and local stand-ins). */
  forcePathStyle: boolean;
  /** Multipart part size; S3's minimum is 5 MiB. */
  partSize?: number;
}

export interface S3MediaStore extends MediaStore {
  readonly client: S3Client;
  readonly bucket: string;
  /** Throws when the bucket cannot be reached with these credentials (/api/ready). */
  ping(): Promise<void>;
  close(): void;
}

const DEFAULT_PART_SIZE = 8 * 1024 * 1024;

export function createS3MediaStore(options: S3MediaStoreOptions): S3MediaStore {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  const checked = (key: string) => {
    if (!isValidMediaKey(key)) throw new Error(`Invalid media key: ${JSON.stringify(key)}`);
    return key;
  };

  return {
    client,
    bucket: Bucket,

    async putBuffer(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: checked(key), Body: data, ContentLength: data.length }));
    },

    async putFile(key, sourcePath) {
      const upload = new Upload({
        client,
        params: { Bucket, Key: checked(key), Body: fs.createReadStream(sourcePath) },
        partSize: options.partSize ?? DEFAULT_PART_SIZE,
        queueSize: 4,
        // A failed multipart upload is aborted, so no invisible parts are left to pay for.
        leavePartsOnError: false,
      });
      await upload.done();
      // The contract lets the source go; a temporary upload file should not outlive its copy.
      await fsp.rm(sourcePath, { force: true });
    },

    async stat(key) {
      if (!isValidMediaKey(key)) return null;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    read(key, range) {
      const out = new PassThrough();
      const abort = new AbortController();
      // A reader that goes away (a player seeking elsewhere) stops the download from the bucket too.
      out.on('close', () => abort.abort());
      const command = new GetObjectCommand({
        Bucket,
        Key: checked(key),
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      });
      client
        .send(command, { abortSignal: abort.signal })
        .then((result) => {
          const body = result.Body as Readable | undefined;
          if (!body) return out.end();
          body.on('error', (error) => out.destroy(error));
          body.pipe(out);
        })
        .catch((error: unknown) => {
          if (!out.destroyed) out.destroy(error instanceof Error ? error : new Error(String(error)));
        });
      return out;
    },

    async delete(key) {
      // S3 answers a delete of a missing key with success, which is what the contract asks.
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },

    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          yield { key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async ping() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },

    close() {
      client.destroy();
    },
  };
}

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey';
  }
  return false;
}
