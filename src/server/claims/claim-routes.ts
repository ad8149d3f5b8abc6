import multipart from '@fastify/multipart';
import { and } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { claimCalls, MAX_CLAIM_FILE_BYTES } from '../../contract/claims.ts';
import type { AppDeps } from '../app-deps.ts';
import { createPersonCrypto } from '../family/person-crypto.ts';
import { currentUser } from '../http/auth-guard.ts';
import { ok, rejected } from '../http/envelope.ts';
import { sendDocument } from '../http/send-document.ts';
import { routesOf } from '../http/route.ts';
import { readUploadedFile } from '../http/uploaded-file.ts';
import { SandboxInsurerProvider } from '../providers/insurer/sandbox-insurer-provider.ts';
import { toDetail, toSummary } from './claim-views.ts';
import { filesOf, getClaim, historyOf, listClaims, ownClaims } from './claims-repo.ts';
import { requireOwnClaim, requirePhotoReader, requireReadableClaim, staffClaimScope } from './operations/claim-access.ts';
import { addClaimFile, claimPhotoOf, NOT_AN_IMAGE, removeClaimFile, TOO_LARGE } from './operations/claim-files.ts';
import { claimOptions, reportClaim } from './operations/report-claim.ts';
import { sendClaim } from './operations/send-claim.ts';

/**
 * Claims (理赔报案, docs/claims.md): the report form's options, the report,
 * its photos (added, shown, deleted), sending it, the caller's claims and one claim, the staff list,
 * and the sandbox insurer's decision. Someone else's claim or policy answers 4003.
 */
export function registerClaimRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerParentRoutes(app, deps);
  registerClaimFileRoute(app, deps);
  registerReadRoutes(app, deps);
  registerSandboxClaimRoute(app, deps);
}

function registerParentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const route = routesOf(app, deps);
  const crypto = createPersonCrypto(deps.config.personDataKey, deps.config.personDataPreviousKeys);

  route(claimCalls.claimOptions, async (request) => ok(await claimOptions(deps, currentUser(request), request.query.policyNo)));

  route(claimCalls.reportClaim, async (request) => ok({ ...(await reportClaim(deps, crypto, currentUser(request), request.body)), status: 'reported' }, '报案成功'));

  route(claimCalls.sendClaim, async (request) => {
    const claim = await requireOwnClaim(deps.db, currentUser(request), request.params.claimNo);
    const status = await sendClaim(deps, crypto, claim, request.log);
    return ok({ claimNo: claim.claimNo, status }, '已提交保险公司');
  });

  route(claimCalls.removeClaimFile, async (request) => {
    const claim = await requireOwnClaim(deps.db, currentUser(request), request.params.claimNo);
    await removeClaimFile(deps, claim, request.params.fileId);
    return ok(null, '已删除');
  });
}

/** One photo a request (multipart only here: the rest of the API stays JSON). */
function registerClaimFileRoute(app: FastifyInstance, deps: AppDeps): void {
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_CLAIM_FILE_BYTES, files: 1, fields: 2, parts: 3 } });
    routesOf(scope, deps)(claimCalls.addClaimFile, async (request) => {
      const claim = await requireOwnClaim(deps.db, currentUser(request), request.params.claimNo);
      const { bytes, fields } = await readUploadedFile(request, { missing: '请选择要上传的图片', tooLarge: TOO_LARGE });
      const field = fields['document'];
      const document = field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : '';
      if (!bytes.length) throw rejected(NOT_AN_IMAGE);
      return ok(await addClaimFile(deps, claim, document, bytes), '上传成功');
    });
  });
}

function registerReadRoutes(app: FastifyInstance, deps: AppDeps): void {
  const route = routesOf(app, deps);

  route(claimCalls.claimList, async (request) => ok({ list: (await listClaims(deps.db, ownClaims(currentUser(request).userId))).map(toSummary) }));

  route(claimCalls.claimDetail, async (request) => {
    const claim = await requireReadableClaim(deps.db, currentUser(request), request.params.claimNo);
    const [files, history] = await Promise.all([filesOf(deps.db, claim.id), historyOf(deps.db, claim.id)]);
    return ok(toDetail(claim, deps.manifests.byProductCode(claim.productCode), files, history));
  });

  route(claimCalls.claimFile, async (request, reply) => {
    const claim = await requirePhotoReader(deps.db, currentUser(request), request.params.claimNo);
    return sendDocument(reply, await claimPhotoOf(deps, claim, request.params.fileId));
  });

  route(claimCalls.staffClaims, async (request) => {
    const scope = await staffClaimScope(deps.db, currentUser(request));
    return ok({ list: (await listClaims(deps.db, and(scope))).map(toSummary) });
  });
}

/** Development: the sandbox insurer decides a claim and calls back, as a real insurer's callback would. */
function registerSandboxClaimRoute(app: FastifyInstance, deps: AppDeps): void {
  if (!(deps.insurer instanceof SandboxInsurerProvider)) return;
  const sandbox = deps.insurer;
  routesOf(app, deps)(claimCalls.devClaimDecision, async (request) => {
    const { claimNo, action, amountFen, note } = request.body;
    if (!(await getClaim(deps.db, claimNo))) throw rejected('理赔申请不存在');
    if (action === 'close') await sandbox.decideClaim({ claimNo, action, amountFen: amountFen ?? 0, ...(note ? { note } : {}) });
    else await sandbox.decideClaim({ claimNo, action, note: note ?? (action === 'askMore' ? '请补充资料' : '不属于保险责任') });
    return ok({ claimNo, status: (await getClaim(deps.db, claimNo))!.status });
  });
}
