import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { OutboundError, type CallOut } from '../outbound.ts';
import { checkStorageKey, type StorageProvider } from './storage-provider.ts';

export interface S3Settings {
  /** The S3 endpoint: https://oss-cn-hangzhou.aliyuncs.com (Aliyun OSS), https://cos.ap-shanghai.myqcloud.com (Tencent COS), MinIO's address. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style addresses (MinIO and test servers); OSS and COS take virtual-hosted ones. */
  forcePathStyle: boolean;
}

/**
 * STORAGE_PROVIDER=s3: files in a private bucket through the AWS SDK's S3
 * client, which Aliyun OSS, Tencent COS and MinIO accept on their S3
 * endpoints. Keys are the server's own (checked as for every provider);
 * objects are written without any public ACL and are read back only by the
 * server, after the app's ownership checks. Puts are idempotent (same key,
 * same bytes), so both calls are retried on a transient failure.
 */
export class S3Storage implements StorageProvider {
  readonly name = 's3';
  private readonly client: S3Client;

  constructor(
    private readonly settings: S3Settings,
    private readonly callOut: CallOut,
  ) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // callOut retries; the SDK's own retry would multiply the attempts.
      maxAttempts: 1,
    });
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    checkStorageKey(key);
    await this.send('PutObject', (signal) =>
      this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: bytes, ContentType: contentType }), { abortSignal: signal }),
    );
  }

  async get(key: string): Promise<{ bytes: Uint8Array; contentType: string } | undefined> {
    checkStorageKey(key);
    return this.send('GetObject', async (signal) => {
      try {
        const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }), { abortSignal: signal });
        if (!object.Body) return undefined;
        return { bytes: await object.Body.transformToByteArray(), contentType: object.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) return undefined;
        throw error;
      }
    });
  }

  async delete(key: string): Promise<void> {
    checkStorageKey(key);
    // S3 answers 204 for a missing key too.
    await this.send('DeleteObject', (signal) => this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }), { abortSignal: signal }));
  }

  private send<T>(call: string, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    return this.callOut({
      vendor: 's3',
      call,
      idempotent: true,
      timeoutMs: 15_000,
      run: async (signal) => {
        try {
          return await run(signal);
        } catch (error) {
          if (error instanceof S3ServiceException) {
            const status = error.$metadata.httpStatusCode ?? 0;
            throw new OutboundError(`${call}: ${error.name}`, status >= 500 || status === 429 || error.name === 'SlowDown', error.name);
          }
          throw error;
        }
      },
    });
  }

  stop(): void {
    this.client.destroy();
  }
}
