import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../contract/envelope.ts';
import { complianceCalls, recordingCalls } from '../../contract/recording.ts';
import type { AppDeps } from '../app-deps.ts';
import { currentUser } from '../http/auth-guard.ts';
import { ApiError, notFound, ok } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { checkChunk } from './chunk-check.ts';
import { optionalRecorder, requireCompliance } from './operations/recording-access.ts';
import { replayEvents } from './operations/replay-events.ts';
import { startRecording } from './operations/start-recording.ts';
import { storeRecordingChunk } from './operations/store-recording-chunk.ts';
import { findRecordings, getRecordingDetail, requireWritableRecording, storeStep, tamperChunk } from './recordings-repo.ts';

/** A chunk's body: its base64 data is bounded by the contract; the JSON around it is small. */
const UPLOAD_BODY_LIMIT = 300 * 1024;

/**
 * Traceable sales (docs/recording.md): the recorder's calls
 * (start, batchupload, op/ins) and the compliance replay calls. Recorded
 * chunks and steps are only ever inserted: no route changes or removes them,
 * and the database refuses to (migration recording_append_only).
 */
export function registerRecordingRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRecorderRoutes(app, deps);
  registerComplianceRoutes(app, deps);
  registerComplianceDevRoutes(app, deps);
}

/** The recorder's calls: a visitor's too, the owner taken from a token when one came along. */
function registerRecorderRoutes(app: FastifyInstance, deps: AppDeps): void {
  const route = routesOf(app, deps);

  route(recordingCalls.start, async (request) => {
    const user = await optionalRecorder(deps, request.headers.authorization);
    return ok({ serial: await startRecording(deps, user, request.body, request.ip) });
  });

  route(
    recordingCalls.upload,
    async (request) => {
      const body = request.body;
      // Everything about the chunk itself first: a bad chunk changes nothing, not even the owner.
      const problem = checkChunk(body);
      if (problem) throw new ApiError(ErrorCode.BadRequest, problem);
      const result = await storeRecordingChunk(deps, body, await optionalRecorder(deps, request.headers.authorization));
      return ok({ serial: body.serial, seq: body.seq, result });
    },
    { bodyLimit: UPLOAD_BODY_LIMIT },
  );

  route(recordingCalls.step, async (request) => {
    const user = await optionalRecorder(deps, request.headers.authorization);
    const recording = await requireWritableRecording(deps.db, request.body.serial, user);
    await storeStep(deps.db, recording, request.body, user, deps.now());
    return ok(null);
  });
}

/** The compliance replay: search by order or policy, and one recording; each use logged by who made it. */
function registerComplianceRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const route = routesOf(app, deps);

  route(complianceCalls.findRecordings, async (request) => {
    await requireCompliance(db, currentUser(request));
    const { orderCode, policyNo } = request.query;
    if (!orderCode && !policyNo) throw new ApiError(ErrorCode.BadRequest, '请输入订单号或保单号');
    const found = await findRecordings(db, { orderCode, policyNo });
    request.log.info({ by: currentUser(request).userCode, orderCode, policyNo, found: found.length }, 'compliance search');
    return ok(found);
  });

  route(complianceCalls.recording, async (request) => {
    await requireCompliance(db, currentUser(request));
    const detail = await getRecordingDetail(db, deps.storage, request.params.serial);
    request.log.info({ by: currentUser(request).userCode, serial: request.params.serial }, 'compliance replay');
    return ok(detail);
  });
}

/** Development calls for tests: still only for compliance staff (a recording is never anyone's to alter or read). */
function registerComplianceDevRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const route = routesOf(app, deps);

  route(complianceCalls.devTamperChunk, async (request) => {
    await deps.requireUser(request);
    await requireCompliance(db, currentUser(request));
    if (!(await tamperChunk(db, deps.storage, request.body.serial, request.body.seq))) throw notFound('录屏分片');
    return ok(null);
  });

  route(complianceCalls.devRecording, async (request) => {
    await deps.requireUser(request);
    await requireCompliance(db, currentUser(request));
    return ok(await replayEvents(deps, request.params.serial));
  });
}
