import type { FastifyReply } from 'fastify';

/**
 * Answers a stored file (an agreement, a signature, an e-policy) to its reader:
 * never cached, never sniffed into something else, shown inline, and with a
 * policy that lets nothing in it run.
 */
export function sendDocument(reply: FastifyReply, file: { bytes: Uint8Array; contentType: string }, filename?: string) {
  return reply
    .type(file.contentType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', filename ? `inline; filename="${filename}"` : 'inline')
    .header('content-security-policy', "default-src 'none'")
    .send(Buffer.from(file.bytes));
}
