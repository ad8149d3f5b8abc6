import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { rejected } from './envelope.ts';

/**
 * The one file of a multipart request (a scope registered @fastify/multipart
 * with its limits): its bytes and the fields sent before it. A file over the
 * scope's size limit is refused with `tooLarge`.
 */
export async function readUploadedFile(request: FastifyRequest, messages: { missing: string; tooLarge: string }): Promise<{ bytes: Buffer; fields: MultipartFile['fields'] }> {
  if (!request.isMultipart()) throw rejected('请以表单方式上传文件');
  const file = await request.file();
  if (!file) throw rejected(messages.missing);
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch {
    throw rejected(messages.tooLarge);
  }
  if (file.file.truncated) throw rejected(messages.tooLarge);
  return { bytes, fields: file.fields };
}
