import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { CHUNK_MAX_BASE64, CHUNK_MAX_INFLATED, type RecordingChunkBody } from '../../contract/recording.ts';

/** SHA-256 (hex) of the text a chunk's hash covers: `${prevHash}:${seq}:${data}` (the web computes the same with WebCrypto). */
export function chunkHash(prevHash: string, seq: number, data: string): string {
  return createHash('sha256').update(`${prevHash}:${seq}:${data}`, 'utf8').digest('hex');
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The events of a chunk's data, or the reason it is unusable (in the reviewer's and the client's words). */
export function inflateEvents(data: string): { events: unknown[] } | { problem: string } {
  if (data.length % 4 !== 0 || !BASE64.test(data)) return { problem: '录屏分片不是有效的 base64 数据' };
  let text: string;
  try {
    text = inflateSync(Buffer.from(data, 'base64'), { maxOutputLength: CHUNK_MAX_INFLATED }).toString('utf8');
  } catch (error) {
    const tooBig = (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || /too large|maxOutputLength/i.test(String(error));
    return { problem: tooBig ? '录屏分片解压后超过 4 MB' : '录屏分片无法解压' };
  }
  let events: unknown;
  try {
    events = JSON.parse(text);
  } catch {
    return { problem: '录屏分片解压后不是有效的事件列表' };
  }
  if (!Array.isArray(events)) return { problem: '录屏分片解压后不是有效的事件列表' };
  const wellFormed = events.every(
    (e) => typeof e === 'object' && e !== null && typeof (e as { type?: unknown }).type === 'number' && typeof (e as { timestamp?: unknown }).timestamp === 'number',
  );
  if (!wellFormed) return { problem: '录屏分片中有不是录屏事件的内容' };
  return { events };
}

/**
 * What is wrong with a chunk on its own (before the database is asked), or
 * null: size, time range, the hash of its own data and its decompressed events.
 */
export function checkChunk(body: RecordingChunkBody): string | null {
  if (body.data.length > CHUNK_MAX_BASE64) return `录屏分片过大（超过 ${CHUNK_MAX_BASE64 / 1024} KB），请分片上传`;
  if (body.lastAt < body.firstAt) return '录屏分片的结束时间早于开始时间';
  if (body.seq === 0 && body.prevHash !== '0'.repeat(64)) return '第一个录屏分片必须从链首开始';
  if (body.seq > 0 && body.prevHash === '0'.repeat(64)) return '录屏分片序号与哈希链不符';
  if (chunkHash(body.prevHash, body.seq, body.data) !== body.hash) return '录屏分片的哈希值与内容不符';
  // Only canonical base64 (as btoa writes it): a chunk kept as an object is stored as its bytes and
  // re-encoded on reading, which must give back the very text its hash covers.
  if (Buffer.from(body.data, 'base64').toString('base64') !== body.data) return '录屏分片不是有效的 base64 数据';
  const inflated = inflateEvents(body.data);
  if ('problem' in inflated) return inflated.problem;
  if (inflated.events.length !== body.eventCount) return '录屏分片的事件数与内容不符';
  return null;
}
