import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../contract/envelope.ts';
import { complianceCalls, recordingCalls, type PageVersion } from '../../contract/recording.ts';
import type { AppDeps } from '../app-deps.ts';
import type { AuthUser } from '../auth/access-token.ts';
import { getStaffOfUser } from '../auth/people-repo.ts';
import { manifestHash } from '../catalogue/manifest-hash.ts';
import { isSessionRevoked } from '../auth/sessions.ts';
import { tokenFromHeader, currentUser } from '../http/auth-guard.ts';
import { ApiError, notFound, ok } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { checkChunk, inflateEvents } from './chunk-check.ts';
import {
  createRecording,
  findRecordings,
  getRecordingDetail,
  RECORDING_STARTS_PER_IP_PER_HOUR,
  requireWritableRecording,
  storeChunk,
  storeStep,
  tamperChunk,
} from './recordings-repo.ts';

/** A chunk's body: its base64 data is bounded by the contract; the JSON around it is small. */
const UPLOAD_BODY_LIMIT = 300 * 1024;

/**
 * Traceable sales (docs/recording.md): the recorder's calls
 * (start, batchupload, op/ins) and the compliance replay calls. Recorded
 * chunks and steps are only ever inserted: no route changes or removes them,
 * and the database refuses to (migration recording_append_only).
 */
export function registerRecordingRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, manifests } = deps;
  const route = routesOf(app, deps);

  /** The caller when a valid, live token came along; null for a visitor (a sale begins before log-in). */
  async function optionalUser(request: FastifyRequest): Promise<AuthUser | null> {
    const token = tokenFromHeader(request.headers.authorization);
    const claims = token ? await deps.tokens.verify(token) : null;
    if (!claims || (await isSessionRevoked(db, claims))) return null;
    return claims;
  }

  /** Page versions as the server knows them: the manifest hash is the one it serves now, never the client's. */
  function stampPages(pages: PageVersion[]): PageVersion[] {
    return pages.map((page) => {
      const manifest = page.productCode ? manifests.byProductCode(page.productCode) : undefined;
      const { manifestHash: _client, ...rest } = page;
      return manifest ? { ...rest, manifestHash: manifestHash(manifest) } : rest;
    });
  }

  async function requireCompliance(request: FastifyRequest): Promise<void> {
    const staff = await getStaffOfUser(db, currentUser(request).userId);
    if (!staff?.roles.includes('compliance')) throw new ApiError(ErrorCode.Forbidden, '仅合规人员可查看销售录屏');
  }

  route(recordingCalls.start, async (request) => {
    const user = await optionalUser(request);
    const { productCode, entryRoute, build } = request.body;
    if (productCode && !manifests.byProductCode(productCode)) throw notFound('产品');
    const serial = randomBytes(16).toString('hex');
    await createRecording(db, {
      serial,
      userId: user?.userId ?? null,
      productCode: productCode ?? null,
      entryRoute,
      build,
      ip: request.ip,
      perIpPerHour: deps.config.recordingStartsPerIpPerHour ?? RECORDING_STARTS_PER_IP_PER_HOUR,
      now: deps.now(),
    });
    return ok({ serial });
  });

  route(
    recordingCalls.upload,
    async (request) => {
      const body = request.body;
      // Everything about the chunk itself first: a bad chunk changes nothing, not even the owner.
      const problem = checkChunk(body);
      if (problem) throw new ApiError(ErrorCode.BadRequest, problem);
      const recording = await requireWritableRecording(db, body.serial, await optionalUser(request));
      const result = await storeChunk(db, deps.storage, recording, body, stampPages(body.pages), deps.now());
      return ok({ serial: body.serial, seq: body.seq, result });
    },
    { bodyLimit: UPLOAD_BODY_LIMIT },
  );

  route(recordingCalls.step, async (request) => {
    const user = await optionalUser(request);
    const recording = await requireWritableRecording(db, request.body.serial, user);
    await storeStep(db, recording, request.body, user, deps.now());
    return ok(null);
  });

  route(complianceCalls.findRecordings, async (request) => {
    await requireCompliance(request);
    const { orderCode, policyNo } = request.query;
    if (!orderCode && !policyNo) throw new ApiError(ErrorCode.BadRequest, '请输入订单号或保单号');
    const found = await findRecordings(db, { orderCode, policyNo });
    request.log.info({ by: currentUser(request).userCode, orderCode, policyNo, found: found.length }, 'compliance search');
    return ok(found);
  });

  route(complianceCalls.recording, async (request) => {
    await requireCompliance(request);
    const detail = await getRecordingDetail(db, deps.storage, request.params.serial);
    request.log.info({ by: currentUser(request).userCode, serial: request.params.serial }, 'compliance replay');
    return ok(detail);
  });

  // Development calls for tests: still only for compliance staff (a recording is never anyone's to alter or read).
  route(complianceCalls.devTamperChunk, async (request) => {
    await deps.requireUser(request);
    await requireCompliance(request);
    if (!(await tamperChunk(db, deps.storage, request.body.serial, request.body.seq))) throw notFound('录屏分片');
    return ok(null);
  });

  route(complianceCalls.devRecording, async (request) => {
    await deps.requireUser(request);
    await requireCompliance(request);
    const detail = await getRecordingDetail(db, deps.storage, request.params.serial);
    const events = detail.chunks.flatMap((chunk) => {
      const inflated = inflateEvents(chunk.data);
      return 'events' in inflated ? inflated.events : [];
    });
    return ok({
      events: JSON.stringify(events),
      compressedBytes: detail.chunks.reduce((sum, c) => sum + c.size, 0),
      firstAt: detail.chunks[0]?.firstAt ?? 0,
      lastAt: detail.chunks.at(-1)?.lastAt ?? 0,
    });
  });
}
